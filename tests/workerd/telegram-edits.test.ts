/**
 * Telegram (ADR 107): a message the person edits. The reminder the message made follows the new words (title,
 * time, repeat); a fixed typo in a message that made nothing is read again; an edited answer, command or old
 * message changes nothing and says to send it anew. Real grammY against the fake Bot API, through the webhook.
 * Era: 2073 (docs/testing.md); no tick runs here.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tasks, telegramMadeTasks } from "../../db/schema";
import { completeTask, createTask, PROMPT_MAX } from "../../worker/services/tasks";
import { BOT_TEXTS, devConversation, EDIT_FOLLOWED_HOURS } from "../../worker/services/telegram";
import { app, EMAIL_CONFIGURED, testDeps } from "./helpers";
import { depsAt, MINUTE, taskRow, tasksOfUser, testEra } from "./escalation-helpers";
import { editUpdate, fakeTelegram, postUpdate, pressUpdate, textUpdate } from "./telegram/support";

/** Wed 2073-03-08 15:00 UTC: 10:00 in New York. */
const ERA = new Date("2073-03-08T15:00:00Z");
const ZONE = "America/New_York";
const { user } = testEra(ERA);
afterEach(() => vi.setSystemTime(ERA));

let chatSeq = 731_000_000 + Math.floor(Math.random() * 1_000_000);

async function linkedUser() {
  const chat = ++chatSeq;
  const u = await user({ telegramChatId: String(chat), timezone: ZONE, name: "Robin Walker" });
  return { ...u, chat };
}

type Bot = ReturnType<typeof fakeTelegram>;
const lastSend = (bot: Bot) => bot.callsOf("sendMessage").at(-1)!.payload;
const lastText = (bot: Bot) => String(lastSend(bot).text);
const lastButtons = (bot: Bot) =>
  ((lastSend(bot).reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> } | undefined)?.inline_keyboard ?? []).flat().map((b) => [b.text, b.callback_data]);
/** New York wall time of a task's due date, "ccc HH:mm". */
const dueOf = async (taskId: string) => DateTime.fromMillis((await taskRow(taskId))!.dueAt, { zone: ZONE }).toFormat("ccc HH:mm");
const at = (minutes: number) => new Date(ERA.getTime() + minutes * MINUTE);

/** Writes to the bot; the message (to edit later) and the reminder it made, from the Undo button. */
async function write(bot: Bot, chat: number, text: string) {
  const update = textUpdate(chat, text);
  const response = await postUpdate(update);
  expect(response.status).toBe(200);
  const undo = lastButtons(bot).find(([label]) => label === BOT_TEXTS.undo);
  return { messageId: update.message.message_id, taskId: undo ? /^undo:(.+)$/.exec(undo[1]!)![1]! : null };
}

async function edit(chat: number, messageId: number, text: string, sentAt: Date = ERA) {
  const response = await postUpdate(editUpdate(chat, messageId, text, sentAt));
  expect(response.status).toBe(200);
}

