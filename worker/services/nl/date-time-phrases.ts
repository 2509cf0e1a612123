import * as chrono from "chrono-node";
import { DateTime } from "luxon";
import type { Weekday, WallTime } from "../recurrence";
import { findPartOfDay, type PartOfDay, type Span } from "./types";

/**
 * What a prompt says about *when*, read with chrono-node.
 *
 * chrono only understands fixed UTC offsets, so it is used for what it is good at, finding the phrase
 * and its wall-clock components (day, month, hour...), given a reference whose wall clock is the
 * user's local "now". Turning those components into an instant happens later, in luxon, with the
 * user's IANA zone (see schedule.ts), which is what keeps DST changes right.
 */
export interface DateTimeHints {
  /** The characters chrono consumed; they are removed from the title. */
  spans: Span[];
  /** An exact instant from a relative time ("in 20 minutes", "an hour from now"). */
  instant?: Date;
  /** A calendar date ("tomorrow", "March 5", "on the 1st", "in 3 days"). */
  date?: NamedDate;
  /** A weekday without a date ("friday", "next tuesday"). */
  weekday?: { day: Weekday; next: boolean };
  /** A clock time ("at 5pm", "14:30", "at 8", "noon"). */
  time?: { hour: number; minute: number; meridiemKnown: boolean };
  partOfDay?: PartOfDay;
}

export interface NamedDate {
  year: number;
  month: number;
  day: number;
  yearKnown: boolean;
  monthKnown: boolean;
  /** For "in 3 days" / "next week": the current local time of day, used when no time is given. */
  sameTimeAsNow?: WallTime;
}

/** chrono's English casual parser, plus "on the 5th" (a day of the month with no month), which it lacks. */
const parser = (() => {
  const casual = chrono.casual.clone();
  casual.parsers.push({
    // Not "on the 5th of April" (chrono reads that itself) and not a bare "the 2nd" ("watch the 2nd episode").
    pattern: () => /\bon\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+of\b)/i,
    extract: (_context, match) => {
      const day = Number(match[1]);
      return day >= 1 && day <= 31 ? { day } : null;
    },
  });
  return casual;
})();

/** Three-letter weekday words that are more often something else ("call sun", "I sat"). */
const BARE_WEEKDAY_ABBREVIATION = /^(?:sun|sat|mon|tue|tues|wed|thu|thur|thurs|fri)\.?$/i;

/** Reads the date/time phrases of `text` (whose repeat phrase has been blanked out) relative to `now` in `zone`. */
export function findDateTime(text: string, now: Date, zone: string): DateTimeHints {
  const reference = { instant: now, timezone: DateTime.fromJSDate(now, { zone }).offset };
  const results = parser.parse(text, reference).filter((result) => !BARE_WEEKDAY_ABBREVIATION.test(result.text.trim()));

  // A relative time is a complete answer on its own; other phrases are then left in the title.
  const relative = results.find(isRelativeTime);
  if (relative) return { spans: [spanOf(relative)], instant: relative.start.date() };

  const hints: DateTimeHints = { spans: [] };
  for (const result of results) {
    if (absorb(hints, result)) hints.spans.push(spanOf(result));
  }
  return hints;
}

/** Copies what `result` adds (the first date, time and part of day win); false if it added nothing. */
function absorb(hints: DateTimeHints, result: chrono.ParsedResult): boolean {
  let used = false;
  if (!hints.date && !hints.weekday) {
    const weekday = namedWeekday(result);
    const date = weekday ? undefined : namedDate(result);
    if (weekday) hints.weekday = weekday;
    if (date) hints.date = date;
    used = Boolean(weekday || date);
  }
  if (!hints.time && result.start.isCertain("hour")) {
    hints.time = {
      hour: result.start.get("hour") ?? 0,
      minute: result.start.get("minute") ?? 0,
      meridiemKnown: result.start.isCertain("meridiem"),
    };
    used = true;
  }
  const partOfDay = findPartOfDay(result.text);
  if (!hints.partOfDay && partOfDay) {
    hints.partOfDay = partOfDay;
    used = true;
  }
  return used;
}

/** "in 20 minutes": chrono has already added the duration to the reference instant. */
function isRelativeTime(result: chrono.ParsedResult): boolean {
  return result.tags().has("result/relativeDateAndTime");
}

/** A weekday with no calendar date. "last friday" is left to namedDate, which keeps chrono's past date. */
function namedWeekday(result: chrono.ParsedResult): DateTimeHints["weekday"] | undefined {
  const { start } = result;
  if (!start.isCertain("weekday") || start.isCertain("day") || start.isCertain("month")) return undefined;
  if (/\b(?:last|past|previous)\b/i.test(result.text)) return undefined;
  const chronoDay = start.get("weekday") ?? 0; // chrono: 0 = Sunday, like Date#getDay
  return { day: (chronoDay === 0 ? 7 : chronoDay) as Weekday, next: /\bnext\b/i.test(result.text) };
}

function namedDate(result: chrono.ParsedResult): NamedDate | undefined {
  const { start } = result;
  const pastWeekday = start.isCertain("weekday"); // only reached for "last friday"
  if (!start.isCertain("day") && !start.isCertain("month") && !pastWeekday) return undefined;
  const relative = result.tags().has("result/relativeDate");
  return {
    year: start.get("year") ?? 0,
    month: start.get("month") ?? 0,
    day: start.get("day") ?? 0,
    yearKnown: start.isCertain("year") || pastWeekday,
    monthKnown: start.isCertain("month") || pastWeekday,
    sameTimeAsNow: relative ? { hour: start.get("hour") ?? 0, minute: start.get("minute") ?? 0 } : undefined,
  };
}

function spanOf(result: chrono.ParsedResult): Span {
  return { start: result.index, end: result.index + result.text.length };
}
