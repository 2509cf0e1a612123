/**
 * Telegram (ADR 164): the reader's questions answered in the chat. "call mum next week" is asked "Which day next
 * week?"; a next message that is only a when ("monday at 9") completes it, for ten minutes, unless a reminder came to
 * the chat since. Real grammY against the fake Bot API. Era: 2074 (docs/testing.md); no tick runs here.
 */
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterEach, describe, expect, it, vi } from "vitest";
import { users } from "../../db/schema";
import { botSettings } from "../../worker/channels/telegram";
import { telegramChannel } from "../../worker/channels/telegram/provider";
import { fitAnswer, type AskedQuestion } from "../../worker/services/nl/question-answers";
import { parseReminder } from "../../worker/services/nl/parse-reminder";
import { createTask, createTaskFromPrompt } from "../../worker/services/tasks";
import { BOT_TEXTS } from "../../worker/services/telegram";
import { unlinkTelegram } from "../../worker/services/telegram/chats";
import type { Env } from "../../worker/env";
import { depsAt, MINUTE, runStepByHand, stepsOf, taskRow, tasksOfUser, testEra } from "./escalation-helpers";
import { testDeps } from "./helpers";
import { editUpdate, fakeTelegram, postUpdate, TELEGRAM_ENV, textUpdate } from "./telegram/support";

/** Tue 2074-03-06 15:00 UTC: 10:00 in New York. */
const ERA = new Date("2074-03-06T15:00:00Z");
const ZONE = "America/New_York";
const { user } = testEra(ERA);
afterEach(() => vi.setSystemTime(ERA));

let chatSeq = 741_000_000 + Math.floor(Math.random() * 1_000_000);

async function linkedUser() {
  const chat = ++chatSeq;
  const u = await user({ telegramChatId: String(chat), timezone: ZONE, name: "Robin Walker", defaultEscalationStrategy: "gentle" });
  return { ...u, chat };
}

type Bot = ReturnType<typeof fakeTelegram>;
const lastText = (bot: Bot) => String(bot.callsOf("sendMessage").at(-1)!.payload.text);
const lastButtons = (bot: Bot) =>
  ((bot.callsOf("sendMessage").at(-1)!.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> } | undefined)?.inline_keyboard ?? [])
    .flat()
    .map((b) => b.text);
/** The person's reminders as "title @ New York wall time". */
const remindersOf = async (userId: string) =>
  (await tasksOfUser(userId)).map((task) => `${task.title} @ ${DateTime.fromMillis(task.dueAt, { zone: ZONE }).toFormat("ccc yyyy-MM-dd HH:mm")}`);
const send = (chat: number, text: string) => postUpdate(textUpdate(chat, text));
/** A text message that replies to a reminder message carrying that task's answer buttons. */
function replyTo(chat: number, taskId: string, text: string) {
  const update = textUpdate(chat, text);
  const buttons = [["done", "snooze", "acknowledge"].map((answer) => ({ text: answer, callback_data: `${answer}:${taskId}` }))];
  return { ...update, message: { ...update.message, reply_to_message: { message_id: 7, date: update.message.date, chat: update.message.chat, text: "reminder", reply_markup: { inline_keyboard: buttons } } } };
}
const NO_TITLE = /^I found the time, but not what to remind you about\./;
const WHICH_DAY_NEXT_WEEK = `Which day next week? Add one, like "next week on monday at 9am" or "next week on friday at 6pm", and I'll nudge you then.`;
const WHICH_DAY_IN_JANUARY = `Which day in January? Add one, like "on jan 5 at 9am" or "on jan 12 at 10am", and I'll nudge you then.`;

