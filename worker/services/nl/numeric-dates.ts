import type * as chrono from "chrono-node";
import { DateTime } from "luxon";
import { localToday } from "./relative-phrases";

/** A day and a month in digits with a dot or a dash, which chrono does not read (date-parsers.ts adds them to its readers). */

/** Not after a word that leads a time ("from 9.30 at ...") or a number's ("version 1.2"), nor inside a longer number. */
const NOT_AFTER_A_NUMBERS_WORD = String.raw`(?<!\b(?:at|from|to|till|until|around|about|after|by|before|due|version|ver|v|release|update|chapter|section|page|pages|step|part|level|buy|get|pay|size)\s+|[@\d.,:£$€]\s*)`;

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
  // "dentist 14.12 at 15:00": with a time of day right after, the dotted pair is the day (it was tomorrow at 3 PM,
  // titled "dentist 14.12"); not after a word that leads a time ("from 9.30 at ...") or a number's ("version 1.2").
  // "dentist 24.12. 10:00", "24.12 9am": a clock time right after without "at" (it was today at 10 PM, titled "dentist
  // 24.12"); and "dentist 24.12." with the dot that ends a day written the German way.
  new RegExp(String.raw`${NOT_AFTER_A_NUMBERS_WORD}\b([0-3]?\d)\.([01]?\d)\b(?!\.?\d)(?=\.?,?\s*(?:(?:at\s+|@\s*)\d|\d{1,2}[:.]\d{2}\b|\d{1,2}\s*[ap]\.?m\b))`, "i"),
  new RegExp(String.raw`${NOT_AFTER_A_NUMBERS_WORD}\b([0-3]?\d)\.([01]?\d)\.(?![\d.])`, "i"),
];

/**
 * "call the bank on 14-12 at 10", "on 12-14" in America: a day and month with a dash, in the zone's order, after "on"
 * (chrono read none: it was today, titled "call the bank on 14-12").
 */
const DASHED_DATE = /\bon\s+([0-3]?\d)-([0-3]?\d)\b(?![-\d])/i;

const DOTTED_DAY_MONTH_TAG = "parser/dottedDayMonth";

/**
 * chrono reads "14.12" as a time too (14:12), keeps that reading over the same-length day, then drops it for being a bare
 * number: "dentist 14.12 at 15:00" lost its day. Where a dotted day is read, chrono's time of the same words is left out
 * before that choice, so the day is joined to the time after it ("14.12 at 15:00") and kept.
 */
export const DOTTED_DAY_OVER_A_TIME: chrono.Refiner = {
  refine: (_context, results) =>
    results.filter((result) => !(result.tags().has("parser/ENTimeExpressionParser") && results.some((day) => day !== result && day.tags().has(DOTTED_DAY_MONTH_TAG) && day.index === result.index && day.text === result.text))),
};

/** The readers for where dates are written day first ("14.12", "on 14-12") and month first ("on 12-14"). */
export const DAY_FIRST_NUMBERS: chrono.Parser[] = [
  ...DOTTED_DAY_MONTH.map((pattern) => ({ pattern: () => pattern, extract: dottedDayMonth })),
  { pattern: () => DASHED_DATE, extract: dottedDayMonth },
];
export const MONTH_FIRST_NUMBERS: chrono.Parser[] = [{ pattern: () => DASHED_DATE, extract: (context, match) => dayAndMonth(context, match[2], match[1]) }];

function dottedDayMonth(context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents | null {
  return dayAndMonth(context, match[1], match[2])?.addTag(DOTTED_DAY_MONTH_TAG) ?? null;
}

function dayAndMonth(context: chrono.ParsingContext, dayText: string | undefined, monthText: string | undefined): chrono.ParsingComponents | null {
  const day = Number(dayText);
  const month = Number(monthText);
  if (day < 1 || month < 1 || month > 12 || day > (DateTime.utc(2024, month).daysInMonth ?? 31)) return null;
  // No year said: schedule.ts takes this year's if the day is still to come, else next year's, as for "on 1/12".
  return context.createParsingComponents({ day, month }).imply("year", localToday(context).year);
}
