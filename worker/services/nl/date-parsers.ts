import * as chrono from "chrono-node";
import { DateTime } from "luxon";
import { CLOCK_PARSERS } from "./clock-phrases";
import { readsDayFirst } from "./date-order";
import { MONTH_NUMBER, MONTH_WORD } from "./month-words";
import { DAY, ORDINAL_WORD, ordinalValue, SUFFIXED_ORDINAL, weekdayOfWord } from "./recurrence-phrases";
import { DAY_AFTER_TOMORROW_REFINER, localToday, RELATIVE_PARSERS, WEEKDAY_IN_A_WEEK_PARSERS } from "./relative-phrases";
import { END_OF_THIS_PERIOD_PARSERS, PERIOD_PARSERS } from "./period-phrases";
import { onlyZoneWords } from "./zone-words";
import { WORKING_DAY_PARSERS } from "./working-days";
import { OF_AFTER_A_PART_OF_DAY, PART_OF_DAY_BEFORE_ITS_DAY } from "./part-of-a-date";
import { DAY_FIRST_NUMBERS, DOTTED_DAY_OVER_A_TIME, MONTH_FIRST_NUMBERS } from "./numeric-dates";
import { PLACED_WEEKDAY_PARSERS } from "./placed-weekdays";

/**
 * The chrono readers the reminder reader uses (date-time-phrases.ts turns what they find into hints): chrono's
 * English parsers with our own dates and times, built once for zones that write dates month first and once for
 * those that write them day first (ADR 122).
 */
export function dateParserFor(zone: string): chrono.Chrono {
  return readsDayFirst(zone) ? DAY_FIRST : MONTH_FIRST;
}

/**
 * chrono's English casual parser, plus two dates it lacks: "on the 5th" or "the 5th at 9" (a day of the
 * month with no month) and "the first monday in december" (a weekday by its place in a named month); the times
 * of day in clock-phrases.ts ("half past 5", "17h", "before bed"); the parts of a period in period-phrases.ts ("eod",
 * "by the end of next week", "mid december"); and the durations and counted days
 * in relative-phrases.ts ("in an hour and a half", "the day after tomorrow", "a week from tomorrow").
 * Misspelt words of time were put right before (spelling.ts).
 */
