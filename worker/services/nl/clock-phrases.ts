import type * as chrono from "chrono-node";
import { DAY_NAME } from "./recurrence-phrases";
import { isCommonVerb } from "./verbs";
import { localNow } from "./relative-phrases";
import { APPROXIMATE_BESIDE_A_DAY, APPROXIMATE_WITHOUT_A_DAY, type Components } from "./approximate-hours";
import { MOMENT_PARSERS } from "./moments";

/**
 * Times of day that chrono does not read, as chrono parsers (date-time-phrases.ts registers them):
 * - the spoken clock: "half past 5", "quarter to 6", "a quarter past 7 pm";
 * - the European 24-hour "h": "17h", "9h30";
 * - moments of a day ("with breakfast", "before bed", "after work"), from moments.ts, last;
 * - "at half 5" (half past), "at 1530", "same time tomorrow";
 * - hours said loosely ("at around 5", "at 5ish", "at noonish", "an alarm for 7"), from approximate-hours.ts.
 * Without them, "take pills before bed" found no time at all, and "call at half past 5" neither.
 */

const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const HOUR = `(\\d{1,2}|${NUMBER_WORDS.join("|")}|noon|midnight)`;
const MERIDIEM = `(?:\\s*([ap])\\.?m\\b\\.?)?`;
/** Where an hour ends: a word's end, or am/pm written on to it ("half 7pm", "half past 7pm" were not read). */
const HOUR_END = "(?:\\b|(?=[ap]\\.?m\\b))";

/** "half past 5", "quarter to 6", "a quarter after 7 pm". */
const SPOKEN_CLOCK = new RegExp(`\\b(?:a\\s+)?(half|quarter)\\s+(past|after|to|till|before)\\s+${HOUR}${HOUR_END}${MERIDIEM}`, "i");

function spokenClock(_context: chrono.ParsingContext, match: RegExpMatchArray): Components | null {
  const [, fraction, direction, hourWord, meridiem] = match;
  const named = hourOf(hourWord ?? "");
  if (named === null) return null;
  const minutes = fraction?.toLowerCase() === "half" ? 30 : 15;
  const before = /^(?:to|till|before)$/i.test(direction ?? "");
  if (before && fraction?.toLowerCase() === "half") return null; // "half to 6" is not English
  // Minutes from midnight on a 12- or 24-hour clock face, then back to hour and minute.
  const total = (named * 60 + (before ? -minutes : minutes) + 24 * 60) % (24 * 60);
  return withMeridiem({ hour: Math.floor(total / 60), minute: total % 60 }, meridiem);
}

/**
 * "text sam at quarter past", "at half past", "at quarter to": no hour said, so the next such moment of the clock
 * (within the hour ahead). No time was found. Not before an hour ("at quarter past 5" is SPOKEN_CLOCK's).
 */
// Minutes in digits past the hour too: "get the cake out at 20 past" (it was 8 PM, titled "get the cake out past"). Not
// "to": "remind me at 10 to call sam" is at 10.
const FRACTION_OF_THE_HOUR_ALONE = new RegExp(`\\bat\\s+(?:(?:a\\s+)?(half|quarter)\\s+(past|after|to|till)|([1-5]?\\d)\\s+(?:mins?\\s+|minutes\\s+)?(past|after))\\b(?!\\s*(?:${HOUR}\\b|the\\s+hour))`, "i");

