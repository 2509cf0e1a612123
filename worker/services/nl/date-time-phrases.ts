import type * as chrono from "chrono-node";
import { DateTime } from "luxon";
import type { Weekday, WallTime, WeekOfMonth } from "../recurrence";
import { END_OF_PERIOD_WITHOUT_PREPOSITION, END_OF_WORKING_DAY_TAG } from "./period-phrases";
import { MIDNIGHT_TONIGHT_TAG } from "./clock-phrases";
import { MOMENT_TAG, momentIn } from "./moments";
import { dateParserFor } from "./date-parsers";
import { placedWeekdayIn } from "./placed-weekdays";
import { NAMED_NIGHT } from "./named-days";
import { namedDayInAName } from "./title";
import { blankNotDates } from "./not-dates";
import { clockWordsAfter, regionOfTheZoneWord } from "./zone-words";
import { isBareNonWeekday } from "./lone-day-words";
import { timeAsSaid, withTheBefore } from "./as-said";
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
  /** The phrase the time was read from: a time to beat ("before 5pm") is the reminder's only when it is that one. */
  timeSpan?: Span;
  /**
   * "midnight" said with a day ("tomorrow at midnight", "by friday at midnight"): the midnight that ends that day, as
   * people mean it, not the one that starts it (schedule.ts). "midnight tonight" is read so already.
   */
  midnightEndsTheDay?: boolean;
  partOfDay?: PartOfDay;
  /** The part of day is today's: "tonight", "this evening" (not "in the evening", which is the next one). */
  partOfToday?: boolean;
  /**
   * Two days or two times joined by "and"/"or"/a comma ("on monday at 9 and friday at 10"): a reminder
   * holds one, and only the first would be read, the rest left in the title.
   */
  several?: boolean;
  /** Two of them offered as a choice, as typed ("sat or sun", "at 5 or 6"): asked which one (messages.ts). */
  choice?: string;
  /**
   * A clock named with the time, in minutes east of UTC: "9am EST" (-300), "5pm UTC+2" (120). The time is on that
   * clock, not the person's (zone-words.ts).
   */
  offsetMinutes?: number;
  /** The region whose clock the zone word names, whatever the season ("9am EST": America/New_York; zone-words.ts). */
  offsetRegion?: string;
}

export interface NamedDate {
  year: number;
  month: number;
  day: number;
  yearKnown: boolean;
  monthKnown: boolean;
  /** A weekday said with the date ("friday the 12th", "fri, dec 11"): schedule.ts holds the two to each other. */
  weekday?: Weekday;
  /** The date named by a weekday's place in its month ("the fourth thursday of november"): a yearly repeat keeps it. */
  place?: { week: WeekOfMonth; weekday: Weekday };
  /**
   * The time of day the date brings when no time is said: for "in 3 days" / "next week", the current local time; for
   * "by the end of next week", 17:00 (period-phrases.ts END_OF_WORKING_DAY_TAG).
   */
  timeIfNoneSaid?: WallTime;
}

