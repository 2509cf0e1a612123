/**
 * Telegram (issue 9), part 2: reminders made by chatting, the reminder's inline buttons, and the
 * engine's Telegram step (no email when it goes through; a blocked bot unlinks and falls back to
 * email; 429s are waited out or retried by the queue). Real grammY against the fake Bot API.
 * Era: 2071 (docs/testing.md); no tick runs here: steps are claimed by hand.
 */
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deliveries, tasks, users } from "../../db/schema";
import { ProviderError } from "../../worker/channels/errors";
import { botSettings } from "../../worker/channels/telegram";
import { telegramChannel } from "../../worker/channels/telegram/provider";
import { acknowledgeTask, completeTask, createTask } from "../../worker/services/tasks";
import { BOT_TEXTS } from "../../worker/services/telegram";
import { reactionAnswer } from "../../worker/services/reaction-answers";
import { expectConsoleError } from "./console-errors";
import { testDeps } from "./helpers";
import { depsAt, MINUTE, outboxTo, runStepByHand, stepsOf, taskRow, tasksOfUser, testEra } from "./escalation-helpers";
import { fakeTelegram, postUpdate, pressUpdate, reactionUpdate, TELEGRAM_ENV, telegramApi, textUpdate } from "./telegram/support";
import type { Env } from "../../worker/env";

const ERA = new Date("2071-03-10T12:00:00Z");
const { user } = testEra(ERA);
afterEach(() => vi.unstubAllGlobals());

let chatSeq = 717_000_000 + Math.floor(Math.random() * 1_000_000);
const newChat = () => ++chatSeq;
let day = 0;

async function linkedUser(options: { timezone?: string; strategy?: string } = {}) {
  const chat = newChat();
  const u = await user({ telegramChatId: String(chat), timezone: options.timezone, defaultEscalationStrategy: options.strategy ?? "gentle" });
  return { ...u, chat };
}

async function taskFor(userId: string, title = "Water the plants") {
  const due = new Date(ERA.getTime() + ++day * 24 * 60 * MINUTE).toISOString();
  return createTask(depsAt(ERA).deps, userId, { title, dueDate: due, strategy: "gentle" });
}

describe("reminders by chatting", () => {
  it("reads a message in the owner's own time zone and confirms title and local time", async () => {
    const bot = fakeTelegram();
    for (const zone of ["America/New_York", "Asia/Tokyo"]) {
      const u = await linkedUser({ timezone: zone });
      await postUpdate(textUpdate(u.chat, "take my pills tomorrow at 9"));
      const [task] = await tasksOfUser(u.id);
      expect(task?.title).toMatch(/take my pills/i);
      expect(task?.source).toBe("telegram");
      const local = DateTime.fromMillis(task!.dueAt, { zone });
      expect([local.hour, local.minute]).toEqual([9, 0]);
      expect(local.toISODate()).toBe(DateTime.fromJSDate(ERA, { zone }).plus({ days: 1 }).toISODate());
      const reply = String(bot.callsOf("sendMessage").at(-1)!.payload.text);
      // The title keeps the person's words; the answer says them back to them ("your pills").
      expect(reply).toMatch(/^Got it! I'll remind you .*take your pills.* at 9:00 AM\.$/i);
    }
  });

  it("a reply that fails after the reminder is made answers 200, so Telegram does not resend it and no second one is made", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const update = textUpdate(u.chat, "call the bank tomorrow at 10");
    bot.failNext(500, 1);
    const logged = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await postUpdate(update)).status).toBe(200);
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)).event)).toContain("telegram.reply_failed");
    logged.mockRestore();
    expect((await tasksOfUser(u.id)).map((t) => t.title)).toEqual(["Call the bank"]);
    // Had Telegram sent it again all the same (our 200 lost on the way), it is still handled once.
    expect((await postUpdate(update)).status).toBe(200);
    expect((await tasksOfUser(u.id)).map((t) => t.title)).toEqual(["Call the bank"]);
    expect(bot.callsOf("sendMessage")).toHaveLength(1);
  });

  it("says how to phrase it when there is no time, and creates nothing", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "buy milk"));
    expect(await tasksOfUser(u.id)).toEqual([]);
    expect(String(bot.callsOf("sendMessage")[0]!.payload.text)).toMatch(/^I couldn't find a time in that/);
  });

  it("says which repeat it cannot set, and creates nothing", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "renew my passport every few years at 9"));
    expect(await tasksOfUser(u.id)).toEqual([]);
    expect(String(bot.callsOf("sendMessage")[0]!.payload.text)).toMatch(/^I can't repeat a reminder "every few years"\. I can repeat one every day or every so many days /);
  });

  it("lists the next reminders on the owner's clock", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "Europe/Berlin" });
    await postUpdate(textUpdate(u.chat, "/list"));
    expect(bot.callsOf("sendMessage")[0]!.payload.text).toBe(BOT_TEXTS.listEmpty);
    const task = await taskFor(u.id, "Call the bank");
    await postUpdate(textUpdate(u.chat, "/list"));
    const due = DateTime.fromISO(task.dueDate).setZone("Europe/Berlin").setLocale("en-US").toFormat("h:mm a 'on' cccc, d LLLL");
    expect(bot.callsOf("sendMessage")[1]!.payload.text).toBe(`Your next reminders:\n• Call the bank — ${due} (Europe/Berlin)`);
  });

  it("tells an unverified owner to verify first", async () => {
    const bot = fakeTelegram();
    const chat = newChat();
    const u = await user({ telegramChatId: String(chat), isVerified: false });
    await postUpdate(textUpdate(chat, "call mom tomorrow at 5pm"));
    expect(bot.callsOf("sendMessage")[0]!.payload.text).toBe(BOT_TEXTS.unverified);
    expect(await tasksOfUser(u.id)).toEqual([]);
  });
});