function fractionOfTheHourAlone(context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents | null {
  const fraction = match[1] ?? match[3];
  const direction = match[2] ?? match[4];
  const half = fraction?.toLowerCase() === "half";
  const before = /^(?:to|till)$/i.test(direction ?? "");
  if (half && before) return null; // "half to" is not English
  const minutes = /^\d/.test(fraction ?? "") ? Number(fraction) : half ? 30 : 15;
  if (minutes < 1 || minutes > 59 || (before && minutes === 30)) return null;
  const minute = before ? 60 - minutes : minutes;
  const now = localNow(context);
  let at = now.set({ minute, second: 0, millisecond: 0 });
  if (at <= now) at = at.plus({ hours: 1 });
  return context.createParsingComponents({ year: at.year, month: at.month, day: at.day, hour: at.hour, minute: at.minute, meridiem: at.hour >= 12 ? 1 : 0 });
}

/**
 * "17h", "9h30", "at 18h15": always a 24-hour clock. Not after "in" ("in 14h" is a duration, chrono's),
 * and a bare small "4h" only after "at": "buy 4h pencils" is no time.
 */
const H_CLOCK = /(?<!\bin\s+)\b(at\s+)?([01]?\d|2[0-3])h([0-5]\d)?\b/i;

function hClock(_context: chrono.ParsingContext, match: RegExpMatchArray): Components | null {
  const [, at, hourText, minuteText] = match;
  const hour = Number(hourText);
  if (!at && !minuteText && hour < 13) return null;
  return { hour, minute: Number(minuteText ?? 0), meridiem: hour >= 12 ? 1 : 0 };
}


/**
 * "9 tonight", "call at 7:30 this evening", "8 this morning": an hour right before a part of today.
 * chrono reads the part alone ("tonight" at 22:00) and left the "9" in the title.
 */
/**
 * The hour is 1-11 (1-12 in the morning) in the pattern itself, never refused in `extract`: chrono tries a
 * refused match again one character later, on a cut string where "\b" holds, so "12 tonight" was read as
 * "2 tonight" (14:00, with "at 1" left in the title). Midnight has its own pattern below. Not after "half": "half 9
 * tonight" is half past (HALF_HOUR_BEFORE_DAY).
 */
const HOUR_BEFORE_PART_OF_TODAY =
  /\b(?<!\bhalf\s+)(?:at\s+)?(?:(1[01]|0?[1-9])(?:[:.]([0-5]\d))?\s+(tonight|this\s+(?:afternoon|evening))|(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?\s+(this\s+morning))\b/i;

function hourBeforePartOfToday(context: chrono.ParsingContext, match: RegExpMatchArray): Components {
  const morning = match[6] !== undefined;
  const hour = Number(morning ? match[4] : match[1]);
  const hour24 = morning ? hour % 12 : hour + 12;
  const today = localNow(context);
  return { year: today.year, month: today.month, day: today.day, hour: hour24, minute: Number((morning ? match[5] : match[2]) ?? 0), meridiem: hour24 >= 12 ? 1 : 0 };
}

/**
 * "midnight tonight", "at 12 tonight", "tonight at midnight", "12 midnight tonight": 00:00 at the end of today, i.e.
 * tomorrow's date. chrono put midnight on today's date, already past, and the reminder landed at noon. Tagged, so the
 * rule that midnight with a day ends that day (date-time-phrases.ts) does not move it a day more.
 */
// Not "tonight at 12:30" (half past midnight, read with its minutes; it was midnight titled "30 check").
const MIDNIGHT_TONIGHT = /\b(?:at\s+)?(?:(?:12(?::00)?(?:\s+midnight)?|midnight)\s+tonight|tonight\s+at\s+(?:12(?::00)?(?:\s+midnight)?|midnight))\b(?![:.]\d)/i;

export const MIDNIGHT_TONIGHT_TAG = "nudge/midnight-tonight";

function midnightTonight(context: chrono.ParsingContext): chrono.ParsingComponents {
  const tomorrow = localNow(context).plus({ days: 1 });
  return context.createParsingComponents({ year: tomorrow.year, month: tomorrow.month, day: tomorrow.day, hour: 0, minute: 0, meridiem: 0 }).addTag(MIDNIGHT_TONIGHT_TAG);
}

/**
 * "at 12 midnight": midnight, as "at midnight" is, with or without a day ("friday at 12 midnight" ends Friday). It was
 * read as tonight's, so a day said with it was a mismatch ("Nov 26 is a Thursday, not a Friday").
 */
const TWELVE_MIDNIGHT = /\b(?:at\s+)?12(?::00)?\s+midnight\b/i;

/**
 * "dentist thursday 3", "call mum tomorrow 5", "thursday 3 call the dentist": a bare hour right after a day, as people
 * text it. It stayed in the title ("dentist 3") and the day's 9 AM was taken. 1 to 11 only ("friday 12", "thursday 15"
 * may be the day of the month); its half of the day is settled as any bare hour's (schedule.ts: "tomorrow 5" is 5 PM).
 */
const HOUR_AFTER_DAY = new RegExp(String.raw`(?<=\b(?:tomorrow|today|tmrw|${DAY_NAME})\s+)([1-9]|1[01])(?:[:.]([0-5]\d))?(?![\d:a-z]|\.\d|\s*(?:[ap]\.?m\b|%|[/-]))`, "i");

/** "tomorrow 9-10 call the school": a span of bare hours after a day, its start (it was 9 AM titled "9-10 call the school"). */
const HOURS_AFTER_DAY = new RegExp(String.raw`(?<=\b(?:tomorrow|today|tmrw|${DAY_NAME})\s+)([1-9]|1[0-2])(?:[:.]([0-5]\d))?\s*[-–]\s*(?:[1-9]|1[0-2])(?:[:.][0-5]\d)?(?![\d:a-z]|\.\d|\s*(?:[ap]\.?m\b|%))`, "i");

/**
 * Only where nothing is counted: at the end or before a stop ("call mum tomorrow 5") or a verb ("friday 3 bring
 * snacks", "thursday 3 call the dentist"). Before other words it may count them ("friday 2 adults", "sunday 3 course
 * lunch", "friday 3 december"), so the number stays.
 */
function hourAfterDay(context: chrono.ParsingContext, match: RegExpMatchArray): Components | null {
  const end = (match.index ?? 0) + match[0].length;
  const next = /^\s*([a-z']+)?/i.exec(context.text.slice(end))?.[1];
  if (next !== undefined && !isCommonVerb(next)) return null;
  return { hour: Number(match[1]), minute: Number(match[2] ?? 0) };
}

/**
 * "at half 5", "at half five": half past, as said in Britain and Ireland ("half 5" is 5:30, never 4:30). After "at",
 * or right beside a day ("half nine tomorrow", "tomorrow half 9", "friday half six"), so "half 5 the recipe" keeps its
 * words; the half of the day is settled as for any bare hour (schedule.ts). Beside a day it was read as the day alone
 * at 09:00, with "half nine" in the title. Not beside "sat" and "sun", which are often no day (not-dates.ts).
 */
const DAY_BESIDE_HALF = "(?:today|tomorrow|tonight|this\\s+(?:morning|afternoon|evening)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thur?s?|fri)";
const HALF_HOUR_BRITISH = new RegExp(`\\bat\\s+half\\s+${HOUR}${HOUR_END}${MERIDIEM}`, "i");
const HALF_HOUR_BEFORE_DAY = new RegExp(`\\bhalf\\s+${HOUR}${HOUR_END}${MERIDIEM}(?=,?\\s+(?:on\\s+|this\\s+|next\\s+)?${DAY_BESIDE_HALF}\\b)`, "i");
const HALF_HOUR_AFTER_DAY = new RegExp(`(?<=\\b${DAY_BESIDE_HALF},?\\s+)half\\s+${HOUR}${HOUR_END}${MERIDIEM}`, "i");
/** "half six gym", "gym half 6": as the first words before what to do, or the last after it (no time was found). */
// Not before "the", "a", "of": "half 5 the recipe" is halving.
const HALF_HOUR_FIRST = new RegExp(`^\\s*half\\s+${HOUR}${HOUR_END}${MERIDIEM}(?=\\s+(?!(?:the|a|an|of|my|your|our)\\b)[a-z])`, "i");
const HALF_HOUR_LAST = new RegExp(`(?<=[a-z]\\s+)half\\s+${HOUR}${HOUR_END}${MERIDIEM}(?=\\s*[.!]*\\s*$)`, "i");

function halfHourBritish(_context: chrono.ParsingContext, match: RegExpMatchArray): Components | null {
  const hour = hourOf(match[1] ?? "");
  if (hour === null || hour === 0 || hour > 12) return null;
  return withMeridiem({ hour, minute: 30 }, match[2]);
}

/**
 * "same time tomorrow", "this time tomorrow", "tomorrow at the same time", "same time next week": the day, at the
 * time of day it is now. chrono read the day alone, the reminder took 09:00 and "same time" stayed in the title.
 *
 * The time is implied, not stated, and the result is tagged as a relative date like "in 3 days": a new reminder
 * takes the time of day it is now (date-time-phrases.ts `timeIfNoneSaid`), while a move ("same time tomorrow" said
 * in reply to a reminder, tasks/move.ts) keeps the reminder's own time of day, which is the time meant there. The
 * reply moved it to the time of the reply before.
 */
const SAME_TIME = "(?:at\\s+)?(?:this|the\\s+same|same)\\s+time";
const SAME_TIME_AGAIN = new RegExp(`\\b(?:${SAME_TIME}\\s+(tomorrow|next\\s+week)|(tomorrow|next\\s+week),?\\s+${SAME_TIME})\\b`, "i");

function sameTimeAgain(context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents {
  const now = localNow(context);
  const day = now.plus(/^tomorrow$/i.test(match[1] ?? match[2] ?? "") ? { days: 1 } : { weeks: 1 });
  const result = context.createParsingComponents({ year: day.year, month: day.month, day: day.day });
  result.imply("hour", now.hour);
  result.imply("minute", now.minute);
  return result.addTag("result/relativeDate");
}

/**
 * "at 1530", "at 0930": four digits after "at" are a 24-hour time, as timetables and rotas write it. chrono read
 * none ("at 1530 call" found no time). Only after "at", so "room 1530" and "in 2024" keep their numbers.
 */
const AT_FOUR_DIGITS = /\bat\s+([01]\d|2[0-3])([0-5]\d)\b(?!\s*(?:[ap]\.?m\b|%|[:.]\d))/i;

function atFourDigits(_context: chrono.ParsingContext, match: RegExpMatchArray): Components {
  const hour = Number(match[1]);
  return { hour, minute: Number(match[2]), meridiem: hour >= 12 ? 1 : 0 };
}

/**
 * "lunch with ali next tues 1230", "dentist tomorrow 1545": four digits right after a day are its 24-hour time too (the
 * day's 9 AM was taken, "1230" left in the title). Only where nothing is counted, as for a bare hour after a day
 * (`hourAfterDay`): "tomorrow 1500 words" keeps its number.
 */
const FOUR_DIGITS_AFTER_DAY = new RegExp(String.raw`(?<=\b(?:tomorrow|today|tonight|tmrw|${DAY_NAME})\s+)([01]\d|2[0-3])([0-5]\d)(?![\d:a-z]|\.\d|\s*(?:[ap]\.?m\b|%|[/-]))`, "i");

function fourDigitsAfterDay(context: chrono.ParsingContext, match: RegExpMatchArray): Components | null {
  return hourAfterDay(context, match) && atFourDigits(context, match);
}

/**
 * "call 7:30p", "at 7p", "9:15a": am or pm in one letter, as phones and calendars write it. Only after "at" or with
 * minutes, so "7p stamps" keeps its pence. chrono read none: "call 7:30p" found no time.
 */
const ONE_LETTER_MERIDIEM = /(?:\bat\s+(\d{1,2})(?::([0-5]\d))?|\b(\d{1,2}):([0-5]\d))([ap])(?![\w.])/i;

function oneLetterMeridiem(_context: chrono.ParsingContext, match: RegExpMatchArray): Components | null {
  const hour = Number(match[1] ?? match[3]);
  if (hour < 1 || hour > 12) return null;
  return withMeridiem({ hour, minute: Number(match[2] ?? match[4] ?? 0) }, match[5]);
}

/** "soccer practice sat 9a", "dentist tomorrow 3p": right after a day too (no time was found, or "3p" stayed in the title). */
const ONE_LETTER_MERIDIEM_AFTER_DAY = new RegExp(String.raw`(?<=\b(?:tomorrow|today|tonight|tmrw|${DAY_NAME})\s+)(\d{1,2})(?::([0-5]\d))?([ap])(?![\w.])`, "i");

function oneLetterMeridiemAfterDay(_context: chrono.ParsingContext, match: RegExpMatchArray): Components | null {
  const hour = Number(match[1]);
  if (hour < 1 || hour > 12) return null;
  return withMeridiem({ hour, minute: Number(match[2] ?? 0) }, match[3]);
}

/**
 * "between 2 and 3", "between 9am and 10am": the start of the span, as "from 9 to 10" is chrono's. It was left in the
 * title ("meeting between 2 and 3") at 9:00. A meridiem said at the end holds for the start ("between 2 and 3pm").
 */
const BETWEEN_HOURS = /\bbetween\s+(\d{1,2})(?::([0-5]\d))?\s*([ap])?\.?m?\.?\s+and\s+(\d{1,2})(?::[0-5]\d)?\s*(?:([ap])\.?m\.?)?(?![\w])/i;

function betweenHours(_context: chrono.ParsingContext, match: RegExpMatchArray): Components | null {
  const hour = Number(match[1]);
  if (hour > 23 || Number(match[4]) > 23) return null;
  return withMeridiem({ hour, minute: Number(match[2] ?? 0) }, match[3] ?? match[5]);
}

/** The parsers, in the shape chrono's `parsers` list takes. */
export const CLOCK_PARSERS: chrono.Parser[] = [
  { pattern: () => MIDNIGHT_TONIGHT, extract: midnightTonight },
  { pattern: () => TWELVE_MIDNIGHT, extract: (): Components => ({ hour: 0, minute: 0, meridiem: 0 }) },
  { pattern: () => SAME_TIME_AGAIN, extract: sameTimeAgain },
  { pattern: () => FRACTION_OF_THE_HOUR_ALONE, extract: fractionOfTheHourAlone },
  { pattern: () => HALF_HOUR_BRITISH, extract: halfHourBritish },
  { pattern: () => HALF_HOUR_BEFORE_DAY, extract: halfHourBritish },
  { pattern: () => HALF_HOUR_AFTER_DAY, extract: halfHourBritish },
  { pattern: () => HALF_HOUR_FIRST, extract: halfHourBritish },
  { pattern: () => HALF_HOUR_LAST, extract: halfHourBritish },
  ...APPROXIMATE_WITHOUT_A_DAY,
  { pattern: () => AT_FOUR_DIGITS, extract: atFourDigits },
  { pattern: () => FOUR_DIGITS_AFTER_DAY, extract: fourDigitsAfterDay },
  { pattern: () => ONE_LETTER_MERIDIEM, extract: oneLetterMeridiem },
  { pattern: () => ONE_LETTER_MERIDIEM_AFTER_DAY, extract: oneLetterMeridiemAfterDay },
  { pattern: () => BETWEEN_HOURS, extract: betweenHours },
  { pattern: () => HOUR_BEFORE_PART_OF_TODAY, extract: hourBeforePartOfToday },
  ...APPROXIMATE_BESIDE_A_DAY,
  { pattern: () => HOURS_AFTER_DAY, extract: hourAfterDay },
  { pattern: () => HOUR_AFTER_DAY, extract: hourAfterDay },
  { pattern: () => SPOKEN_CLOCK, extract: spokenClock },
  { pattern: () => H_CLOCK, extract: hClock },
  ...MOMENT_PARSERS,
];

function hourOf(word: string): number | null {
  const lower = word.toLowerCase();
  if (lower === "noon") return 12;
  if (lower === "midnight") return 0;
  const index = NUMBER_WORDS.indexOf(lower);
  const hour = index >= 0 ? index + 1 : Number(lower);
  return Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : null;
}

/** A stated am/pm sets the half of the day; without one the hour stays as said (schedule.ts decides). */
function withMeridiem(time: { hour: number; minute: number }, meridiem: string | undefined): Components {
  if (!meridiem) return time;
  const pm = meridiem.toLowerCase() === "p";
  const hour = (time.hour % 12) + (pm ? 12 : 0);
  return { hour, minute: time.minute, meridiem: pm ? 1 : 0 };
}
