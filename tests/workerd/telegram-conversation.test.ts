/**
 * Telegram (issue 9), part 3: what the bot does with a text that is not a reminder: a question about
 * what is coming up, a wish to drop a reminder (asked with buttons, never deleted on words alone), and
 * thanks or a greeting. Real grammY against the fake Bot API.
 * Era: 2072 (docs/testing.md); no tick runs here, and the tasks are due in 2072.
 */
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { users } from "../../db/schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endBreak, startBreak } from "../../worker/services/quiet-hours";
import { acknowledgeTask, completeTask, createTask, snoozeTask } from "../../worker/services/tasks";
import { BOT_TEXTS } from "../../worker/services/telegram";
import { agendaQuestion, forgetRequest, helpRequest, titleMatches } from "../../worker/services/nl/chat-intents";
import { breakWishIn, type BreakWish } from "../../worker/services/nl/break-phrases";
import { courtesyOnly } from "../../worker/services/typed-answers";
import { depsAt, MINUTE, taskRow, tasksOfUser, testEra } from "./escalation-helpers";
import { fakeTelegram, postUpdate, pressUpdate, textUpdate } from "./telegram/support";

/** Tue 2072-03-08 15:00 UTC: 10:00 in New York. */
const ERA = new Date("2072-03-08T15:00:00Z");
const ZONE = "America/New_York";
const { user } = testEra(ERA);
afterEach(() => vi.unstubAllGlobals());

let chatSeq = 727_000_000 + Math.floor(Math.random() * 1_000_000);

async function linkedUser() {
  const chat = ++chatSeq;
  const u = await user({ telegramChatId: String(chat), timezone: ZONE, name: "Robin Walker" });
  return { ...u, chat };
}

/** A task due at a New York wall time, `days` from the era's day. */
async function taskAt(userId: string, title: string, days: number, time: string, recurrence?: unknown) {
  const [hour, minute] = time.split(":").map(Number);
  const due = DateTime.fromJSDate(ERA, { zone: ZONE }).plus({ days }).set({ hour, minute, second: 0, millisecond: 0 });
  return createTask(depsAt(new Date(ERA.getTime() - 7 * 24 * 60 * MINUTE)).deps, userId, { title, dueDate: due.toUTC().toISO()!, strategy: "gentle", ...(recurrence ? { recurrence } : {}) });
}

const lastText = (bot: ReturnType<typeof fakeTelegram>) => String(bot.callsOf("sendMessage").at(-1)!.payload.text);
const lastButtons = (bot: ReturnType<typeof fakeTelegram>) =>
  (bot.callsOf("sendMessage").at(-1)!.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> } | undefined)?.inline_keyboard ?? [];