describe("answers typed in the chat", () => {
  /** A reminder already due (created an hour before ERA, due `minutesAgo` before it). */
  const dueTask = (userId: string, title: string, minutesAgo: number) =>
    createTask(depsAt(ERA.getTime() - 60 * MINUTE).deps, userId, { title, dueDate: new Date(ERA.getTime() - minutesAgo * MINUTE).toISOString(), strategy: "gentle" });

  /** A text message that replies to a reminder message carrying that task's answer buttons. */
  function replyTo(chat: number, taskId: string, text: string) {
    const update = textUpdate(chat, text);
    const buttons = [["done", "snooze", "acknowledge"].map((answer) => ({ text: answer, callback_data: `${answer}:${taskId}` }))];
    return { ...update, message: { ...update.message, reply_to_message: { message_id: 7, date: update.message.date, chat: update.message.chat, text: "reminder", reply_markup: { inline_keyboard: buttons } } } };
  }

  it("'cancel it' in reply to a reminder asks about that one; with nothing replied to or waiting, asks which (ADR 100)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "UTC" });
    const pills = await dueTask(u.id, "Take pills", 30);
    const cat = await dueTask(u.id, "Feed the cat", 20);
    await postUpdate(replyTo(u.chat, cat.id, "cancel it"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toMatch(/^Delete "Feed the cat" \(/);
    expect(JSON.stringify(bot.callsOf("sendMessage").at(-1)!.payload.reply_markup)).toContain(`forget-delete:${cat.id}`);
    // Not replied to: the one waiting longest.
    await postUpdate(textUpdate(u.chat, "delete this"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toMatch(/^Delete "Take pills" \(/);
    // Nothing is deleted on words alone.
    expect((await tasksOfUser(u.id)).map((t) => t.id).sort()).toEqual([pills.id, cat.id].sort());
    const other = await linkedUser({ timezone: "UTC" });
    await postUpdate(textUpdate(other.chat, "cancel it"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe(BOT_TEXTS.forget.whichOne);
  });

  it("'Done ✅ thanks!' answers the reminder waiting longest (none was sent to the chat); a reply answers the reminder it replies to", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "UTC" });
    const oldest = await dueTask(u.id, "Take pills", 30);
    const middle = await dueTask(u.id, "Feed the cat", 20);
    const newest = await dueTask(u.id, "Post the letter", 10);
    // As phones send it: a tick emoji and a thank-you are not a new reminder to read.
    await postUpdate(textUpdate(u.chat, "Done ✅ thanks!"));
    expect((await taskRow(oldest.id))?.status).toBe("COMPLETED");
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("✅ Done: Take pills");
    await postUpdate(replyTo(u.chat, newest.id, "snooze 10"));
    expect(await taskRow(newest.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 10 * MINUTE });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 12:10 PM: Post the letter");
    expect((await taskRow(middle.id))?.status).toBe("PENDING");
    await postUpdate(textUpdate(u.chat, "ok"));
    expect((await taskRow(middle.id))?.status).toBe("ACKNOWLEDGED");
    expect(String(bot.callsOf("sendMessage").at(-1)!.payload.text)).toMatch(/^👍 Acknowledged: Feed the cat/);
    // Nothing left waiting (the snoozed one is not due yet).
    await postUpdate(textUpdate(u.chat, "done"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe(BOT_TEXTS.nothingOpen);
    expect(await tasksOfUser(u.id)).toHaveLength(3);
  });

  it("'snooze until tomorrow morning' snoozes until 9:00 AM on the owner's clock, and says the day", async () => {
    const bot = fakeTelegram();
    // ERA is 12:00 UTC, 1:00 PM in Berlin: the next morning is tomorrow's 9:00 (08:00 UTC).
    const u = await linkedUser({ timezone: "Europe/Berlin" });
    const task = await dueTask(u.id, "Call the bank", 10);
    await postUpdate(replyTo(u.chat, task.id, "Snooze until tomorrow morning, thanks"));
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: Date.parse("2071-03-11T08:00:00Z") });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 9:00 AM tomorrow: Call the bank");
  });

  it("'not today' in reply snoozes until the next morning, and 'in the shower' for the usual time (ADR 158)", async () => {
    const bot = fakeTelegram();
    // ERA is 12:00 UTC, 1:00 PM in Berlin: the next morning is tomorrow's 9:00 (08:00 UTC).
    const u = await linkedUser({ timezone: "Europe/Berlin" });
    const task = await dueTask(u.id, "Call the bank", 10);
    await postUpdate(replyTo(u.chat, task.id, "Not today, sorry"));
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: Date.parse("2071-03-11T08:00:00Z") });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 9:00 AM tomorrow: Call the bank");
    const other = await dueTask(u.id, "Take pills", 5);
    await postUpdate(replyTo(u.chat, other.id, "in the shower"));
    expect(await taskRow(other.id)).toMatchObject({ status: "SNOOZED" });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toMatch(/^😴 Snoozed until .+: Take pills$/);
    // Neither made a reminder.
    expect(await tasksOfUser(u.id)).toHaveLength(2);
  });

  it("'snooze until 7' snoozes until the nearer 7 o'clock on the owner's clock; 'snooze till 8:30am' as written; neither makes a reminder", async () => {
    const bot = fakeTelegram();
    // ERA is 12:00 UTC, 1:00 PM in Berlin: 'until 7' is 7:00 PM today (18:00 UTC).
    const u = await linkedUser({ timezone: "Europe/Berlin" });
    const task = await dueTask(u.id, "Call the bank", 10);
    await postUpdate(replyTo(u.chat, task.id, "snooze until 7"));
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: Date.parse("2071-03-10T18:00:00Z") });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 7:00 PM: Call the bank");
    // Not a reply: the one waiting (the snoozed one is not). 8:30 AM has gone by today, so tomorrow's.
    const other = await dueTask(u.id, "Pay the rent", 5);
    await postUpdate(textUpdate(u.chat, "Snooze till 8:30am please"));
    expect(await taskRow(other.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: Date.parse("2071-03-11T07:30:00Z") });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 8:30 AM tomorrow: Pay the rent");
    expect(await tasksOfUser(u.id)).toHaveLength(2);
    // Another day is not a snooze, and not a new reminder titled "Snooze": a move to that day (ADR 091).
    const third = await dueTask(u.id, "Book the flights", 3);
    await postUpdate(textUpdate(u.chat, "snooze until friday"));
    // Tuesday 10 March 2071, due 11:57 UTC = 12:57 PM in Berlin: Friday at 12:57 PM.
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe('Moved "Book the flights" to 12:57 PM on Friday, 13 March (Europe/Berlin). We\'ll remind you then.');
    expect(await taskRow(third.id)).toMatchObject({ status: "PENDING", snoozedUntil: null, dueAt: Date.parse("2071-03-13T11:57:00Z") });
    expect(await tasksOfUser(u.id)).toHaveLength(3);
  });

  it("a reminder ahead of the moment named is due that much earlier, and the reply says what it is ahead of", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "Europe/Berlin" });
    await postUpdate(textUpdate(u.chat, "dentist friday at 2pm, remind me the day before"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("Got it! I'll remind you about dentist on Thu, Mar 12 at 2:00 PM (the day before Fri, Mar 13 at 2:00 PM).");
    const made = (await tasksOfUser(u.id)).find((t) => t.title === "Dentist");
    // 2:00 PM in Berlin (UTC+1 in March) on Thursday the 12th.
    expect(made?.dueAt).toBe(Date.parse("2071-03-12T13:00:00Z"));
  });

  it("a time to beat is due an hour ahead of it, and the title keeps it for every nudge (ADR 130)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "Europe/Berlin" });
    // 1:00 PM in Berlin: 5 PM is four hours away.
    await postUpdate(textUpdate(u.chat, "call the bank before 5pm"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("Got it! I'll remind you to call the bank before 5pm on Tue, Mar 10 at 4:00 PM (an hour before 5:00 PM).");
    const made = (await tasksOfUser(u.id)).find((t) => t.title === "Call the bank before 5pm");
    expect(made?.dueAt).toBe(Date.parse("2071-03-10T15:00:00Z"));
  });

  it("Mother's Day is the day of the person's own country (ADR 133): Mothering Sunday in London, May in Berlin", async () => {
    const bot = fakeTelegram();
    const london = await linkedUser({ timezone: "Europe/London" });
    await postUpdate(textUpdate(london.chat, "call mum on mothers day at 10"));
    // Easter 2071 is April 19th; Mothering Sunday three weeks before.
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("Got it! I'll remind you to call mum on Sun, Mar 29 at 10:00 AM.");
    const berlin = await linkedUser({ timezone: "Europe/Berlin" });
    await postUpdate(textUpdate(berlin.chat, "call mum on mothers day at 10"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("Got it! I'll remind you to call mum on Sun, May 10 at 10:00 AM.");
    expect((await tasksOfUser(berlin.id)).find((t) => t.title === "Call mum")?.dueAt).toBe(Date.parse("2071-05-10T08:00:00Z"));
    // A repeat on a day Easter sets is refused, and nothing is made.
    await postUpdate(textUpdate(london.chat, "every mothers day call mum"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe(
      `I can't repeat a reminder on Mother's Day: its date moves with Easter each year. Set this year's, like "on mother's day at 10am", and next year's when it comes.`,
    );
    expect(await tasksOfUser(london.id)).toHaveLength(1);
  });

  it("'same time tomorrow' in reply to a reminder moves it to tomorrow at its own time of day, not the time of the reply", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "Europe/Berlin" });
    // Due 40 minutes before ERA (12:00 UTC): 12:20 PM in Berlin; the reply comes at 1:00 PM.
    const task = await dueTask(u.id, "Water the plants", 40);
    await postUpdate(replyTo(u.chat, task.id, "same time tomorrow"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe('Moved "Water the plants" to 12:20 PM on Wednesday, 11 March (Europe/Berlin). We\'ll remind you then.');
    expect(await taskRow(task.id)).toMatchObject({ status: "PENDING", dueAt: Date.parse("2071-03-11T11:20:00Z") });
    await postUpdate(replyTo(u.chat, task.id, "this time next week please"));
    expect(await taskRow(task.id)).toMatchObject({ dueAt: Date.parse("2071-03-17T11:20:00Z") });
    // A new reminder said that way still takes the time it is now.
    await postUpdate(textUpdate(u.chat, "same time tomorrow call the landlord"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("Got it! I'll remind you to call the landlord on Wed, Mar 11 at 1:00 PM.");
    const made = (await tasksOfUser(u.id)).find((t) => t.title === "Call the landlord");
    expect(made?.dueAt).toBe(Date.parse("2071-03-11T12:00:00Z"));
  });

  it("'move it to friday' moves the reminder replied to, or the last one sent; a reminder that mentions moving is still made", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "UTC" });
    const older = await dueTask(u.id, "Renew the permit", 30);
    const newer = await dueTask(u.id, "Call the plumber", 10);
    // A reply to the older reminder's message moves that one, at the time said; acknowledged, it is open again there.
    await acknowledgeTask(depsAt(ERA.getTime()).deps, u.id, older.id);
    await postUpdate(replyTo(u.chat, older.id, "Move it to tomorrow at 4pm"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe('Moved "Renew the permit" to 4:00 PM on Wednesday, 11 March (UTC). We\'ll remind you then.');
    expect(await taskRow(older.id)).toMatchObject({ status: "PENDING", acknowledgedAt: null, dueAt: Date.parse("2071-03-11T16:00:00Z") });
    expect((await taskRow(newer.id))?.dueAt).toBe(ERA.getTime() - 10 * MINUTE);
    // A repeat moved to another time of day says its repeats follow.
    const daily = await createTask(depsAt(ERA.getTime() - 60 * MINUTE).deps, u.id, {
      title: "Stretch",
      dueDate: new Date(ERA.getTime() - 5 * MINUTE).toISOString(),
      recurrence: { freq: "daily" },
    });
    await postUpdate(replyTo(u.chat, daily.id, "postpone until tonight"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe('Moved "Stretch" to 9:00 PM on Tuesday, 10 March (UTC). We\'ll remind you then. From then on it repeats at 9:00 PM.');
    // A date without a year that has gone by is next year's, as for a new reminder (nl/schedule.ts).
    await postUpdate(replyTo(u.chat, newer.id, "move it to March 9 at 5pm"));
    expect((await taskRow(newer.id))?.dueAt).toBe(Date.parse("2072-03-09T17:00:00Z"));
    // Only a day or a time answers the reminder replied to (ADR 094), or without a reply the one waiting; with
    // none waiting it makes nothing and says what is missing.
    await postUpdate(replyTo(u.chat, newer.id, "in 2 hours"));
    expect(await taskRow(newer.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 120 * MINUTE });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 2:00 PM: Call the plumber");
    const waiting = await dueTask(u.id, "Sign the form", 2);
    await postUpdate(textUpdate(u.chat, "7pm"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 7:00 PM: Sign the form");
    expect(await taskRow(waiting.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: Date.parse("2071-03-10T19:00:00Z") });
    const before = (await tasksOfUser(u.id)).length;
    await postUpdate(textUpdate(u.chat, "friday at 10am"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toMatch(/^I found the time, but not what to remind you about\./);
    expect(await tasksOfUser(u.id)).toHaveLength(before);
    // Longer words that only mention moving are a new reminder, as before.
    await postUpdate(textUpdate(u.chat, "move the car to the garage on friday at 9am"));
    const made = (await tasksOfUser(u.id)).find((task) => task.title.toLowerCase().includes("car"));
    expect(made).toMatchObject({ dueAt: Date.parse("2071-03-13T09:00:00Z") });
  });

  it("'wait 20', 'give me 10' and 'busy, 30 mins' snooze the reminder waiting for those minutes (ADR 139)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "UTC" });
    const waiting = await dueTask(u.id, "Sign the form", 2);
    // "wait 20" was a correction to 8 PM ("at 20"): the reminder moved to the evening.
    await postUpdate(textUpdate(u.chat, "wait 20"));
    expect(await taskRow(waiting.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 20 * MINUTE });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 12:20 PM: Sign the form");
    const other = await dueTask(u.id, "Call the bank", 1);
    await postUpdate(textUpdate(u.chat, "busy, 30 mins"));
    expect(await taskRow(other.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 30 * MINUTE });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 12:30 PM: Call the bank");
    // "remind me in 20" (ADR 191): minutes, as the buttons count; it asked 'Is "in 20" minutes or hours?'.
    const third = await dueTask(u.id, "Water the plants", 1);
    await postUpdate(textUpdate(u.chat, "remind me in 20"));
    expect(await taskRow(third.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 20 * MINUTE });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 12:20 PM: Water the plants");
    // With nothing waiting it is still asked, and nothing is made.
    const { deps } = depsAt(ERA.getTime());
    for (const task of [waiting, other, third]) await completeTask(deps, u.id, task.id);
    await postUpdate(textUpdate(u.chat, "in 20"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe('Is "in 20" minutes or hours? Add one, like "in 20 minutes" or "in 20 hours".');
    expect(await tasksOfUser(u.id)).toHaveLength(3);
  });

  it("'snooze it', 'snooze a few mins', 'snooze 2 days' and 'I've done it' answer the reminder waiting; none makes a reminder (ADR 171)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "UTC" });
    const first = await dueTask(u.id, "Sign the form", 3);
    // Our own messages say "Snooze it for 30 minutes": said back, it was no answer and a new reminder was tried.
    await postUpdate(textUpdate(u.chat, "snooze it"));
    expect(await taskRow(first.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 30 * MINUTE });
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("😴 Snoozed until 12:30 PM: Sign the form");
    const second = await dueTask(u.id, "Call the bank", 2);
    await postUpdate(textUpdate(u.chat, "snooze a few mins"));
    expect(await taskRow(second.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 3 * MINUTE });
    const third = await dueTask(u.id, "Water the plants", 1);
    await postUpdate(textUpdate(u.chat, "snooze 2 days"));
    // More than a day is a move, at the same time of day: it was a snooze of one day.
    expect(await taskRow(third.id)).toMatchObject({ status: "PENDING", snoozedUntil: null, dueAt: ERA.getTime() - MINUTE + 2 * 24 * 60 * MINUTE });
    // Our messages say "Mark it done when you're finished"; "I've done it" was no answer either.
    const fourth = await dueTask(u.id, "Post the letter", 1);
    await postUpdate(textUpdate(u.chat, "I've done it"));
    expect((await taskRow(fourth.id))?.status).toBe("COMPLETED");
    expect(await tasksOfUser(u.id)).toHaveLength(4);
  });

  it("without a reply, 'done' answers the reminder sent to the chat last, not the one waiting longest", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "UTC" });
    const older = await dueTask(u.id, "Take pills", 30);
    const newer = await dueTask(u.id, "Feed the cat", 10);
    const [ping] = await stepsOf(newer.id);
    const { deps } = depsAt(ERA.getTime() - MINUTE);
    const telegram = telegramChannel(botSettings({ ...deps.env, ...TELEGRAM_ENV } as Env)!, { db: deps.db, clock: deps.clock });
    await runStepByHand(ping!.id, ERA.getTime() - MINUTE, { telegram });
    expect(String(bot.callsOf("sendMessage").at(-1)!.payload.text)).toContain("Feed the cat");
    await postUpdate(textUpdate(u.chat, "done"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("✅ Done: Feed the cat");
    expect((await taskRow(older.id))?.status).toBe("PENDING");
    await postUpdate(textUpdate(u.chat, "done"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("✅ Done: Take pills");
  });

  /**
   * "File the taxes" acknowledged, then checked back on in the chat (issue 13) while "Take pills" waits
   * (its reminders went elsewhere). The chat was last asked about the taxes.
   */
  async function checkedBackWhilePillsWait() {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "UTC" });
    const taxes = await createTask(depsAt(ERA.getTime() - 300 * MINUTE).deps, u.id, { title: "File the taxes", dueDate: new Date(ERA.getTime() - 240 * MINUTE).toISOString(), strategy: "standard" });
    const pills = await dueTask(u.id, "Take pills", 10);
    await acknowledgeTask(depsAt(ERA.getTime() - 200 * MINUTE).deps, u.id, taxes.id);
    const [checkIn] = await stepsOf(taxes.id, { kind: "check_back" });
    await runStepByHand(checkIn!.id, checkIn!.dueAt, { telegram: telegramChannel(botSettings({ ...testDeps().env, ...TELEGRAM_ENV } as Env)!, depsAt(checkIn!.dueAt).deps) });
    expect(bot.sent.at(-1)?.text).toBe("👋 Checking in: File the taxes. You acknowledged it earlier. Is it done yet?");
    return { bot, u, taxes, pills };
  }

  it("'done' after a check-back answers the task it asked about, not another reminder that waits", async () => {
    const { bot, u, taxes, pills } = await checkedBackWhilePillsWait();
    await postUpdate(textUpdate(u.chat, "done"));
    // Before: the check-back's task was not "waiting" (acknowledged), so the pills were marked taken.
    expect((await taskRow(taxes.id))?.status).toBe("COMPLETED");
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("✅ Done: File the taxes");
  });

  it("a lone 'Yes!' answers a check-back's 'Is it done yet?'; to a reminder that only waits it is no answer", async () => {
    const { bot, u, taxes, pills } = await checkedBackWhilePillsWait();
    await postUpdate(textUpdate(u.chat, "Yes!"));
    expect((await taskRow(taxes.id))?.status).toBe("COMPLETED");
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe("✅ Done: File the taxes");
    // Nothing checked back any more: "yes" may only mean "I saw it", so the pills stay as they are.
    await postUpdate(textUpdate(u.chat, "yes"));
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
  });

  it("a longer message is a new reminder, and a reply naming another account's task changes nothing", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const stranger = await linkedUser();
    const theirs = await dueTask(stranger.id, "Their task", 5);
    await postUpdate(textUpdate(u.chat, "done with the report tomorrow at 5pm"));
    expect((await tasksOfUser(u.id)).map((t) => t.title)).toEqual(["Done with the report"]);
    await postUpdate(replyTo(u.chat, theirs.id, "done"));
    expect((await taskRow(theirs.id))?.status).toBe("PENDING");
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe(BOT_TEXTS.gone);
  });
});

describe("the reminder's buttons", () => {
  it("Done completes the task, edits the message, and a second press says it is already done", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const task = await taskFor(u.id);
    await postUpdate(pressUpdate(u.chat, `done:${task.id}`));
    expect((await taskRow(task.id))?.status).toBe("COMPLETED");
    expect(bot.callsOf("answerCallbackQuery")[0]!.payload.text).toBe('"Water the plants" is done. Well done!');
    expect(bot.callsOf("editMessageText")[0]!.payload.text).toBe("✅ Done: Water the plants");
    await postUpdate(pressUpdate(u.chat, `done:${task.id}`));
    expect(bot.callsOf("editMessageText")[1]!.payload.text).toBe(BOT_TEXTS.alreadyDone("Water the plants"));
  });

  it("after Done, the message keeps one button, Not done yet: it opens the task again, and a second press says it is open", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const task = await taskFor(u.id);
    await postUpdate(pressUpdate(u.chat, `done:${task.id}`));
    expect(bot.callsOf("editMessageText")[0]!.payload.reply_markup).toEqual({ inline_keyboard: [[{ text: "↩️ Not done yet", callback_data: `reopen:${task.id}` }]] });
    await postUpdate(pressUpdate(u.chat, `reopen:${task.id}`));
    expect(await taskRow(task.id)).toMatchObject({ status: "PENDING", completedAt: null });
    expect((await stepsOf(task.id)).filter((s) => s.state !== "cancelled").map((s) => s.state)).toEqual(["pending", "waiting", "waiting"]);
    const reopened = bot.callsOf("editMessageText")[1]!.payload;
    // Due tomorrow: the reminders come at its time. The message's buttons are gone; the next reminder brings its own.
    expect(reopened.text).toBe("↩️ Open again: Water the plants. I'll remind you when it's due.");
    expect(reopened.reply_markup).toBeUndefined();
    expect(bot.callsOf("answerCallbackQuery")[1]!.payload.text).toBe("↩️ Open again: Water the plants. I'll remind you when it's due.");
    await postUpdate(pressUpdate(u.chat, `reopen:${task.id}`));
    expect(bot.callsOf("editMessageText")[2]!.payload.text).toBe("This one is still open: Water the plants. I'll keep reminding you.");
    expect((await stepsOf(task.id)).filter((s) => s.state !== "cancelled")).toHaveLength(3);
    // Another account's chat cannot open it (done again first).
    await postUpdate(pressUpdate(u.chat, `done:${task.id}`));
    const stranger = await linkedUser();
    await postUpdate(pressUpdate(stranger.chat, `reopen:${task.id}`));
    expect((await taskRow(task.id))?.status).toBe("COMPLETED");
    expect(bot.callsOf("answerCallbackQuery").at(-1)!.payload.text).toBe(BOT_TEXTS.gone);
  });

  it("Snooze snoozes 30 minutes and shows until when on the owner's clock", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "America/Los_Angeles" });
    const task = await taskFor(u.id);
    await postUpdate(pressUpdate(u.chat, `snooze:${task.id}`));
    const row = await taskRow(task.id);
    expect(row?.status).toBe("SNOOZED");
    expect(row?.snoozedUntil).toBe(ERA.getTime() + 30 * MINUTE);
    const until = DateTime.fromMillis(ERA.getTime() + 30 * MINUTE, { zone: "America/Los_Angeles" }).setLocale("en-US").toFormat("h:mm a");
    expect(bot.callsOf("editMessageText")[0]!.payload.text).toBe(`😴 Snoozed until ${until}: Water the plants`);
  });

  it("Other snooze times swaps the buttons for 10 min, 1 hour, 3 hours and Tomorrow morning; a time snoozes for it, Back brings the answers back", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser({ timezone: "Europe/Berlin" });
    const task = await taskFor(u.id);
    const keyboardOf = (call: { payload: Record<string, unknown> }) =>
      (call.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }).inline_keyboard.map((row) => row.map((b) => [b.text, b.callback_data]));
    await postUpdate(pressUpdate(u.chat, `later:${task.id}`));
    expect(bot.callsOf("answerCallbackQuery")[0]!.payload.text).toBe('Pick a time below, or write one, like "snooze until 7pm" (or "move it to friday" for another day).');
    expect(keyboardOf(bot.callsOf("editMessageReplyMarkup")[0]!)).toEqual([
      [["10 min", `snooze-for:10:${task.id}`], ["1 hour", `snooze-for:60:${task.id}`], ["3 hours", `snooze-for:180:${task.id}`]],
      [["Tomorrow morning", `snooze-for:morning:${task.id}`]],
      [["← Back", `back:${task.id}`]],
    ]);
    // Showing the times changes nothing.
    expect((await taskRow(task.id))?.status).toBe("PENDING");
    await postUpdate(pressUpdate(u.chat, `back:${task.id}`));
    expect(keyboardOf(bot.callsOf("editMessageReplyMarkup")[1]!)).toEqual([
      [["Done", `done:${task.id}`], ["Snooze 30 min", `snooze:${task.id}`], ["Acknowledge", `acknowledge:${task.id}`]],
      [["⏰ Other snooze times", `later:${task.id}`]],
    ]);

    // ERA is 12:00 UTC, 1:00 PM in Berlin: 1 hour is 2:00 PM.
    await postUpdate(pressUpdate(u.chat, `snooze-for:60:${task.id}`));
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 60 * MINUTE });
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe("😴 Snoozed until 2:00 PM: Water the plants");
    expect(bot.callsOf("answerCallbackQuery").at(-1)!.payload.text).toBe('Snoozed. We\'ll remind you about "Water the plants" again in 1 hour.');
    await postUpdate(pressUpdate(u.chat, `snooze-for:morning:${task.id}`));
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: Date.parse("2071-03-11T08:00:00Z") });
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe("😴 Snoozed until 9:00 AM tomorrow: Water the plants");

    // A time not offered, and another account's chat, change nothing.
    const edits = bot.callsOf("editMessageText").length;
    await postUpdate(pressUpdate(u.chat, `snooze-for:45:${task.id}`));
    expect(bot.callsOf("editMessageText")).toHaveLength(edits);
    const stranger = await linkedUser();
    await postUpdate(pressUpdate(stranger.chat, `snooze-for:10:${task.id}`));
    expect(bot.callsOf("answerCallbackQuery").at(-1)!.payload.text).toBe(BOT_TEXTS.gone);
    expect(await taskRow(task.id)).toMatchObject({ snoozedUntil: Date.parse("2071-03-11T08:00:00Z") });
  });

  it("Acknowledge stops the reminders and keeps the task open; done elsewhere first, a press says so", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const task = await taskFor(u.id);
    await postUpdate(pressUpdate(u.chat, `acknowledge:${task.id}`));
    expect((await taskRow(task.id))?.status).toBe("ACKNOWLEDGED");
    expect(String(bot.callsOf("editMessageText")[0]!.payload.text)).toMatch(/^👍 Acknowledged: Water the plants/);
    const second = await taskFor(u.id, "Pay rent");
    await testDeps().db.update(tasks).set({ status: "COMPLETED", completedAt: ERA.getTime() }).where(eq(tasks.id, second.id));
    await postUpdate(pressUpdate(u.chat, `snooze:${second.id}`));
    expect((await taskRow(second.id))?.status).toBe("COMPLETED");
    expect(bot.callsOf("editMessageText")[1]!.payload.text).toBe(BOT_TEXTS.alreadyDone("Pay rent"));
  });

  it("leaves another account's task alone, and an unlinked chat's press changes nothing", async () => {
    const bot = fakeTelegram();
    const owner = await linkedUser();
    const stranger = await linkedUser();
    const task = await taskFor(owner.id);
    await postUpdate(pressUpdate(stranger.chat, `done:${task.id}`));
    await postUpdate(pressUpdate(newChat(), `done:${task.id}`));
    await postUpdate(pressUpdate(stranger.chat, "done:not-a-task"));
    expect((await taskRow(task.id))?.status).toBe("PENDING");
    expect(bot.callsOf("answerCallbackQuery").map((c) => c.payload.text)).toEqual([BOT_TEXTS.gone, BOT_TEXTS.notYours, undefined]);
  });
});

