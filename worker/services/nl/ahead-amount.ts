import { DateTime } from "luxon";
import type { Weekday } from "../recurrence";
import type { Ahead } from "./ahead-phrases";
import { weekdayOfWord } from "./recurrence-phrases";
import { countOf } from "./lengths-from-now";
import { PART_OF_DAY_HOURS } from "./types";

/**
 * The arithmetic of "30 mins before", "the night before", "a month before", "the sunday before": how much the words of
 * ahead-phrases.ts's AMOUNT say (`leadOf`), and the instant that much before (or after) a moment lands on (`aheadOf`).
 * ahead-phrases.ts finds the words; early-reminder.ts and parse-reminder.ts move a reminder by them.
 */

/** The counts of minutes people say in words beyond relative-phrases.ts's "a" to "twelve". */
const MINUTE_COUNTS: Record<string, number> = { fifteen: 15, twenty: 20, thirty: 30, "forty-five": 45, "forty five": 45 };

/** How much earlier the words of AMOUNT (its groups) say, or null for a count the reader does not know. */
export function leadOf(groups: Record<string, string | undefined> | undefined): Omit<Ahead, "words" | "span" | "hidden"> | null {
  const { count, unit, halfHour, theDay, weekday } = groups ?? {};
  if (halfHour) return { minutes: 30, days: 0 };
  const day = weekday ? (/^weekend$/i.test(weekday) ? SATURDAY : weekdayOfWord(weekday)) : undefined;
  if (day) return { minutes: 0, days: 0, weekday: day };
  if (theDay) {
    const day = theDay.toLowerCase();
    if (day === "week") return { minutes: 0, days: 7 };
    return { minutes: 0, days: 1, ...(day === "night" || day === "morning" || day === "evening" ? { partOfDay: day } : {}) };
  }
  const lower = (count ?? "").toLowerCase();
  const n = /couple/.test(lower) ? 2 : (MINUTE_COUNTS[lower] ?? countOf(lower));
  if (n === null) return null;
  const u = (unit ?? "").toLowerCase();
  if (u.startsWith("w")) return { minutes: 0, days: 7 * n };
  if (u.startsWith("mo")) return { minutes: 0, days: 0, months: n };
  if (u.startsWith("d")) return { minutes: 0, days: n };
  return { minutes: u.startsWith("h") ? 60 * n : n, days: 0 };
}

/** A weekend said before or after a date is its Saturday. */
const SATURDAY: Weekday = 6;

/** How much earlier (or later), and how it was said: an `Ahead` found in the words, or the hour ahead of a time to beat. */
export type AheadAmount = Pick<Ahead, "words" | "minutes" | "days" | "months" | "partOfDay" | "after" | "weekday"> & {
  /** "the day before at 6pm": the time of day asked for on the early day (ahead-at.ts), over the part of the day's. */
  at?: { hour: number; minute: number };
};

/**
 * The moment `ahead` names before `eventAt` (after it, for "2 hours after lunch"), on the person's clock: days on the
 * calendar, keeping the wall time.
 */
export function aheadOf(eventAt: Date, ahead: AheadAmount, zone: string): Date {
  const sign = ahead.after ? -1 : 1;
  const event = DateTime.fromJSDate(eventAt, { zone });
  // The nearest such weekday strictly before (or after) the moment's day: a week away when the moment is one.
  const days = ahead.weekday ? ((ahead.after ? ahead.weekday - event.weekday : event.weekday - ahead.weekday) + 7) % 7 || 7 : ahead.days;
  let local = event.minus({ months: sign * (ahead.months ?? 0), days: sign * days });
  if (ahead.at) local = local.set({ hour: ahead.at.hour, minute: ahead.at.minute, second: 0, millisecond: 0 });
  else if (ahead.partOfDay) local = local.set({ hour: PART_OF_DAY_HOURS[ahead.partOfDay], minute: 0, second: 0, millisecond: 0 });
  return local.minus({ minutes: sign * ahead.minutes }).toJSDate();
}