function withOurPhrases(base: chrono.Chrono, ownParsers: readonly chrono.Parser[] = []): chrono.Chrono {
  const casual = base.clone();
  casual.parsers.push(...ownParsers);
  casual.parsers.push({
    // Not "on the 5th of April" (chrono reads that itself) and not a bare "the 2nd" ("watch the 2nd episode").
    // "by the 30th", "before the 30th", "on 30th", "(the morning) of the 12th": that day ("pay rent by the 30th" found no time before).
    // A month after it is chrono's to read with the day ("on the 5th june" was December 5th titled "call mum june").
    pattern: () => new RegExp(String.raw`\b(?:on|by|before|until|till|${OF_AFTER_A_PART_OF_DAY}|(?<=\bweek\s+)(?:of|commencing|beginning|starting))\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\b|${MONTH_WORD}\b))`, "i"),
    extract: dayOfAMonth,
  });
  casual.parsers.push({
    // "pay rent on the first", "dentist on the fifteenth at 2": a day in words after "on the", as the last words or
    // before a time ("click on the first link" keeps its words). It found no time, or left "on the fifteenth" in the title.
    pattern: () => new RegExp(`\\b(?:on|by|before|until|till)\\s+the\\s+(${ORDINAL_WORD})\\b(?=\\s*(?:$|[,.;:!?)]|(?:at\\s+|@\\s*)\\d))`, "i"),
    extract: (context, match) => {
      const day = ordinalValue(match[1] ?? "");
      return day === null ? null : dayInAMonth(context, day);
    },
  });
  casual.parsers.push({
    // "the 3rd at 10am pay rent", "3rd @ 9": a bare day of the month right before a clock time is a date. It was
    // left in the title ("The 3rd pay rent") and the reminder came at 10:00 today or tomorrow.
    pattern: () => /\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?=\s*(?:at\s+|@\s*)\d)/i,
    extract: dayOfAMonth,
  });
  casual.parsers.push({
    // "pay rent 1st", "dentist the 15th": a day of the month as the last words, after the title. It found no time.
    // Also before the asking: "payday is the 25th remind me to move money", "bins the 3rd, remind me the night before".
    pattern: () => /(?<=\S\s+)(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)(?=\s*[.!,;]*\s*$|\s*[,;]?\s+(?:so\s+|and\s+)?(?:please\s+)?(?:remind|tell|ping|nudge)\s+me\b)/i,
    extract: dayOfAMonth,
  });
  casual.parsers.push(...WORKING_DAY_PARSERS);
  casual.parsers.push(...PLACED_WEEKDAY_PARSERS);
  casual.parsers.push({ pattern: () => WEEKDAY_AND_DAY, extract: weekdayAndDay });
  casual.parsers.push({ pattern: () => DAY_OF_THE_MONTH, extract: dayOfTheMonth });
  casual.parsers.push({ pattern: () => DAY_THEN_WHICH_MONTH, extract: dayOfTheMonth });
  casual.parsers.push({ pattern: () => DAY_IN_A_NAMED_MONTH, extract: (context, match) => dayOfANamedMonth(context, match[1] ?? "", match[2] ?? "") });
  casual.parsers.push({ pattern: () => NAMED_MONTH_THEN_DAY, extract: (context, match) => dayOfANamedMonth(context, match[2] ?? "", match[1] ?? "") });
  casual.parsers.push({ pattern: () => WHICH_MONTH_THEN_DAY, extract: (context, match) => dayOfAMonthSaid(context, match[2] ?? "", match[1] ?? "") });
  // First, and with "on" as chrono's own reading has it: that reading is as long, so it would be kept over ours and
  // then dropped as no date.
  casual.parsers.unshift({ pattern: () => LEAP_DAY, extract: nextLeapDay }, ...WEEKDAY_IN_A_WEEK_PARSERS);
  casual.parsers.push(...END_OF_THIS_PERIOD_PARSERS, ...CLOCK_PARSERS, ...RELATIVE_PARSERS, ...PERIOD_PARSERS);
  casual.refiners.push(DAY_AFTER_TOMORROW_REFINER, NEXT_YEAR_WITH_A_DATE);
  casual.refiners = casual.refiners.map(onlyZoneWords);
  casual.refiners.unshift(PART_OF_DAY_BEFORE_ITS_DAY);
  // chrono's own "end of the month" (the last day, no time; its "last day of the month" is kept) would win over ours (17:00, and next month's once this
  // one's has gone): set aside before chrono removes overlapping readings, which keeps the first of two alike.
  casual.refiners.unshift({ refine: (_context, results) => results.filter((result) => !(result.tags().has("parser/ENEndOfCurrentMonthParser") && /^\s*end\b/i.test(result.text))) });
  // Before chrono keeps the longest of two overlapping readings: a phrase blanked out before reading (a repeat,
  // parse-reminder.ts) leaves spaces that chrono's month-name reading takes into its text, so "june" and ten spaces
  // outgrew "on 14th june" in "anniversary on 14th june each year", which was due on June 1st.
  casual.refiners.unshift({ refine: (_context, results) => results.map((result) => Object.assign(result, { text: result.text.trimEnd() })) });
  return casual;
}

/**
 * "march 3 next year", "next year on march 3": that date in next year. chrono read the date alone (this year's or the
 * next still to come) and left "next year" in the title ("dentist next year" on March 3).
 */
const NEXT_YEAR_WITH_A_DATE: chrono.Refiner = {
  refine: (context, results) => withoutInner(results.map((result) => {
      const { start } = result;
      if (!start.isCertain("month") || !start.isCertain("day") || start.isCertain("year")) return result;
      const after = /^\s*,?\s*(?:of\s+)?next\s+year\b/i.exec(context.text.slice(result.index + result.text.length));
      const before = after ? null : /\bnext\s+year\s*,?\s*(?:on\s+)?$/i.exec(context.text.slice(0, result.index));
      if (!after && !before) return result;
      start.assign("year", localToday(context).year + 1);
      if (after) result.text += after[0];
      if (before) {
        result.index -= before[0].length;
        result.text = before[0] + result.text;
      }
      return result;
    })),
};

