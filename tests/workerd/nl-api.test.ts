/**
 * POST /v1/tasks/nl {prompt}: plain-language reminders through the API, read on the user's own
 * clock in several time zones. System time faked to Monday 2043-03-02 14:00 UTC (an era no engine
 * tick reaches, see escalation-helpers.ts).
 */
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api, createUser, deleteUsers, stepsOf, tasksOfUser } from "./escalation-helpers";

const NOW = new Date("2043-03-02T14:00:00Z");
const created: string[] = [];

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterAll(async () => {
  await deleteUsers(...created);
  vi.useRealTimers();
});

const CHANGE = `To change when a reminder is due, press the pencil on its card on your dashboard. To make a new reminder, write what and when, like "call mom tomorrow at 5pm".`;
const ANSWER = `To answer a reminder, use the Done, Snooze or Acknowledge buttons on its card on your dashboard, or reply to the reminder where it reached you. To make a new reminder, write what and when, like "call mom tomorrow at 5pm".`;
const REPEAT_CHANGE = `To make a reminder repeat, press the pencil on its card on your dashboard and pick under "Repeat". To make a new repeating reminder, write what and when, like "take pills every day at 9am".`;
const NUDGE_CHANGE = `To change how hard a reminder nudges, press the pencil on its card on your dashboard and pick under "How hard to nudge". To make a new reminder, write what and when, like "pay rent on friday at 5pm, urgently".`;
const UNDO = "To take a reminder back, press the bin icon on its card on your dashboard. It asks before it deletes anything.";
const HELP = `Write what to be reminded of and when, in your own words, like "call mom tomorrow at 5pm", "take my pills at 8am and 8pm every day" or "in 20 minutes check the oven". I'll keep nudging you until you answer. Add "urgently" to be called early, "gently" for pings only, or "don't tell my buddy" to leave your buddies out.`;

interface NlAnswer {
  success: boolean;
  message: string;
  task?: { id: string; title: string; dueDate: string; recurrence: unknown; status: string; strategy: string };
}

async function say(token: string | undefined, body: unknown) {
  const response = await api("/v1/tasks/nl", "POST", body, token);
  return { status: response.status, body: await response.json<NlAnswer & { code?: string }>() };
}

