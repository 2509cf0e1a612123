/**
 * Telegram (ADR 104): the chat after a reminder is made. Its confirmation carries "↩️ Undo"; "make it 8pm",
 * "actually tomorrow" or "undo" right after are about the reminder just made; "help" and "stop" typed without
 * the slash get an answer instead of a reminder called "help". Real grammY against the fake Bot API.
 * Era: 2072 (docs/testing.md); no tick runs here.
 */
import { DateTime } from "luxon";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTask } from "../../worker/services/tasks";
import { BOT_TEXTS } from "../../worker/services/telegram";
import { helpRequest, saysForgot, stopAlone, undoRequest } from "../../worker/services/nl/chat-intents";
import { correctionWordsIn } from "../../worker/services/nl/move-phrases";
import { nudgeChangeIn } from "../../worker/services/nl/nudge-phrases";
import { repeatChangeIn } from "../../worker/services/nl/repeat-changes";
import { alsoAtIn } from "../../worker/services/nl/also-phrases";
import { readStoredRule } from "../../worker/services/series/stored-rule";
import { depsAt, MINUTE, taskRow, tasksOfUser, testEra } from "./escalation-helpers";
import { fakeTelegram, postUpdate, pressUpdate, telegramApi, textUpdate } from "./telegram/support";

/** Tue 2072-03-08 15:00 UTC: 10:00 in New York. */
const ERA = new Date("2072-03-08T15:00:00Z");
const ZONE = "America/New_York";
const { user } = testEra(ERA);
afterEach(() => vi.setSystemTime(ERA));

let chatSeq = 728_000_000 + Math.floor(Math.random() * 1_000_000);

async function linkedUser() {
  const chat = ++chatSeq;
  const u = await user({ telegramChatId: String(chat), timezone: ZONE, name: "Robin Walker" });
  return { ...u, chat };
}

/** A task due at a New York wall time, `days` from the era's day (in the past: waiting for an answer). */
async function taskAt(userId: string, title: string, days: number, time: string) {
  const [hour, minute] = time.split(":").map(Number);
  const due = DateTime.fromJSDate(ERA, { zone: ZONE }).plus({ days }).set({ hour, minute, second: 0, millisecond: 0 });
  return createTask(depsAt(new Date(ERA.getTime() - 7 * 24 * 60 * MINUTE)).deps, userId, { title, dueDate: due.toUTC().toISO()!, strategy: "gentle" });
}

type Bot = ReturnType<typeof fakeTelegram>;
const lastText = (bot: Bot) => String(bot.callsOf("sendMessage").at(-1)!.payload.text);
const lastButtons = (bot: Bot) =>
  ((bot.callsOf("sendMessage").at(-1)!.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> } | undefined)?.inline_keyboard ?? [])
    .flat()
    .map((b) => [b.text, b.callback_data]);
/** New York wall time of a task's due date, "ccc HH:mm". */
const dueOf = async (taskId: string) => DateTime.fromMillis((await taskRow(taskId))!.dueAt, { zone: ZONE }).toFormat("ccc HH:mm");

/** Makes a reminder by writing to the bot; its id, from the Undo button. */
async function makeInChat(bot: Bot, chat: number, text: string): Promise<string> {
  await postUpdate(textUpdate(chat, text));
  const [[label, data] = []] = lastButtons(bot);
  expect(label).toBe("↩️ Undo");
  return /^undo:(.+)$/.exec(data ?? "")![1]!;
}

