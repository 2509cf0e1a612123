import { DateTime } from "luxon";
import { runBatch } from "../../../db/batch";
import type { Deps } from "../deps";
import { findDateTime } from "../nl/date-time-phrases";
import { confirmationMessage } from "../nl/parse-reminder";
import { describeRecurrence } from "../recurrence";
import { newTaskStatements } from "../series";
import { readStoredRule } from "../series/stored-rule";
import { safeZone } from "../time-zone";
import { readPrompt, type NlResult } from "./nl";
import { assertRoom, readTaskRoom } from "./quotas";
import { toTaskJson } from "./serialize";
import { loadOwnTask, loadUser, type TaskSource } from "./service";

/**
 * A second reminder like one just made, at another time ("take pills at 8am", then "and at 8pm"; ADR 178): the same
 * title and sequence, and the same repeat when the words name only a time of day ("every day at 8am", then "and at 8pm":
 * every day at 8 PM, from its next 8 PM). The words are read as a new reminder's, placed by the first one:
 * - a time of day alone is on a one-off's day ("tomorrow at 8am", then "and at 8pm": tomorrow at 8 PM);
 * - a day alone keeps its time of day ("call mum at 5pm", then "same again tomorrow": tomorrow at 5 PM);
 * - a length ("in 2 hours") is from now.
 */
export async function copyTaskAt(deps: Deps, userId: string, taskId: string, whenWords: string, source: TaskSource): Promise<NlResult> {
  const [first, user, room] = await Promise.all([loadOwnTask(deps, userId, taskId), loadUser(deps, userId), readTaskRoom(deps, userId)]);
  const zone = safeZone(user.timezone);
  const now = deps.clock.now();
  const said = findDateTime(whenWords, now, zone);
  const namesADay = Boolean(said.date || said.weekday);
  const namesATime = Boolean(said.time || said.partOfDay);
  const rule = first.recurrence && namesATime && !namesADay && !said.instant ? readStoredRule(first.recurrence).rule : null;
  const firstDue = DateTime.fromMillis(first.dueAt, { zone });
  const words = `${PLACEHOLDER} ${rule ? `${describeRecurrence(rule)} ` : ""}${whenWords}${namesADay && !namesATime ? ` at ${firstDue.toFormat("H:mm")}` : ""}`;
  // A repeat starts at its next time from now, as a new one would ("every day at 8am" made after 8, then "and at 8pm":
  // tonight); a one-off's other time is on its day.
  const onItsDay = !rule && namesATime && !namesADay && !said.instant;
  const readAt = onItsDay ? new Date(Math.max(now.getTime(), firstDue.startOf("day").toMillis())) : now;
  const read = readPrompt(words, readAt, zone);
  if (!read.ok) return { success: false, message: read.message };
  const { reminder } = read;
  // The repeat said back in words must read as the first one's; where it does not, the copy is refused, not changed.
  if (rule && JSON.stringify(reminder.recurrence) !== JSON.stringify(rule)) return { success: false, message: COPY_TEXTS.repeatUnread(first.title) };
  if (reminder.dueAt.getTime() <= now.getTime()) return { success: false, message: COPY_TEXTS.past };
  assertRoom(room);
  const nowMs = now.getTime();
  const { task, statements } = newTaskStatements(deps, {
    userId,
    title: first.title,
    dueAt: reminder.dueAt.getTime(),
    strategyKey: first.strategyKey,
    recurrence: reminder.recurrence ? JSON.stringify(reminder.recurrence) : null,
    seriesId: null,
    source,
    now: nowMs,
  });
  await runBatch(deps.db, statements);
  return { success: true, message: confirmationMessage({ ...reminder, title: first.title, strategy: null }, zone, now), task: toTaskJson(task, nowMs) };
}

export const COPY_TEXTS = {
  repeatUnread: (title: string) => `I couldn't repeat "${title}" at that time as well. Send it as a new reminder, like "${title.toLowerCase()} every day at 8pm".`,
  past: 'That time has already passed. Try a time in the future, like "and at 8pm" or "same again tomorrow".',
} as const;

/** A word the reader takes for what to do, so the when words are read as a reminder's; its title is not used. */
const PLACEHOLDER = "task";
