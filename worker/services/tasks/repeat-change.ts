import { DateTime } from "luxon";
import type { Deps } from "../deps";
import { confirmationMessage } from "../nl/parse-reminder";
import { severalTimesConfirmation, type ConfirmableReminder } from "../nl/messages";
import { findDateTime } from "../nl/date-time-phrases";
import { describeRecurrence } from "../recurrence";
import { readStoredRule } from "../series/stored-rule";
import { safeZone } from "../time-zone";
import { readWhenWords } from "./nl";
import { editLoadedTask, findUser, loadOwnTask } from "./service";

export const REPEAT_CHANGE_TEXTS = {
  changed: "Now it repeats:",
  /** Said of several made from one message (ADR 187): each repeats, said in one sentence. */
  changedSeveral: "Now they repeat:",
  /** "make it every day at 9am" said of several at different times: one time for all would make them the same. */
  oneTimeForSeveral: (count: number) =>
    `That message made ${count} reminders, each at its own time, so nothing changed: one time for all of them would make them the same reminder. Say "make it every day" and each repeats at its own time.`,
  same: (title: string, rule: string) => `"${title}" already repeats ${rule}, so nothing changed.`,
  unread: (title: string, why: string) => `"${title}" stays as it was. ${why}`,
  alreadyDone: (title: string) => `"${title}" is already done, so it can't start repeating. To make a repeating reminder, send it as a new message, like "${title.toLowerCase()} every day at 9am".`,
} as const;

/** What a repeat said about a reminder did, with the sentence to answer. */
export interface RepeatChangeOutcome {
  changed: boolean;
  message: string;
  /** The reminder as it now is, for a sentence about several (repeatTasksAsSaid). */
  now?: ConfirmableReminder;
}

/**
 * A reminder made to repeat as said afterwards ("make it every day", ADR 177). The repeat keeps the reminder's own time
 * of day unless the words name one ("daily at 8"), and it starts from the reminder's own day: the words are read as if
 * said as that day began (now, for a reminder of today or one already due), so "every day" said about Friday's reminder
 * starts on Friday, "daily at 8am" at 8 on Friday, and "every monday" on the Monday after. Written through the dashboard's edit, as an edited message is (rewrite.ts).
 */
export async function repeatTaskAsSaid(deps: Deps, userId: string, taskId: string, repeatWords: string): Promise<RepeatChangeOutcome> {
  const [before, person] = await Promise.all([loadOwnTask(deps, userId, taskId), findUser(deps, userId)]);
  if (before.status === "COMPLETED") return { changed: false, message: REPEAT_CHANGE_TEXTS.alreadyDone(before.title) };
  const zone = safeZone(person?.timezone ?? "UTC");
  const now = deps.clock.now();
  const saidAt = new Date(Math.max(now.getTime(), DateTime.fromMillis(before.dueAt, { zone }).startOf("day").toMillis()));
  const read = readWhenWords(`${repeatWords}${namesATime(repeatWords) ? "" : ` at ${DateTime.fromMillis(before.dueAt, { zone }).toFormat("H:mm")}`}`, saidAt, zone);
  if (!read.ok) return { changed: false, message: REPEAT_CHANGE_TEXTS.unread(before.title, read.message) };
  const { reminder } = read;
  const rule = reminder.recurrence;
  // The words were read as a repeat (repeat-changes.ts), so a reading without one is the reader's doing, not theirs.
  if (!rule) return { changed: false, message: REPEAT_CHANGE_TEXTS.unread(before.title, `I couldn't read a repeat in "${repeatWords}".`) };
  if (before.recurrence && JSON.stringify(readStoredRule(before.recurrence).rule) === JSON.stringify(rule) && reminder.dueAt.getTime() === before.dueAt) {
    return { changed: false, message: REPEAT_CHANGE_TEXTS.same(before.title, describeRecurrence(rule)) };
  }
  const changes = { recurrence: rule, ...(reminder.dueAt.getTime() !== before.dueAt ? { dueDate: reminder.dueAt.toISOString() } : {}) };
  await editLoadedTask(deps, before, person, changes);
  const changed = { ...reminder, title: before.title, strategy: null };
  return { changed: true, message: confirmationMessage(changed, zone, now, REPEAT_CHANGE_TEXTS.changed), now: changed };
}

/**
 * "make it every day" said of reminders made from one message ("at 8am and 8pm", ADR 187): each made to repeat as
 * said, one after the other (each as repeatTaskAsSaid), and said in one sentence when all changed: "Now they repeat:
 * I'll remind you to take meds every day at 8:00 AM and 8:00 PM, starting ...". Otherwise each one's own sentence, once.
 */
export async function repeatTasksAsSaid(deps: Deps, userId: string, taskIds: readonly string[], repeatWords: string): Promise<RepeatChangeOutcome> {
  if (taskIds.length === 1) return repeatTaskAsSaid(deps, userId, taskIds[0]!, repeatWords);
  if (namesATime(repeatWords)) return { changed: false, message: REPEAT_CHANGE_TEXTS.oneTimeForSeveral(taskIds.length) };
  const outcomes: RepeatChangeOutcome[] = [];
  for (const taskId of taskIds) outcomes.push(await repeatTaskAsSaid(deps, userId, taskId, repeatWords));
  const changed = outcomes.flatMap((outcome) => (outcome.changed && outcome.now ? [outcome.now] : []));
  if (changed.length === outcomes.length) {
    const person = await findUser(deps, userId);
    return { changed: true, message: severalTimesConfirmation(changed, safeZone(person?.timezone ?? "UTC"), deps.clock.now(), REPEAT_CHANGE_TEXTS.changedSeveral) };
  }
  return { changed: changed.length > 0, message: [...new Set(outcomes.map((outcome) => outcome.message))].join("\n") };
}

function namesATime(words: string): boolean {
  const found = findDateTime(words, new Date(Date.UTC(2026, 0, 5, 12)), "UTC");
  return Boolean(found.time || found.partOfDay);
}