describe("changing how hard a reminder nudges, in words (ADR 112)", () => {
  it.each([
    ["make it urgent", "urgent"],
    ["Make it urgent please!", "urgent"],
    ["urgently", "urgent"],
    ["actually, make it gentle", "gentle"],
    ["gently", "gentle"],
    ["just ping me", "gentle"],
    ["no, don't call me", "gentle"],
    ["don't tell my buddy", "no_buddies"],
    ["change it to standard", "standard"],
    ["make it normal", "default"],
    ["set it to my default", "default"],
    ["no calls", "gentle"],
    ["No buddies please", "no_buddies"],
    ["no, no buddies", "no_buddies"],
    // ADR 176: each was no answer at all while the calls came.
    ["stop calling me", "gentle"],
    ["please stop calling me!", "gentle"],
    ["no more calls", "gentle"],
    ["be gentler", "gentle"],
    ["go easy on me", "gentle"],
  ])("%j changes it to %j", (text, change) => {
    expect(nudgeChangeIn(text)).toBe(change);
  });

  // "normal", "standard" and "default" alone may answer something else: only after "make it".
  it.each(["stop calling mum at 5", "quit calling", "urgently call bob", "make it 8pm", "the urgent report", "make it", "call my buddy", "no", "normal", "standard", "default"])("%j is no change of sequence", (text) => {
    expect(nudgeChangeIn(text)).toBeNull();
  });

  it("'make it urgent' right after a reminder changes its sequence; the same again, or with nothing to change, says so", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "make it urgent"));
    expect(lastText(bot)).toBe(BOT_TEXTS.nothingToRenudge);
    const made = await makeInChat(bot, u.chat, "call bob at 7pm");
    expect((await taskRow(made))!.strategyKey).toBe("standard");
    await postUpdate(textUpdate(u.chat, "make it urgent"));
    expect(lastText(bot)).toBe(
      'Changed it: "Call bob" is now Urgent (call early). A ping and a text at the due time, a call and an email after 5 minutes, another call after 15, your buddies after 30.',
    );
    expect((await taskRow(made))!.strategyKey).toBe("urgent");
    await postUpdate(textUpdate(u.chat, "urgently"));
    expect(lastText(bot)).toBe('"Call bob" is already Urgent (call early), so nothing changed.');
    // Back to the person's own default (none chosen: Standard).
    await postUpdate(textUpdate(u.chat, "make it normal"));
    expect((await taskRow(made))!.strategyKey).toBe("standard");
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });

  it("'make it every day' right after a reminder makes it repeat at its own time; 'repeat it every friday' moves it to Friday (ADR 177)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "make it every day"));
    expect(lastText(bot)).toBe(BOT_TEXTS.nothingToRepeat);
    expect(await tasksOfUser(u.id)).toEqual([]);
    const made = await makeInChat(bot, u.chat, "call bob at 7pm");
    const due = (await taskRow(made))!.dueAt;
    // It was a second reminder titled "make it", every day at 9 AM.
    await postUpdate(textUpdate(u.chat, "make it every day"));
    expect(lastText(bot)).toBe("Now it repeats: I'll remind you to call bob every day at 7:00 PM, starting Tue, Mar 8.");
    expect(await taskRow(made)).toMatchObject({ dueAt: due });
    expect(readStoredRule((await taskRow(made))!.recurrence!).rule).toEqual({ freq: "daily" });
    await postUpdate(textUpdate(u.chat, "repeat it every friday please"));
    expect(lastText(bot)).toBe("Now it repeats: I'll remind you to call bob every Friday at 7:00 PM, starting Fri, Mar 11.");
    expect(await taskRow(made)).toMatchObject({ dueAt: Date.parse("2072-03-12T00:00:00Z") });
    await postUpdate(textUpdate(u.chat, "make it every friday"));
    expect(lastText(bot)).toBe('"Call bob" already repeats every Friday, so nothing changed.');
    // Its own time unless the words name one.
    await postUpdate(textUpdate(u.chat, "make it daily at 8am"));
    expect(lastText(bot)).toBe("Now it repeats: I'll remind you to call bob every day at 8:00 AM, starting Fri, Mar 11.");
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });

  it("'and at 8pm' after a reminder makes another like it, repeating as it does; 'same again tomorrow' keeps its time (ADR 178)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    // Nothing made: no copy, and no reminder titled "and" (ADR 177).
    await postUpdate(textUpdate(u.chat, "and at 8pm"));
    expect(lastText(bot)).toMatch(/^I found the time, but not what to remind you about\./);
    expect(await tasksOfUser(u.id)).toEqual([]);
    const pills = await makeInChat(bot, u.chat, "take pills every day at 8am urgently");
    await postUpdate(textUpdate(u.chat, "and at 8pm"));
    expect(lastText(bot)).toBe("Got it! I'll remind you to take pills every day at 8:00 PM, starting Tue, Mar 8.");
    const evening = (await tasksOfUser(u.id)).find((task) => task.id !== pills)!;
    expect(evening).toMatchObject({ title: "Take pills", strategyKey: "urgent", dueAt: Date.parse("2072-03-09T01:00:00Z") });
    expect(readStoredRule(evening.recurrence!).rule).toEqual({ freq: "daily" });
    // One-off, on its own day at its own time.
    const call = await makeInChat(bot, u.chat, "call mum friday at 5pm");
    await postUpdate(textUpdate(u.chat, "same again tomorrow"));
    expect(lastText(bot)).toBe("Got it! I'll remind you to call mum on Wed, Mar 9 at 5:00 PM.");
    await postUpdate(textUpdate(u.chat, "at 9pm too"));
    // The copy is now the one just made: 9 PM on its day.
    expect(lastText(bot)).toBe("Got it! I'll remind you to call mum on Wed, Mar 9 at 9:00 PM.");
    const calls = (await tasksOfUser(u.id)).filter((task) => task.title === "Call mum");
    expect(calls.map((task) => task.dueAt).sort()).toEqual([Date.parse("2072-03-09T22:00:00Z"), Date.parse("2072-03-10T02:00:00Z"), Date.parse("2072-03-11T22:00:00Z")]);
    expect(calls.some((task) => task.id === call)).toBe(true);
    expect(calls.every((task) => task.recurrence === null)).toBe(true);
  });

  it("'take meds at 8am and 8pm every day' makes both, with an Undo for each; one pressed keeps the other (ADR 181)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "take meds at 8am and 8pm every day"));
    expect(lastText(bot)).toBe("Got it! I'll remind you to take meds every day at 8:00 AM and 8:00 PM, starting Tue, Mar 8. That's 2 reminders, one for each time.");
    const made = (await tasksOfUser(u.id)).sort((a, b) => a.dueAt - b.dueAt);
    expect(made.map((task) => [task.title, DateTime.fromMillis(task.dueAt, { zone: ZONE }).toFormat("ccc HH:mm"), task.source])).toEqual([
      ["Take meds", "Tue 20:00", "telegram"],
      ["Take meds", "Wed 08:00", "telegram"],
    ]);
    const [evening, morning] = made;
    // In the order the sentence names them (by time of day, though 8 PM comes first tonight), each named by its time.
    expect(lastButtons(bot)).toEqual([
      ["↩️ Undo 8:00 AM", `undo:${morning!.id}`],
      ["↩️ Undo 8:00 PM", `undo:${evening!.id}`],
    ]);
    const confirmation = bot.callsOf("sendMessage").at(-1)!;
    await postUpdate(pressUpdate(u.chat, `undo:${morning!.id}`, bot.sent.at(-1)!.messageId, undefined, confirmation.payload.reply_markup));
    const edit = bot.callsOf("editMessageText").at(-1)!.payload;
    expect(edit.text).toBe("🗑 Stopped: Take meds. It won't repeat any more.\nStill set: 8:00 PM.");
    expect((edit.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }).inline_keyboard).toEqual([[{ text: "↩️ Undo 8:00 PM", callback_data: `undo:${evening!.id}` }]]);
    expect((await tasksOfUser(u.id)).map((task) => task.id)).toEqual([evening!.id]);
    // The last time said is the chat's just-made reminder: "and at 2pm" is another like it.
    await postUpdate(textUpdate(u.chat, "and at 2pm"));
    expect(lastText(bot)).toBe("Got it! I'll remind you to take meds every day at 2:00 PM, starting Tue, Mar 8.");
    // The last Undo pressed: nothing is left under it.
    await postUpdate(pressUpdate(u.chat, `undo:${evening!.id}`, bot.sent.at(-2)!.messageId, undefined, { inline_keyboard: [[{ text: "↩️ Undo 8:00 PM", callback_data: `undo:${evening!.id}` }]] }));
    expect(bot.callsOf("editMessageText").at(-1)!.payload).toMatchObject({ text: "🗑 Stopped: Take meds. It won't repeat any more." });
    expect(bot.callsOf("editMessageText").at(-1)!.payload).not.toHaveProperty("reply_markup");
    expect((await tasksOfUser(u.id)).map((task) => DateTime.fromMillis(task.dueAt, { zone: ZONE }).toFormat("HH:mm"))).toEqual(["14:00"]);
  });

  it("'make it every day' and 'make it urgent' after several made from one message change each of them (ADR 187)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "take meds at 8am and 8pm"));
    expect(lastText(bot)).toBe("Got it! I'll remind you to take meds on Tue, Mar 8 at 8:00 PM and on Wed, Mar 9 at 8:00 AM. That's 2 reminders, one for each time.");
    const confirmation = { messageId: bot.sent.at(-1)!.messageId, keyboard: bot.callsOf("sendMessage").at(-1)!.payload.reply_markup };
    // A reminder made alone in between is no sibling: only the two made together change.
    await taskAt(u.id, "Take meds", 2, "12:00");
    // One time for both would make them the same reminder: nothing changes, and it says how.
    await postUpdate(textUpdate(u.chat, "make it every day at 9am"));
    expect(lastText(bot)).toBe(
      'That message made 2 reminders, each at its own time, so nothing changed: one time for all of them would make them the same reminder. Say "make it every day" and each repeats at its own time.',
    );
    expect((await tasksOfUser(u.id)).every((task) => task.recurrence === null)).toBe(true);
    await postUpdate(textUpdate(u.chat, "make it every day"));
    // It made only the last (8 PM) repeat; the 8 AM one stayed a one-off.
    expect(lastText(bot)).toBe("Now they repeat: I'll remind you to take meds every day at 8:00 AM and 8:00 PM, starting Tue, Mar 8. That's 2 reminders, one for each time.");
    const meds = (await tasksOfUser(u.id)).sort((a, b) => a.dueAt - b.dueAt);
    expect(meds.map((task) => [DateTime.fromMillis(task.dueAt, { zone: ZONE }).toFormat("ccc HH:mm"), task.recurrence ? readStoredRule(task.recurrence).rule : null])).toEqual([
      ["Tue 20:00", { freq: "daily" }],
      ["Wed 08:00", { freq: "daily" }],
      ["Thu 12:00", null],
    ]);
    await postUpdate(textUpdate(u.chat, "make it urgent"));
    expect(lastText(bot)).toMatch(/^Changed them: the 2 "Take meds" reminders are now Urgent \(call early\)\. \S/);
    expect((await tasksOfUser(u.id)).sort((a, b) => a.dueAt - b.dueAt).map((task) => task.strategyKey)).toEqual(["urgent", "urgent", meds[2]!.strategyKey]);
    // Said again, nothing changes, and it is said once.
    await postUpdate(textUpdate(u.chat, "make it urgent"));
    expect(lastText(bot)).toBe('"Take meds" is already Urgent (call early), so nothing changed.');
    // One taken back with its Undo: a change after it is about the one left (8 PM, the last time said).
    await postUpdate(pressUpdate(u.chat, `undo:${meds[1]!.id}`, confirmation.messageId, undefined, confirmation.keyboard));
    await postUpdate(textUpdate(u.chat, "make it gentle"));
    expect(lastText(bot)).toMatch(/^Changed it: "Take meds" is now Gentle \(pings only\)\./);
    expect((await tasksOfUser(u.id)).sort((a, b) => a.dueAt - b.dueAt).map((task) => [task.id, task.strategyKey])).toEqual([
      [meds[0]!.id, "gentle"],
      [meds[2]!.id, meds[2]!.strategyKey],
    ]);
  });

  it("'undo' typed after several made from one message asks which, a button each, and deletes nothing (ADR 187)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "take meds at 8am and 8pm every day"));
    const [evening, morning] = (await tasksOfUser(u.id)).sort((a, b) => a.dueAt - b.dueAt);
    await postUpdate(textUpdate(u.chat, "undo"));
    // It asked about the last time said alone, as if the other had not been made.
    expect(lastText(bot)).toBe("That message made 2 reminders. Which one should I delete?");
    expect(lastButtons(bot)).toEqual([
      ["Take meds — Tue, Mar 8 at 8:00 PM", `forget-ask:${evening!.id}`],
      ["Take meds — Wed, Mar 9 at 8:00 AM", `forget-ask:${morning!.id}`],
    ]);
    expect(await tasksOfUser(u.id)).toHaveLength(2);
    await postUpdate(pressUpdate(u.chat, `forget-ask:${morning!.id}`, bot.sent.at(-1)!.messageId));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toMatch(/^"Take meds" repeats every day; the next one is Wed, Mar 9 at 8:00 AM\. /);
    expect(await tasksOfUser(u.id)).toHaveLength(2);
    // A reminder made alone is asked about as before.
    await postUpdate(textUpdate(u.chat, "call bob at 5pm"));
    await postUpdate(textUpdate(u.chat, "undo"));
    expect(lastText(bot)).toBe('Delete "Call bob" (Tue, Mar 8 at 5:00 PM)?');
  });

  it("'make it 7pm' after several made from one message asks which, each button saying where it would go; a press moves that one alone (ADR 190)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "call the pharmacy at 9am and 6pm"));
    const [evening, morning] = (await tasksOfUser(u.id)).sort((a, b) => a.dueAt - b.dueAt);
    await postUpdate(textUpdate(u.chat, "make it 7pm"));
    // It moved the last time said (9 AM) alone, as if the other had not been made.
    expect(lastText(bot)).toBe('That message made 2 "Call the pharmacy" reminders. Which one should I move?');
    const buttons = lastButtons(bot);
    expect(buttons.map(([label]) => label)).toEqual(["Tue, Mar 8 at 6:00 PM → Tue, Mar 8 at 7:00 PM", "Wed, Mar 9 at 9:00 AM → Wed, Mar 9 at 7:00 PM"]);
    expect(buttons.map(([, data]) => data!.split(":")[1])).toEqual([evening!.id, morning!.id]);
    // Nothing moved on the words alone.
    expect((await tasksOfUser(u.id)).map((task) => task.dueAt).sort()).toEqual([evening!.dueAt, morning!.dueAt]);
    await postUpdate(pressUpdate(u.chat, buttons[1]![1]!, bot.sent.at(-1)!.messageId));
    const after = new Map((await tasksOfUser(u.id)).map((task) => [task.id, task.dueAt]));
    expect(DateTime.fromMillis(after.get(morning!.id)!, { zone: ZONE }).toFormat("ccc HH:mm")).toBe("Wed 19:00");
    expect(after.get(evening!.id)).toBe(evening!.dueAt);
    // Made alone, a reminder is moved at once, as before.
    await postUpdate(textUpdate(u.chat, "call bob at 5pm"));
    await postUpdate(textUpdate(u.chat, "make it 4pm"));
    expect(lastButtons(bot)).toEqual([]);
    const bob = (await tasksOfUser(u.id)).find((task) => task.title === "Call bob")!;
    expect(DateTime.fromMillis(bob.dueAt, { zone: ZONE }).toFormat("ccc HH:mm")).toBe("Tue 16:00");
  });

  it("one-offs on two days are told apart by their day on the buttons", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "call the pharmacy at 9am and 6pm"));
    expect(lastText(bot)).toBe("Got it! I'll remind you to call the pharmacy on Tue, Mar 8 at 6:00 PM and on Wed, Mar 9 at 9:00 AM. That's 2 reminders, one for each time.");
    expect(lastButtons(bot).map(([label]) => label)).toEqual(["↩️ Undo Tue 6:00 PM", "↩️ Undo Wed 9:00 AM"]);
  });

  it.each([
    ["and at 8pm", "at 8pm"],
    ["also at noon please", "at noon"],
    ["same again tomorrow", "tomorrow"],
    ["at 6pm too", "at 6pm"],
    ["plus remind me at noon", "at noon"],
    ["and in 2 hours", "in 2 hours"],
  ])("%j asks for another at %j", (text, when) => {
    expect(alsoAtIn(text)).toBe(when);
  });

  it.each(["and call mum at 5", "and", "too", "me too", "and every day at 8"])("%j is no other time for a reminder made", (text) => {
    expect(alsoAtIn(text)).toBeNull();
  });

  it.each([
    ["make it every day", "every day"],
    ["repeat it every week", "every week"],
    ["make that daily at 8", "daily at 8"],
    ["have it repeat every weekday", "every weekday"],
    ["change it to every other day please", "every other day"],
    ["make it every day at 9am from now on", "every day at 9am"],
  ])("%j asks for the repeat %j", (text, words) => {
    expect(repeatChangeIn(text)).toBe(words);
  });

  it.each(["make it every day until friday", "make it 8pm", "repeat it", "make it urgent", "make it every day tomorrow", "take pills every day at 9", "repeat the exercise every day"])("%j is no repeat of a reminder made", (text) => {
    expect(repeatChangeIn(text)).toBeNull();
  });

  it("a reminder already due starts over by the new sequence; a done one is left alone", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const due = await taskAt(u.id, "Take pills", -1, "09:00");
    await postUpdate(textUpdate(u.chat, "don't tell my buddy"));
    expect(lastText(bot)).toBe(
      'Changed it: "Take pills" is now Standard without buddies. Like Standard (ping, text and email, call) with a second call after an hour instead of alerting your buddies. Its next nudge comes in 15 minutes.',
    );
    expect((await taskRow(due.id))!.strategyKey).toBe("no_buddies");
    await postUpdate(pressUpdate(u.chat, `done:${due.id}`));
    expect((await taskRow(due.id))!.status).toBe("COMPLETED");
    // In reply to the reminder's message (its buttons name the task).
    const update = textUpdate(u.chat, "make it urgent");
    const buttons = [[{ text: "done", callback_data: `done:${due.id}` }]];
    await postUpdate({ ...update, message: { ...update.message, reply_to_message: { message_id: 7, date: update.message.date, chat: update.message.chat, text: "reminder", reply_markup: { inline_keyboard: buttons } } } });
    expect(lastText(bot)).toBe('"Take pills" is already done, so nothing changed.');
    expect((await taskRow(due.id))!.strategyKey).toBe("no_buddies");
  });
});