describe("the engine's Telegram step", () => {
  const realTelegram = (at: number, env: Partial<Env> = TELEGRAM_ENV) => {
    const { deps } = depsAt(at);
    return telegramChannel(botSettings({ ...deps.env, ...env } as Env)!, { db: deps.db, clock: deps.clock });
  };

  /** A linked person's reminder, its first step sent by the engine to their chat through the fake Bot API. */
  async function sentReminder(title: string) {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const task = await taskFor(u.id, title);
    const [step] = await stepsOf(task.id);
    await runStepByHand(step!.id, step!.dueAt, { telegram: realTelegram(step!.dueAt) });
    return { bot, u, task, sent: bot.sent[0]! };
  }

  it("sends the reminder with Done / Snooze / Acknowledge buttons and no email", async () => {
    const { u, task, sent } = await sentReminder("Stretch");
    expect(sent?.chatId).toBe(String(u.chat));
    expect(sent?.text).toMatch(/^⏰ Stretch \(due /);
    const buttons = (sent?.replyMarkup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }).inline_keyboard.flat();
    expect(buttons).toEqual([
      { text: "Done", callback_data: `done:${task.id}` },
      { text: "Snooze 30 min", callback_data: `snooze:${task.id}` },
      { text: "Acknowledge", callback_data: `acknowledge:${task.id}` },
      { text: "⏰ Other snooze times", callback_data: `later:${task.id}` },
    ]);
    expect(await outboxTo(u.email, "email")).toEqual([]);
    const rows = await testDeps().db.select().from(deliveries).where(eq(deliveries.taskId, task.id));
    expect(rows.find((r) => r.channel === "telegram")?.status).toBe("sent");
  });

  it("marked done anywhere (here through the API), its message in the chat says so, Not done yet in place of its buttons (ADR 116)", async () => {
    const { bot, u, task, sent } = await sentReminder("Stretch");
    const edits = () => bot.callsOf("editMessageText").map((call) => call.payload);

    expect((await telegramApi(`/v1/tasks/${task.id}/done`, "POST", u.token)).status).toBe(200);
    expect(edits()).toEqual([
      { chat_id: String(u.chat), message_id: sent.messageId, text: "✅ Done: Stretch", reply_markup: { inline_keyboard: [[{ text: "↩️ Not done yet", callback_data: `reopen:${task.id}` }]] } },
    ]);
    // Done again changes nothing, and asks nothing of Telegram.
    expect((await telegramApi(`/v1/tasks/${task.id}/done`, "POST", u.token)).status).toBe(200);
    expect(edits()).toHaveLength(1);
  });

  it("a Done pressed under the reminder: the message says it once, and the press is answered without an alert", async () => {
    const { bot, u, task, sent } = await sentReminder("Pay rent");
    await postUpdate(pressUpdate(u.chat, `done:${task.id}`, sent.messageId));
    expect((await taskRow(task.id))?.status).toBe("COMPLETED");
    expect(bot.callsOf("answerCallbackQuery").map((call) => call.payload)).toEqual([expect.objectContaining({ text: '"Pay rent" is done. Well done!' })]);
    // The done rewrote it; the press's own edit of the same words was refused by Telegram as "not modified", which is fine.
    const edits = bot.callsOf("editMessageText").map((call) => call.payload);
    expect(edits.map((edit) => [edit.message_id, edit.text])).toEqual([
      [sent.messageId, "✅ Done: Pay rent"],
      [sent.messageId, "✅ Done: Pay rent"],
    ]);
  });

  it("a reaction on the reminder answers it (ADR 119): 👍 OK, 😴 snooze, 💯 done, each rewriting the message as its button does", async () => {
    const { bot, u, task, sent } = await sentReminder("Take pills");
    const edits = () => bot.callsOf("editMessageText").map((call) => [call.payload.message_id, call.payload.text, call.payload.reply_markup ?? null]);

    expect((await postUpdate(reactionUpdate(u.chat, sent.messageId, ["👍"]))).status).toBe(200);
    expect((await taskRow(task.id))?.status).toBe("ACKNOWLEDGED");
    expect(edits()).toEqual([[sent.messageId, expect.stringMatching(/^👍 Acknowledged: Take pills/), null]]);

    // Changing the reaction: Telegram sends the whole reaction before and after; the one added is the answer.
    await postUpdate(reactionUpdate(u.chat, sent.messageId, ["😴"], ["👍"]));
    const snoozed = await taskRow(task.id);
    expect(snoozed?.status).toBe("SNOOZED");
    expect(snoozed?.snoozedUntil).toBeGreaterThan(Date.now() + 29 * MINUTE);
    expect(edits()[1]).toEqual([sent.messageId, expect.stringMatching(/^😴 Snoozed until .+: Take pills$/), null]);

    await postUpdate(reactionUpdate(u.chat, sent.messageId, ["💯"], ["😴"]));
    expect((await taskRow(task.id))?.status).toBe("COMPLETED");
    // The done rewrote the message with Not done yet (ADR 116); the reaction's own edit of the same words was refused as unchanged.
    const notDoneYet = { inline_keyboard: [[{ text: "↩️ Not done yet", callback_data: `reopen:${task.id}` }]] };
    expect(edits().slice(2)).toEqual([
      [sent.messageId, "✅ Done: Take pills", notDoneYet],
      [sent.messageId, "✅ Done: Take pills", notDoneYet],
    ]);
    // Done, a 👍 or 😴 on it is thanks: the message keeps its "Not done yet", the task stays done.
    await postUpdate(reactionUpdate(u.chat, sent.messageId, ["👍"], ["💯"]));
    await postUpdate(reactionUpdate(u.chat, sent.messageId, ["😴"], ["👍"]));
    expect((await taskRow(task.id))?.status).toBe("COMPLETED");
    expect(edits()).toHaveLength(4);
    expect(bot.callsOf("sendMessage")).toHaveLength(1);
  });

  it("a reaction that is no answer, taken back, on another message, from another chat or on a week-old reminder changes nothing and says nothing", async () => {
    const { bot, u, task, sent } = await sentReminder("Call the bank");
    const stranger = await linkedUser();
    await postUpdate(reactionUpdate(u.chat, sent.messageId, ["❤"]));
    await postUpdate(reactionUpdate(u.chat, sent.messageId, ["🔥", "🎉"]));
    await postUpdate(reactionUpdate(u.chat, sent.messageId, [], ["💯"]));
    await postUpdate(reactionUpdate(u.chat, sent.messageId + 1, ["💯"]));
    await postUpdate(reactionUpdate(stranger.chat, sent.messageId, ["💯"]));
    await postUpdate(reactionUpdate(newChat(), sent.messageId, ["💯"]));
    expect((await taskRow(task.id))?.status).toBe("PENDING");

    // Sent eight days ago: its buttons still answer, a reaction no longer does.
    await testDeps().db.update(deliveries).set({ createdAt: Date.now() - 8 * 24 * 60 * MINUTE }).where(eq(deliveries.taskId, task.id));
    await postUpdate(reactionUpdate(u.chat, sent.messageId, ["💯"]));
    expect((await taskRow(task.id))?.status).toBe("PENDING");
    expect(bot.callsOf("editMessageText")).toEqual([]);
    expect(bot.callsOf("sendMessage")).toHaveLength(1);
  });

  it("reads the newest answering emoji of a reaction; feelings are no answer", () => {
    expect(reactionAnswer(["👍", "💯"])).toBe("done");
    expect(reactionAnswer(["💯", "❤", "😴"])).toBe("snooze");
    expect(reactionAnswer(["🫡"])).toBe("acknowledge");
    expect(reactionAnswer(["❤", "🔥", "😢"])).toBeNull();
    expect(reactionAnswer([])).toBeNull();
  });

  it("a blocked bot unlinks the chat and the step reaches the person by email instead", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    bot.blocked.add(String(u.chat));
    expectConsoleError(/delivery\.permanent_failure.*bot was blocked by the user/);
    const task = await taskFor(u.id, "Take out the bins");
    const [step] = await stepsOf(task.id);
    await runStepByHand(step!.id, step!.dueAt, { telegram: realTelegram(step!.dueAt) });
    const [row] = await testDeps().db.select({ chat: users.telegramChatId }).from(users).where(eq(users.id, u.id));
    expect(row?.chat).toBeNull();
    const emails = await outboxTo(u.email, "email");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("Take out the bins");
    expect(bot.callsOf("sendMessage")).toHaveLength(1);
  });

  it("waits out a short 429 and sends once", async () => {
    const bot = fakeTelegram();
    bot.failNext(429, 1, 1);
    const sent = await realTelegram(Date.now()).send({ to: "12345", text: "hello" });
    expect(sent.providerMessageId).toMatch(/^telegram:12345:\d+$/);
    expect(bot.callsOf("sendMessage")).toHaveLength(2);
    expect(bot.sent).toHaveLength(1);
  });

  it("leaves a long 429 and a 5xx to the queue's retries (transient), and a bad request is refused for good", async () => {
    const bot = fakeTelegram();
    bot.failNext(429, 1, 120);
    const long = await realTelegram(Date.now()).send({ to: "12345", text: "hello" }).catch((e: unknown) => e);
    expect(long).toBeInstanceOf(ProviderError);
    expect(long).toMatchObject({ kind: "transient", retryAfterMs: 120_000 });
    bot.failNext(500, 1);
    const outage = await realTelegram(Date.now()).send({ to: "12345", text: "hello" }).catch((e: unknown) => e);
    expect(outage).toMatchObject({ kind: "transient" });
    const empty = await realTelegram(Date.now()).send({ to: "12345", text: " " }).catch((e: unknown) => e);
    expect(empty).toMatchObject({ kind: "permanent", reason: "Telegram refused the message: Bad Request: message text is empty" });
    expect(bot.sent).toEqual([]);
  });
});