describe("ADR 164: the chat's next message answers the reader's question", () => {
  it("'call mum next week', then 'monday at 9': next week's Monday at 9, confirmed with Undo; the question is closed after", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await send(u.chat, "call mum next week");
    expect(lastText(bot)).toBe(WHICH_DAY_NEXT_WEEK);
    expect(await tasksOfUser(u.id)).toEqual([]);
    await send(u.chat, "monday at 9");
    expect(await remindersOf(u.id)).toEqual(["Call mum @ Mon 2074-03-12 09:00"]);
    expect(lastText(bot)).toBe("Got it! I'll remind you to call mum on Mon, Mar 12 at 9:00 AM.");
    expect(lastButtons(bot)).toEqual([BOT_TEXTS.undo]);
    // Answered once: another lone when is no reminder, as before.
    await send(u.chat, "tuesday at 10");
    expect(lastText(bot)).toMatch(NO_TITLE);
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });

  it("'you pick' to 'Which day next week?' takes the question's first example, and the answer says which (ADR 179)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await send(u.chat, "call mum next week");
    // It was no answer: read as a reminder, "I couldn't find a time in that".
    await send(u.chat, "you pick");
    expect(lastText(bot)).toBe("Got it! I'll remind you to call mum on Mon, Mar 12 at 9:00 AM.");
    expect(await remindersOf(u.id)).toEqual(["Call mum @ Mon 2074-03-12 09:00"]);
    // A question whose answer only the person knows stays unanswered: "When is later?".
    await send(u.chat, "call bob later");
    await send(u.chat, "doesn't matter");
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });

  it("the reader's own example sent back, a day of the month, or a change's words ('make it friday') answer too", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await send(u.chat, "call mum next week");
    await send(u.chat, "next week on friday at 6pm");
    await send(u.chat, "pay the gardener in january");
    expect(lastText(bot)).toBe(WHICH_DAY_IN_JANUARY);
    await send(u.chat, "the 5th");
    await send(u.chat, "renew the permit sometime next week");
    await send(u.chat, "make it wednesday at 2pm");
    expect((await remindersOf(u.id)).sort()).toEqual(["Call mum @ Fri 2074-03-16 18:00", "Pay the gardener @ Sat 2075-01-05 09:00", "Renew the permit @ Wed 2074-03-14 14:00"]);
  });

  it("each kind of question: a missing time, 'What time today?', minutes or hours, a choice, 'When is \"later\"?', a birthday", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const cases: Array<[prompt: string, asked: RegExp, answer: string]> = [
      ["buy milk", /^I couldn't find a time in that\./, "tomorrow at 5pm"],
      ["call the bank today", /^What time today\?/, "2pm"],
      ["check the bread in 10", /^Is "in 10" minutes or hours\?/, "minutes"],
      ["call dad sat or sun at 5", /^Which one: "sat or sun at 5"\?/, "sun"],
      ["water the plants later", /^When is "later"\?/, "at 6"],
      ["call nan on her birthday", /^When is her birthday\?/, "april 3"],
      // A bare hour at the end (ADR 192): it was "I couldn't find a time in that"; "pm" alone answers.
      ["pick up the kids 4", /^Is "4" the time\? Say it with am or pm, like "pick up the kids at 4pm" or "pick up the kids at 4am"\.$/, "pm"],
    ];
    for (const [prompt, asked, answer] of cases) {
      await send(u.chat, prompt);
      expect(lastText(bot)).toMatch(asked);
      await send(u.chat, answer);
      expect(lastText(bot)).toMatch(/^Got it! /);
    }
    expect((await remindersOf(u.id)).sort()).toEqual(
      [
        "Buy milk @ Wed 2074-03-07 17:00",
        "Call the bank @ Tue 2074-03-06 14:00",
        "Check the bread @ Tue 2074-03-06 10:10",
        "Call dad @ Sun 2074-03-11 17:00",
        "Water the plants @ Tue 2074-03-06 18:00",
        "Call nan on her birthday @ Tue 2074-04-03 09:00",
        "Pick up the kids @ Tue 2074-03-06 16:00",
      ].sort(),
    );
  });

  it("an answer that still lacks something asks the next question, and the one after completes it", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await send(u.chat, "buy milk");
    await send(u.chat, "next week");
    expect(lastText(bot)).toBe(WHICH_DAY_NEXT_WEEK);
    expect(await tasksOfUser(u.id)).toEqual([]);
    await send(u.chat, "thursday at 8am");
    expect(await remindersOf(u.id)).toEqual(["Buy milk @ Thu 2074-03-15 08:00"]);
  });

  it("a when that does not fit the question says so and asks again; nothing is made until one fits", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await send(u.chat, "call mum in january");
    await send(u.chat, "monday");
    expect(lastText(bot)).toBe(`I couldn't fit "monday" into "call mum in january". ${WHICH_DAY_IN_JANUARY}`);
    expect(await tasksOfUser(u.id)).toEqual([]);
    await send(u.chat, "jan 12 at 10am");
    expect(await remindersOf(u.id)).toEqual(["Call mum @ Sat 2075-01-12 10:00"]);
  });

  it("after ten minutes the question is closed: a lone when is no reminder", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await send(u.chat, "call mum next week");
    vi.setSystemTime(ERA.getTime() + 11 * MINUTE);
    await send(u.chat, "monday at 9");
    expect(lastText(bot)).toMatch(NO_TITLE);
    expect(await tasksOfUser(u.id)).toEqual([]);
  });

  it("a whole new reminder is read as usual and closes the question; so does a refusal", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await send(u.chat, "call mum next week");
    await send(u.chat, "buy eggs tomorrow at 5pm");
    expect(await remindersOf(u.id)).toEqual(["Buy eggs @ Wed 2074-03-07 17:00"]);
    await send(u.chat, "monday at 9");
    expect(lastText(bot)).toMatch(NO_TITLE);
    await send(u.chat, "call mum next week");
    await send(u.chat, "renew my passport every few years at 9");
    expect(lastText(bot)).toMatch(/^I can't repeat a reminder "every few years"/);
    await send(u.chat, "monday at 9");
    expect(lastText(bot)).toMatch(NO_TITLE);
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });

  it("thanks, done or help while a question is open are what they always were", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await send(u.chat, "call mum next week");
    await send(u.chat, "thanks");
    expect(lastText(bot)).toBe(BOT_TEXTS.welcome);
    await send(u.chat, "done");
    expect(lastText(bot)).toBe(BOT_TEXTS.nothingOpen);
    // Still open: those were no answer to it.
    await send(u.chat, "friday at 7pm");
    expect(await remindersOf(u.id)).toEqual(["Call mum @ Fri 2074-03-16 19:00"]);
  });

  it("a reminder sent to the chat after the question is what 'in 10 minutes' answers; so is a reply to a reminder's message", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const pills = await createTask(depsAt(ERA.getTime() - 60 * MINUTE).deps, u.id, { title: "Take pills", dueDate: new Date(ERA.getTime() + 2 * MINUTE).toISOString(), strategy: "gentle" });
    await send(u.chat, "check the bread in 10");
    const [ping] = await stepsOf(pills.id);
    vi.setSystemTime(ERA.getTime() + 2 * MINUTE);
    await runStepByHand(ping!.id, ERA.getTime() + 2 * MINUTE, { telegram: telegramChannel(botSettings({ ...testDeps().env, ...TELEGRAM_ENV } as Env)!, depsAt(ERA.getTime() + 2 * MINUTE).deps) });
    expect(lastText(bot)).toContain("Take pills");
    vi.setSystemTime(ERA.getTime() + 3 * MINUTE);
    await send(u.chat, "in 10 minutes");
    expect(await taskRow(pills.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 13 * MINUTE });
    // A new question, then a reply to the reminder's message: about the reminder, whatever was asked since.
    await send(u.chat, "check the oven in 20");
    await postUpdate(replyTo(u.chat, pills.id, "in 30 minutes"));
    expect(await taskRow(pills.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 33 * MINUTE });
    expect((await tasksOfUser(u.id)).map((task) => task.title)).toEqual(["Take pills"]);
  });

  it("a stored question that cannot be read is no question; unlinking the chat forgets it", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const { deps } = depsAt(ERA);
    await deps.db.update(users).set({ telegramQuestion: "{not json", telegramQuestionAt: ERA.getTime() }).where(eq(users.id, u.id));
    await send(u.chat, "monday at 9");
    expect(lastText(bot)).toMatch(NO_TITLE);
    await deps.db.update(users).set({ telegramQuestion: JSON.stringify({ prompt: "call mum", reason: "not_a_reason" }), telegramQuestionAt: ERA.getTime() }).where(eq(users.id, u.id));
    await send(u.chat, "monday at 9");
    expect(lastText(bot)).toMatch(NO_TITLE);
    expect(await tasksOfUser(u.id)).toEqual([]);
    await send(u.chat, "call mum next week");
    await unlinkTelegram(deps, u.id);
    const [row] = await deps.db.select({ question: users.telegramQuestion, at: users.telegramQuestionAt }).from(users).where(eq(users.id, u.id));
    expect(row).toEqual({ question: null, at: null });
  });

  it("the API's answer is unchanged: no question in it", async () => {
    const u = await user({ timezone: ZONE });
    const result = await createTaskFromPrompt(depsAt(ERA).deps, u.id, { prompt: "call mum next week" });
    expect(result).toEqual({ success: false, message: WHICH_DAY_NEXT_WEEK });
  });
});