describe("reading what is not a reminder", () => {
  it.each([
    ["what's on today?", "today"],
    ["What do I have tomorrow?", "tomorrow"],
    ["whats on this week", "week"],
    ["any reminders?", null],
    ["show my reminders", null],
    ["what's next?", null],
    ["what have I got on tonight?", "today"],
    ["my tasks for tomorrow", "tomorrow"],
  ])("%j is a question about the agenda (%s)", (text, day) => {
    expect(agendaQuestion(text)).toEqual({ day });
  });

  it.each(["drop off the parcel", "drop the car at the garage"])("%j is something to do, not a wish to drop a reminder", (text) => {
    expect(forgetRequest(text)).toBeNull();
  });

  it.each([
    ["whats tomorrow look like", "tomorrow"],
    ["how does tomorrow look?", "tomorrow"],
    ["what does my day look like", "today"],
    ["how's my week looking", "week"],
  ])("%j, a look at a day, is a question about the agenda (%s; ADR 176)", (text, day) => {
    // "whats tomorrow look like" was a reminder titled "whats look like", tomorrow at 9 AM.
    expect(agendaQuestion(text)).toEqual({ day });
  });

  it.each([
    ["anything today?", "today"],
    ["anything on tomorrow", "tomorrow"],
    ["am i free tomorrow", "tomorrow"],
    ["am I busy today?", "today"],
    ["is tomorrow free?", "tomorrow"],
  ])("%j is a question about the agenda (%s; ADR 184)", (text, day) => {
    // "am i free tomorrow" was a reminder titled "am i free"; "anything today?" got "What time today?".
    expect(agendaQuestion(text)).toEqual({ day });
  });

  it.each([
    "what did I miss?",
    "did i miss anything",
    "anything overdue",
    "what have I forgotten?",
    "whats waiting for me",
    "missed reminders",
    "what haven't I done yet",
    "what's not done?",
    "have i missed anything today?",
    "show overdue tasks",
    "what's outstanding",
    "am i behind?",
    "did i do everything?",
    "is everything done?",
    "did everything get done?",
  ])("%j asks what still waits for an answer (ADR 185)", (text) => {
    // Each was "I couldn't find a time in that".
    expect(agendaQuestion(text)).toEqual({ day: "missed" });
  });

  it.each(["not done", "i forgot", "forgot it", "miss you", "missed call from mom", "waiting for the plumber", "do everything at 5", "miss the bus at 5"])(
    "%j does not ask what was missed",
    (text) => {
      expect(agendaQuestion(text)?.day).not.toBe("missed");
    },
  );

  it.each(["free tomorrow", "anything", "busy", "free the cat tomorrow at 5"])("%j is no question about a day", (text) => {
    expect(agendaQuestion(text)).toBeNull();
  });

  it.each(["who are you", "what is this?", "whats nudge", "What are you"])("%j asks what the assistant is: its help (ADR 184)", (text) => {
    expect(helpRequest(text)).toBe(true);
  });

  it.each<[string, BreakWish]>([
    ["stop for an hour", { kind: "until", when: "in an hour" }],
    ["stop reminders until monday", { kind: "until", when: "monday" }],
    ["mute for 2 hours", { kind: "until", when: "in 2 hours" }],
    ["silence notifications until 8am", { kind: "until", when: "8am" }],
    ["snooze all for 30 minutes", { kind: "until", when: "in 30 minutes" }],
    ["do not disturb until tomorrow", { kind: "until", when: "tomorrow" }],
    ["dnd for 1 hour", { kind: "until", when: "in 1 hour" }],
    ["mute", { kind: "ask" }],
    ["snooze everything", { kind: "ask" }],
    ["quiet please", { kind: "ask" }],
    // Too much, said as how one is: offered a break.
    ["i'm overwhelmed", { kind: "ask" }],
    ["I'm so overwhelmed right now", { kind: "ask" }],
    ["burnt out", { kind: "ask" }],
    ["too many reminders", { kind: "ask" }],
    ["this is too much", { kind: "ask" }],
    ["i need a break", { kind: "ask" }],
  ])("%j is a break (ADR 184; 'mute for 2 hours' was a reminder titled 'mute')", (text, wish) => {
    expect(breakWishIn(text)).toEqual(wish);
  });

  it.each(["stop", "mute the tv at 9", "silence the alarm tomorrow at 7", "stop by the bakery at 5pm", "i'm overwhelmed by work tomorrow at 5", "too many cooks at 5", "swamped at work"])("%j is no break", (text) => {
    expect(breakWishIn(text)).toBeNull();
  });

  it.each(["how do i look", "what does a llama look like", "what day is it", "look at the car tomorrow"])("%j is no look at the agenda", (text) => {
    expect(agendaQuestion(text)).toBeNull();
  });

  it.each(["remind me to call mom tomorrow at 5", "what's on tv tonight", "plan the week", "do the taxes today", "have lunch with sam tomorrow", "what to buy for dad's birthday?", "list the groceries at 6pm"])(
    "%j is not a question about the agenda",
    (text) => {
      expect(agendaQuestion(text)).toBeNull();
    },
  );

  it.each([
    ["cancel the dentist", "dentist"],
    ["Delete call the dentist.", "call the dentist"],
    ["remove my reminder to water the plants", "water the plants"],
    ["stop reminding me about the pills please", "pills"],
    ["forget about the gym", "gym"],
    ["please cancel my reminder about rent", "rent"],
  ])("%j names a reminder to drop: %j", (text, named) => {
    expect(forgetRequest(text)).toBe(named);
  });

  it("matches a title by every word named, as words or their starts", () => {
    expect(titleMatches("Call the dentist", "dentist")).toBe(true);
    expect(titleMatches("Take pills", "the pill")).toBe(true);
    expect(titleMatches("Call the dentist", "call mom")).toBe(false);
    expect(titleMatches("Pay rent", "the")).toBe(false);
    expect(titleMatches("Dentistry exam", "dentist")).toBe(true);
  });

  it("tells thanks and greetings from anything else", () => {
    expect(courtesyOnly("Thanks!")).toBe("thanks");
    expect(courtesyOnly("thank you 🙏")).toBe("thanks");
    expect(courtesyOnly("good morning")).toBe("greeting");
    expect(courtesyOnly("hi there")).toBe("greeting");
    expect(courtesyOnly("good night")).toBe("farewell");
    expect(courtesyOnly("bye!")).toBe("farewell");
    expect(courtesyOnly("see you soon")).toBe("farewell");
    expect(courtesyOnly("thanks, bye")).toBe("thanks");
    expect(courtesyOnly("see the doctor")).toBeNull();
    expect(courtesyOnly("thanks, done")).toBeNull();
    expect(courtesyOnly("👍")).toBeNull();
  });
});