it("a check-in after an Acknowledge asks in Telegram whether it is done, with the same buttons", async () => {
  const bot = fakeTelegram();
  const u = await linkedUser({ strategy: "standard" });
  const due = new Date(ERA.getTime() + ++day * 24 * 60 * MINUTE).toISOString();
  const task = await createTask(depsAt(ERA).deps, u.id, { title: "File the taxes", dueDate: due, strategy: "standard" });
  await postUpdate(pressUpdate(u.chat, `acknowledge:${task.id}`));
  const [checkIn] = await stepsOf(task.id, { kind: "check_back" });
  expect(checkIn).toBeDefined();
  await runStepByHand(checkIn!.id, checkIn!.dueAt, { telegram: telegramChannel(botSettings({ ...testDeps().env, ...TELEGRAM_ENV } as Env)!, depsAt(checkIn!.dueAt).deps) });
  const [sent] = bot.sent;
  expect(sent?.text).toBe("👋 Checking in: File the taxes. You acknowledged it earlier. Is it done yet?");
  expect((sent?.replyMarkup as { inline_keyboard: Array<Array<{ callback_data: string }>> }).inline_keyboard[0]!.map((b) => b.callback_data)).toEqual([
    `done:${task.id}`,
    `snooze:${task.id}`,
    `acknowledge:${task.id}`,
  ]);
});
