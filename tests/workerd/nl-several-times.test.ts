/**
 * One prompt naming several times of day (ADR 181): "take meds at 8am and 8pm every day" makes a reminder at each,
 * written together and confirmed in one sentence; lists that cannot be told alone ("at 8, 2 and 8", "at 5 or 6") are
 * refused as before. Through the API, the dashboard box (with its Undo) and the email reader's service.
 * Era: 2054 (docs/testing.md); no tick runs here.
 */
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { createTaskFromText, undoTaskFromText } from "../../app/lib/task-create.server";
import { getProfile } from "../../worker/services/auth";
import { eachJoinedTime, MOST_JOINED_TIMES } from "../../worker/services/nl/joined-times";
import { severalTimesConfirmation } from "../../worker/services/nl/messages";
import { createTaskOrAsk, UNDO_TEXTS } from "../../worker/services/tasks";
import { api, depsAt, MINUTE, tasksOfUser, testEra } from "./escalation-helpers";

/** Mon 2054-03-02 14:00 UTC: 09:00 in New York. */
const ERA = new Date("2054-03-02T14:00:00Z");
const ZONE = "America/New_York";
const { user } = testEra(ERA);

const REFUSED = `I can make a reminder for each time of day, but I couldn't tell which times you mean. Say each with am or pm, like "take pills every day at 8am and 8pm"; for different days, send each day as its own reminder.`;

interface NlAnswer {
  success: boolean;
  message: string;
  task?: { id: string; title: string };
  tasks?: Array<{ id: string; title: string; dueDate: string; recurrence: unknown }>;
}

async function say(token: string, prompt: string) {
  const response = await api("/v1/tasks/nl", "POST", { prompt }, token);
  return { status: response.status, body: await response.json<NlAnswer>() };
}

/** A user's tasks as "title, New York wall time, repeat", soonest first. */
async function madeOf(userId: string) {
  const rows = await tasksOfUser(userId);
  return rows
    .sort((a, b) => a.dueAt - b.dueAt || a.title.localeCompare(b.title))
    .map((row) => [row.title, DateTime.fromMillis(row.dueAt, { zone: ZONE }).toFormat("ccc HH:mm"), row.recurrence ? JSON.parse(row.recurrence) : null]);
}

describe("eachJoinedTime: one prompt per time, the rest of the words kept", () => {
  it.each<[string, string[]]>([
    ["take meds at 8am and 8pm", ["take meds at 8am", "take meds at 8pm"]],
    ["take meds at 8am and at 8pm every day", ["take meds at 8am every day", "take meds at 8pm every day"]],
    ["remind me at 8 am, 12 pm and 6 pm to drink water", ["remind me at 8 am to drink water", "remind me at 12 pm to drink water", "remind me at 6 pm to drink water"]],
    ["meds 8am 2pm 8pm daily", ["meds at 8am daily", "meds at 2pm daily", "meds at 8pm daily"]],
    ["meds at 08:00, 14:00 and 20:00", ["meds at 08:00", "meds at 14:00", "meds at 20:00"]],
    ["meds at 8am, noon and 6pm", ["meds at 8am", "meds at noon", "meds at 6pm"]],
    ["take meds at 8am & 8pm", ["take meds at 8am", "take meds at 8pm"]],
    ["take pills morning and night", ["take pills morning", "take pills night"]],
    ["remind me tomorrow morning and evening to take pills", ["remind me tomorrow morning to take pills", "remind me tomorrow evening to take pills"]],
    ["every morning and evening meditate", ["every morning meditate", "every evening meditate"]],
    ["take pills in the morning and at night", ["take pills in the morning", "take pills at night"]],
    ["vitamins mornings and evenings", ["vitamins every morning", "vitamins every evening"]],
    ["pills with breakfast and dinner", ["pills with breakfast", "pills with dinner"]],
    ["pills before breakfast and after dinner", ["pills before breakfast", "pills after dinner"]],
    // A bare hour after noon is the afternoon's or the evening's (session 55: one reminder at noon, "and 6" in the title).
    ["check on mom at noon and 6", ["check on mom at noon", "check on mom at 6pm"]],
    ["meds at midday & 5:30 every day", ["meds at noon every day", "meds at 5:30pm every day"]],
  ])("%j → %j", (prompt, prompts) => {
    expect(eachJoinedTime(prompt)).toEqual(prompts);
  });

  it.each([
    // Which 8? Bare hours are told by each other, not alone.
    "take meds at 8, 2 and 8",
    "stand up and stretch at 11, 2 and 4",
    "meds at 8:00 and 20:00",
    "feed the cat @ 7 & 19",
    // One time, or none joined.
    "take meds at 8am",
    "buy 2 and 3 year old presents tomorrow",
    // Before noon, a bare hour could be either; a space alone joins no hour to noon ("lunch at noon 6 people").
    "at 6 and noon call the school",
    "book lunch at noon 6 people",
    // A number after a slash is part of a date ("12/20"), not an hour joined to the time after it.
    "flight 12/20 6am",
    // More than a day's doses.
    "water at 6am 8am 10am 12pm 2pm 4pm 6pm",
  ])("%j → null", (prompt) => {
    expect(eachJoinedTime(prompt)).toBeNull();
  });

  it(`makes at most ${MOST_JOINED_TIMES}`, () => {
    expect(eachJoinedTime("water at 6am 8am 10am 12pm 2pm 4pm")).toHaveLength(MOST_JOINED_TIMES);
  });
});