describe("editing a message that made a reminder", () => {
  it("changes the reminder's title, answering under the edited message with its Undo", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob at 7pm");
    expect(await dueOf(made.taskId!)).toBe("Wed 19:00");
    vi.setSystemTime(at(2));
    await edit(u.chat, made.messageId, "call mom at 7pm");
    expect(lastText(bot)).toBe("Changed it: I'll remind you to call mom on Wed, Mar 8 at 7:00 PM.");
    expect(lastSend(bot).reply_parameters).toEqual({ message_id: made.messageId, allow_sending_without_reply: true });
    expect(lastButtons(bot)).toEqual([[BOT_TEXTS.undo, `undo:${made.taskId}`]]);
    const row = (await taskRow(made.taskId!))!;
    expect(row.title).toBe("Call mom");
    expect(await dueOf(made.taskId!)).toBe("Wed 19:00");
    // Still one reminder: the edit changed it, it made no second one.
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });

  it("moves it to the new time, and the reminders start over from it", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob at 7pm");
    const confirmation = bot.sent.at(-1)!;
    vi.setSystemTime(at(1));
    await edit(u.chat, made.messageId, "call bob tomorrow at 8pm");
    expect(lastText(bot)).toBe("Changed it: I'll remind you to call bob on Thu, Mar 9 at 8:00 PM.");
    expect(await dueOf(made.taskId!)).toBe("Thu 20:00");
    expect((await taskRow(made.taskId!))!.title).toBe("Call bob");
    // The first confirmation, further up the chat, now says what is set (with its Undo), not 7 PM.
    expect(bot.callsOf("editMessageText").map((call) => call.payload)).toEqual([
      {
        chat_id: String(u.chat),
        message_id: confirmation.messageId,
        text: "✏️ Now: I'll remind you to call bob on Thu, Mar 9 at 8:00 PM.",
        reply_markup: { inline_keyboard: [[{ text: BOT_TEXTS.undo, callback_data: `undo:${made.taskId}` }]] },
      },
    ]);
  });

  it('reads "in 2 hours" from when the message was written, not from the edit', async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob in 2 hours");
    vi.setSystemTime(at(7));
    await edit(u.chat, made.messageId, "call sue in 2 hours");
    expect((await taskRow(made.taskId!))!.dueAt).toBe(at(120).getTime());
    expect((await taskRow(made.taskId!))!.title).toBe("Call sue");
  });

  it("reads the words now when their moment has gone by since the message", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "stretch in 5 minutes");
    vi.setSystemTime(at(30));
    await edit(u.chat, made.messageId, "stretch in 10 minutes");
    // Ten minutes from the message is twenty minutes ago: ten minutes from the edit instead.
    expect((await taskRow(made.taskId!))!.dueAt).toBe(at(40).getTime());
    expect(lastText(bot)).toMatch(/^Changed it: I'll remind you to stretch on Wed, Mar 8 at 10:40 AM\.$/);
  });

  it("changes a repeat's time and its days", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "take my pills every day at 8pm");
    vi.setSystemTime(at(1));
    await edit(u.chat, made.messageId, "take my pills every weekday at 9pm");
    expect(lastText(bot)).toBe("Changed it: I'll remind you to take your pills every weekday at 9:00 PM, starting Wed, Mar 8.");
    const row = (await taskRow(made.taskId!))!;
    expect(JSON.parse(row.recurrence!)).toEqual({ freq: "weekdays" });
    expect(await dueOf(made.taskId!)).toBe("Wed 21:00");
    // And back to no repeat at all.
    await edit(u.chat, made.messageId, "take my pills at 9pm");
    expect((await taskRow(made.taskId!))!.recurrence).toBeNull();
  });

  it("makes it by the sequence the words ask for; an edit that asks for another restarts it by that one (ADR 112)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob at 7pm urgently");
    expect(lastText(bot)).toBe("Got it! I'll remind you to call bob on Wed, Mar 8 at 7:00 PM. Nudging: Urgent (call early).");
    expect((await taskRow(made.taskId!))!.strategyKey).toBe("urgent");
    vi.setSystemTime(at(1));
    await edit(u.chat, made.messageId, "call bob at 7pm, don't tell my buddy");
    expect(lastText(bot)).toBe("Changed it: I'll remind you to call bob on Wed, Mar 8 at 7:00 PM. Nudging: Standard without buddies.");
    expect((await taskRow(made.taskId!))!.strategyKey).toBe("no_buddies");
    // Words that name no sequence leave the task's own: it may have been chosen on the web since.
    await edit(u.chat, made.messageId, "call sue at 7pm");
    expect(lastText(bot)).toBe("Changed it: I'll remind you to call sue on Wed, Mar 8 at 7:00 PM.");
    expect((await taskRow(made.taskId!))!).toMatchObject({ title: "Call sue", strategyKey: "no_buddies" });
  });

  it("changes the open occurrence of a series that has moved on", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "water the plants every day at 11am");
    vi.setSystemTime(at(70));
    await completeTask(testDeps(), u.id, made.taskId!);
    const next = (await tasksOfUser(u.id)).find((t) => t.status !== "COMPLETED")!;
    expect(await dueOf(next.id)).toBe("Thu 11:00");
    await edit(u.chat, made.messageId, "water the plants every day at 12pm");
    expect(await dueOf(next.id)).toBe("Thu 12:00");
    expect(lastButtons(bot)).toEqual([[BOT_TEXTS.undo, `undo:${next.id}`]]);
    expect((await taskRow(made.taskId!))!.status).toBe("COMPLETED");
  });

  it("changes nothing when the new words hold no reminder, and says why", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob at 7pm");
    const before = (await taskRow(made.taskId!))!;
    await edit(u.chat, made.messageId, "call bob");
    expect(lastText(bot)).toBe(
      `Your edit didn't change "Call bob" (7:00 PM on Wednesday, 8 March (America/New_York)). I couldn't find a time in that. Try "remind me to call mom tomorrow at 5pm" or "in 20 minutes check the oven".`,
    );
    expect(lastSend(bot).reply_markup).toBeUndefined();
    expect(await taskRow(made.taskId!)).toEqual(before);
  });

  it("an edit to several times changes nothing and says how to add one (ADR 181: a new message makes one at each)", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob at 7pm");
    const before = (await taskRow(made.taskId!))!;
    await edit(u.chat, made.messageId, "call bob at 7pm and 9pm");
    expect(lastText(bot)).toBe(
      `Your edit didn't change "Call bob" (7:00 PM on Wednesday, 8 March (America/New_York)). An edit changes one reminder, so it takes one time. To add another time, send a new message, like "and at 8pm".`,
    );
    expect(await taskRow(made.taskId!)).toEqual(before);
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });

  it("refuses an edit longer than a new reminder may be, with the same sentence, and changes nothing", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob at 7pm");
    const before = (await taskRow(made.taskId!))!;
    await edit(u.chat, made.messageId, `call bob at 8pm ${"and then some more words ".repeat(30)}`);
    expect(lastText(bot)).toBe(`Please keep the reminder under ${PROMPT_MAX} characters.`);
    expect(lastSend(bot).reply_parameters).toEqual({ message_id: made.messageId, allow_sending_without_reply: true });
    expect(await taskRow(made.taskId!)).toEqual(before);
  });

  it("says so when the edit reads the same, and when the reminder is already done", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob at 7pm");
    const before = (await taskRow(made.taskId!))!;
    await edit(u.chat, made.messageId, "call bob at 7 pm");
    expect(lastText(bot)).toBe(`Your edit reads the same as before, so "Call bob" stays at 7:00 PM on Wednesday, 8 March (America/New_York).`);
    expect(await taskRow(made.taskId!)).toEqual(before);
    // "Call Bob" is another title than "Call bob": the capital is the person's.
    await edit(u.chat, made.messageId, "Call Bob at 7 pm");
    expect(lastText(bot)).toBe("Changed it: I'll remind you to call Bob on Wed, Mar 8 at 7:00 PM.");
    expect((await taskRow(made.taskId!))!.title).toBe("Call Bob");
    expect((await taskRow(made.taskId!))!.dueAt).toBe(before.dueAt);
    await completeTask(testDeps(), u.id, made.taskId!);
    await edit(u.chat, made.messageId, "call bob at 8pm");
    expect(lastText(bot)).toBe(`"Call Bob" is already done, so your edit changed nothing. To make a new reminder, send it as a new message.`);
    expect((await taskRow(made.taskId!))!.dueAt).toBe(before.dueAt);
  });

  it(`follows an edit for ${EDIT_FOLLOWED_HOURS} hours after the message, then says to send it anew`, async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "renew the passport on friday at 9am");
    vi.setSystemTime(at(EDIT_FOLLOWED_HOURS * 60 - 1));
    await edit(u.chat, made.messageId, "renew the passport on friday at 10am");
    expect(await dueOf(made.taskId!)).toBe("Fri 10:00");
    vi.setSystemTime(at(EDIT_FOLLOWED_HOURS * 60 + 1));
    await edit(u.chat, made.messageId, "renew the passport on friday at 11am");
    expect(lastText(bot)).toBe(BOT_TEXTS.edits.tooLate);
    expect(lastText(bot)).toBe("I follow an edit for 10 minutes after a message, or for 2 days when it made a reminder, so nothing changed. Send what you meant as a new message.");
    expect(await dueOf(made.taskId!)).toBe("Fri 10:00");
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });

  it("remembers the message with the reminder; both go when the reminder is deleted", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob at 7pm");
    const rows = () => testDeps().db.select().from(telegramMadeTasks).where(eq(telegramMadeTasks.chatId, String(u.chat)));
    // With the bot's confirmation of it, to be kept true when the reminder changes.
    expect(await rows()).toEqual([{ chatId: String(u.chat), messageId: made.messageId, taskId: made.taskId, madeAt: ERA.getTime(), confirmationId: bot.sent.at(-1)!.messageId, question: null }]);
    await postUpdate(pressUpdate(u.chat, `undo:${made.taskId}`));
    expect(await taskRow(made.taskId!)).toBeUndefined();
    expect(await rows()).toEqual([]);
  });
});