describe("reading corrections, undo, help and stop", () => {
  it.each([
    ["make it 8pm", "at 8pm"],
    ["Make it 8pm please", "at 8pm"],
    ["change it to friday", "friday"],
    ["actually, change the time to 9am", "at 9am"],
    ["set it for 9", "at 9"],
    ["actually 9pm", "at 9pm"],
    ["no, tomorrow at 9", "tomorrow at 9"],
    ["oops sorry, tomorrow", "tomorrow"],
    ["I meant 8pm", "at 8pm"],
    ["no I mean friday", "friday"],
    ["8pm instead", "at 8pm"],
    ["tomorrow instead please", "tomorrow"],
    // ADR 139: each was no correction (in the chat, a new reminder attempt: "I found the time, but not what ...").
    ["change to friday", "friday"],
    ["can you make it 8 instead", "at 8"],
    ["oops 8pm not 7", "at 8pm"],
    ["8 not 7", "at 8"],
    ["not friday, saturday", "saturday"],
    ["8pm actually", "at 8pm"],
    ["make it half 8", "at half 8"],
    ["make it quarter past 9", "quarter past 9"],
    ["do it at 9 instead", "at 9"],
    ["do it tomorrow", "tomorrow"],
  ])("%j is a correction to %j", (text, when) => {
    expect(correctionWordsIn(text)).toBe(when);
  });

  it.each(["actually call sue at 6pm", "make it a habit to stretch at 9", "no", "actually", "8pm", "make it", "change it", "call bob not sam", "not now", "do it", "wait 20"])("%j is no correction", (text) => {
    expect(correctionWordsIn(text)).toBeNull();
  });

  it("reads 'I forgot' only as a whole message (ADR 182)", () => {
    for (const text of ["i forgot", "I forgot!", "forgot", "sorry I forgot", "omg i totally forgot", "oh no, I forgot again", "forgot it, sorry", "i forgot to do it"]) expect(saysForgot(text), text).toBe(true);
    for (const text of ["i forgot my keys at 5", "forgot milk tomorrow", "don't forget", "forget the dentist"]) expect(saysForgot(text), text).toBe(false);
  });

  it("reads help, undo and stop only as whole messages", () => {
    for (const text of ["help", "Help!", "help me please", "what can you do?", "how does this work", "hi, how do I use this?", "commands", "?"]) expect(helpRequest(text), text).toBe(true);
    for (const text of ["help mom move on friday at 10", "help with homework tomorrow", "what can you do for me tomorrow at 9"]) expect(helpRequest(text), text).toBe(false);
    for (const text of ["undo", "Undo that", "oops", "scratch that!", "that's wrong", "sorry, undo"]) expect(undoRequest(text), text).toBe(true);
    for (const text of ["undo the laundry at 5pm", "oops I forgot the milk tomorrow"]) expect(undoRequest(text), text).toBe(false);
    for (const text of ["stop", "Stop!", "stop it", "stop reminders", "stop reminding me"]) expect(stopAlone(text), text).toBe(true);
    // Said in a hard moment: they got "I couldn't find a time in that" (ADR 138).
    for (const text of ["leave me alone", "stop bothering me", "Go away!", "enough", "no more reminders"]) expect(stopAlone(text), text).toBe(true);
    for (const text of ["stop by the bakery at 5pm", "stop reminding me about the pills", "go away for the weekend on friday", "enough milk for tomorrow"]) expect(stopAlone(text), text).toBe(false);
  });
});