describe("questions about what is coming up", () => {
  it("'what's on today?' lists today's open reminders on the owner's clock, with what still waits; nothing is created", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await taskAt(u.id, "Take pills", 0, "09:00");
    await taskAt(u.id, "Call the dentist", 0, "14:30");
    await taskAt(u.id, "Water the plants", 1, "08:00");
    await taskAt(u.id, "File the taxes", -2, "17:00");
    const before = (await tasksOfUser(u.id)).length;
    await postUpdate(textUpdate(u.chat, "what's on today?"));
    expect(lastText(bot)).toBe(
      ["Today (Tue, Mar 8):", "• Sun, Mar 6 at 5:00 PM — File the taxes (waiting for your answer)", "• 9:00 AM — Take pills (waiting for your answer)", "• 2:30 PM — Call the dentist"].join("\n"),
    );
    expect(await tasksOfUser(u.id)).toHaveLength(before);

    await postUpdate(textUpdate(u.chat, "What do I have tomorrow?"));
    expect(lastText(bot)).toBe(["Tomorrow (Wed, Mar 9):", "• 8:00 AM — Water the plants"].join("\n"));
  });

  it("/today, /tomorrow and /week give the same answers from the menu; an unlinked chat is offered pairing", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await taskAt(u.id, "Take pills", 0, "09:00");
    await taskAt(u.id, "Water the plants", 1, "08:00");
    await postUpdate(textUpdate(u.chat, "/today"));
    expect(lastText(bot)).toBe(["Today (Tue, Mar 8):", "• 9:00 AM — Take pills (waiting for your answer)"].join("\n"));
    await postUpdate(textUpdate(u.chat, "/tomorrow"));
    expect(lastText(bot)).toBe(["Tomorrow (Wed, Mar 9):", "• 8:00 AM — Water the plants"].join("\n"));
    await postUpdate(textUpdate(u.chat, "/week"));
    expect(lastText(bot)).toBe(["The next 7 days:", "• Tue, Mar 8 at 9:00 AM — Take pills (waiting for your answer)", "• Wed, Mar 9 at 8:00 AM — Water the plants"].join("\n"));
    const before = (await tasksOfUser(u.id)).length;
    expect(before).toBe(2);

    const stranger = ++chatSeq;
    await postUpdate(textUpdate(stranger, "/today"));
    expect(lastText(bot)).toContain("This chat isn't linked to a Nudge account yet.");
  });

  it("an empty day says so and names the next reminder; no reminders at all says how to make one", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "what's on tomorrow?"));
    expect(lastText(bot)).toBe('Nothing is due tomorrow. Write me one any time, like "stretch at 3pm".');
    await taskAt(u.id, "Renew the passport", 5, "10:00");
    await postUpdate(textUpdate(u.chat, "what's on tomorrow?"));
    expect(lastText(bot)).toBe("Nothing is due tomorrow. Your next reminder: Renew the passport, Sun, Mar 13 at 10:00 AM.");
    await postUpdate(textUpdate(u.chat, "whats on this week"));
    expect(lastText(bot)).toBe(["The next 7 days:", "• Sun, Mar 13 at 10:00 AM — Renew the passport"].join("\n"));
  });
});

