import { DateTime } from "luxon";
import { safeZone } from "../../../worker/services/time-zone";

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
  const dueDay = (typeof due === "string" ? DateTime.fromISO(due) : DateTime.fromJSDate(due)).setZone(z).startOf("day");
  const today = DateTime.fromJSDate(now).setZone(z).startOf("day");
  return Math.round(dueDay.diff(today, "days").days);
}

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
