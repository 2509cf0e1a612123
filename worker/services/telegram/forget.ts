import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { describeRecurrence } from "../recurrence";
import { readStoredRule } from "../series";
import { deleteTask, openMadeTogether, openOfSeries, ownTaskLine, type TaskLine } from "../tasks";
import { findChatOwner, type ChatOwner } from "./chats";
import { confirmationsOf, goneConfirmationEdits, type ConfirmationEdit } from "./confirmations";
import { OFFERED, openRemindersNamed, shortWhen } from "../tasks/named-reminders";
import { isJustNow } from "./just-made";
import { BOT_TEXTS } from "./texts";

/** A bot message with inline buttons, one row per inner list: [label, callback data]. */
export interface ChatReply {
  text: string;
  buttons?: Array<Array<[label: string, data: string]>>;
  /** The reminder this reply confirms as newly made: its message is remembered, to be kept true (confirmations.ts). */
  made?: string;
  /** Confirmations to rewrite now, worked out before their reminder was deleted (its rows go with it). */
  rewrites?: ConfirmationEdit[];
}


/** What a press on a forget button does: ask about one task, delete it (or this occurrence), stop its series, or keep it. */
export type ForgetChoice = "ask" | "delete" | "series" | "keep";

export const FORGET_BUTTON = /^forget-(ask|delete|series|keep):([0-9a-f-]{36})$/;

/**
 * "cancel the dentist" in the chat: never deletes on words alone. One match gets a question with
 * buttons (a repeating one: skip this time, or stop it for good); several get a button each; none gets
 * where to look.
 */
export async function forgetByName(deps: Deps, owner: ChatOwner, named: string, typed: string): Promise<ChatReply> {
  const found = await openRemindersNamed(deps, owner.id, named);
  if (found.length === 0) return { text: BOT_TEXTS.forget.none(named, typed.trim().replace(/[.!?\s]+$/, "")) };
  if (found.length === 1) return question(found[0]!, owner.timezone);
  return {
    text: BOT_TEXTS.forget.which(found.length),
    buttons: askEachButtons(found.slice(0, OFFERED), owner.timezone),
  };
}

/**
 * "cancel it", "delete this" (ADR 100): about the reminder replied to, or else the one waiting for an answer; the
 * same question as by name. Null when neither is there (the caller says what it can't find).
 */
export async function forgetThisOne(deps: Deps, owner: ChatOwner, taskId: string | null): Promise<ChatReply | null> {
  const task = taskId ? await ownTaskLine(deps, owner.id, taskId) : null;
  if (!task || task.status === "COMPLETED") return null;
  return question(task, owner.timezone);
}

/** A forget button pressed: answered for the chat's owner only; another account's task is left alone. */
export async function forgetFromChat(deps: Deps, chatId: string, choice: ForgetChoice, taskId: string): Promise<ChatReply> {
  const owner = await findChatOwner(deps.db, chatId);
  if (!owner) return { text: BOT_TEXTS.notYours };
  try {
    const task = await ownTaskLine(deps, owner.id, taskId);
    if (!task) return { text: BOT_TEXTS.gone };
    if (choice === "keep") return { text: BOT_TEXTS.forget.kept(task.title) };
    if (task.status === "COMPLETED") return { text: BOT_TEXTS.alreadyDone(task.title) };
    if (choice === "ask") return question(task, owner.timezone);
    // A reminder wholly gone (not one skipped occurrence of a series that goes on): its confirmations say so after.
    const wholly = !task.recurrence || choice === "series";
    const confirmations = wholly ? await confirmationsOf(deps, taskId) : [];
    // The bot rewrites these confirmations itself, all but the one a button was pressed under (ADR 114).
    await deleteTask(deps, owner.id, taskId, { series: choice === "series", chatConfirmations: "leave" });
    if (!task.recurrence) return gone(BOT_TEXTS.forget.deleted(task.title), confirmations);
    if (choice === "series") return gone(BOT_TEXTS.forget.seriesStopped(task.title), confirmations);
    // Skipping one occurrence makes the series' next one (deleteTask): name it.
    const next = task.seriesId ? await openOfSeries(deps, owner.id, task.seriesId) : null;
    return { text: BOT_TEXTS.forget.skipped(task.title, next ? shortWhen(next.dueAt, owner.timezone) : null) };
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { text: BOT_TEXTS.gone };
    throw error;
  }
}

