import { DateTime } from "luxon";
import type { Deps } from "../deps";
import { findDateTime } from "../nl/date-time-phrases";
import { confirmationMessage } from "../nl/parse-reminder";
import { describeRecurrence } from "../recurrence";
import { readStoredRule } from "../series/stored-rule";
import { safeZone } from "../time-zone";
import { forbidden } from "../errors";
import { insertReadReminder, readWhenWords, type NlResult } from "./nl";
import { assertRoom, readTaskRoom } from "./quotas";
import { EMAIL_NOT_VERIFIED, loadOwnTask, loadUser, type TaskSource } from "./service";

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
  if (!user.isVerified) throw forbidden(EMAIL_NOT_VERIFIED, "EMAIL_NOT_VERIFIED");
  const zone = safeZone(user.timezone);
  const now = deps.clock.now();
  const said = findDateTime(whenWords, now, zone);
  const namesADay = Boolean(said.date || said.weekday);
  const namesATime = Boolean(said.time || said.partOfDay);
  const rule = first.recurrence && namesATime && !namesADay && !said.instant ? readStoredRule(first.recurrence).rule : null;
  const firstDue = DateTime.fromMillis(first.dueAt, { zone });
  const words = `${rule ? `${describeRecurrence(rule)} ` : ""}${whenWords}${namesADay && !namesATime ? ` at ${firstDue.toFormat("H:mm")}` : ""}`;
  // A repeat starts at its next time from now, as a new one would ("every day at 8am" made after 8, then "and at 8pm":
  // tonight); a one-off's other time is on its day.
  const onItsDay = !rule && namesATime && !namesADay && !said.instant;
  const readAt = onItsDay ? new Date(Math.max(now.getTime(), firstDue.startOf("day").toMillis())) : now;
  const read = readWhenWords(words, readAt, zone);
  if (!read.ok) return { success: false, message: read.message };
  const { reminder } = read;
  // The repeat said back in words must read as the first one's; where it does not, the copy is refused, not changed.
  if (rule && JSON.stringify(reminder.recurrence) !== JSON.stringify(rule)) return { success: false, message: COPY_TEXTS.repeatUnread(first.title) };
  if (reminder.dueAt.getTime() <= now.getTime()) return { success: false, message: COPY_TEXTS.past };
  assertRoom(room);
  const task = await insertReadReminder(deps, { userId, title: first.title, reminder, strategyKey: first.strategyKey, source }, now);
  return { success: true, message: confirmationMessage({ ...reminder, title: first.title, strategy: null }, zone, now), task };
}

export const COPY_TEXTS = {
  repeatUnread: (title: string) => `I couldn't repeat "${title}" at that time as well. Send it as a new reminder, like "${title.toLowerCase()} every day at 8pm".`,
  past: 'That time has already passed. Try a time in the future, like "and at 8pm" or "same again tomorrow".',
} as const;