describe("'what did I miss?' (ADR 185)", () => {
  it("lists what is still open from before now, oldest first; not what is done, to come, or snoozed to later; nothing changes", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const { deps } = depsAt(ERA);
    await taskAt(u.id, "File the taxes", -2, "17:00");
    await taskAt(u.id, "Take pills", 0, "09:00");
    const onIt = await taskAt(u.id, "Call the bank", 0, "08:00");
    await acknowledgeTask(deps, u.id, onIt.id);
    const putOff = await taskAt(u.id, "Book the vet", 0, "07:00");
    await snoozeTask(depsAt(ERA.getTime() - 120 * MINUTE).deps, u.id, putOff.id, { minutes: 30 });
    const later = await taskAt(u.id, "Answer Sam", -1, "12:00");
    await snoozeTask(deps, u.id, later.id, { minutes: 60 });
    const done = await taskAt(u.id, "Pay rent", -1, "09:00");
    await completeTask(deps, u.id, done.id);
    await taskAt(u.id, "Call the dentist", 0, "14:30");
    const before = (await tasksOfUser(u.id)).map((t) => [t.id, t.status, t.dueAt, t.snoozedUntil]);

    await postUpdate(textUpdate(u.chat, "what did I miss?"));
    const missed = lastText(bot);
    // The menu's /missed gives the same answer.
    await postUpdate(textUpdate(u.chat, "/missed"));
    expect(lastText(bot)).toBe(missed);
    expect(missed).toBe(
      [
        "Still waiting for you:",
        "• Sun, Mar 6 at 5:00 PM — File the taxes",
        "• Tue, Mar 8 at 7:00 AM — Book the vet (snoozed earlier)",
        "• Tue, Mar 8 at 8:00 AM — Call the bank (acknowledged, not done yet)",
        "• Tue, Mar 8 at 9:00 AM — Take pills",
        "Nothing is lost: each can still be done, snoozed or moved.",
      ].join("\n"),
    );
    expect((await tasksOfUser(u.id)).map((t) => [t.id, t.status, t.dueAt, t.snoozedUntil])).toEqual(before);
  });

  it("with nothing waiting it says so and names the next reminder; with none at all, how to make one", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "did I miss anything"));
    expect(lastText(bot)).toBe('You haven\'t missed anything: no reminder is waiting for an answer. Write me one any time, like "stretch at 3pm".');
    await taskAt(u.id, "Renew the passport", 5, "10:00");
    await postUpdate(textUpdate(u.chat, "anything overdue?"));
    expect(lastText(bot)).toBe("You haven't missed anything: no reminder is waiting for an answer. Your next reminder: Renew the passport, Sun, Mar 13 at 10:00 AM.");
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });
});

describe("a break taken anywhere, said in the chat's lists", () => {
  it("'what's on today?' and /list start with the break taken on the website; after it, they don't", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await taskAt(u.id, "Renew the passport", 0, "16:00");
    // Taken on the website (POST /v1/users/me/break's service): 10:00 in New York, until 6:00 PM.
    await startBreak(depsAt(ERA).deps, u.id, { until: "2072-03-08T18:00" });
    await postUpdate(textUpdate(u.chat, "what's on today?"));
    expect(lastText(bot)).toBe(["⏸ You're on a break until 6:00 PM: reminders wait until then.", "Today (Tue, Mar 8):", "• 4:00 PM — Renew the passport"].join("\n"));
    await postUpdate(textUpdate(u.chat, "/list"));
    expect(lastText(bot)).toBe(
      ["⏸ You're on a break until 6:00 PM: reminders wait until then.", "Your next reminders:", "• Renew the passport — 4:00 PM on Tuesday, 8 March (America/New_York)"].join("\n"),
    );
    await endBreak(depsAt(ERA).deps, u.id);
    await postUpdate(textUpdate(u.chat, "/list"));
    expect(lastText(bot)).toBe(["Your next reminders:", "• Renew the passport — 4:00 PM on Tuesday, 8 March (America/New_York)"].join("\n"));
  });
});

