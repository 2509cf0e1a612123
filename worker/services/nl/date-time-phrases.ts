import * as chrono from "chrono-node";
import { DateTime } from "luxon";
import type { Weekday, WallTime } from "../recurrence";
import { CLOCK_PARSERS, END_OF_PERIOD_WITHOUT_PREPOSITION } from "./clock-phrases";
import { readsDayFirst } from "./date-order";
import { blankNotDates } from "./not-dates";
import { onlyZoneWords } from "./zone-words";
import { DAY_AFTER_TOMORROW_REFINER, localToday, RELATIVE_PARSERS } from "./relative-phrases";
import { DAY, WEEKDAY_BY_WORD } from "./recurrence-phrases";
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
  /**
   * A weekday without a date ("friday", "next tuesday"). `weekend`: "this weekend", "at the weekend", which chrono
   * reads as Saturday; on a Saturday whose time has gone by, Sunday is still this weekend (schedule.ts).
   */
  weekday?: { day: Weekday; next: boolean; weekend?: boolean };
  /** A clock time ("at 5pm", "14:30", "at 8", "noon"). */
  /** `meridiemKnown`: "5pm", "17:00", "17h"; a zero-padded "05:00" is a 24-hour time and counts as known. */
  time?: { hour: number; minute: number; meridiemKnown: boolean };
  partOfDay?: PartOfDay;
  /** The part of day is today's: "tonight", "this evening" (not "in the evening", which is the next one). */
  partOfToday?: boolean;
  /**
   * Two days or two times joined by "and"/"or"/a comma ("on monday at 9 and friday at 10"): a reminder
   * holds one, and only the first would be read, the rest left in the title.
   */
  several?: boolean;
  /**
   * A clock named with the time, in minutes east of UTC: "9am EST" (-300), "5pm UTC+2" (120). The time is on that
   * clock, not the person's (zone-words.ts).
   */
  offsetMinutes?: number;
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

/**
 * chrono's English casual parser, plus two dates it lacks: "on the 5th" or "the 5th at 9" (a day of the
 * month with no month) and "the first monday in december" (a weekday by its place in a named month); the times
 * of day in clock-phrases.ts ("half past 5", "17h", "before bed"); and the durations and counted days
 * in relative-phrases.ts ("in an hour and a half", "the day after tomorrow", "a week from tomorrow").
 * Misspelt words of time were put right before (spelling.ts).
 */
function withOurPhrases(base: chrono.Chrono, ownParsers: readonly chrono.Parser[] = []): chrono.Chrono {
  const casual = base.clone();
  casual.parsers.push(...ownParsers);
  casual.parsers.push({
    // Not "on the 5th of April" (chrono reads that itself) and not a bare "the 2nd" ("watch the 2nd episode").
    // "by the 30th", "before the 30th", "on 30th": that day ("pay rent by the 30th" found no time before).
    pattern: () => /\b(?:on|by|before|until|till)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s+of\b)/i,
    extract: dayOfAMonth,
  });
  casual.parsers.push({
    // "the 3rd at 10am pay rent", "3rd @ 9": a bare day of the month right before a clock time is a date. It was
    // left in the title ("The 3rd pay rent") and the reminder came at 10:00 today or tomorrow.
    pattern: () => /\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?=\s*(?:at\s+|@\s*)\d)/i,
    extract: dayOfAMonth,
  });
  casual.parsers.push({ pattern: () => NTH_WEEKDAY_OF_MONTH, extract: nthWeekdayOfMonth });
  casual.parsers.push(...CLOCK_PARSERS, ...RELATIVE_PARSERS);
  casual.refiners.push(DAY_AFTER_TOMORROW_REFINER);
  casual.refiners = casual.refiners.map(onlyZoneWords);
  // chrono's own "end of the month" (the last day, no time; its "last day of the month" is kept) would win over ours (17:00, and next month's once this
  // one's has gone): set aside before chrono removes overlapping readings, which keeps the first of two alike.
  casual.refiners.unshift({ refine: (_context, results) => results.filter((result) => !(result.tags().has("parser/ENEndOfCurrentMonthParser") && /^\s*end\b/i.test(result.text))) });
  return casual;
}

/**
 * "pay rent on 12.12", "by 1.12 at 5pm": a day and month with a dot, as much of Europe writes them, read where dates
 * are written day first (no one writes month.day). After "on"; after "by", "before", "until" or "due" only when a
 * time of day follows, since "by 9.05" alone is five past nine in Britain. "version 1.2 release" and "buy 2.5 kg
 * rice" keep their numbers. chrono read only "12.12.2026": "on 12.12" found no time and "by 1.12 at 5pm" was due
 * today with "by 1.12" in the title.
 */
const DOTTED_DAY_MONTH = [
  /\bon\s+([0-3]?\d)\.([01]?\d)\b(?!\.?\d)/i,
  /\b(?:by|before|until|till|due)\s+([0-3]?\d)\.([01]?\d)\b(?=,?\s*(?:at\s+|@\s*)\d)/i,
];