describe("right after making a reminder in the chat", () => {
  it("the confirmation has Undo, which deletes it at once; a press from another chat or a second press changes nothing", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const id = await makeInChat(bot, u.chat, "call bob at 7pm");
    expect(lastText(bot)).toBe("Got it! I'll remind you to call bob on Tue, Mar 8 at 7:00 PM.");
    await postUpdate(pressUpdate(++chatSeq, `undo:${id}`));
    expect(await taskRow(id)).toBeTruthy();
    await postUpdate(pressUpdate(u.chat, `undo:${id}`, bot.sent.at(-1)!.messageId));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe("🗑 Deleted: Call bob");
    // Pressed under the confirmation itself: that one edit, not a second of the same message (ADR 114).
    expect(bot.callsOf("editMessageText").filter((call) => String(call.payload.chat_id) === String(u.chat))).toHaveLength(1);
    expect(await taskRow(id)).toBeFalsy();
    await postUpdate(pressUpdate(u.chat, `undo:${id}`));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe(BOT_TEXTS.gone);
  });

  it("an old confirmation's Undo only asks (a press by mistake days later must not end a series)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const id = await makeInChat(bot, u.chat, "take pills every day at 8pm");
    vi.setSystemTime(ERA.getTime() + 11 * MINUTE);
    await postUpdate(pressUpdate(u.chat, `undo:${id}`));
    const edit = bot.callsOf("editMessageText").at(-1)!.payload;
    expect(edit.text).toBe('"Take pills" repeats every day; the next one is Tue, Mar 8 at 8:00 PM. Skip just that one, or stop it for good?');
    expect((edit.reply_markup as { inline_keyboard: Array<Array<{ callback_data: string }>> }).inline_keyboard.flat().map((b) => b.callback_data)).toEqual([
      `forget-delete:${id}`,
      `forget-series:${id}`,
      `forget-keep:${id}`,
    ]);
    expect(await taskRow(id)).toBeTruthy();
  });

  it("a reminder deleted later through a question leaves its confirmation saying so, without Undo (ADR 114)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const id = await makeInChat(bot, u.chat, "call bob at 7pm");
    const confirmation = bot.sent.at(-1)!;
    vi.setSystemTime(ERA.getTime() + 11 * MINUTE);
    await postUpdate(textUpdate(u.chat, "cancel bob"));
    const question = bot.sent.at(-1)!;
    expect(question.text).toMatch(/^Delete "Call bob"/);
    await postUpdate(pressUpdate(u.chat, `forget-delete:${id}`, question.messageId));
    expect(await taskRow(id)).toBeFalsy();
    expect(bot.callsOf("editMessageText").map((call) => [call.payload.message_id, call.payload.text, call.payload.reply_markup])).toEqual([
      [question.messageId, "🗑 Deleted: Call bob", undefined],
      // No reply_markup: Telegram takes the Undo off.
      [confirmation.messageId, "🗑 Deleted: Call bob", undefined],
    ]);
  });

  it("Undo under a repeating reminder stops the whole series", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const id = await makeInChat(bot, u.chat, "take pills every day at 8pm");
    await postUpdate(pressUpdate(u.chat, `undo:${id}`));
    expect(bot.callsOf("editMessageText").at(-1)!.payload.text).toBe("🗑 Stopped: Take pills. It won't repeat any more.");
    expect((await tasksOfUser(u.id)).filter((t) => t.status !== "COMPLETED")).toEqual([]);
  });

  it("'make it 8pm', 'actually tomorrow at 9', 'I meant friday' move the reminder just made, before one that waits", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const pills = await taskAt(u.id, "Take pills", 0, "09:00");
    const id = await makeInChat(bot, u.chat, "call bob at 7pm");
    await postUpdate(textUpdate(u.chat, "make it 8pm"));
    expect(lastText(bot)).toBe('Moved "Call bob" to 8:00 PM on Tuesday, 8 March (America/New_York). We\'ll remind you then.');
    expect(await dueOf(id)).toBe("Tue 20:00");
    await postUpdate(textUpdate(u.chat, "actually tomorrow at 9"));
    expect(await dueOf(id)).toBe("Wed 09:00");
    await postUpdate(textUpdate(u.chat, "I meant friday"));
    expect(await dueOf(id)).toBe("Fri 09:00");
    // The reminder that waits was not touched, and no reminder called "make it" or "actually" was made.
    expect(await dueOf(pills.id)).toBe("Tue 09:00");
    expect((await tasksOfUser(u.id)).map((t) => t.title).sort()).toEqual(["Call bob", "Take pills"]);
  });

  it("'make it an hour earlier', 'push it back 30 mins' move the reminder from its own time; one that waits, from now (ADR 139)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    // 10:00 in New York. "an hour earlier" was read from now: 9:00, refused as past; "later" was an hour from now.
    const id = await makeInChat(bot, u.chat, "call bob at 7pm");
    await postUpdate(textUpdate(u.chat, "make it an hour earlier"));
    expect(lastText(bot)).toBe('Moved "Call bob" to 6:00 PM on Tuesday, 8 March (America/New_York). We\'ll remind you then.');
    expect(await dueOf(id)).toBe("Tue 18:00");
    await postUpdate(textUpdate(u.chat, "push it back 30 mins"));
    expect(await dueOf(id)).toBe("Tue 18:30");
    await postUpdate(textUpdate(u.chat, "make it 9 hours earlier"));
    expect(lastText(bot)).toBe('That time has already passed, so "Call bob" stays as it was. Name a day or time still to come, like "move it to friday".');
    expect(await dueOf(id)).toBe("Tue 18:30");
    // A reminder that waits for an answer (due at 9:00) moves an hour from now.
    const other = await linkedUser();
    const pills = await taskAt(other.id, "Take pills", 0, "09:00");
    await postUpdate(textUpdate(other.chat, "push it back an hour"));
    expect(await dueOf(pills.id)).toBe("Tue 11:00");
  });

  it("the confirmation stays true: after 'make it 8pm' or 'make it urgent' it says what is now set, with its Undo; a done one is left as it was", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const id = await makeInChat(bot, u.chat, "call bob at 7pm");
    const confirmation = bot.sent.at(-1)!;
    expect(confirmation.text).toBe("Got it! I'll remind you to call bob on Tue, Mar 8 at 7:00 PM.");
    const edits = () => bot.callsOf("editMessageText").map((call) => call.payload);
    const undo = { inline_keyboard: [[{ text: "↩️ Undo", callback_data: `undo:${id}` }]] };

    await postUpdate(textUpdate(u.chat, "make it 8pm"));
    expect(lastText(bot)).toMatch(/^Moved "Call bob" to 8:00 PM/);
    expect(edits()).toEqual([{ chat_id: String(u.chat), message_id: confirmation.messageId, text: "✏️ Now: I'll remind you to call bob on Tue, Mar 8 at 8:00 PM.", reply_markup: undo }]);

    await postUpdate(textUpdate(u.chat, "make it urgent"));
    expect(edits().at(-1)).toEqual({
      chat_id: String(u.chat),
      message_id: confirmation.messageId,
      text: "✏️ Now: I'll remind you to call bob on Tue, Mar 8 at 8:00 PM. Nudging: Urgent (call early).",
      reply_markup: undo,
    });
    // The same again changes nothing: Telegram would refuse the same words, so nothing is asked of it.
    await postUpdate(textUpdate(u.chat, "urgently"));
    expect(lastText(bot)).toBe('"Call bob" is already Urgent (call early), so nothing changed.');
    expect(edits()).toHaveLength(2);

    // Done (pressed under the reminder's own message): its confirmation was true when it was sent, and a later
    // change is refused anyway.
    await postUpdate(pressUpdate(u.chat, `done:${id}`, 7));
    await postUpdate(textUpdate(u.chat, "make it 9pm"));
    expect(edits().filter((edit) => edit.message_id === confirmation.messageId)).toHaveLength(2);
  });

  it("changed or deleted away from the chat (the API, as the dashboard and email do through the same services), its confirmation follows", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const id = await makeInChat(bot, u.chat, "call bob at 7pm");
    const confirmation = bot.sent.at(-1)!;
    const edits = () => bot.callsOf("editMessageText").map((call) => call.payload);
    const undo = { inline_keyboard: [[{ text: "↩️ Undo", callback_data: `undo:${id}` }]] };
    const put = async (body: unknown) => expect((await telegramApi(`/v1/tasks/${id}`, "PUT", u.token, body)).status).toBe(200);

    await put({ dueDate: "2072-03-08T20:00" });
    expect(edits()).toEqual([{ chat_id: String(u.chat), message_id: confirmation.messageId, text: "✏️ Now: I'll remind you to call bob on Tue, Mar 8 at 8:00 PM.", reply_markup: undo }]);
    // Nothing the confirmation says changed (the same title; how early to check back): Telegram is not asked.
    await put({ title: (await taskRow(id))!.title, checkBackMinutes: 30 });
    expect(edits()).toHaveLength(1);
    await put({ strategy: "urgent" });
    expect(edits().at(-1)).toMatchObject({ text: "✏️ Now: I'll remind you to call bob on Tue, Mar 8 at 8:00 PM. Nudging: Urgent (call early).", reply_markup: undo });

    expect((await telegramApi(`/v1/tasks/${id}`, "DELETE", u.token)).status).toBe(200);
    expect(edits().at(-1)).toEqual({ chat_id: String(u.chat), message_id: confirmation.messageId, text: "🗑 Deleted: Call bob" });
    expect(edits()).toHaveLength(3);
    // The chat was told nothing new: only its confirmation changed.
    expect(bot.sent.at(-1)!.messageId).toBe(confirmation.messageId);

    // A reminder made elsewhere has no confirmation: its changes ask nothing of Telegram.
    const web = await createTask(depsAt(ERA).deps, u.id, { title: "Water the plants", dueDate: "2072-03-09T15:00:00Z" });
    expect((await telegramApi(`/v1/tasks/${web.id}`, "PUT", u.token, { dueDate: "2072-03-09T12:00" })).status).toBe(200);
    expect((await telegramApi(`/v1/tasks/${web.id}`, "DELETE", u.token)).status).toBe(200);
    expect(edits()).toHaveLength(3);
  });

  it("a time alone keeps the reminder's day when that day is still to come: 'make it 10am' for tomorrow at 8 is tomorrow at 10", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const id = await makeInChat(bot, u.chat, "call the plumber tomorrow at 8am");
    await postUpdate(textUpdate(u.chat, "make it 10am"));
    expect(await dueOf(id)).toBe("Wed 10:00");
    await postUpdate(textUpdate(u.chat, "move it to 7pm"));
    expect(await dueOf(id)).toBe("Wed 19:00");
    // Today's: the next such time, as before (10:00 has gone by at 10:00 New York, so tomorrow's).
    const today = await makeInChat(bot, u.chat, "call sue at 6pm");
    await postUpdate(textUpdate(u.chat, "make it 9am"));
    expect(await dueOf(today)).toBe("Wed 09:00");
  });

  it("'undo' asks about the reminder just made (Yes deletes it); 'cancel it' and 'move it to …' find it when nothing waits", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const id = await makeInChat(bot, u.chat, "call bob at 7pm");
    await postUpdate(textUpdate(u.chat, "move it to saturday"));
    expect(lastText(bot)).toBe('Moved "Call bob" to 7:00 PM on Saturday, 12 March (America/New_York). We\'ll remind you then.');
    await postUpdate(textUpdate(u.chat, "cancel it"));
    expect(lastText(bot)).toBe('Delete "Call bob" (Sat, Mar 12 at 7:00 PM)?');
    await postUpdate(textUpdate(u.chat, "undo"));
    expect(lastText(bot)).toBe('Delete "Call bob" (Sat, Mar 12 at 7:00 PM)?');
    expect(lastButtons(bot)).toEqual([
      ["Yes, delete it", `forget-delete:${id}`],
      ["Keep it", `forget-keep:${id}`],
    ]);
    // Nothing is deleted on a typed word alone.
    expect(await taskRow(id)).toBeTruthy();
    await postUpdate(pressUpdate(u.chat, `forget-delete:${id}`));
    expect(await taskRow(id)).toBeFalsy();
  });

  it("after ten minutes a correction is about the reminder that waits; with none it asks which, and 'undo' has nothing to undo", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const id = await makeInChat(bot, u.chat, "call bob at 7pm");
    vi.setSystemTime(ERA.getTime() + 11 * MINUTE);
    await postUpdate(textUpdate(u.chat, "make it 8pm"));
    expect(lastText(bot)).toBe(BOT_TEXTS.nothingToCorrect);
    await postUpdate(textUpdate(u.chat, "undo"));
    expect(lastText(bot)).toBe(BOT_TEXTS.nothingToUndo);
    expect(BOT_TEXTS.nothingToUndo).toBe(
      'There\'s nothing to undo: I haven\'t made a reminder here in the last 10 minutes. To delete one, write "cancel" and its name, like "cancel the dentist".',
    );
    expect(await dueOf(id)).toBe("Tue 19:00");
    const pills = await taskAt(u.id, "Take pills", 0, "09:00");
    await postUpdate(textUpdate(u.chat, "make it 8pm"));
    expect(await dueOf(pills.id)).toBe("Tue 20:00");
    expect(await dueOf(id)).toBe("Tue 19:00");
  });

  it("a correction in reply to a reminder's confirmation is about that reminder, even later", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const first = await makeInChat(bot, u.chat, "call bob at 7pm");
    const confirmation = bot.callsOf("sendMessage").at(-1)!.payload;
    await makeInChat(bot, u.chat, "call sue at 6pm");
    vi.setSystemTime(ERA.getTime() + 30 * MINUTE);
    const update = textUpdate(u.chat, "make it 9pm");
    const repliedTo = { message_id: 5, date: 0, chat: update.message.chat, text: String(confirmation.text), reply_markup: confirmation.reply_markup };
    await postUpdate({ ...update, message: { ...update.message, reply_to_message: repliedTo } });
    expect(await dueOf(first)).toBe("Tue 21:00");
  });

  it("a made reminder's title leaves out 'actually' and 'also'; nothing is made of 'help' or 'stop'", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "help"));
    expect(lastText(bot)).toBe(BOT_TEXTS.help);
    await postUpdate(textUpdate(u.chat, "what can you do?"));
    expect(lastText(bot)).toBe(BOT_TEXTS.help);
    await postUpdate(textUpdate(u.chat, "stop"));
    expect(lastText(bot)).toBe('To hold your reminders for a while, write "pause for 2 hours" or "pause until monday". To unlink this chat from Nudge, send /stop.');
    expect(await tasksOfUser(u.id)).toEqual([]);
    await makeInChat(bot, u.chat, "actually call sue at 6pm");
    expect(lastText(bot)).toBe("Got it! I'll remind you to call sue on Tue, Mar 8 at 6:00 PM.");
    await makeInChat(bot, u.chat, "also buy milk tomorrow");
    expect((await tasksOfUser(u.id)).map((t) => t.title).sort()).toEqual(["Buy milk", "Call sue"]);
  });
});