describe("dropping a reminder by name", () => {
  it("asks before deleting a one-off: Keep it keeps it, Yes deletes it", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const dentist = await taskAt(u.id, "Call the dentist", 1, "10:00");
    await postUpdate(textUpdate(u.chat, "cancel the dentist"));
    expect(lastText(bot)).toBe('Delete "Call the dentist" (Wed, Mar 9 at 10:00 AM)?');
    expect(lastButtons(bot).flat().map((b) => [b.text, b.callback_data])).toEqual([
      ["Yes, delete it", `forget-delete:${dentist.id}`],
      ["Keep it", `forget-keep:${dentist.id}`],
    ]);
    // Nothing is deleted on words alone.
    expect(await taskRow(dentist.id)).toBeTruthy();

    await postUpdate(pressUpdate(u.chat, `forget-keep:${dentist.id}`));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe("Good, I kept it: Call the dentist.");
    expect(await taskRow(dentist.id)).toBeTruthy();

    await postUpdate(pressUpdate(u.chat, `forget-delete:${dentist.id}`));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe("🗑 Deleted: Call the dentist");
    expect(await taskRow(dentist.id)).toBeFalsy();
    // A second press on the old message: the reminder is gone, nothing else happens.
    await postUpdate(pressUpdate(u.chat, `forget-delete:${dentist.id}`));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe(BOT_TEXTS.gone);
  });

  it("a repeating one can skip its next time (the series goes on) or stop for good", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const pills = await taskAt(u.id, "Take pills", 1, "09:00", { freq: "daily" });
    await postUpdate(textUpdate(u.chat, "stop reminding me about the pills"));
    expect(lastText(bot)).toBe('"Take pills" repeats every day; the next one is Wed, Mar 9 at 9:00 AM. Skip just that one, or stop it for good?');
    expect(lastButtons(bot).map((row) => row.map((b) => b.callback_data))).toEqual([[`forget-delete:${pills.id}`, `forget-series:${pills.id}`], [`forget-keep:${pills.id}`]]);

    await postUpdate(pressUpdate(u.chat, `forget-delete:${pills.id}`));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe("⏭ Skipped this time: Take pills. The next one is Thu, Mar 10 at 9:00 AM.");
    const [next] = (await tasksOfUser(u.id)).filter((t) => t.status !== "COMPLETED");
    expect(next!.title).toBe("Take pills");

    await postUpdate(pressUpdate(u.chat, `forget-series:${next!.id}`));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe("🗑 Stopped: Take pills. It won't repeat any more.");
    expect((await tasksOfUser(u.id)).filter((t) => t.status !== "COMPLETED")).toEqual([]);
  });

  it("several matches get a button each, which leads to the question; none says where to look", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const mom = await taskAt(u.id, "Call mom", 1, "17:00");
    const dad = await taskAt(u.id, "Call dad", 2, "17:00");
    await postUpdate(textUpdate(u.chat, "cancel call"));
    expect(lastText(bot)).toBe("I found 2 open reminders like that. Which one?");
    expect(lastButtons(bot).map((row) => row.map((b) => [b.text, b.callback_data]))).toEqual([
      [["Call mom — Wed, Mar 9 at 5:00 PM", `forget-ask:${mom.id}`]],
      [["Call dad — Thu, Mar 10 at 5:00 PM", `forget-ask:${dad.id}`]],
    ]);
    await postUpdate(pressUpdate(u.chat, `forget-ask:${dad.id}`));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe('Delete "Call dad" (Thu, Mar 10 at 5:00 PM)?');

    await postUpdate(textUpdate(u.chat, "delete the gym"));
    expect(lastText(bot)).toBe(
      'I couldn\'t find an open reminder called "gym", so nothing changed. /list shows your next ones. If you meant a new reminder, add a time, like "delete the gym tomorrow at 9am".',
    );
    expect(await tasksOfUser(u.id)).toHaveLength(2);
  });

  it("a wish with a time is a reminder to do it; another account's reminder is never found or deleted", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const stranger = await linkedUser();
    const theirs = await taskAt(stranger.id, "Call the dentist", 1, "10:00");
    await postUpdate(textUpdate(u.chat, "cancel netflix on friday at 6pm"));
    expect(lastText(bot)).toMatch(/^Got it! I'll remind you to cancel netflix on Fri, Mar 11 at 6:00 PM\.$/);
    await postUpdate(textUpdate(u.chat, "cancel the dentist"));
    expect(lastText(bot)).toMatch(/^I couldn't find an open reminder called "dentist", so nothing changed\./);
    await postUpdate(pressUpdate(u.chat, `forget-delete:${theirs.id}`));
    expect(await taskRow(theirs.id)).toBeTruthy();
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe(BOT_TEXTS.gone);
    await postUpdate(pressUpdate(++chatSeq, `forget-delete:${theirs.id}`));
    expect(await taskRow(theirs.id)).toBeTruthy();
  });
});

/** A move button's data as the bot writes it: the task and the minute (since the epoch, base 36) it moves to. */
const moveTo = (taskId: string, at: string) => `move-to:${taskId}:${(Date.parse(at) / 60_000).toString(36)}`;