describe("POST /v1/tasks/nl with several times", () => {
  it("every day at 8 AM and 8 PM: two daily reminders, one sentence, both in the answer", async () => {
    const u = await user({ timezone: ZONE });
    const { status, body } = await say(u.token, "take meds at 8am and 8pm every day");
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    expect(body.message).toBe("Got it! I'll remind you to take meds every day at 8:00 AM and 8:00 PM, starting Mon, Mar 2. That's 2 reminders, one for each time.");
    expect(await madeOf(u.id)).toEqual([
      ["Take meds", "Mon 20:00", { freq: "daily" }],
      ["Take meds", "Tue 08:00", { freq: "daily" }],
    ]);
    expect(body.tasks?.map((task) => task.title)).toEqual(["Take meds", "Take meds"]);
    expect(body.task?.id).toBe(body.tasks?.[0]?.id);
  });

  it("three one-offs on one day are said with the day once; on two days each with its day", async () => {
    const u = await user({ timezone: ZONE });
    expect((await say(u.token, "remind me tomorrow at 8 am, 12 pm and 6 pm to drink water")).body.message).toBe(
      "Got it! I'll remind you to drink water on Tue, Mar 3 at 8:00 AM, 12:00 PM and 6:00 PM. That's 3 reminders, one for each time.",
    );
    // At 9 AM, 8 AM has gone today: tomorrow's, and tonight's 8 PM.
    expect((await say(u.token, "call the pharmacy at 8am and 8pm")).body.message).toBe(
      "Got it! I'll remind you to call the pharmacy on Mon, Mar 2 at 8:00 PM and on Tue, Mar 3 at 8:00 AM. That's 2 reminders, one for each time.",
    );
    expect(await madeOf(u.id)).toEqual([
      ["Call the pharmacy", "Mon 20:00", null],
      ["Call the pharmacy", "Tue 08:00", null],
      ["Drink water", "Tue 08:00", null],
      ["Drink water", "Tue 12:00", null],
      ["Drink water", "Tue 18:00", null],
    ]);
  });

  it("meals and parts of the day, side-by-side times, and the nudging named once", async () => {
    const u = await user({ timezone: ZONE });
    expect((await say(u.token, "pills with breakfast and dinner every day")).body.message).toBe(
      "Got it! I'll remind you about pills every day at 8:00 AM and 6:00 PM, starting Mon, Mar 2. That's 2 reminders, one for each time.",
    );
    expect((await say(u.token, "every morning and evening meditate")).body.success).toBe(true);
    expect((await say(u.token, "stretch 11am 3pm daily, gently")).body.message).toBe(
      "Got it! I'll remind you to stretch every day at 11:00 AM and 3:00 PM, starting Mon, Mar 2. That's 2 reminders, one for each time. Nudging: Gentle (pings only).",
    );
    const rows = await tasksOfUser(u.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.title === "Stretch").map((row) => row.strategyKey)).toEqual(["gentle", "gentle"]);
    expect(rows.filter((row) => row.title === "Meditate").map((row) => DateTime.fromMillis(row.dueAt, { zone: ZONE }).toFormat("HH:mm")).sort()).toEqual(["09:00", "19:00"]);
  });

  it("'before every meal' is before breakfast, lunch and dinner, every day (it was refused as a repeat no rule holds)", async () => {
    const u = await user({ timezone: ZONE });
    expect((await say(u.token, "take my insulin before every meal")).body.message).toBe(
      "Got it! I'll remind you to take your insulin every day at 8:00 AM, 12:00 PM and 6:00 PM, starting Mon, Mar 2. That's 3 reminders, one for each time.",
    );
    expect((await say(u.token, "vitamins with breakfast, lunch and dinner daily")).body.success).toBe(true);
    expect((await madeOf(u.id)).map(([title, when]) => `${title} ${when}`)).toEqual([
      "Take my insulin Mon 12:00",
      "Vitamins Mon 12:00",
      "Take my insulin Mon 18:00",
      "Vitamins Mon 18:00",
      "Take my insulin Tue 08:00",
      "Vitamins Tue 08:00",
    ]);
  });

  // The answer to doses a few hours apart is words to send, and sent back they make the reminders.
  it.each<[string, number]>([
    ["take meds every 8 hours", 3],
    ["twice a day take pills", 2],
    ["take antibiotics every 8 hours starting at 7am", 3],
    ["take meds every 12 hours from 7:30", 2],
    ["take meds every 4 hours", 6],
    ["3 times a day take the drops", 3],
    // Every 2 or 3 hours: the waking day's, 8 am to 8 pm, at most six (session 54; round the clock they were 12 and 8,
    // more than one message makes, named as "and so on").
    ["drink water every 2 hours", 6],
    ["stretch every 3 hours", 5],
    ["stand up every 2 hours starting at 9am", 6],
    ["drink water every 2 hours from 9 to 5", 5],
    ["check the baby every 4 hours from 10pm to 6am", 3],
  ])("%j is answered with words that make %i reminders", async (prompt, count) => {
    const u = await user({ timezone: ZONE });
    const refused = (await say(u.token, prompt)).body;
    expect(refused.success).toBe(false);
    const suggested = /say "([^"]+)"/.exec(refused.message)?.[1];
    expect(suggested, refused.message).toMatch(/^every day at /);
    const made = await say(u.token, `take the medicine ${suggested}`);
    expect(made.body.message).toMatch(/^Got it! I'll remind you to take the medicine every day at /);
    // Each time suggested is said back, as the confirmation writes times ("7:30am" as "7:30 AM").
    const times = [...suggested!.matchAll(/(\d+)(?::(\d+))?(am|pm)/g)].map(([, h, m, ap]) => `${h}:${m ?? "00"} ${ap!.toUpperCase()}`);
    expect(times).toHaveLength(count);
    for (const time of times) expect(made.body.message).toContain(time);
    expect(await tasksOfUser(u.id)).toHaveLength(count);
  });

  it("'every hour' is answered for both wishes, and the habit's example sent back makes a reminder at each time", async () => {
    const u = await user({ timezone: ZONE });
    const refused = (await say(u.token, "drink water every hour")).body;
    expect(refused).toEqual({
      success: false,
      message:
        `I can't repeat a reminder "every hour". If it's to keep at one thing until it's done, you don't need to: I keep nudging you until you answer, so set it once, like "take my pills at 9am". ` +
        `For a habit through the day, name its times: "drink water every day at 10am, 1pm and 4pm".`,
    });
    expect(await tasksOfUser(u.id)).toHaveLength(0);
    const example = /name its times: "([^"]+)"/.exec(refused.message)![1]!;
    expect((await say(u.token, example)).body.message).toBe("Got it! I'll remind you to drink water every day at 10:00 AM, 1:00 PM and 4:00 PM, starting Mon, Mar 2. That's 3 reminders, one for each time.");
    expect(await tasksOfUser(u.id)).toHaveLength(3);
  });

  it("what cannot be told alone is refused as before, and nothing is made", async () => {
    const u = await user({ timezone: ZONE });
    for (const prompt of ["take meds at 8, 2 and 8", "meds at 8:00 and 20:00", "on monday at 9 and friday at 10 gym", "take meds at 8pm and 20:00"]) {
      expect((await say(u.token, prompt)).body, prompt).toEqual({ success: false, message: REFUSED });
    }
    // A choice is asked, not made twice.
    expect((await say(u.token, "call mum at 5pm or 6pm")).body.success).toBe(false);
    // One time past the end of the form's range: none is made.
    expect((await say(u.token, "meds at 8am and 8pm on march 3 2101")).body.success).toBe(false);
    expect(await tasksOfUser(u.id)).toEqual([]);
  });
});