describe("answers as people write them in the chat (ADR 106)", () => {
  it("'in the morning' and 'later tonight' snooze the reminder that waits; 'I forgot' is met kindly and changes nothing (ADR 182)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const pills = await taskAt(u.id, "Take pills", 0, "09:00");
    await postUpdate(textUpdate(u.chat, "sorry, I totally forgot"));
    expect(lastText(bot)).toBe(`No worries, it happens. Nothing is lost: reply "done" once it's done, "snooze" for a little more time, or a time like "in 20 minutes".`);
    expect(await taskRow(pills.id)).toMatchObject({ status: "PENDING" });
    await postUpdate(textUpdate(u.chat, "later tonight"));
    expect(lastText(bot)).toBe("😴 Snoozed until 9:00 PM: Take pills");
    const bins = await taskAt(u.id, "Take the bins out", 0, "09:30");
    await postUpdate(textUpdate(u.chat, "in the morning"));
    expect(lastText(bot)).toBe("😴 Snoozed until 9:00 AM tomorrow: Take the bins out");
    expect((await taskRow(bins.id))?.status).toBe("SNOOZED");
    expect(await tasksOfUser(u.id)).toHaveLength(2);
  });

  it("'✅', '20 min', 'remind me in an hour' answer the reminder that waits; 'no' changes nothing and says what does", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const pills = await taskAt(u.id, "Take pills", 0, "09:00");
    await postUpdate(textUpdate(u.chat, "20 min"));
    expect(lastText(bot)).toBe("😴 Snoozed until 10:20 AM: Take pills");
    const cat = await taskAt(u.id, "Feed the cat", 0, "09:30");
    await postUpdate(textUpdate(u.chat, "no"));
    expect(lastText(bot)).toBe('Okay, nothing changed. Reply "snooze" for a little more time, "done" when it\'s finished, or "ok" to stop the reminders and keep it open.');
    expect((await taskRow(cat.id))?.status).toBe("PENDING");
    await postUpdate(textUpdate(u.chat, "remind me in an hour"));
    expect(lastText(bot)).toBe("😴 Snoozed until 11:00 AM: Feed the cat");
    const bins = await taskAt(u.id, "Take the bins out", 0, "09:45");
    await postUpdate(textUpdate(u.chat, "✅"));
    expect(lastText(bot)).toBe("✅ Done: Take the bins out");
    expect((await taskRow(bins.id))?.status).toBe("COMPLETED");
    expect((await taskRow(pills.id))?.status).toBe("SNOOZED");
    expect((await tasksOfUser(u.id))).toHaveLength(3);
  });

  it("'skip' or 'cancel' alone asks about the reminder that waits, as 'cancel it' does; with none, which one", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await postUpdate(textUpdate(u.chat, "skip"));
    expect(lastText(bot)).toBe(BOT_TEXTS.forget.whichOne);
    const pills = await taskAt(u.id, "Take pills", 0, "09:00");
    await postUpdate(textUpdate(u.chat, "cancel"));
    expect(lastText(bot)).toBe('Delete "Take pills" (Tue, Mar 8 at 9:00 AM)?');
    await postUpdate(textUpdate(u.chat, "skip this one"));
    expect(lastButtons(bot)).toEqual([
      ["Yes, delete it", `forget-delete:${pills.id}`],
      ["Keep it", `forget-keep:${pills.id}`],
    ]);
    // "skip today" too: it was read as a new reminder titled "skip" ("What time today?").
    await postUpdate(textUpdate(u.chat, "skip today"));
    expect(lastText(bot)).toBe('Delete "Take pills" (Tue, Mar 8 at 9:00 AM)?');
    expect(await taskRow(pills.id)).toBeTruthy();
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });
});