/** "1/12" read month first (January 12th) and day first (the 1st of December): which one, by the zone (date-order.ts). */
const MONTH_FIRST = withOurPhrases(chrono.casual);
const DAY_FIRST = withOurPhrases(
  chrono.en.GB,
  DOTTED_DAY_MONTH.map((pattern) => ({ pattern: () => pattern, extract: dottedDayMonth })),
);

function dottedDayMonth(context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents | null {
  const day = Number(match[1]);
  const month = Number(match[2]);
  if (day < 1 || month < 1 || month > 12 || day > (DateTime.utc(2024, month).daysInMonth ?? 31)) return null;
  // No year said: schedule.ts takes this year's if the day is still to come, else next year's, as for "on 1/12".
  return context.createParsingComponents({ day, month }).imply("year", localToday(context).year);
}

/**
 * "on the 5th": the day alone; schedule.ts picks the month (this one if the day is still to come, else
 * the next that has it). The month is implied here only so chrono keeps the date: left to chrono, "on
 * the 31st" in November was the 31st of November, dropped as no date, and the prompt found no time.
 */
function dayOfAMonth(context: chrono.ParsingContext, match: RegExpMatchArray) {
  const day = Number(match[1]);
  if (day < 1 || day > 31) return null;
  let month = localToday(context).startOf("month");
  while ((month.daysInMonth ?? 0) < day) month = month.plus({ months: 1 });
  return context.createParsingComponents({ day }).imply("month", month.month).imply("year", month.year);
}

const MONTH_NUMBER: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6,
  july: 7, jul: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11, nov: 11,
  december: 12, dec: 12,
};
const PLACE_IN_MONTH: Record<string, number> = {
  first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4, fifth: 5, "5th": 5, last: -1,
};
/** A month's name or its abbreviation, longest first (also read by unsupported-phrases.ts for "until december"). */
export const MONTH_WORD = `(?:${Object.keys(MONTH_NUMBER).sort((a, b) => b.length - a.length).join("|")})`;
/** "the first monday in december", "the last friday of march 2027". Without "the month" (a repeat, refused earlier). */
const NTH_WEEKDAY_OF_MONTH = new RegExp(
  `\\b(?:the\\s+)?(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last)\\s+(${DAY})\\s+(?:of|in)\\s+(${MONTH_WORD})\\b(?:,?\\s+(\\d{4})\\b)?`,
  "i",
);

/**
 * The calendar date of "the first monday in december": in the year named, or else this year's if that
 * day is today or later on the user's clock, next year's otherwise. Nothing when the month has no such
 * day ("the fifth monday in february").
 */
function nthWeekdayOfMonth(context: chrono.ParsingContext, match: RegExpMatchArray): { day: number; month: number; year: number } | null {
  const place = PLACE_IN_MONTH[(match[1] ?? "").toLowerCase()];
  const word = (match[2] ?? "").toLowerCase();
  const weekday = WEEKDAY_BY_WORD[word] ?? WEEKDAY_BY_WORD[word.replace(/s$/, "")];
  const month = MONTH_NUMBER[(match[3] ?? "").toLowerCase()];
  if (!place || !weekday || !month) return null;
  const today = localToday(context);
  const inYear = (year: number) => placeInMonth(year, month, weekday, place);
  const date = match[4] ? inYear(Number(match[4])) : [inYear(today.year), inYear(today.year + 1)].find((d) => d && d.toISODate()! >= today.toISODate()!);
  return date ? { day: date.day, month: date.month, year: date.year } : null;
}

/** The `place`-th (1-5, or -1 for the last) `weekday` of a month, or null if the month has none. */
function placeInMonth(year: number, month: number, weekday: Weekday, place: number): DateTime | null {
  const first = DateTime.utc(year, month, 1);
  const daysInMonth = first.daysInMonth ?? 0;
  if (place === -1) {
    const last = first.set({ day: daysInMonth });
    return last.minus({ days: (last.weekday - weekday + 7) % 7 });
  }
  const day = 1 + ((weekday - first.weekday + 7) % 7) + 7 * (place - 1);
  return day <= daysInMonth ? first.set({ day }) : null;
}

/** Three-letter weekday words that are more often something else ("call sun", "I sat"). */
const BARE_WEEKDAY_ABBREVIATION = /^(?:sun|sat|mon|tue|tues|wed|thu|thur|thurs|fri)\.?$/i;