/** The results not inside another: chrono's own "next year" (a year from now) once a date has taken it in. */
function withoutInner<Result extends chrono.ParsedResult>(results: Result[]): Result[] {
  const end = (r: Result) => r.index + r.text.length;
  return results.filter((inner) => !results.some((outer) => outer !== inner && outer.index <= inner.index && end(inner) <= end(outer) && outer.text.length > inner.text.length));
}

/** "1/12" read month first (January 12th) and day first (the 1st of December): which one, by the zone (date-order.ts). */
const MONTH_FIRST = withOurPhrases(chrono.casual, MONTH_FIRST_NUMBERS);
const DAY_FIRST = withOurPhrases(dayFirstChrono(), DAY_FIRST_NUMBERS);
DAY_FIRST.refiners.unshift(DOTTED_DAY_OVER_A_TIME);

/**
 * "on feb 29", "the 29th of february" without a year: chrono makes the date in this year or the next and drops it when
 * that year has no February 29, so "on feb 29 leap party" found no time. It is the next February 29 (a year said
 * after it is chrono's to read: "feb 29 2028").
 */
const LEAP_DAY = /\b(?:on\s+)?(?:the\s+)?(?:feb(?:ruary)?\.?\s+29(?:th)?|29(?:th)?\s+(?:of\s+)?feb(?:ruary)?\b\.?)(?!\s*,?\s*\d{4})(?=\W|$)/i;

function nextLeapDay(context: chrono.ParsingContext): chrono.ParsingComponents {
  const today = localToday(context);
  let year = today.month > 2 ? today.year + 1 : today.year;
  while (!DateTime.utc(year, 2, 29).isValid) year++;
  return context.createParsingComponents({ day: 29, month: 2 }).imply("year", year);
}

/**
 * chrono's day-first reader (en.GB), but with a month's name before two digits read as a month and a day ("dentist on
 * dec 12", "pay tax jan 31"), as the month-first reader does. chrono's day-first reader skips those as "year-like"
 * and reads December 2012 and January 2031: in Britain "dentist on dec 12" was refused as past and "party dec 31" was
 * due in 2031. Nobody sets a reminder by a two-digit year. A fresh configuration, so no other reader is changed.
 */
function dayFirstChrono(): chrono.Chrono {
  const gb = new chrono.Chrono(chrono.en.configuration.createCasualConfiguration(true));
  for (const parser of gb.parsers) if ("shouldSkipYearLikeDate" in parser) parser.shouldSkipYearLikeDate = false;
  return gb;
}


/**
 * "pay rent first of the month", "on the 15th of this month", "the 1st of next month": a day of the month said with
 * "the month" (a repeat's "every month" is read before, recurrence-phrases.ts). "the month" is the next month that
 * has that day still to come, as "on the 5th" is; "this month" and "next month" say which. chrono read none of them:
 * "pay rent first of the month" found no time. "the last of the month" is its last day.
 */
const DAY_OF_THE_MONTH = new RegExp(`\\b(?:(?:on|by|before|until|till)\\s+)?(?:the\\s+)?(${SUFFIXED_ORDINAL})\\s+(?:day\\s+)?of\\s+(the|this|next)\\s+month\\b`, "i");

/**
 * "the 3rd next month", "on the 20th this month", and the other way round, "next month on the 3rd", "this month on the
 * 28th". The day was left in the title and the date was a month from now ("next month"), or the 1st of this month,
 * refused as past ("this month").
 */
const DAY_THEN_WHICH_MONTH = new RegExp(`\\b(?:(?:on|by|before|until|till)\\s+)?(?:the\\s+)?(${SUFFIXED_ORDINAL})\\s+(this|next)\\s+month\\b`, "i");
const WHICH_MONTH_THEN_DAY = new RegExp(`\\b(this|next)\\s+month\\s*,?\\s+(?:(?:on|by|before|until|till)\\s+)?(?:the\\s+)?(${SUFFIXED_ORDINAL})`, "i");

/**
 * "on the 5th in march", "in march on the 5th": that day of the month named. The first was the 5th of this month titled
 * "call mum in march", the second March 1st titled "call mum on the 5th".
 */