// Local time at NOW: New York Mon 09:00, Berlin Mon 15:00, Tokyo Mon 23:00, Jerusalem Mon 16:00.
const table: Array<{ zone: string; prompt: string; title: string; local: string; recurrence?: unknown; says: RegExp }> = [
  { zone: "America/New_York", prompt: "remind me to call mom tomorrow at 5pm", title: "Call mom", local: "2043-03-03 17:00", says: /^Got it! I'll remind you to call mom on Tue, Mar 3 at 5:00 PM\.$/ },
  { zone: "America/New_York", prompt: "in 20 minutes check the oven", title: "Check the oven", local: "2043-03-02 09:20", says: /check the oven on Mon, Mar 2 at 9:20 AM/ },
  { zone: "America/New_York", prompt: "take pills every day at 8", title: "Take pills", local: "2043-03-03 08:00", recurrence: { freq: "daily" }, says: /take pills every day at 8:00 AM, starting Tue, Mar 3/ },
  { zone: "Europe/Berlin", prompt: "dentist on friday 14:30", title: "Dentist", local: "2043-03-06 14:30", says: /about dentist on Fri, Mar 6 at 2:30 PM/ },
  // A bare 10 at 15:00: 10:00 has gone and 22:00 has not, so tonight (ADR 121); "10am" is tomorrow morning.
  { zone: "Europe/Berlin", prompt: "lock the door at 10", title: "Lock the door", local: "2043-03-02 22:00", says: /lock the door on Mon, Mar 2 at 10:00 PM/ },
  { zone: "Europe/Berlin", prompt: "call the bank at 10am", title: "Call the bank", local: "2043-03-03 10:00", says: /call the bank on Tue, Mar 3 at 10:00 AM/ },
  { zone: "Europe/Berlin", prompt: "remind me to water the plants every monday and thursday at 7pm", title: "Water the plants", local: "2043-03-02 19:00", recurrence: { freq: "weekly", days: [1, 4] }, says: /water the plants every Monday and Thursday at 7:00 PM/ },
  { zone: "Asia/Tokyo", prompt: "remind me tomorrow morning to stretch", title: "Stretch", local: "2043-03-03 09:00", says: /stretch on Tue, Mar 3 at 9:00 AM/ },
  { zone: "Asia/Tokyo", prompt: "pay rent on the 1st of every month at 9am", title: "Pay rent", local: "2043-04-01 09:00", recurrence: { freq: "monthly", dayOfMonth: 1 }, says: /pay rent every month on the 1st at 9:00 AM, starting Wed, Apr 1/ },
  { zone: "Asia/Jerusalem", prompt: "today at 5pm submit the report", title: "Submit the report", local: "2043-03-02 17:00", says: /submit the report on Mon, Mar 2 at 5:00 PM/ },
  { zone: "America/New_York", prompt: "water the plants every other day at 8am", title: "Water the plants", local: "2043-03-03 08:00", recurrence: { freq: "daily", interval: 2 }, says: /water the plants every other day at 8:00 AM, starting Tue, Mar 3/ },
  { zone: "Europe/Berlin", prompt: "biweekly payroll on friday at 10", title: "Payroll", local: "2043-03-06 10:00", recurrence: { freq: "weekly", days: [5], interval: 2 }, says: /about payroll every other Friday at 10:00 AM, starting Fri, Mar 6/ },
  // The person's own capitals in the first word stay; the confirmation keeps their words as typed.
  { zone: "Europe/Berlin", prompt: "iPhone backup tomorrow at 9pm", title: "iPhone backup", local: "2043-03-03 21:00", says: /about iPhone backup on Tue, Mar 3 at 9:00 PM/ },
  { zone: "Asia/Jerusalem", prompt: "every weekday at 9 stand-up", title: "Stand-up", local: "2043-03-03 09:00", recurrence: { freq: "weekdays" }, says: /stand-up every weekday at 9:00 AM, starting Tue, Mar 3/ },
  // Ahead of the moment named: it was refused as past ("30 mins before" read as half an hour ago).
  { zone: "America/New_York", prompt: "remind me 30 mins before my 3pm meeting", title: "My 3pm meeting", local: "2043-03-02 14:30", says: /^Got it! I'll remind you about your 3pm meeting on Mon, Mar 2 at 2:30 PM \(30 mins before 3:00 PM\)\.$/ },
  // A time to beat, an hour ahead, kept in the title (ADR 130): it was due at 5 PM, when the bank has closed.
  { zone: "Europe/Berlin", prompt: "call the bank before 5pm", title: "Call the bank before 5pm", local: "2043-03-02 16:00", says: /^Got it! I'll remind you to call the bank before 5pm on Mon, Mar 2 at 4:00 PM \(an hour before 5:00 PM\)\.$/ },
  // "asap": nudging starts at the next minute (ADR 132); it was "I couldn't find a time in that".
  { zone: "America/New_York", prompt: "call the plumber asap", title: "Call the plumber", local: "2043-03-02 09:01", says: /^Got it! I'll remind you to call the plumber on Mon, Mar 2 at 9:01 AM\.$/ },
  // A moment with a clock time: the clock time, the moment in the title (it was refused as two times).
  { zone: "Europe/Berlin", prompt: "take pills with breakfast tomorrow at 8", title: "Take pills with breakfast", local: "2043-03-03 08:00", says: /^Got it! I'll remind you to take pills with breakfast on Tue, Mar 3 at 8:00 AM\.$/ },
  // A bare hour texted after a day (it stayed in the title at 9 AM); a word of how often naming a kind of thing (it was
  // every Friday, titled "send the report").
  { zone: "Europe/London", prompt: "dentist thursday 3", title: "Dentist", local: "2043-03-05 15:00", says: /^Got it! I'll remind you about dentist on Thu, Mar 5 at 3:00 PM\.$/ },
  { zone: "America/New_York", prompt: "send the weekly report on friday", title: "Send the weekly report", local: "2043-03-06 09:00", says: /^Got it! I'll remind you to send the weekly report on Fri, Mar 6 at 9:00 AM\.$/ },
];

describe("POST /v1/tasks/nl", () => {
  it.each(table)("[$zone] \"$prompt\" -> \"$title\" at $local", async ({ zone, prompt, title, local, recurrence, says }) => {
    const u = await createUser({ timezone: zone });
    created.push(u.id);
    const { status, body } = await say(u.token, { prompt });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.success).toBe(true);
    expect(body.message).toMatch(says);
    expect(body.task).toMatchObject({ title, status: "PENDING", strategy: "standard", recurrence: recurrence ?? null });
    const storedLocal = DateTime.fromISO(body.task!.dueDate, { zone }).toFormat("yyyy-LL-dd HH:mm");
    expect(storedLocal).toBe(local);
    // The stored task is the one the API answers with, and it escalates.
    const [row] = await tasksOfUser(u.id);
    expect(row).toMatchObject({ title, source: "nl", dueAt: Date.parse(body.task!.dueDate) });
    expect((await stepsOf(row!.id))[0]).toMatchObject({ state: "pending", dueAt: Date.parse(body.task!.dueDate) });
  });

  it("answers 200 {success: false} with how to phrase it when it can't read the prompt, and creates nothing", async () => {
    const u = await createUser({ timezone: "Europe/Berlin" });
    created.push(u.id);
    for (const [prompt, message] of [
      ["buy milk", `I couldn't find a time in that. Try "remind me to call mom tomorrow at 5pm" or "in 20 minutes check the oven".`],
      ["tomorrow at 5pm", `I found the time, but not what to remind you about. Try "remind me to call mom tomorrow at 5pm".`],
      // Ten minutes or ten hours: asked, naming the words, rather than guessed or "no time".
      ["remind me in 10 to check the oven", `Is "in 10" minutes or hours? Add one, like "in 10 minutes" or "in 10 hours".`],
      // Read in part, these would have made a one-off reminder that the person took for a repeat or for two times.
      [
        "service the boiler every 18 months at 8am",
        `I can't repeat a reminder "every 18 months". I can repeat one every day or every so many days ("every other day", "every 3 days"), every weekday, on the days you choose every week or every so many weeks ("every monday and thursday", "every other friday"), on one date or weekday every month or every so many months ("on the 1st of every month", "the first monday of every month", "every 3 months"), or on one day every year ("every year on march 3", "every other year").`,
      ],
      // Times that can each be told alone ("at 8am and 8pm") make a reminder at each (ADR 181); bare hours cannot.
      [
        "take meds at 8, 2 and 8",
        `I can make a reminder for each time of day, but I couldn't tell which times you mean. Say each with am or pm, like "take pills every day at 8am and 8pm"; for different days, send each day as its own reminder.`,
      ],
      // Doses a few hours apart: daily reminders hold them ("You don't need to" was the answer).
      ["take meds every 8 hours", `I can't repeat a reminder "every 8 hours", but I can set a reminder for each time of day, repeating every day: say "every day at 6am, 2pm and 10pm".`],
      // The 12th is a Thursday (and the next a Sunday): which was meant is asked; the Friday was dropped before.
      ["dentist friday 12th at 10am", `Mar 12 is a Thursday, not a Friday. Send it again with the day or the date you mean, like "on friday" or "on mar 12".`],
      // A question about one's reminders made a reminder titled "what's on" at 9:00; a wish to drop one got "no time".
      ["what's on today?", "That sounds like a question, so I didn't make a reminder. Your dashboard lists all your reminders, soonest first."],
      [
        "cancel the dentist",
        `To delete a reminder, press the bin icon on its card on your dashboard. To be reminded to cancel something, add a time, like "cancel netflix on friday at 6pm".`,
      ],
    ] as const) {
      expect(await say(u.token, { prompt })).toEqual({ status: 200, body: { success: false, message } });
    }
    expect(await tasksOfUser(u.id)).toEqual([]);
  });

  // ADR 108: words that talk to the assistant, with no conversation open in the box. "make it 8pm" made a reminder
  // titled "Make it"; "done", "help" and "undo" got "I couldn't find a time in that".
  it.each([
    ["make it 8pm", CHANGE],
    ["actually 9pm", CHANGE],
    ["change it to friday", CHANGE],
    ["move it to friday", CHANGE],
    ["make it urgent", NUDGE_CHANGE],
    ["don't tell my buddy", NUDGE_CHANGE],
    // ADR 177: it was a reminder titled "Make it", every day at 9 AM.
    ["make it every day", REPEAT_CHANGE],
    ["repeat it every monday", REPEAT_CHANGE],
    ["done", ANSWER],
    ["snooze 10", ANSWER],
    ["ok", ANSWER],
    ["I did it", ANSWER],
    ["undo", UNDO],
    ["oops", UNDO],
    ["help", HELP],
    ["what can you do?", HELP],
  ])("answers %j with where to do it, and makes nothing", async (prompt, message) => {
    const u = await createUser({ timezone: "Europe/Berlin" });
    created.push(u.id);
    expect(await say(u.token, { prompt })).toEqual({ status: 200, body: { success: false, message } });
    expect(await tasksOfUser(u.id)).toEqual([]);
  });

  it("still makes a reminder of words that only start like those", async () => {
    const u = await createUser({ timezone: "Europe/Berlin" });
    created.push(u.id);
    for (const prompt of ["make it a habit to stretch at 9am", "help mom move on friday at 10", "done with taxes by friday at 5pm"]) {
      expect((await say(u.token, { prompt })).body.success, prompt).toBe(true);
    }
    expect((await tasksOfUser(u.id)).map((t) => t.title).sort()).toEqual(["Done with taxes by 5pm", "Help mom move", "Make it a habit to stretch"]);
  });

  // ADR 112: how hard to nudge, in the words. The task escalates by it, whatever the person's default.
  it("makes the task by the sequence its words ask for, says so, and keeps the default otherwise", async () => {
    const u = await createUser({ timezone: "Europe/Berlin" });
    created.push(u.id);
    const urgent = await say(u.token, { prompt: "pay rent tomorrow at 5pm urgently" });
    expect(urgent.status).toBe(201);
    expect(urgent.body.message).toBe("Got it! I'll remind you to pay rent on Tue, Mar 3 at 5:00 PM. Nudging: Urgent (call early).");
    expect(urgent.body.task).toMatchObject({ title: "Pay rent", strategy: "urgent" });
    // The urgent sequence's own steps were started: a call 5 minutes in.
    const steps = await stepsOf(urgent.body.task!.id);
    expect(steps.map((step) => step.dueAt - Date.parse(urgent.body.task!.dueDate))).toEqual([0, 5, 15, 30].map((m) => m * 60_000));
    const gentle = await say(u.token, { prompt: "stretch tomorrow at 3pm, just ping me" });
    expect(gentle.body.task).toMatchObject({ title: "Stretch", strategy: "gentle" });
    const plain = await say(u.token, { prompt: "send the urgent report tomorrow at 9" });
    expect(plain.body.message).toBe("Got it! I'll remind you to send the urgent report on Tue, Mar 3 at 9:00 AM.");
    expect(plain.body.task).toMatchObject({ title: "Send the urgent report", strategy: "standard" });
  });

  it("refuses two wishes no sequence grants together, naming them, and makes nothing", async () => {
    const u = await createUser({ timezone: "Europe/Berlin" });
    created.push(u.id);
    expect(await say(u.token, { prompt: "pay rent tomorrow at 5pm urgently and don't tell my buddy" })).toEqual({
      status: 200,
      body: {
        success: false,
        message: `I can nudge you one way per reminder, and "urgently" and "don't tell my buddy" don't go together. Keep one: "urgently" (a call after 5 minutes, your buddies after 30), "gently" (pings only, no calls or buddies) or "don't tell my buddy" (texts and calls, no buddies).`,
      },
    });
    expect(await tasksOfUser(u.id)).toEqual([]);
  });

  it("answers 400 for an empty prompt, 403 when the email is unverified, 401 when logged out", async () => {
    const u = await createUser();
    const unverified = await createUser({ isVerified: false });
    created.push(u.id, unverified.id);
    const empty = 'Please type what you want to be reminded of, for example "Take pills tomorrow at 9am".';
    for (const body of [{ prompt: "" }, { prompt: "   \n " }, {}, { prompt: 7 }]) {
      expect(await say(u.token, body)).toMatchObject({ status: 400, body: { message: empty } });
    }
    expect(await say(u.token, { prompt: "x".repeat(501) })).toMatchObject({ status: 400, body: { message: "Please keep the reminder under 500 characters." } });
    expect(await say(unverified.token, { prompt: "call mom tomorrow at 5pm" })).toMatchObject({ status: 403, body: { message: "You must verify your email address before creating tasks." } });
    expect(await say(undefined, { prompt: "call mom tomorrow at 5pm" })).toMatchObject({ status: 401, body: { message: "You must be logged in to create a task." } });
    expect(await say("not-a-token", { prompt: "call mom tomorrow at 5pm" })).toMatchObject({ status: 401, body: { message: "You must be logged in to create a task." } });
    expect(await tasksOfUser(u.id)).toEqual([]);
    expect(await tasksOfUser(unverified.id)).toEqual([]);
  });
});
