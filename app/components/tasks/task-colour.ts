import { safeZone } from "../../../worker/services/time-zone";
import { cachedFormatter } from "./formatters";

/**
 * The colour rule of the task cards (spec 02 section 2), as a pure function:
 *   completed or escalation halted -> green; due today or overdue -> red; 1 day -> orange;
 *   2 days or fewer -> blue; otherwise green.
 * "Days until due" are CALENDAR days on the user's own clock (their IANA zone), not 24-hour
 * blocks: a task due at 00:30 tomorrow is "Tomorrow" at 23:00 today. Colour is never the only
 * signal: every tone comes with a text label the card shows.
 */
export type TaskTone = "green" | "red" | "orange" | "blue";

export interface UrgencyInput {
  dueDate: string;
  status: string;
  escalationHaltedAt: string | null;
}

export interface TaskUrgency {
  tone: TaskTone;
  /** The words that carry the same meaning as the colour: 'Overdue', 'Due today', 'Tomorrow', ... */
  label: string;
  /** Calendar days from today to the due day in the user's zone (negative when overdue). */
  daysUntilDue: number;
}


/** Calendar days from `now`'s day to `due`'s day, both on the clock of `zone` (DST-safe). */
export function calendarDaysUntil(due: Date | string, now: Date, zone: string): number {
  const z = safeZone(zone);
  return dayNumber(typeof due === "string" ? new Date(due) : due, z) - dayNumber(now, z);
}

/**
 * The calendar day of `instant` on the clock of `zone`, as a count of days since 1970-01-01: the
 * zone's own date (so DST days of 23 or 25 hours still count as one), read with one cached
 * Intl.DateTimeFormat per zone. It replaced luxon's startOf("day") + diff, which cost ~50 µs a
 * call, twice per dashboard card (issue 8). A card asks for the days of the same two or three
 * instants several times (its due time and "now" for its colour, its due line and its last
 * reminder), so the answers are remembered: a lookup instead of a format.
 */
export function dayNumber(instant: Date, zone: string): number {
  const key = `${instant.getTime()}|${zone}`;
  let day = days.get(key);
  if (day === undefined) {
    const [year, month, date] = cachedFormatter("isoDay", zone).format(instant).split("-").map(Number);
    day = Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1) / 86_400_000;
    if (days.size >= REMEMBERED_DAYS) days.clear();
    days.set(key, day);
  }
  return day;
}

/** The year of a day counted by dayNumber. */
export const yearOfDay = (day: number): number => new Date(day * 86_400_000).getUTCFullYear();

/** A page's worth of instants and more; cleared when full, so it never grows with an isolate's age. */
const REMEMBERED_DAYS = 512;
const days = new Map<string, number>();

export function taskUrgency(task: UrgencyInput, now: Date, zone: string): TaskUrgency {
  const daysUntilDue = calendarDaysUntil(task.dueDate, now, zone);
  if (task.status === "COMPLETED") return { tone: "green", label: "Done", daysUntilDue };
  if (task.escalationHaltedAt) {
    return { tone: "green", label: task.status === "ACKNOWLEDGED" ? "Acknowledged" : "Reminders stopped", daysUntilDue };
  }
  if (daysUntilDue < 0) return { tone: "red", label: "Overdue", daysUntilDue };
  if (daysUntilDue === 0) {
    const passed = Date.parse(task.dueDate) <= now.getTime();
    return { tone: "red", label: passed ? "Overdue" : "Due today", daysUntilDue };
  }
  if (daysUntilDue === 1) return { tone: "orange", label: "Tomorrow", daysUntilDue };
  if (daysUntilDue <= 2) return { tone: "blue", label: `In ${daysUntilDue} days`, daysUntilDue };
  return { tone: "green", label: `In ${daysUntilDue} days`, daysUntilDue };
}