describe("moving a reminder by name (ADR 093)", () => {
  it("asks before moving: Keep it keeps it, Yes moves it to the time shown, at its own time of day when only a day is said", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const dentist = await taskAt(u.id, "Call the dentist", 1, "10:00");
    await postUpdate(textUpdate(u.chat, "move the dentist to friday"));
    expect(lastText(bot)).toBe('Move "Call the dentist" from Wed, Mar 9 at 10:00 AM to Fri, Mar 11 at 10:00 AM?');
    expect(lastButtons(bot).flat().map((b) => [b.text, b.callback_data])).toEqual([
      ["Yes, move it", moveTo(dentist.id, "2072-03-11T15:00:00Z")],
      ["Keep it", `forget-keep:${dentist.id}`],
    ]);
    // Nothing moves on words alone, and no reminder titled "Move the dentist" is made.
    expect((await taskRow(dentist.id))?.dueAt).toBe(Date.parse(dentist.dueDate));
    expect(await tasksOfUser(u.id)).toHaveLength(1);

    await postUpdate(pressUpdate(u.chat, `forget-keep:${dentist.id}`));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe("Good, I kept it: Call the dentist.");
    await postUpdate(pressUpdate(u.chat, moveTo(dentist.id, "2072-03-11T15:00:00Z")));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe(
      '📅 Moved "Call the dentist" to 10:00 AM on Friday, 11 March (America/New_York). We\'ll remind you then.',
    );
    expect(await taskRow(dentist.id)).toMatchObject({ status: "PENDING", dueAt: Date.parse("2072-03-11T15:00:00Z") });
    // The same press again: it is due then already, nothing changes.
    await postUpdate(pressUpdate(u.chat, moveTo(dentist.id, "2072-03-11T15:00:00Z")));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toMatch(/^"Call the dentist" is already due at 10:00 AM on Friday, 11 March/);
  });

  it("several matches get a button each saying where it would go; a time gone by, or a press after it, changes nothing", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const mom = await taskAt(u.id, "Call mom", 1, "17:00");
    const dad = await taskAt(u.id, "Call dad", 2, "17:00");
    await postUpdate(textUpdate(u.chat, "reschedule call to monday at 9am"));
    expect(lastText(bot)).toBe("I found 2 open reminders like that. Which one should I move?");
    // Monday 14 March is after the clocks change (13 March 2072): 9:00 AM is 13:00 UTC.
    expect(lastButtons(bot).map((row) => row.map((b) => [b.text, b.callback_data]))).toEqual([
      [["Call mom → Mon, Mar 14 at 9:00 AM", moveTo(mom.id, "2072-03-14T13:00:00Z")]],
      [["Call dad → Mon, Mar 14 at 9:00 AM", moveTo(dad.id, "2072-03-14T13:00:00Z")]],
    ]);
    await postUpdate(pressUpdate(u.chat, moveTo(dad.id, "2072-03-14T13:00:00Z")));
    expect(await taskRow(dad.id)).toMatchObject({ dueAt: Date.parse("2072-03-14T13:00:00Z") });
    expect((await taskRow(mom.id))?.dueAt).toBe(Date.parse(mom.dueDate));

    await postUpdate(textUpdate(u.chat, "move call mom to today at 8am"));
    expect(lastText(bot)).toBe('That time has already passed, so "Call mom" stays as it was. Name a day or time still to come, like "move it to friday".');
    // A weekday that is not the date's own (the 12th is a Saturday, and so is the next): asked, not guessed.
    await postUpdate(textUpdate(u.chat, "move call mom to friday the 12th"));
    expect(lastText(bot)).toBe('Mar 12 is a Saturday, not a Friday, so "Call mom" stays as it was. Say the day or the date you mean, like "move it to friday" or "move it to mar 12".');
    await postUpdate(textUpdate(u.chat, "dentist friday 12th at 10am"));
    expect(lastText(bot)).toBe('Mar 12 is a Saturday, not a Friday. Send it again with the day or the date you mean, like "on friday" or "on mar 12".');
    // A button for a minute that has gone by (an old message): refused with the reason.
    await postUpdate(pressUpdate(u.chat, moveTo(mom.id, "2072-03-08T14:00:00Z")));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe('That time has already passed, so "Call mom" stays as it was. Choose a day and time still to come.');
    expect((await taskRow(mom.id))?.dueAt).toBe(Date.parse(mom.dueDate));
  });

  it("with no open reminder of that name the words are a new reminder, as before; another account's reminder is never moved", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const stranger = await linkedUser();
    const theirs = await taskAt(stranger.id, "Book the gym", 1, "10:00");
    await postUpdate(textUpdate(u.chat, "postpone the gym membership until monday"));
    expect(lastText(bot)).toMatch(/^Got it! I'll remind you to postpone the gym membership on Mon, Mar 14 at 9:00 AM\.$/);
    await postUpdate(pressUpdate(u.chat, moveTo(theirs.id, "2072-03-11T15:00:00Z")));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe(BOT_TEXTS.gone);
    await postUpdate(pressUpdate(++chatSeq, moveTo(theirs.id, "2072-03-11T15:00:00Z")));
    expect((await taskRow(theirs.id))?.dueAt).toBe(Date.parse(theirs.dueDate));
  });
});