describe("editing a message that made nothing", () => {
  it("reads a fixed typo again, and the reminder it makes then follows later edits", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const typo = await write(bot, u.chat, "call bob at 7ppm");
    expect(typo.taskId).toBeNull();
    expect(await tasksOfUser(u.id)).toHaveLength(0);
    vi.setSystemTime(at(1));
    await edit(u.chat, typo.messageId, "call bob at 7pm");
    expect(lastText(bot)).toBe("Got it! I'll remind you to call bob on Wed, Mar 8 at 7:00 PM.");
    const [made] = await tasksOfUser(u.id);
    expect(made!.title).toBe("Call bob");
    vi.setSystemTime(at(30));
    await edit(u.chat, typo.messageId, "call bob at 8pm");
    expect(lastText(bot)).toBe("Changed it: I'll remind you to call bob on Wed, Mar 8 at 8:00 PM.");
    expect(await tasksOfUser(u.id)).toHaveLength(1);
    expect(await dueOf(made!.id)).toBe("Wed 20:00");
  });

  it("does not replay an answer: another reminder may be waiting now", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const due = new Date(ERA.getTime() - 30 * MINUTE).toISOString();
    const waiting = await createTask(depsAt(new Date(ERA.getTime() - 60 * MINUTE)).deps, u.id, { title: "Stretch", dueDate: due, strategy: "gentle" });
    const update = textUpdate(u.chat, "dnoe");
    await postUpdate(update);
    for (const answer of ["done", "snooze 10", "ok", "yes", "in 2 hours"]) {
      await edit(u.chat, update.message.message_id, answer);
      expect(lastText(bot), answer).toBe(BOT_TEXTS.edits.answer);
    }
    expect((await taskRow(waiting.id))!.status).toBe("PENDING");
    expect((await taskRow(waiting.id))!.snoozedUntil).toBeNull();
  });

  it("changes nothing for an edited command or a message older than ten minutes", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const update = textUpdate(u.chat, "/lsit");
    await postUpdate(update);
    await edit(u.chat, update.message.message_id, "/list");
    expect(lastText(bot)).toBe(BOT_TEXTS.edits.command);
    const old = textUpdate(u.chat, "call bob at 7ppm");
    await postUpdate(old);
    vi.setSystemTime(at(11));
    await edit(u.chat, old.message.message_id, "call bob at 7pm");
    expect(lastText(bot)).toBe(BOT_TEXTS.edits.tooLate);
    expect(await tasksOfUser(u.id)).toHaveLength(0);
  });

  it("reads an edit of the message a deleted reminder came from as a new reminder", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob at 7pm");
    await postUpdate(pressUpdate(u.chat, `undo:${made.taskId}`));
    await edit(u.chat, made.messageId, "call mom at 7pm");
    const left = await tasksOfUser(u.id);
    expect(left.map((t) => t.title)).toEqual(["Call mom"]);
  });
});

