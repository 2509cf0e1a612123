import { safeZone } from "../../../worker/services/time-zone";
import { calendarDaysUntil, dayNumber, yearOfDay } from "./task-colour";
import { cachedFormatter, type FormatShape } from "./formatters";

/**
 * The date and time texts of the task screens, on the user's own clock (the time zone of their
 * profile) with Intl.DateTimeFormat. They are computed on the SERVER and sent as data, so the
 * server render and the hydrated page show the same string (browsers and workerd may ship
 * different ICU versions, and "today" depends on the moment of rendering).
 */
/** ICU writes a narrow no-break space before AM/PM in newer versions; one plain space everywhere. */
function tidy(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, " ");
}

function format(instant: Date, zone: string, shape: FormatShape): string {
  return tidy(cachedFormatter(shape, safeZone(zone)).format(instant));
}

/** "9:15 AM". */
export function formatClock(iso: string, zone: string): string {
  return format(new Date(iso), zone, "clock");
}

/** "9:15 AM" today, "9:00 AM tomorrow", else "Mon, Mar 2, 9:00 AM": a time ahead that may not be today's (a snooze's end). */
export function formatClockWithDay(iso: string, zone: string, now: Date): string {
  const days = calendarDaysUntil(iso, now, zone);
  if (days === 0) return formatClock(iso, zone);
  if (days === 1) return `${formatClock(iso, zone)} tomorrow`;
  return formatDateTime(iso, zone, now);
}

/** "Mon, Mar 2, 9:00 AM" (with the year when it is not this year: "Tue, Jan 5, 2027, 9:00 AM"). */
export function formatDateTime(iso: string, zone: string, now: Date): string {
  const instant = new Date(iso);
  const valid = safeZone(zone);
  const sameYear = yearOfDay(dayNumber(instant, valid)) === yearOfDay(dayNumber(now, valid));
  return format(instant, valid, sameYear ? "dateTime" : "dateTimeWithYear");
}

const DAY_WORDS: Readonly<Record<number, string>> = { [-1]: "Yesterday", 0: "Today", 1: "Tomorrow" };

/** "Today, 9:00 AM", "Tomorrow, 9:00 AM", "Yesterday, 9:00 AM", else formatDateTime. */
export function formatDue(iso: string, zone: string, now: Date): string {
  const word = DAY_WORDS[calendarDaysUntil(iso, now, zone)];
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
  const parts = cachedFormatter("isoMinute", safeZone(zone)).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}