describe("a break from the chat (ADR 095)", () => {
  const breakOf = async (userId: string) => (await depsAt(ERA).deps.db.select({ breakUntil: users.breakUntil }).from(users).where(eq(users.id, userId)))[0]?.breakUntil;

  it("/pause offers the lengths; a press starts the break with End the break; /pause then says until when; 'resume' ends it", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "/pause"));
    expect(lastText(bot)).toBe(
      'Take a break? Until it ends I\'ll hold every reminder, then send one message with what waited. A task marked "Remind me even during quiet hours" still reminds you. Or write "pause until monday".',
    );
    expect(lastButtons(bot).map((row) => row.map((b) => [b.text, b.callback_data]))).toEqual([
      [["1 hour", "break:60"], ["3 hours", "break:180"]],
      [["Until tomorrow morning", "break:morning"]],
    ]);
    expect(await breakOf(u.id)).toBeNull();

    await postUpdate(pressUpdate(u.chat, "break:180"));
    const started = bot.callsOf("editMessageText").at(-1)!.payload;
    expect(started.text).toBe("🌙 You're on a break until 1:00 PM. I'm holding every reminder and will send one message when it ends.");
    expect(JSON.stringify(started.reply_markup)).toContain('"callback_data":"break:end"');
    expect(await breakOf(u.id)).toBe(ERA.getTime() + 180 * MINUTE);

    await postUpdate(textUpdate(u.chat, "/pause"));
    expect(lastText(bot)).toBe("🌙 You're on a break until 1:00 PM. I'm holding every reminder until then.");
    expect(lastButtons(bot).flat().map((b) => b.callback_data)).toEqual(["break:end"]);

    await postUpdate(textUpdate(u.chat, "resume"));
    expect(lastText(bot)).toBe("☀️ Your break is over. Anything that waited arrives now, as one message.");
    expect(await breakOf(u.id)).toBeNull();
    await postUpdate(pressUpdate(u.chat, "break:end"));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe("You're not on a break. Write /pause to take one.");
  });

  it("'take a break until monday' starts one at once (Monday 9:00 AM); too long or gone by changes nothing; 'take a break at 3pm' is a reminder", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "take a break until monday"));
    expect(lastText(bot)).toBe("🌙 You're on a break until 9:00 AM on Monday, 14 March. I'm holding every reminder and will send one message when it ends.");
    // Monday 14 March 2072 is after the clocks change (13 March): 9:00 AM is 13:00 UTC.
    expect(await breakOf(u.id)).toBe(Date.parse("2072-03-14T13:00:00Z"));
    await postUpdate(textUpdate(u.chat, "pause all reminders until March 1"));
    expect(lastText(bot)).toBe("A break lasts at most 30 days. For longer, pause or delete the reminders themselves.");
    expect(await breakOf(u.id)).toBe(Date.parse("2072-03-14T13:00:00Z"));
    await postUpdate(textUpdate(u.chat, "take a break at 3pm"));
    expect(lastText(bot)).toMatch(/^Got it! I'll remind you to take a break on Tue, Mar 8 at 3:00 PM\.$/);
    // Another chat's press changes nobody's break.
    await postUpdate(pressUpdate(++chatSeq, "break:end"));
    expect(await breakOf(u.id)).toBe(Date.parse("2072-03-14T13:00:00Z"));
  });

  it("'no reminders today', 'I'm on holiday until the 12th' start a break; 'I'm sick' offers one; none is a reminder (ADR 176)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    // It was "What time today?".
    await postUpdate(textUpdate(u.chat, "no reminders today please"));
    expect(lastText(bot)).toBe("🌙 You're on a break until 9:00 AM tomorrow. I'm holding every reminder and will send one message when it ends.");
    expect(await breakOf(u.id)).toBe(Date.parse("2072-03-09T14:00:00Z"));
    // It was a reminder titled "i'm on holiday" on the 12th at 9 AM.
    await postUpdate(textUpdate(u.chat, "I'm on holiday until the 12th"));
    expect(lastText(bot)).toBe("🌙 You're on a break until 9:00 AM on Saturday, 12 March. I'm holding every reminder and will send one message when it ends.");
    expect(await breakOf(u.id)).toBe(Date.parse("2072-03-12T14:00:00Z"));
    await postUpdate(textUpdate(u.chat, "resume"));
    await postUpdate(textUpdate(u.chat, "im sick today"));
    expect(lastText(bot)).toMatch(/^Take a break\? /);
    expect(lastButtons(bot).flat().map((b) => b.callback_data)).toEqual(["break:60", "break:180", "break:morning"]);
    expect(await breakOf(u.id)).toBeNull();
    expect(await tasksOfUser(u.id)).toEqual([]);
  });
});

