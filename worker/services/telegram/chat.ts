import { DateTime } from "luxon";
import type { Answer } from "../answers";
import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { answerTask, changeTasksStrategy, copyTaskAt, createTaskOrAsk, madeTogetherWith, moveTask, reminderToAnswer, reopenTask, repeatTasksAsSaid, taskAYesAnswers, type AnswerOutcome, type TaskJson } from "../tasks";
import type { NudgeChange } from "../nl/nudge-phrases";
import type { AskedQuestion } from "../nl/question-answers";
import type { ChatReply } from "./forget";
import { saysYes, snoozeOf, type SnoozeAsked, type TypedAnswer } from "../typed-answers";
import { findChatOwner, type ChatOwner } from "./chats";
import { rememberMadeInChat, type ChatMessageRef } from "./just-made";
import { rememberQuestionStatement } from "./questions";
import { BOT_TEXTS } from "./texts";

/** What the bot does after a button press: a short note on the spinner, the message's new text, and its buttons then. */
export interface ButtonReply {
  note: string;
  edit: string | null;
  buttons?: ChatReply["buttons"];
}

/** The button under a reminder answered Done, and the data of its press. */
export const REOPEN_BUTTON = /^reopen:([0-9a-f-]{36})$/;

/**
 * A reminder's button pressed in a chat: answered for the chat's owner only (a task of another
 * account is left alone), through the same task services as every channel.
 */
export async function answerFromChat(deps: Deps, chatId: string, taskId: string, answer: Answer, snooze?: SnoozeAsked): Promise<ButtonReply> {
  const owner = await findChatOwner(deps.db, chatId);
  if (!owner) return { note: BOT_TEXTS.notYours, edit: null };
  try {
    const outcome = await answerTask(deps, owner.id, taskId, answer, snooze);
    if (outcome.state === "already_done") return { note: BOT_TEXTS.alreadyDone(outcome.title), edit: BOT_TEXTS.alreadyDone(outcome.title) };
    const reply: ButtonReply = { note: outcome.message.slice(0, 190), edit: answeredText(answer, outcome) };
    // A Done pressed by mistake can be taken back from the same message (ADR 083).
    return answer === "done" ? { ...reply, buttons: [[[BOT_TEXTS.notDoneYet, `reopen:${taskId}`]]] } : reply;
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { note: BOT_TEXTS.gone, edit: BOT_TEXTS.gone };
    throw error;
  }
}

/**
 * "Not done yet" under a reminder answered Done: the task is open again and its reminders start
 * over, for the chat's owner only, through the same service as the web's button.
 */
export async function reopenFromChat(deps: Deps, chatId: string, taskId: string): Promise<ButtonReply> {
  const owner = await findChatOwner(deps.db, chatId);
  if (!owner) return { note: BOT_TEXTS.notYours, edit: null };
  try {
    const task = await reopenTask(deps, owner.id, taskId);
    const text = task.reopened ? BOT_TEXTS.reopened(task.title, Date.parse(task.dueDate) > deps.clock.now().getTime()) : BOT_TEXTS.alreadyOpen(task.title);
    return { note: text.slice(0, 190), edit: text };
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { note: BOT_TEXTS.gone, edit: BOT_TEXTS.gone };
    throw error;
  }
}

/** What the chat says once a reminder is answered: "✅ Done: Water the plants". */
function answeredText(answer: Answer, outcome: AnswerOutcome): string {
  if (outcome.state === "already_done") return BOT_TEXTS.alreadyDone(outcome.title);
  if (answer === "done") return BOT_TEXTS.answered.done(outcome.title);
  if (answer === "snooze") return BOT_TEXTS.answered.snooze(outcome.title, outcome.snoozedUntilLocal ?? `${BOT_TEXTS.snoozeMinutes} minutes from now`);
  return BOT_TEXTS.answered.acknowledge(outcome.title);
}

/**
 * An answer typed in the chat ("done", "snooze 10", "ok"): for the reminder whose message it replies
 * to (`repliedTaskId`, read from that message's buttons), otherwise for the last one sent to this chat
 * while it waits, else the one waiting longest, as a text reply does (reminderToAnswer). The answer
 * names the reminder, so nothing changes unseen.
 */
export async function answerTypedInChat(
  deps: Deps,
  owner: ChatOwner,
  typed: TypedAnswer,
  repliedTaskId: string | null,
  /** With none replied to or waiting: the reminder just made in the chat, for a move ("move it to friday"); asked only then. */
  orJustMade: () => Promise<string | null> = async () => null,
): Promise<string> {
  const taskId = repliedTaskId ?? (await reminderToAnswer(deps, owner.id, "telegram"))?.id ?? (await orJustMade());
  if (!taskId) return BOT_TEXTS.nothingOpen;
  try {
    if (typed.answer === "move") return (await moveTask(deps, owner.id, taskId, typed.moveTo ?? "")).message;
    return answeredText(typed.answer, await answerTask(deps, owner.id, taskId, typed.answer, snoozeOf(typed)));
  } catch (error) {
    if (isAppError(error) && error.status === 404) return BOT_TEXTS.gone;
    // A move we cannot make as asked ("move it to yesterday"): its sentence says what to do instead.
    if (isAppError(error) && error.status === 400) return error.message;
    throw error;
  }
}

/**
 * "make it urgent" about one reminder (ADR 112): its sequence changed, or why not. About one of several made from one
 * message ("at 8am and 8pm"), each of them (ADR 187).
 */