/** The answer to a deletion, with the deleted reminder's confirmations rewritten to it (ADR 114). */
function gone(text: string, confirmations: Awaited<ReturnType<typeof confirmationsOf>>): ChatReply {
  return confirmations.length > 0 ? { text, rewrites: goneConfirmationEdits(confirmations, text) } : { text };
}

/** "↩️ Undo" under the confirmation of a reminder made in the chat (ADR 104). */
export const UNDO_BUTTON = /^undo:([0-9a-f-]{36})$/;

/**
 * "undo" typed after a message that made several reminders ("at 8am and 8pm", ADR 181): which one, a button each (as a
 * name that matches several is asked, each press asking about its own); it asked about the last time said alone
 * (ADR 187). One made alone is asked about as before. Null when there is none to ask about.
 */
export async function forgetJustMade(deps: Deps, owner: ChatOwner, taskId: string | null): Promise<ChatReply | null> {
  const lines = taskId ? await openMadeTogether(deps, owner.id, taskId) : [];
  if (lines.length === 0) return forgetThisOne(deps, owner, taskId);
  return {
    text: BOT_TEXTS.forget.whichOfSeveral(lines.length),
    buttons: askEachButtons(lines, owner.timezone),
  };
}

/** "Take meds — Tue, Mar 8 at 8:00 PM", one row each: a press asks about that reminder alone. */
function askEachButtons(tasks: readonly TaskLine[], zone: string): NonNullable<ChatReply["buttons"]> {
  return tasks.map((task) => [[`${task.title} — ${shortWhen(task.dueAt, zone)}`.slice(0, 60), `forget-ask:${task.id}`]]);
}

/**
 * Undo pressed: a reminder made in the last ten minutes is deleted at once (a press on its own fresh confirmation is
 * no guess), a repeating one with its whole series. Later, the button only asks, as "cancel it" does: an old
 * confirmation's Undo pressed by mistake must not end a series the person relies on. For the chat's owner only,
 * through the same path as a delete by name.
 */
export async function undoFromChat(deps: Deps, chatId: string, taskId: string): Promise<ChatReply> {
  const owner = await findChatOwner(deps.db, chatId);
  if (!owner) return { text: BOT_TEXTS.notYours };
  const task = await ownTaskLine(deps, owner.id, taskId);
  if (!task) return { text: BOT_TEXTS.gone };
  if (task.status === "COMPLETED") return { text: BOT_TEXTS.alreadyDone(task.title) };
  if (!isJustNow(deps, task.createdAt)) return question(task, owner.timezone);
  return forgetFromChat(deps, chatId, task.recurrence ? "series" : "delete", taskId);
}

function question(task: TaskLine, zone: string): ChatReply {
  const at = shortWhen(task.dueAt, zone);
  if (!task.recurrence) {
    return {
      text: BOT_TEXTS.forget.ask(task.title, at),
      buttons: [[[BOT_TEXTS.forget.yes, `forget-delete:${task.id}`], [BOT_TEXTS.forget.no, `forget-keep:${task.id}`]]],
    };
  }
  return {
    text: BOT_TEXTS.forget.askRepeating(task.title, describeRecurrence(readStoredRule(task.recurrence).rule), at),
    buttons: [
      [[BOT_TEXTS.forget.skipOne, `forget-delete:${task.id}`], [BOT_TEXTS.forget.stopAll, `forget-series:${task.id}`]],
      [[BOT_TEXTS.forget.no, `forget-keep:${task.id}`]],
    ],
  };
}