describe("edits the bot leaves alone", () => {
  it("answers nothing in an unlinked chat or a group", async () => {
    const bot = fakeTelegram();
    await edit(++chatSeq, 5, "call bob at 7pm");
    await edit(-(++chatSeq), 5, "call bob at 7pm");
    expect(bot.callsOf("sendMessage")).toHaveLength(0);
  });

  it("follows an edited photo caption as it follows a text", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const photo = [{ file_id: "f", file_unique_id: "u", width: 1, height: 1 }];
    const sent = textUpdate(u.chat, "") as { message: Record<string, unknown> };
    delete sent.message.text;
    Object.assign(sent.message, { photo, caption: "take this one at 9pm" });
    await postUpdate(sent);
    const [made] = await tasksOfUser(u.id);
    const edited = editUpdate(u.chat, Number(sent.message.message_id), "", ERA) as { edited_message: Record<string, unknown> };
    delete edited.edited_message.text;
    Object.assign(edited.edited_message, { photo, caption: "take this one at 10pm" });
    expect((await postUpdate(edited)).status).toBe(200);
    expect(lastText(bot)).toBe("Changed it: I'll remind you to take this one on Wed, Mar 8 at 10:00 PM.");
    expect(await dueOf(made!.id)).toBe("Wed 22:00");
  });

  it("handles one edit once when Telegram sends it again", async () => {
    const bot = fakeTelegram();
    const u = await linkedUser();
    const made = await write(bot, u.chat, "call bob at 7pm");
    const update = editUpdate(u.chat, made.messageId, "call bob at 8pm", ERA);
    await postUpdate(update);
    await postUpdate(update);
    expect(bot.callsOf("sendMessage").filter((call) => String(call.payload.text).startsWith("Changed it:"))).toHaveLength(1);
    expect(await dueOf(made.taskId!)).toBe("Wed 20:00");
  });
});

