import { safeZone } from "../../../worker/services/time-zone";
import { calendarDaysUntil } from "./task-colour";
import { cachedFormatter } from "./formatters";

/**
 * The date and time texts of the task screens, on the user's own clock (the time zone of their
 * profile) with Intl.DateTimeFormat. They are computed on the SERVER and sent as data, so the
 * server render and the hydrated page show the same string (browsers and workerd may ship
 * different ICU versions, and "today" depends on the moment of rendering).
 */
const LOCALE = "en-US";

/** ICU writes a narrow no-break space before AM/PM in newer versions; one plain space everywhere. */
function tidy(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, " ");
}

function format(instant: Date, zone: string, options: Intl.DateTimeFormatOptions): string {
  return tidy(cachedFormatter(LOCALE, safeZone(zone), options).format(instant));
}

/** "9:15 AM". */
export function formatClock(iso: string, zone: string): string {
  return format(new Date(iso), zone, { hour: "numeric", minute: "2-digit" });
}

/** "9:15 AM" today, "9:00 AM tomorrow", else "Mon, Mar 2, 9:00 AM": a time ahead that may not be today's (a snooze's end). */
export function formatClockWithDay(iso: string, zone: string, now: Date): string {
  const days = calendarDaysUntil(iso, now, zone);
  if (days === 0) return formatClock(iso, zone);
  if (days === 1) return `${formatClock(iso, zone)} tomorrow`;
  return formatDateTime(iso, zone, now);
}

function sameYear(a: Date, b: Date, zone: string): boolean {
  return format(a, zone, { year: "numeric" }) === format(b, zone, { year: "numeric" });
}

/** "Mon, Mar 2, 9:00 AM" (with the year when it is not this year: "Tue, Jan 5, 2027, 9:00 AM"). */
export function formatDateTime(iso: string, zone: string, now: Date): string {
  const instant = new Date(iso);
  return format(instant, zone, {
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(sameYear(instant, now, zone) ? {} : { year: "numeric" }),
    hour: "numeric",
    minute: "2-digit",
  });
}

/** "Today, 9:00 AM", "Tomorrow, 9:00 AM", "Yesterday, 9:00 AM", else formatDateTime. */
export function formatDue(iso: string, zone: string, now: Date): string {
  const days = calendarDaysUntil(iso, now, zone);
  const words: Record<number, string> = { [-1]: "Yesterday", 0: "Today", 1: "Tomorrow" };
  const word = words[days];
  return word ? `${word}, ${formatClock(iso, zone)}` : formatDateTime(iso, zone, now);
}

export const NO_REMINDERS_YET = "No reminders sent yet";

/** 'Last reminder: 9:15 AM today', '... 4:30 PM yesterday', '... Mon, Mar 2, 9:15 AM', or 'No reminders sent yet'. */
export function formatLastReminder(iso: string | null, zone: string, now: Date): string {
  if (!iso) return NO_REMINDERS_YET;
  const days = calendarDaysUntil(iso, now, zone);
  if (days === 0) return `Last reminder: ${formatClock(iso, zone)} today`;
  if (days === -1) return `Last reminder: ${formatClock(iso, zone)} yesterday`;
  return `Last reminder: ${formatDateTime(iso, zone, now)}`;
}

/** 'Your nudge buddies were alerted at 10:15 AM today', '... yesterday', '... on Mon, Mar 2, 10:15 AM'. */
export function formatBuddiesAlerted(iso: string, zone: string, now: Date): string {
  const days = calendarDaysUntil(iso, now, zone);
  if (days === 0) return `Your nudge buddies were alerted at ${formatClock(iso, zone)} today`;
  if (days === -1) return `Your nudge buddies were alerted at ${formatClock(iso, zone)} yesterday`;
  return `Your nudge buddies were alerted on ${formatDateTime(iso, zone, now)}`;
}

/** The value of an <input type="datetime-local"> for `now` on the user's clock: "2026-03-02T09:05". */
export function datetimeLocalValue(now: Date, zone: string): string {
  const parts = cachedFormatter("en-CA", safeZone(zone), {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}
