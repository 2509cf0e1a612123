/** How a text reply is read (reply-words.ts); the replies acting on reminders are in phone.test.ts. */
import { describe, expect, it } from "vitest";
import { readTextReply } from "../../worker/services/phone/reply-words";

describe("readTextReply", () => {
  it.each<[string, string, number | null]>([
    ["DONE", "DONE", null],
    [" done ", "DONE", null],
    ["Done.", "DONE", null],
    ["Done!! thanks", "DONE", null],
    ["Finished", "DONE", null],
    ["ok", "OK", null],
    ["Okay.", "OK", null],
    ["Stop.", "STOP", null],
    ["STOP!", "STOP", null],
    ["snooze", "SNOOZE", null],
    ["Snooze 10", "SNOOZE", 10],
    ["snooze 15min", "SNOOZE", 15],
    ["Snooze 20 minutes please", "SNOOZE", 20],
    ["snooze 2 hours", "SNOOZE", 120],
    ["snooze 1h", "SNOOZE", 60],
    ["snooze 0", "SNOOZE", 1],
    ["snooze 48 hours", "SNOOZE", 720],
    ["snooze later", "SNOOZE", null],
    ["DONE 10", "DONE", null],
    ["what?", "WHAT", null],
    ["", "", null],
  ])("%j → %s, %s", (body, word, snoozeMinutes) => {
    expect(readTextReply(body)).toEqual({ word, snoozeMinutes });
  });
});