/** Reads the date/time phrases of `text` (whose repeat phrase has been blanked out) relative to `now` in `zone`. */
export function findDateTime(text: string, now: Date, zone: string): DateTimeHints {
  const reference = { instant: now, timezone: DateTime.fromJSDate(now, { zone }).offset };
  const parser = dateParserFor(zone);
  const read = parser.parse(blankNotDates(text), reference).filter((result) => !isBareNonWeekday(result, text));
  const found = read.filter((result) => !isAFraction(result, text, read));
  // "send the eod report at 4", "the end of the week review on friday": an end of a period without "by" names the
  // thing when something else says what it would say (a time for "eod", a day for the end of a week). "submit
  // timesheet end of week at 4pm" keeps both: Friday at 16:00.
  const periods = found.filter((result) => !(result.tags().has(END_OF_PERIOD_WITHOUT_PREPOSITION) && found.some((other) => other !== result && !other.tags().has(END_OF_PERIOD_WITHOUT_PREPOSITION) && saysTheSame(result, other))));
  // "christmas dinner tomorrow at 7", "new year's eve party on the 30th": a day's name that names the thing (title.ts)
  // gives way to a day said beside it. The first day read won, so the dinner was on December 25th.
  const thingsDay = namedDayInAName(text);
  const results = thingsDay ? periods.filter((result) => !(isWithin(result, thingsDay) && periods.some((other) => other !== result && !isWithin(other, thingsDay) && namesADayItself(other)))) : periods;
  // "take pills with breakfast at 8": the clock time said is the reminder's, the moment only says which half of the day
  // it is in and stays in the title (moments.ts MOMENT_TAG). Its day, if chrono read one with it, still counts.
  const clockSaid = results.some((result) => !result.tags().has(MOMENT_TAG) && result.start.isCertain("hour"));
  const outranked = (result: chrono.ParsedResult) => clockSaid && result.tags().has(MOMENT_TAG);
  const moment = results.find(outranked);

  // A relative time is a complete answer on its own; other phrases are then left in the title.
  const relative = results.find(isRelativeTime);
  if (relative) return { spans: [spanOf(relative)], instant: relative.start.date() };

  const hints: DateTimeHints = { spans: [] };
  let previous: chrono.ParsedResult | undefined;
  for (const result of results) {
    if (outranked(result)) {
      const span = dayOfAMoment(result);
      if (span && absorb(hints, result, true)) hints.spans.push(span);
      continue;
    }
    const between = previous ? text.slice(previous.index + previous.text.length, result.index) : "";
    if (previous && saysAgain(hints, result) && joined(previous, result, between)) {
      hints.several = true;
      if (!hints.choice && OR.test(between)) hints.choice = `${previous.text.trim()} or ${result.text.trim()}`.replace(/\s+/g, " ");
    }
    if (absorb(hints, result)) hints.spans.push(withTheBefore(spanOf(result), text));
    previous = result;
  }
  if (moment && hints.time && !hints.time.meridiemKnown) hints.time = { ...hints.time, hour: nearestHour(hints.time.hour, momentIn(moment.text)?.hour ?? 12), meridiemKnown: true };
  // "webinar 2pm eastern", "call at 9am uk time", "at 8 my time": a clock named in words after the time (zone-words.ts).
  const clockWords = hints.timeSpan && hints.offsetMinutes === undefined && !hints.offsetRegion ? clockWordsAfter(text, hints.timeSpan.end) : null;
  if (clockWords) {
    hints.spans.push(clockWords.span);
    if (clockWords.region) hints.offsetRegion = clockWords.region;
  }
  return hints;
}

/**
 * The span of the day chrono read with a moment ("tomorrow" of "with breakfast tomorrow"), so the moment's words stay
 * in the title; null when it read no day.
 */
function dayOfAMoment(result: chrono.ParsedResult): Span | null {
  const words = momentIn(result.text);
  if (!words || !(result.start.isCertain("day") || result.start.isCertain("weekday"))) return null;
  const momentFirst = result.text.slice(0, words.start).trim() === "";
  return momentFirst ? { start: result.index + words.end, end: result.index + result.text.length } : { start: result.index, end: result.index + words.start };
}

/** The hour on a 24-hour clock, of the two a bare `hour` can be, nearest the moment's ("at 8" with breakfast: 08:00; with dinner: 20:00). */
function nearestHour(hour: number, momentHour: number): number {
  const [morning, evening] = [hour % 12, (hour % 12) + 12];
  const distance = (h: number) => Math.min(Math.abs(h - momentHour), 24 - Math.abs(h - momentHour));
  return distance(morning) <= distance(evening) ? morning : evening;
}

function isWithin(result: chrono.ParsedResult, span: Span): boolean {
  return result.index >= span.start && result.index + result.text.trimEnd().length <= span.end;
}

function namesADayItself(result: chrono.ParsedResult): boolean {
  return result.start.isCertain("day") || result.start.isCertain("weekday");
}

