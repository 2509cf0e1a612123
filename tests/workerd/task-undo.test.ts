/**
 * The Undo under the web box's confirmation (ADR 109): the reminder just made from words is deleted at once (a
 * repeating one with its series); after ten minutes, done, gone or another person's, nothing changes and the
 * sentence says why. Through the service the page's action calls. Era: 2052 (docs/testing.md); no tick runs here.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { completeTask, createTaskFromPrompt, JUST_MADE_MINUTES, undoNewTask, UNDO_TEXTS } from "../../worker/services/tasks";
import { depsAt, MINUTE, tasksOfUser, testEra } from "./escalation-helpers";
import { testDeps } from "./helpers";

const ERA = new Date("2052-06-04T09:00:00Z");
const { user } = testEra(ERA);
afterEach(() => vi.setSystemTime(ERA));

/** A reminder made from words at `at`; its id. */
async function madeFromWords(userId: string, prompt: string, at = ERA) {
  const result = await createTaskFromPrompt(depsAt(at).deps, userId, { prompt });
  expect(result.success, result.message).toBe(true);
  return result.task!.id;
}

describe("undoNewTask", () => {
  it("deletes the reminder just made, and a repeating one with its series", async () => {
    const u = await user({ timezone: "Europe/London" });
    const once = await madeFromWords(u.id, "call the plumber tomorrow at 8am");
    const daily = await madeFromWords(u.id, "take my pills every day at 9am");
    const at = (minutes: number) => depsAt(new Date(ERA.getTime() + minutes * MINUTE)).deps;
    expect(await undoNewTask(at(1), u.id, once)).toEqual({ state: "deleted", message: 'Taken back: "Call the plumber" is deleted.' });
    expect(await undoNewTask(at(JUST_MADE_MINUTES), u.id, daily)).toEqual({ state: "deleted", message: `Taken back: "Take my pills" is deleted, and it won't repeat.` });
    expect(await tasksOfUser(u.id)).toEqual([]);
    // Pressed again (a second tab): nothing left to take back.
    expect(await undoNewTask(at(2), u.id, once)).toEqual({ state: "gone", message: UNDO_TEXTS.gone });
  });

  it("keeps a reminder made over ten minutes ago, one already done, and another person's", async () => {
    const u = await user({ timezone: "Europe/London" });
    const other = await user({ timezone: "Europe/London" });
    const old = await madeFromWords(u.id, "call the plumber tomorrow at 8am");
    const done = await madeFromWords(u.id, "water the plants tomorrow at 6pm");
    await completeTask(testDeps(), u.id, done);
    const later = depsAt(new Date(ERA.getTime() + (JUST_MADE_MINUTES + 1) * MINUTE)).deps;
    expect(await undoNewTask(later, u.id, old)).toEqual({
      state: "too_late",
      message: `"Call the plumber" was made more than ${JUST_MADE_MINUTES} minutes ago, so I kept it. To delete it, use the bin icon on its card on your dashboard.`,
    });
    expect(await undoNewTask(depsAt(ERA).deps, u.id, done)).toEqual({ state: "already_done", message: `"Water the plants" is already done, so I kept it.` });
    expect(await undoNewTask(depsAt(ERA).deps, other.id, old)).toEqual({ state: "gone", message: UNDO_TEXTS.gone });
    expect(await undoNewTask(depsAt(ERA).deps, u.id, "not-a-task-id")).toEqual({ state: "gone", message: UNDO_TEXTS.gone });
    expect((await tasksOfUser(u.id)).map((t) => t.title).sort()).toEqual(["Call the plumber", "Water the plants"]);
  });
});