export async function strategyChangeInChat(deps: Deps, owner: ChatOwner, taskId: string, change: NudgeChange): Promise<ChatReply> {
  return orGone(async () => ({ text: (await changeTasksStrategy(deps, owner.id, await madeTogetherWith(deps, owner.id, taskId), change)).message }));
}

/** A reply about one reminder, or "gone" when it was deleted meanwhile (404); other refusals reach the bot's handler, which says them. */
async function orGone(reply: () => Promise<ChatReply>): Promise<ChatReply> {
  try {
    return await reply();
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { text: BOT_TEXTS.gone };
    throw error;
  }
}

/**
 * "make it every day" about a reminder in the chat (ADR 177): it repeats from its own day, and the answer says how.
 * About one of several made from one message, each of them (ADR 187): "make it every day" after "at 8am and 8pm"
 * repeated only the last.
 */
export async function repeatChangeInChat(deps: Deps, owner: ChatOwner, taskId: string, repeatWords: string): Promise<ChatReply> {
  return orGone(async () => ({ text: (await repeatTasksAsSaid(deps, owner.id, await madeTogetherWith(deps, owner.id, taskId), repeatWords)).message }));
}

/** A lone "yes" in the chat answering a check-back (taskAYesAnswers): Done for that task; else null (read as usual). */
export async function yesToCheckBack(deps: Deps, userId: string, text: string, repliedTaskId: string | null): Promise<{ typed: TypedAnswer; taskId: string } | null> {
  const taskId = saysYes(text) ? await taskAYesAnswers(deps, userId, "telegram", { taskId: repliedTaskId }) : null;
  return taskId ? { typed: { answer: "done", snoozeMinutes: null }, taskId } : null;
}

/**
 * A chat message read as a reminder: the confirmation (title and local time) with an Undo button, or how to
 * phrase it. The reminder made is remembered, so a correction or "undo" right after is about it (ADR 104),
 * and by its message, so an edit of that message changes it (ADR 107).
 */
export async function reminderFromChat(deps: Deps, owner: ChatOwner, text: string, message: ChatMessageRef | null, answered: AskedQuestion | null = null): Promise<ChatReply> {
  if (!owner.isVerified) return { text: BOT_TEXTS.unverified };
  const { result, asked } = await createTaskOrAsk(deps, owner.id, { prompt: text }, "telegram");
  if (!result.success || !result.task) {
    // A question for a when ("Which day next week?") is kept, so the next message can answer it (ADR 164); another
    // refusal closes any question open before it.
    if (asked || owner.question) await rememberQuestionStatement(deps, owner.id, asked);
    return { text: result.message };
  }
  // A reminder at each time named ("at 8am and 8pm", ADR 181): an Undo for each under one confirmation. The last is
  // the one just made ("and at 2pm", "undo"); the confirmation is not kept true by one of them, so none owns it.
  const made = result.tasks ?? [result.task];
  if (made.length > 1) {
    await rememberMadeInChat(deps, owner.id, made.at(-1)!.id, message, answered);
    return { text: result.message, buttons: undoEachButtons(made, owner.timezone) };
  }
  // Made by answering a question (ADR 164), the question is kept with the message: an edit of it is fitted in again.
  await rememberMadeInChat(deps, owner.id, result.task.id, message, answered);
  return { text: result.message, buttons: [[[BOT_TEXTS.undo, `undo:${result.task.id}`]]], made: result.task.id };
}

/**
 * "↩️ Undo 8:00 AM", "↩️ Undo 8:00 PM": one button per reminder made from one message, three to a row, in the order the
 * confirmation names them: repeats by time of day ("every day at 8:00 AM and 8:00 PM" even when 8 PM comes first
 * tonight), one-offs by when, those on different days with the day. Pressing one keeps the others (bot/buttons.ts).
 */
function undoEachButtons(made: readonly TaskJson[], zone: string): NonNullable<ChatReply["buttons"]> {
  const repeats = made.some((task) => task.recurrence);
  const whens = made
    .map((task) => ({ id: task.id, due: DateTime.fromISO(task.dueDate, { zone }).setLocale("en-US") }))
    .sort((a, b) => (repeats ? minuteOfDay(a.due) - minuteOfDay(b.due) : 0) || a.due.toMillis() - b.due.toMillis());
  // Repeating ones are told apart by their time of day, as the confirmation names them.
  const withDay = !repeats && new Set(whens.map(({ due }) => due.toISODate())).size > 1;
  const buttons = whens.map(({ id, due }): [string, string] => [`${BOT_TEXTS.undo} ${due.toFormat(withDay ? "ccc h:mm a" : "h:mm a")}`, `undo:${id}`]);
  const rows: Array<Array<[string, string]>> = [];
  for (let start = 0; start < buttons.length; start += 3) rows.push(buttons.slice(start, start + 3));
  return rows;
}

function minuteOfDay(time: DateTime): number {
  return time.hour * 60 + time.minute;
}

/** "and at 8pm" after a reminder (ADR 178): another like it at that time, remembered as just made, with its Undo. */
export async function copyInChat(deps: Deps, owner: ChatOwner, taskId: string, whenWords: string, message: ChatMessageRef | null): Promise<ChatReply> {
  if (!owner.isVerified) return { text: BOT_TEXTS.unverified };
  return orGone(async () => {
    const result = await copyTaskAt(deps, owner.id, taskId, whenWords, "telegram");
    if (!result.success || !result.task) return { text: result.message };
    await rememberMadeInChat(deps, owner.id, result.task.id, message, null);
    return { text: result.message, buttons: [[[BOT_TEXTS.undo, `undo:${result.task.id}`]]], made: result.task.id };
  });
}

export { findChatOwner };
export { nextReminderLines } from "../tasks";
