import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { movedDueAt, moveTaskToInstant, openMadeTogether, type TaskLine } from "../tasks";
import { findChatOwner, type ChatOwner } from "./chats";
import type { ChatReply } from "./forget";
import { OFFERED, openRemindersNamed, shortWhen } from "../tasks/named-reminders";
import { BOT_TEXTS } from "./texts";


/**
 * "Yes, move it" under a question, or a reminder picked among several: `move-to:<taskId>:<minute>`, the
 * minute (since the epoch, base 36) it was shown to move to. 64 bytes at most, as Telegram allows.
 */
export const MOVE_TO_BUTTON = /^move-to:([0-9a-f-]{36}):([0-9a-z]{1,9})$/;

export function moveToData(taskId: string, at: number): string {
  return `move-to:${taskId}:${Math.round(at / 60_000).toString(36)}`;
}

/**
 * "move the dentist to friday" in the chat (ADR 093): never moves on words alone, since the same words
 * may be a reminder to make ("reschedule the dentist on friday"). One open reminder matching the name
 * gets a question with Yes / Keep it; several get a button each, saying where each would go; none is no
 * move at all (null: the caller reads the words as a new reminder, as before).
 */
export async function moveByName(deps: Deps, owner: ChatOwner, named: string, when: string): Promise<ChatReply | null> {
  const found = await openRemindersNamed(deps, owner.id, named);
  if (found.length === 0) return null;
  const now = deps.clock.now();
  if (found.length === 1) {
    const task = found[0]!;
    const at = newDue(when, task, now, owner.timezone);
    if (typeof at === "string") return { text: at };
    return {
      text: BOT_TEXTS.move.ask(task.title, shortWhen(task.dueAt, owner.timezone), shortWhen(at, owner.timezone)),
      buttons: [[[BOT_TEXTS.move.yes, moveToData(task.id, at)], [BOT_TEXTS.forget.no, `forget-keep:${task.id}`]]],
    };
  }
  const offered = moveChoices(found.slice(0, OFFERED), when, now, owner.timezone);
  if (offered.length === 0) return { text: BOT_TEXTS.move.allPast };
  return { text: BOT_TEXTS.move.which(found.length), buttons: offered };
}

/**
 * "make it 6pm" right after a message that made several reminders ("take meds at 8am and 8pm", ADR 181): which one, a
 * button each saying where it would go (ADR 190); it moved the last time said alone. Null for one made alone, or when
 * fewer than two of them are still open.
 */
export async function moveOneOfSeveral(deps: Deps, owner: ChatOwner, taskId: string, when: string): Promise<ChatReply | null> {
  const open = await openMadeTogether(deps, owner.id, taskId);
  if (open.length === 0) return null;
  // One title for all: each button says which by its time, from and to (both may move to the same time).
  const offered = moveChoices(open, when, deps.clock.now(), owner.timezone, (task) => shortWhen(task.dueAt, owner.timezone));
  if (offered.length === 0) return { text: BOT_TEXTS.move.allPast };
  return { text: BOT_TEXTS.move.whichOfSeveral(open.length, open[0]!.title), buttons: offered };
}

/**
 * "Take meds → Wed, Nov 25 at 6:00 PM" (or "<from> → <to>"), one row each, for those the words can move (not to a time
 * gone by).
 */
function moveChoices(tasks: readonly TaskLine[], when: string, now: Date, zone: string, label: (task: TaskLine) => string = (task) => task.title): NonNullable<ChatReply["buttons"]> {
  return tasks.flatMap((task) => {
    const at = newDue(when, task, now, zone);
    return typeof at === "string" ? [] : [[[`${label(task)} → ${shortWhen(at, zone)}`.slice(0, 60), moveToData(task.id, at)] as [string, string]]];
  });
}

/** A move button pressed: for the chat's owner only; the reminder moves to the minute the button showed. */
export async function moveFromChat(deps: Deps, chatId: string, taskId: string, minute: string): Promise<ChatReply> {
  const owner = await findChatOwner(deps.db, chatId);
  if (!owner) return { text: BOT_TEXTS.notYours };
  const at = Number.parseInt(minute, 36) * 60_000;
  try {
    const moved = await moveTaskToInstant(deps, owner.id, taskId, at);
    return { text: moved.state === "moved" ? BOT_TEXTS.move.moved(moved.message) : moved.message };
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { text: BOT_TEXTS.gone };
    if (isAppError(error) && error.status === 400) return { text: error.message };
    throw error;
  }
}

/** Where the words move this reminder, or the sentence why they cannot (a time gone by). */
function newDue(when: string, task: TaskLine, now: Date, zone: string): number | string {
  try {
    return movedDueAt(when, task, now, zone);
  } catch (error) {
    if (isAppError(error) && error.status === 400) return error.message;
    throw error;
  }
}