it("keeps the tasks table's rows as they were when an edit changes nothing", async () => {
  const bot = fakeTelegram();
  const u = await linkedUser();
  const made = await write(bot, u.chat, "call bob at 7pm");
  const before = await testDeps().db.select().from(tasks).where(eq(tasks.userId, u.id));
  vi.setSystemTime(at(3));
  await edit(u.chat, made.messageId, "call bob at 5am yesterday");
  expect(lastText(bot)).toMatch(/^Your edit didn't change "Call bob"/);
  expect(await testDeps().db.select().from(tasks).where(eq(tasks.userId, u.id))).toEqual(before);
});

describe("the dev chat plays an edit (DEV_OUTBOX on)", () => {
  // The dev route hands the webhook its execution context, as a worker request has one.
  const form = (path: string, fields: Record<string, string>, overrides = {}) =>
    app.request(
      `http://localhost:8787${path}`,
      { method: "POST", headers: { Origin: "http://localhost:8787" }, body: new URLSearchParams(fields), redirect: "manual" },
      { ...env, ...overrides },
      createExecutionContext(),
    );

  it("edits a message sent on the page: the bubble shows the new words and 'edited', the bot's answer quotes it", async () => {
    const u = await linkedUser();
    const chat = String(u.chat);
    expect((await form("/dev/telegram/send", { chat, text: "call bob at 7pm" })).status).toBe(303);
    const [sent] = (await devConversation(testDeps(), chat)).filter((b) => b.from === "you");
    expect(sent).toMatchObject({ from: "you", text: "call bob at 7pm", edited: false, sentAt: Math.floor(ERA.getTime() / 1000) });
    const messageId = String((sent as { messageId: number }).messageId);
    vi.setSystemTime(at(1));
    const edited = await form("/dev/telegram/edit", { chat, messageId, sentAt: String(Math.floor(ERA.getTime() / 1000)), text: "call mom at 8pm" });
    expect(edited.status).toBe(303);
    expect(edited.headers.get("Location")).toBe(`/dev/telegram?chat=${chat}`);
    const bubbles = await devConversation(testDeps(), chat);
    expect(bubbles.filter((b) => b.from === "you")).toEqual([expect.objectContaining({ text: "call mom at 8pm", edited: true })]);
    expect(bubbles.at(-1)).toMatchObject({ from: "bot", text: "Changed it: I'll remind you to call mom on Wed, Mar 8 at 8:00 PM.", replyTo: "call mom at 8pm" });
    const [task] = await tasksOfUser(u.id);
    expect(task!.title).toBe("Call mom");
  });

  it("a press sends the message's buttons, as Telegram does: one Undo of several keeps the others (ADR 181)", async () => {
    const u = await linkedUser();
    const chat = String(u.chat);
    await form("/dev/telegram/send", { chat, text: "water the seedlings at 7am and 7pm every day" });
    const confirmation = (await devConversation(testDeps(), chat)).at(-1)!;
    expect(confirmation).toMatchObject({ from: "bot", text: expect.stringMatching(/^Got it! I'll remind you to water the seedlings every day at 7:00 AM and 7:00 PM/) });
    const buttons = (confirmation as { buttons: Array<Array<{ text: string; data: string }>> }).buttons;
    // In the sentence's order, by time of day (session 54).
    expect(buttons.flat().map((b) => b.text)).toEqual(["↩️ Undo 7:00 AM", "↩️ Undo 7:00 PM"]);
    const [pressed, kept] = buttons.flat();
    const messageId = String((confirmation as { messageId: number }).messageId);
    expect((await form("/dev/telegram/press", { chat, data: pressed!.data, messageId, label: pressed!.text })).status).toBe(303);
    const after = (await devConversation(testDeps(), chat)).find((b) => b.from === "bot" && String(b.messageId) === messageId);
    expect(after).toMatchObject({ text: "🗑 Stopped: Water the seedlings. It won't repeat any more.\nStill set: 7:00 PM.", buttons: [[{ text: kept!.text, data: kept!.data }]], edited: true });
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });

  it("refuses an edit of no message with a sentence and changes nothing; without the dev outbox there is no such page", async () => {
    const u = await linkedUser();
    const chat = String(u.chat);
    const refused = await form("/dev/telegram/edit", { chat, messageId: "nope", sentAt: "1", text: "call bob at 7pm" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("Pick a message of yours to edit.");
    expect(await devConversation(testDeps(), chat)).toEqual([]);
    expect((await form("/dev/telegram/edit", { chat, messageId: "5", sentAt: "1", text: "x" }, { DEV_OUTBOX: "false", ...EMAIL_CONFIGURED })).status).toBe(404);
    expect(await tasksOfUser(u.id)).toEqual([]);
  });

  it("reacts to a message of the bot's (ADR 119): one reaction a message, another replaces it, the same again takes it back; a confirmation is no reminder", async () => {
    const u = await linkedUser();
    const chat = String(u.chat);
    await form("/dev/telegram/send", { chat, text: "call bob at 7pm" });
    const confirmation = (await devConversation(testDeps(), chat)).find((b) => b.from === "bot");
    const messageId = String((confirmation as { messageId: number }).messageId);
    const reactionOf = async () => ((await devConversation(testDeps(), chat)).find((b) => b.from === "bot") as { reaction: string | null }).reaction;

    expect((await form("/dev/telegram/react", { chat, messageId, emoji: "👍", previous: "" })).status).toBe(303);
    expect(await reactionOf()).toBe("👍");
    await form("/dev/telegram/react", { chat, messageId, emoji: "💯", previous: "👍" });
    expect(await reactionOf()).toBe("💯");
    await form("/dev/telegram/react", { chat, messageId, emoji: "💯", previous: "💯" });
    expect(await reactionOf()).toBeNull();
    // The confirmation of a reminder is no reminder: 👍 and 💯 on it changed nothing, and the bot said nothing more.
    const [task] = await tasksOfUser(u.id);
    expect(task!.status).toBe("PENDING");
    expect((await devConversation(testDeps(), chat)).filter((b) => b.from !== "you")).toHaveLength(1);
  });

  it("refuses a reaction on no message or with an emoji it does not offer, with a sentence, and records nothing", async () => {
    const u = await linkedUser();
    const chat = String(u.chat);
    const noMessage = await form("/dev/telegram/react", { chat, messageId: "0", emoji: "👍" });
    expect(noMessage.status).toBe(400);
    expect(await noMessage.text()).toBe("Pick a message of the bot's to react to.");
    const otherEmoji = await form("/dev/telegram/react", { chat, messageId: "5", emoji: "🔥" });
    expect(otherEmoji.status).toBe(400);
    expect(await otherEmoji.text()).toBe("React with one of 👍 😴 💯 ❤.");
    expect(await devConversation(testDeps(), chat)).toEqual([]);
    expect((await form("/dev/telegram/react", { chat, messageId: "5", emoji: "👍" }, { DEV_OUTBOX: "false", ...EMAIL_CONFIGURED })).status).toBe(404);
  });
});
