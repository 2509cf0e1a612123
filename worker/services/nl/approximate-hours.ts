import type * as chrono from "chrono-node";
import { DAY_NAME, FULL_DAY } from "./recurrence-phrases";
import { isCommonVerb } from "./verbs";

/**
 * Hours said loosely, as chrono parsers (clock-phrases.ts lists them in CLOCK_PARSERS, in their places): "around 5",
 * "5ish", "at noonish", and an hour after "alarm for" or "reminder for". Each keeps the hour as said; schedule.ts settles
 * its half of the day as for any bare hour.
 */

export type Components = { [component in chrono.Component]?: number };

/**
 * Without a day: "at around 5", "at about 7:30" (after "at" always a time), and "around 5" or "about 5" as the last
 * words or before "to ..." ("remind me around 5 to leave", "call mum around 7"). "buy about 5 apples" keeps its number.
 */
const FOLLOWED_BY_NO_NOUN = "(?=\\s*(?:$|[,.;:!?)]|(?:to|and|please|then)\\b))";
const APPROXIMATE_AT = new RegExp(`\\bat\\s+(?:around|about|approximately|roughly)\\s+(\\d{1,2})(?::([0-5]\\d))?(?!\\d|\\s*(?:[ap]\\.?m\\b|%))`, "i");
const APPROXIMATE_ALONE = new RegExp(`\\b(?:around|about|approximately|roughly)\\s+(\\d{1,2})(?::([0-5]\\d))?${FOLLOWED_BY_NO_NOUN}`, "i");
/**
 * "at 5ish", "at 7:30-ish", "around 7ish"; "5ish" without "at" as "around 5" is read, and so is one before a day or
 * what to do ("7ish call mum", "call mum 7ish tomorrow"; they found no time, or kept "around 7ish" in the title).
 * "20ish people" keeps its number. chrono read none of them.
 */
const ISH_AT = /\b(?:at|around|about|roughly)\s+(\d{1,2})(?::([0-5]\d))?\s*-?\s*ish\b/i;
const ISH_ALONE = new RegExp(`\\b(\\d{1,2})(?::([0-5]\\d))?\\s*-?\\s*ish\\b${FOLLOWED_BY_NO_NOUN}`, "i");
const ISH_BEFORE_A_DAY_OR_A_VERB = new RegExp(`\\b(\\d{1,2})(?::([0-5]\\d))?\\s*-?\\s*ish(?=\\s+(?:on\\s+)?(?:today|tonight|tomorrow|tmrw|${DAY_NAME})\\b|\\s+([a-z]+))`, "i");

function hourIshBeforeADayOrAVerb(context: chrono.ParsingContext, match: RegExpMatchArray): Components | null {
  if (match[3] && !isCommonVerb(match[3])) return null;
  return approximateHour(context, match);
}

/** "at noonish", "around noon-ish": noon. */
const NOONISH = /\b(?:(?:at|around|about)\s+)?noon\s*-?\s*ish\b/i;

function approximateHour(_context: chrono.ParsingContext, match: RegExpMatchArray): Components | null {
  const hour = Number(match[1]);
  if (hour > 23) return null;
  // As said: schedule.ts settles the half of the day of a bare hour ("around 5" is 17:00).
  return { hour, minute: Number(match[2] ?? 0) };
}

/**
 * "tomorrow around 5", "friday at about 10", "around 3 today": an approximate hour beside a day. chrono
 * reads "around 3pm" but not a bare "around 5", which stayed in the title while the reminder took the
 * day's default hour. Only beside a day word, so "buy about 5 apples" keeps its number.
 */
const DAY_WORD = `(?:tomorrow|today|tonight|${FULL_DAY})`;
const APPROXIMATE = "(?:at\\s+)?(?:around|about|approximately|roughly)\\s+(\\d{1,2})(?::([0-5]\\d))?(?!\\d|\\s*(?:[ap]\\.?m\\b|%))";
const APPROXIMATE_AFTER_DAY = new RegExp(`(?<=\\b${DAY_WORD}\\s+)${APPROXIMATE}`, "i");
const APPROXIMATE_BEFORE_DAY = new RegExp(`\\b${APPROXIMATE}(?=\\s+(?:on\\s+)?${DAY_WORD}\\b)`, "i");

/**
 * "set an alarm for 7 tomorrow", "a reminder for 8 to call work": a bare hour after "alarm for" or "reminder for" is
 * the time (it was 9 AM titled "set an alarm for 7"). Not a length or a count ("a reminder for 10 minutes", "for 2 people").
 */
// "for" is taken with the hour: chrono drops a result that is a number alone.
const ALARM_FOR = /(?<=\b(?:reminder|alarm|wake[\s-]*up\s+call)\s+)for\s+([1-9]|1[0-2])(?:[:.]([0-5]\d))?\b(?![:.]\d|\s*(?:[ap]\.?m\b|minutes?|mins?|hours?|hrs?|seconds?|secs?|days?|weeks?|months?|years?|people|%))/i;

/** Without a day (listed before the exact clocks of clock-phrases.ts, as they always were). */
export const APPROXIMATE_WITHOUT_A_DAY: chrono.Parser[] = [
  { pattern: () => APPROXIMATE_AT, extract: approximateHour },
  { pattern: () => APPROXIMATE_ALONE, extract: approximateHour },
  { pattern: () => ISH_AT, extract: approximateHour },
  { pattern: () => ISH_ALONE, extract: approximateHour },
  { pattern: () => ISH_BEFORE_A_DAY_OR_A_VERB, extract: hourIshBeforeADayOrAVerb },
  { pattern: () => NOONISH, extract: (): Components => ({ hour: 12, minute: 0, meridiem: 1 }) },
];

/** Beside a day, and after "alarm for" (listed before a bare hour after a day). */
export const APPROXIMATE_BESIDE_A_DAY: chrono.Parser[] = [
  { pattern: () => APPROXIMATE_AFTER_DAY, extract: approximateHour },
  { pattern: () => APPROXIMATE_BEFORE_DAY, extract: approximateHour },
  { pattern: () => ALARM_FOR, extract: approximateHour },
];