const DAY_IN_A_NAMED_MONTH = new RegExp(`\\b(?:(?:on|by|before|until|till)\\s+)?(?:the\\s+)?(${SUFFIXED_ORDINAL})\\s+in\\s+(${MONTH_WORD})\\b(?!\\s*\\d)`, "i");
const NAMED_MONTH_THEN_DAY = new RegExp(`\\bin\\s+(${MONTH_WORD})\\s*,?\\s+(?:(?:on|by|before|until|till)\\s+)?the\\s+(${SUFFIXED_ORDINAL})`, "i");

/** The day (`dayWord`: "5th", "first", "last") of the month `monthWord` names, this year's (schedule.ts moves one gone by). */
function dayOfANamedMonth(context: chrono.ParsingContext, dayWord: string, monthWord: string): chrono.ParsingComponents | null {
  const month = MONTH_NUMBER[monthWord.toLowerCase()];
  const day = /^last$/i.test(dayWord) ? 31 : ordinalValue(dayWord);
  if (!month || day === null || day < 1) return null;
  const year = localToday(context).year;
  const days = DateTime.fromObject({ year, month, day: 1 }).daysInMonth ?? 28;
  if (day > days && !/^last$/i.test(dayWord)) return null;
  return context.createParsingComponents({ day: Math.min(day, days), month }).imply("year", year);
}

function dayOfTheMonth(context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents | null {
  return dayOfAMonthSaid(context, match[1] ?? "", match[2] ?? "the");
}

/** The day (`dayWord`: "3rd", "first", "last") of "the", "this" or "next" month. */
function dayOfAMonthSaid(context: chrono.ParsingContext, dayWord: string, whichWord: string): chrono.ParsingComponents | null {
  const last = /^last$/i.test(dayWord);
  const day = last ? 31 : ordinalValue(dayWord);
  if (day === null) return null;
  const which = whichWord.toLowerCase();
  if (which === "the" && !last) return dayInAMonth(context, day);
  // "this month", "next month", and "the last (day) of the month", which is this month's: a day it lacks is its last.
  const month = localToday(context).startOf("month").plus({ months: which === "next" ? 1 : 0 });
  return context.createParsingComponents({ day: Math.min(day, month.daysInMonth ?? 28), month: month.month, year: month.year });
}

/**
 * "on the 5th": the day alone; schedule.ts picks the month (this one if the day is still to come, else
 * the next that has it). The month is implied here only so chrono keeps the date: left to chrono, "on
 * the 31st" in November was the 31st of November, dropped as no date, and the prompt found no time.
 */
function dayOfAMonth(context: chrono.ParsingContext, match: RegExpMatchArray) {
  return dayInAMonth(context, Number(match[1]));
}

/**
 * "dentist friday 12th", "on thu the 26th", "fri the eleventh at 3": a weekday with a day of the month and no month.
 * The weekday is kept with the day, and schedule.ts finds the month where the two agree (or says they don't). chrono
 * read the weekday alone: "friday 12th dentist" was due on the coming Friday titled "12th dentist", and "friday the
 * 11th at 3pm", said on November 25th, was refused as past (November 11th). A word ordinal needs "the" ("monday first
 * thing" is no date); a month named after it is chrono's to read ("friday 11th december").
 */
const WEEKDAY_AND_DAY = new RegExp(
  `\\b(?:on\\s+)?(${DAY})\\.?,?\\s+(?:the\\s+(${ORDINAL_WORD})|(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th))\\b(?!\\s+(?:of\\s+)?${MONTH_WORD}\\b)`,
  "i",
);

function weekdayAndDay(context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents | null {
  const word = (match[1] ?? "").toLowerCase();
  const weekday = weekdayOfWord(word);
  const day = ordinalValue(match[2] ?? match[3] ?? "");
  const components = weekday && day ? dayInAMonth(context, day) : null;
  // chrono counts weekdays from Sunday (0), ours from Monday (1) to Sunday (7).
  return components?.assign("weekday", weekday! % 7) ?? null;
}

function dayInAMonth(context: chrono.ParsingContext, day: number) {
  if (day < 1 || day > 31) return null;
  let month = localToday(context).startOf("month");
  while ((month.daysInMonth ?? 0) < day) month = month.plus({ months: 1 });
  return context.createParsingComponents({ day }).imply("month", month.month).imply("year", month.year);
}
