import type { Deps } from "../deps";
import { formatLocalDue } from "../escalation/messages";
import { confirmationMessage } from "../nl/parse-reminder";
import { readStoredRule } from "../series/stored-rule";
import { parseInput } from "../validation";
import { readPrompt, type PromptReading } from "./nl";
import { nlPromptSchema } from "./schemas";
import type { TaskJson } from "./serialize";
import { editLoadedTask, findUser, loadOwnTask } from "./service";

/** What an edit of the words that made a reminder did (ADR 107), with the sentence the chat answers. */
export interface RewriteOutcome {
  /** "unchanged": the new words read the same; "unread": they hold no reminder we can set (nothing changed). */
  state: "changed" | "unchanged" | "unread" | "already_done";
  title: string;
  message: string;
  task: TaskJson | null;
}

export const REWRITE_TEXTS = {
  changed: "Changed it:",
  unchanged: (title: string, due: string) => `Your edit reads the same as before, so "${title}" stays at ${due}.`,
  unread: (title: string, due: string, why: string) => `Your edit didn't change "${title}" (${due}). ${why}`,
  /** Several times in an edit (ADR 181): an edit changes the one reminder the message made. */
  severalTimes: 'An edit changes one reminder, so it takes one time. To add another time, send a new message, like "and at 8pm".',
  alreadyDone: (title: string) => `"${title}" is already done, so your edit changed nothing. To make a new reminder, send it as a new message.`,
} as const;

/**
 * A reminder rewritten from the new words of the message that made it (ADR 107: a Telegram message edited).
 * The words are read as a new reminder would be, at the moment they were first written, so "in 2 hours" still
 * means two hours after the message; when that moment has gone by (an edit hours later, "every day at 3pm" after
 * 3 pm), they are read as if sent now. Only what the words change is written (title, time, repeat), through the
 * dashboard's edit (updateTask): a new time or a newly asked sequence ("urgently", ADR 112) starts the reminders
 * over; a new title alone does not.
 * Words that hold no reminder, or a time gone by, change nothing and say why; words over the plain-language limit
 * are refused as a new reminder's are (400).
 */
export async function rewriteTaskFromPrompt(deps: Deps, userId: string, taskId: string, prompt: string, writtenAt: Date): Promise<RewriteOutcome> {
  // The task and the person read once, together, for the reading here and for the edit itself.
  const [before, person] = await Promise.all([loadOwnTask(deps, userId, taskId), findUser(deps, userId)]);
  const zone = person?.timezone ?? "UTC";
  const due = formatLocalDue(before.dueAt, zone);
  if (before.status === "COMPLETED") return { state: "already_done", title: before.title, message: REWRITE_TEXTS.alreadyDone(before.title), task: null };
  const now = deps.clock.now();
  // The same limits as a new reminder's words (a 400 with the sentence, nothing changed).
  const { prompt: words } = parseInput(nlPromptSchema, { prompt });
  const read = readAsWritten(words, writtenAt, now, zone);
  if (!read.ok) return { state: "unread", title: before.title, message: REWRITE_TEXTS.unread(before.title, due, read.severalTimes ? REWRITE_TEXTS.severalTimes : read.message), task: null };

  const { reminder, title } = read;
  const changes: { title?: string; dueDate?: string; recurrence?: typeof reminder.recurrence; strategy?: string } = {};
  if (title !== before.title) changes.title = title;
  if (reminder.dueAt.getTime() !== before.dueAt) changes.dueDate = reminder.dueAt.toISOString();
  if (ruleOf(before.recurrence) !== JSON.stringify(reminder.recurrence)) changes.recurrence = reminder.recurrence;
  // Words that now ask for a sequence ("... urgently") change it; words that name none leave the task's own (it may
  // have been chosen on the web since), rather than put it back on the default.
  if (reminder.strategy && reminder.strategy !== before.strategyKey) changes.strategy = reminder.strategy;
  if (Object.keys(changes).length === 0) return { state: "unchanged", title: before.title, message: REWRITE_TEXTS.unchanged(before.title, due), task: null };
  const { task } = await editLoadedTask(deps, before, person, changes);
  return { state: "changed", title: task.title, message: confirmationMessage(reminder, zone, now, REWRITE_TEXTS.changed), task };
}

/** The words read when they were written; read now when that lands on a moment already gone (or was refused as past). */
function readAsWritten(prompt: string, writtenAt: Date, now: Date, zone: string): PromptReading {
  const then = readPrompt(prompt, writtenAt, zone);
  if (then.ok && then.reminder.dueAt.getTime() > now.getTime()) return then;
  return readPrompt(prompt, now, zone);
}

/** A stored repeat as the reader writes one (JSON without the zone it was set in), "null" for none. */
function ruleOf(stored: string | null): string {
  return stored ? JSON.stringify(readStoredRule(stored).rule) : "null";
}