describe("what is not text (a photo, a sticker, a voice message)", () => {
  /** A message of another kind than text, as Telegram sends it: `extra` holds its photo, sticker or voice. */
  function mediaUpdate(chat: number, extra: Record<string, unknown>) {
    const update = textUpdate(chat, "") as { message: Record<string, unknown> };
    delete update.message.text;
    Object.assign(update.message, extra);
    return update;
  }
  const photo = [{ file_id: "photo-1", file_unique_id: "p1", width: 640, height: 480 }];

  it("reads a photo's caption as the words of a reminder", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    expect((await postUpdate(mediaUpdate(u.chat, { photo, caption: "take this one at 9pm" }))).status).toBe(200);
    expect(lastText(bot)).toBe("Got it! I'll remind you to take this one on Tue, Mar 8 at 9:00 PM.");
    const [task] = await tasksOfUser(u.id);
    expect(task!.title).toBe("Take this one");
  });

  it("says it reads words only for a photo without a caption, a sticker or a voice message, and makes nothing", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const voice = { file_id: "voice-1", file_unique_id: "v1", duration: 3 };
    const sticker = { file_id: "sticker-1", file_unique_id: "s1", type: "regular", width: 512, height: 512, is_animated: false, is_video: false };
    for (const extra of [{ photo }, { voice }, { sticker }]) {
      await postUpdate(mediaUpdate(u.chat, extra));
      expect(lastText(bot)).toBe('I can read words only: a text message, or the caption under a photo. Write your reminder in words, like "call the dentist tomorrow at 10".');
    }
    expect(bot.callsOf("sendMessage")).toHaveLength(3);
    expect(await tasksOfUser(u.id)).toEqual([]);
  });
});

describe("courtesies", () => {
  it("thanks get a word back and a greeting a hello; nothing is created", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "thanks!"));
    expect(lastText(bot)).toBe("You're welcome! 🙂");
    await postUpdate(textUpdate(u.chat, "good morning"));
    expect(lastText(bot)).toBe('Hi Robin! Write me a reminder, like "call mom tomorrow at 5pm", or ask "what\'s on today?".');
    expect(await tasksOfUser(u.id)).toEqual([]);
  });

  it("'thank u', 'thanx', 'ta' are thanks (ADR 184: 'thank u' got \"I couldn't find a time in that\")", async () => {
    for (const text of ["thank u", "thanx!", "ta", "tyvm", "thank u so much"]) expect(courtesyOnly(text), text).toBe(text === "thank u so much" ? null : "thanks");
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "thank u"));
    expect(lastText(bot)).toBe("You're welcome! 🙂");
    await postUpdate(textUpdate(u.chat, "am i free tomorrow"));
    expect(lastText(bot)).toBe('Nothing is due tomorrow. Write me one any time, like "stretch at 3pm".');
    await postUpdate(textUpdate(u.chat, "i'm overwhelmed"));
    expect(lastText(bot)).toMatch(/^Take a break\? Until it ends I'll hold every reminder/);
    await postUpdate(textUpdate(u.chat, "mute for 2 hours"));
    expect(lastText(bot)).toMatch(/^🌙 You're on a break until 12:00 PM\./);
    expect(await tasksOfUser(u.id)).toEqual([]);
  });

  it("'good night' and 'bye' get a farewell, not a reminder titled 'good' at 9 PM (ADR 176)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "good night"));
    expect(lastText(bot)).toBe("Talk soon! I'll nudge you when it's time. 👋");
    await postUpdate(textUpdate(u.chat, "bye!"));
    expect(lastText(bot)).toBe("Talk soon! I'll nudge you when it's time. 👋");
    expect(await tasksOfUser(u.id)).toEqual([]);
    // "whats tomorrow look like" lists tomorrow, and makes nothing.
    await postUpdate(textUpdate(u.chat, "whats tomorrow look like"));
    expect(lastText(bot)).toBe('Nothing is due tomorrow. Write me one any time, like "stretch at 3pm".');
    expect(await tasksOfUser(u.id)).toEqual([]);
  });
});