/** Reads the date/time phrases of `text` (whose repeat phrase has been blanked out) relative to `now` in `zone`. */
export function findDateTime(text: string, now: Date, zone: string): DateTimeHints {
  const reference = { instant: now, timezone: DateTime.fromJSDate(now, { zone }).offset };
  const parser = readsDayFirst(zone) ? DAY_FIRST : MONTH_FIRST;
  const read = parser.parse(blankNotDates(text), reference).filter((result) => !BARE_WEEKDAY_ABBREVIATION.test(result.text.trim()));
  const found = read.filter((result) => !isAFraction(result, text, read));
  // "send the eod report at 4": an end of a period without "by" names the thing when something else says when.
  const saysWhenOtherwise = found.some((result) => !result.tags().has(END_OF_PERIOD_WITHOUT_PREPOSITION));
  const results = saysWhenOtherwise ? found.filter((result) => !result.tags().has(END_OF_PERIOD_WITHOUT_PREPOSITION)) : found;

  // A relative time is a complete answer on its own; other phrases are then left in the title.
  const relative = results.find(isRelativeTime);
  if (relative) return { spans: [spanOf(relative)], instant: relative.start.date() };

  const hints: DateTimeHints = { spans: [] };
  let previous: chrono.ParsedResult | undefined;
  for (const result of results) {
    if (previous && saysAgain(hints, result) && JOINER.test(text.slice(previous.index + previous.text.length, result.index))) hints.several = true;
    if (absorb(hints, result)) hints.spans.push(spanOf(result));
    previous = result;
  }
  return hints;
}

/** "1/2", "3/4": a day and month in numbers, or a fraction. */
const FRACTION_SHAPED = /^\s*([1-7])\/([2-8])\s*$/;
/** The words a date in numbers is said before or after: "on 3/4", "3/4 at 5pm", "3/4" as the last words. */
const BEFORE_A_DATE = /\b(?:on|by|before|until|till|due|from)\s*$/i;
const AFTER_A_DATE = /^\s*(?:$|[,.;:!?)]|(?:at|@|in\s+the|morning|afternoon|evening|night|am|pm)\b|\d)/i;

/**
 * "buy 1/2 pound of butter at 5pm", "read chapters 3/4 tomorrow": a fraction, not a date. chrono read both as dates
 * (the butter on February 1st, with "1/2" gone from the title; the chapters on April 3rd, with "tomorrow" left in
 * it). A small numerator over a small denominator is taken for a fraction when a word other than a time follows it
 * or another phrase names the day, unless "on", "by" or "before" comes first ("dentist on 3/4", "dentist 3/4 at 5pm"
 * stay dates).
 */
function isAFraction(result: chrono.ParsedResult, text: string, all: readonly chrono.ParsedResult[]): boolean {
  const shape = FRACTION_SHAPED.exec(result.text);
  if (!shape || Number(shape[1]) >= Number(shape[2])) return false;
  if (BEFORE_A_DATE.test(text.slice(0, result.index))) return false;
  const otherDay = all.some((other) => other !== result && (other.start.isCertain("day") || other.start.isCertain("weekday")));
  return otherDay || !AFTER_A_DATE.test(text.slice(result.index + result.text.length));
}

/** Only a joining word between two phrases: "and", "or", "&", a comma, maybe "every"/"on"/"at" ("at 9 and every friday at 10"). */
const JOINER = /^\s*(?:,|and|or|&|\+)\s*(?:(?:and|again|every|each|on|at|then)\s+)*$/i;

/** Whether `result` names a day or a time that the hints already have (a second one, not the other half). */
function saysAgain(hints: DateTimeHints, result: chrono.ParsedResult): boolean {
  const day = result.start.isCertain("day") || result.start.isCertain("weekday");
  return (day && Boolean(hints.date || hints.weekday)) || (result.start.isCertain("hour") && Boolean(hints.time));
}

/** Copies what `result` adds (the first date, time and part of day win); false if it added nothing. */
function absorb(hints: DateTimeHints, result: chrono.ParsedResult): boolean {
  let used = false;
  if (hints.offsetMinutes === undefined && result.start.isCertain("timezoneOffset") && result.start.isCertain("hour")) {
    hints.offsetMinutes = result.start.get("timezoneOffset") ?? 0;
  }
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
      meridiemKnown: result.start.isCertain("meridiem") || ZERO_PADDED_HOUR.test(result.text),
    };
    used = true;
  }
  const partOfDay = findPartOfDay(result.text);
  if (!hints.partOfDay && partOfDay) {
    hints.partOfDay = partOfDay;
    hints.partOfToday = PART_OF_TODAY.test(result.text);
    used = true;
  }
  return used;
}

const PART_OF_TODAY = /\b(?:tonight|this\s+(?:morning|afternoon|evening))\b/i;

/** "05:00", "at 03.30": written on a 24-hour clock. */
const ZERO_PADDED_HOUR = /(?:^|\D)0\d[:.]\d{2}\b/;

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
  const next = /\bnext\b/i.test(result.text);
  const day = (chronoDay === 0 ? 7 : chronoDay) as Weekday;
  return /\bweekend\b/i.test(result.text) ? { day, next, weekend: true } : { day, next };
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