/** Whether `other` names what the end of a period `result` names: a day, or else (for "eod") a time of day. */
function saysTheSame(result: chrono.ParsedResult, other: chrono.ParsedResult): boolean {
  const namesADay = (r: chrono.ParsedResult) => r.start.isCertain("day") || r.start.isCertain("weekday");
  return namesADay(result) ? namesADay(other) : other.start.isCertain("hour") || namesADay(other);
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
const OR = /^\s*,?\s*or\b/i;
const JOINER = /^\s*(?:,|and|or|&|\+)\s*(?:(?:and|again|every|each|on|at|then)\s+)*$/i;

/**
 * Whether two phrases are said as a list: joined by a word or a comma, or two clock times side by side ("meds 8am 2pm
 * 8pm daily" kept "2pm 8pm" in the title of a reminder at 8 AM).
 */
function joined(previous: chrono.ParsedResult, result: chrono.ParsedResult, between: string): boolean {
  return JOINER.test(between) || (between.trim() === "" && previous.start.isCertain("hour") && result.start.isCertain("hour"));
}

/** Whether `result` names a day or a time that the hints already have (a second one, not the other half). */
function saysAgain(hints: DateTimeHints, result: chrono.ParsedResult): boolean {
  const day = result.start.isCertain("day") || result.start.isCertain("weekday");
  return (day && Boolean(hints.date || hints.weekday)) || (result.start.isCertain("hour") && Boolean(hints.time));
}

/** Copies what `result` adds (the first date, time and part of day win; only its day when `dayOnly`); false if it added nothing. */
function absorb(hints: DateTimeHints, result: chrono.ParsedResult, dayOnly = false): boolean {
  let used = false;
  if (hints.offsetMinutes === undefined && result.start.isCertain("timezoneOffset") && result.start.isCertain("hour")) {
    hints.offsetMinutes = result.start.get("timezoneOffset") ?? 0;
    const region = regionOfTheZoneWord(result.text);
    if (region) hints.offsetRegion = region;
  }
  if (!hints.date && !hints.weekday) {
    const weekday = namedWeekday(result);
    const date = weekday ? undefined : namedDate(result);
    if (weekday) hints.weekday = weekday;
    if (date) hints.date = date;
    used = Boolean(weekday || date);
  }
  if (dayOnly) return used;
  if (!hints.time && result.start.isCertain("hour")) {
    hints.time = timeAsSaid(result);
    hints.timeSpan = spanOf(result);
    if (MIDNIGHT.test(result.text) && !result.tags().has(MIDNIGHT_TONIGHT_TAG) && hints.time.hour === 0 && hints.time.minute === 0) hints.midnightEndsTheDay = true;
    used = true;
  }
  // "on bonfire night" is a day (named-days.ts), its "night" no part of it: at the day's usual hour, like "christmas eve".
  const partOfDay = findPartOfDay(result.text.replace(NIGHT_OF_A_NAMED_DAY, ""));
  if (!hints.partOfDay && partOfDay) {
    hints.partOfDay = partOfDay;
    hints.partOfToday = PART_OF_TODAY.test(result.text);
    used = true;
  }
  return used;
}

const MIDNIGHT = /\bmidnight\b/i;
const NIGHT_OF_A_NAMED_DAY = new RegExp(String.raw`\b${NAMED_NIGHT}\b`, "i");
const PART_OF_TODAY = /\b(?:tonight|this\s+(?:morning|afternoon|evening))\b/i;

/** "in 20 minutes": chrono has already added the duration to the reference instant. */
function isRelativeTime(result: chrono.ParsedResult): boolean {
  return result.tags().has("result/relativeDateAndTime");
}

/** A weekday with no calendar date. "last friday" is left to namedDate, which keeps chrono's past date. */
function namedWeekday(result: chrono.ParsedResult): DateTimeHints["weekday"] | undefined {
  const { start } = result;
  if (!start.isCertain("weekday") || start.isCertain("day") || start.isCertain("month")) return undefined;
  if (/\b(?:last|past|previous)\b/i.test(result.text)) return undefined;
  const next = /\bnext\b/i.test(result.text);
  const day = isoWeekday(start.get("weekday") ?? 0);
  return /\bweekend\b/i.test(result.text) ? { day, next, weekend: true } : { day, next };
}

function namedDate(result: chrono.ParsedResult): NamedDate | undefined {
  const { start } = result;
  // "last friday": a weekday chrono placed in the past, its day not said. With a day ("friday the 11th") the weekday
  // is the date's, to be checked: taken for "last friday", November 11th was kept on November 25th and refused as past.
  const withDay = start.isCertain("day");
  const pastWeekday = start.isCertain("weekday") && !withDay;
  const relative = result.tags().has("result/relativeDate");
  // chrono's "in a year" makes only the year certain: a date all the same, as "in 6 months" is.
  const yearsAhead = relative && start.isCertain("year");
  if (!withDay && !start.isCertain("month") && !pastWeekday && !yearsAhead) return undefined;
  const chronoWeekday = withDay && start.isCertain("weekday") ? start.get("weekday") : null;
  return {
    year: start.get("year") ?? 0,
    month: start.get("month") ?? 0,
    day: start.get("day") ?? 0,
    yearKnown: start.isCertain("year") || pastWeekday,
    monthKnown: start.isCertain("month") || pastWeekday || yearsAhead,
    ...(chronoWeekday === null ? {} : { weekday: isoWeekday(chronoWeekday) }),
    ...placeOf(result.text),
    timeIfNoneSaid: relative || result.tags().has(END_OF_WORKING_DAY_TAG) ? { hour: start.get("hour") ?? 0, minute: start.get("minute") ?? 0 } : undefined,
  };
}

function placeOf(text: string): Pick<NamedDate, "place"> {
  const place = placedWeekdayIn(text);
  return place ? { place } : {};
}

/** chrono counts weekdays from Sunday (0), like Date#getDay; ours are ISO, Monday (1) to Sunday (7). */
function isoWeekday(chronoDay: number): Weekday {
  return (chronoDay === 0 ? 7 : chronoDay) as Weekday;
}

function spanOf(result: chrono.ParsedResult): Span {
  return { start: result.index, end: result.index + result.text.length };
}