describe("ADR 168: editing the message that answered the question fits the edit into it again", () => {
  it("'monday at 9' edited to 'tuesday at 9' moves the reminder to next week's Tuesday; a whole reminder as the edit is read whole", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    await send(u.chat, "call mum next week");
    const answer = textUpdate(u.chat, "monday at 9");
    await postUpdate(answer);
    expect(await remindersOf(u.id)).toEqual(["Call mum @ Mon 2074-03-12 09:00"]);

    await postUpdate(editUpdate(u.chat, answer.message.message_id, "tuesday at 9", ERA));
    // Alone, "tuesday at 9" holds no reminder (the edit changed nothing before); in the question, it is next week's.
    expect(await remindersOf(u.id)).toEqual(["Call mum @ Tue 2074-03-13 09:00"]);
    expect(lastButtons(bot)).toEqual([BOT_TEXTS.undo]);

    await postUpdate(editUpdate(u.chat, answer.message.message_id, "call dad on friday at 5pm", ERA));
    expect(await remindersOf(u.id)).toEqual(["Call dad @ Fri 2074-03-09 17:00"]);
  });
});

describe("ADR 164: fitting an answer into a question", () => {
  const NOW = new Date("2074-03-06T15:00:00Z");
  const asked = (prompt: string): AskedQuestion => {
    const parsed = parseReminder(prompt, NOW, ZONE);
    if (parsed.ok) throw new Error(`"${prompt}" reads as a reminder`);
    return { prompt, reason: parsed.reason, ...(parsed.phrase ? { phrase: parsed.phrase } : {}), ...(parsed.otherPhrase ? { otherPhrase: parsed.otherPhrase } : {}) };
  };
  const fit = (prompt: string, answer: string) => fitAnswer(asked(prompt), answer, NOW, ZONE);

  it("'you pick', 'any day', 'doesn't matter' take a period's first example; not a question only the person can answer (ADR 179)", () => {
    for (const answer of ["you pick", "any day", "Doesn't matter.", "whenever", "I don't mind", "any day is fine", "up to you!"]) {
      expect(fit("call mum next week", answer), answer).toEqual({ kind: "fits", prompt: "call mum next week on monday at 9am" });
    }
    expect(fit("book the dentist in january", "any day")).toEqual({ kind: "fits", prompt: "book the dentist on jan 5 at 9am" });
    expect(fit("call bob later", "you pick")).toEqual({ kind: "not_an_answer" });
    expect(fit("buy milk", "you pick")).toEqual({ kind: "not_an_answer" });
    expect(fit("call mum next week", "you pick the cake")).toEqual({ kind: "not_an_answer" });
  });

  it("puts the answer where it belongs: after a period, in place of the words asked about, or after the whole", () => {
    const cases: Array<[prompt: string, answer: string, fitted: string]> = [
      ["call mum next week", "monday at 9", "call mum next week on monday at 9"],
      ["call mum next week", "on monday at 9", "call mum next week on monday at 9"],
      ["call mum next week", "next week on monday at 9am", "call mum next week on monday at 9am"],
      ["call mum in january", "5th", "call mum in january on the 5th"],
      ["call mum in january", "jan 5 at 9", "call mum jan 5 at 9"],
      ["call bob later", "at 6", "call bob later at 6"],
      ["call nan on her birthday", "march 3", "call nan on her birthday march 3"],
      ["check the bread in 10", "minutes", "check the bread in 10 minutes"],
      ["check the bread in 10", "10 mins", "check the bread in 10 mins"],
      ["call dad sat or sun at 5", "sat", "call dad sat at 5"],
      ["call dad tomorrow at 5 or 6", "at 6pm", "call dad tomorrow at 6pm"],
      // Hours offered side by side are in one half of the day: the 6 beside an afternoon's 5 is 6 PM, not a morning's.
      ["call dad tomorrow at 5 or 6", "6", "call dad tomorrow at 6pm"],
      ["call dad tomorrow at 5 or 6", "5", "call dad tomorrow at 5"],
      ["call dad tomorrow at 6 or 7", "7", "call dad tomorrow at 7"],
      ["buy milk", "tomorrow at 5", "buy milk tomorrow at 5"],
      ["call bob today", "9pm", "call bob today 9pm"],
      // In the bare hour's place, or the half of the day joined to it (ADR 192).
      ["call mom 5", "5pm", "call mom 5pm"],
      ["call mom 5", "tomorrow at 5pm", "call mom tomorrow at 5pm"],
      ["call mom 5", "pm", "call mom at 5pm"],
      ["call mom 5", "A.M.", "call mom at 5am"],
    ];
    for (const [prompt, answer, fitted] of cases) expect([prompt, answer, fit(prompt, answer)]).toEqual([prompt, answer, { kind: "fits", prompt: fitted }]);
  });

  it("is no answer when the message says what to do as well, or is no when at all", () => {
    for (const answer of ["buy eggs at 5", "thanks", "done", "cancel it", "ok", "sounds good", "  ", "call dad"]) expect([answer, fit("call mum next week", answer)]).toEqual([answer, { kind: "not_an_answer" }]);
  });

  it("does not fit when the when contradicts the question, and asks anew when it is still vague", () => {
    expect(fit("call mum in january", "monday")).toEqual({ kind: "does_not_fit" });
    expect(fit("call mum next week", "at 9")).toEqual({ kind: "does_not_fit" });
    expect(fit("buy milk", "next week")).toEqual({ kind: "asks", asked: { prompt: "buy milk next week", reason: "vague_time", phrase: "next week" } });
    expect(fit("buy milk", "today")).toEqual({ kind: "asks", asked: { prompt: "buy milk today", reason: "no_time_today" } });
  });
});