describe("the dashboard box and the email reader", () => {
  it("the box's Undo under several takes back all of them in one sentence", async () => {
    const u = await user({ timezone: ZONE });
    const deps = depsAt(ERA).deps;
    const profile = await getProfile(deps, u.id);
    const form = (values: Array<[string, string]>) => {
      const data = new FormData();
      for (const [key, value] of values) data.append(key, value);
      return data;
    };
    const made = await createTaskFromText(deps, profile, form([["prompt", "take my pills at 9am and 9pm every day"]]));
    expect(made).toMatchObject({ intent: "nl", ok: true, failed: false });
    expect(made.taskIds).toHaveLength(2);
    expect(made.taskId).toBe(made.taskIds![0]);
    const later = depsAt(new Date(ERA.getTime() + 2 * MINUTE)).deps;
    const undone = await undoTaskFromText(later, profile, form(made.taskIds!.map((id) => ["taskId", id])));
    expect(undone).toEqual({ intent: "undo-nl", taskId: made.taskId, ok: true, message: UNDO_TEXTS.deletedSeveral(2, "Take my pills", true) });
    expect(undone.message).toBe(`Taken back: the 2 "Take my pills" reminders are deleted, and they won't repeat.`);
    expect(await tasksOfUser(u.id)).toEqual([]);
    // Pressed again: each is gone, said once.
    expect(await undoTaskFromText(later, profile, form(made.taskIds!.map((id) => ["taskId", id])))).toMatchObject({ ok: false, message: UNDO_TEXTS.gone });
  });

  it("the box's Undo keeps one made too long ago and says so beside the one it took back", async () => {
    const u = await user({ timezone: ZONE });
    const profile = await getProfile(depsAt(ERA).deps, u.id);
    const prompt = new FormData();
    prompt.append("prompt", "call the vet tomorrow at 9am and 4pm");
    const made = await createTaskFromText(depsAt(ERA).deps, profile, prompt);
    const [first, second] = made.taskIds!;
    const undo = new FormData();
    undo.append("taskId", first!);
    expect((await undoTaskFromText(depsAt(ERA).deps, profile, undo)).ok).toBe(true);
    undo.append("taskId", second!);
    const late = await undoTaskFromText(depsAt(new Date(ERA.getTime() + 11 * MINUTE)).deps, profile, undo);
    expect(late).toMatchObject({ ok: false, message: `${UNDO_TEXTS.gone} ${UNDO_TEXTS.tooLate("Call the vet")}` });
    expect(await madeOf(u.id)).toEqual([["Call the vet", "Tue 16:00", null]]);
  });

  it("an emailed prompt (the service the mail reader calls) makes each and says all in the reply", async () => {
    const u = await user({ timezone: ZONE });
    const { result } = await createTaskOrAsk(depsAt(ERA).deps, u.id, { prompt: "water the seedlings at 7am and 7pm" }, "email");
    expect(result.message).toBe("Got it! I'll remind you to water the seedlings on Mon, Mar 2 at 7:00 PM and on Tue, Mar 3 at 7:00 AM. That's 2 reminders, one for each time.");
    expect((await tasksOfUser(u.id)).map((row) => row.source)).toEqual(["email", "email"]);
  });

  it("the sentence puts times in the order of the day for a repeat, and names the year when it is not this one", () => {
    const at = (iso: string) => new Date(iso);
    const daily = { freq: "daily" as const };
    expect(
      severalTimesConfirmation(
        [
          { title: "take meds", dueAt: at("2054-03-02T23:00:00Z"), recurrence: daily, strategy: null },
          { title: "take meds", dueAt: at("2054-03-03T12:00:00Z"), recurrence: daily, strategy: null },
        ],
        ZONE,
        ERA,
      ),
    ).toBe("Got it! I'll remind you to take meds every day at 7:00 AM and 6:00 PM, starting Mon, Mar 2. That's 2 reminders, one for each time.");
    expect(
      severalTimesConfirmation(
        [
          { title: "pay the deposit", dueAt: at("2055-01-04T14:00:00Z"), recurrence: null, strategy: null },
          { title: "pay the deposit", dueAt: at("2055-01-04T22:00:00Z"), recurrence: null, strategy: null },
        ],
        ZONE,
        ERA,
      ),
    ).toBe("Got it! I'll remind you to pay the deposit on Mon, Jan 4, 2055 at 9:00 AM and 5:00 PM. That's 2 reminders, one for each time.");
  });
});
