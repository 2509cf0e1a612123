import { DateTime } from "luxon";

/**
 * "Tomorrow morning" (a snooze until a time, not for a length): 9:00 AM on the person's clock the next
 * day, or this morning's 9:00 in the small hours (before 5:00 AM, "tomorrow morning" means the coming
 * one). A person who can only act tomorrow otherwise snoozes again and again through the evening.
 */
export const MORNING_HOUR = 9;
const SMALL_HOURS_END = 5;

export function nextMorning(now: number, zone: string): number {
  const local = DateTime.fromMillis(now, { zone });
  const day = local.hour < SMALL_HOURS_END ? local : local.plus({ days: 1 });
  return day.set({ hour: MORNING_HOUR, minute: 0, second: 0, millisecond: 0 }).toMillis();
}
