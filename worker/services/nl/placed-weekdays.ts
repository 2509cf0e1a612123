import type * as chrono from "chrono-node";
import type { DateTime } from "luxon";
import { placeInMonth, type WeekOfMonth, type Weekday } from "../recurrence";
import { MONTH_NUMBER, MONTH_WORD } from "./month-words";
import { DAY, weekdayOfWord } from "./recurrence-phrases";
import { localToday } from "./relative-phrases";

/**
 * A weekday by its place in a month, which chrono does not read: "the first monday in december", "the last friday of
 * the month", "on the first monday" (date-parsers.ts adds these readers to chrono's).
 */

/** The place a word names: 1 to 5, -1 for the last. */
export const PLACE_IN_MONTH: Record<string, number> = {
  first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4, fifth: 5, "5th": 5, last: -1,
};
/**
 * "the first monday in december", "the last friday of march 2027", and "the first monday of the month" (the next one
 * still to come), "of this month", "of next month". "of every month" is a repeat, read before (recurrence-phrases.ts).
 */
const NTH_WEEKDAY_OF_MONTH = new RegExp(
  `\\b(?:the\\s+)?(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last)\\s+(${DAY})\\s+(?:of|in)\\s+(${MONTH_WORD}|(?:the|this|next)\\s+month)\\b(?:,?\\s+(\\d{4})\\b)?`,
  "i",
);

/**
 * "send the report on the first monday", "the last friday at 3": a weekday's place with "the" and no month, the next
 * such day (as "of the month"). Chrono read the weekday alone, the coming Monday, titled "send the report on the first".
 */
const PLACED_WEEKDAY_ALONE = new RegExp(
  // Without "on", only where a when goes on or the words end: "the first monday episode" is a name.
  `\\b(?:on\\s+)?the\\s+(first|second|third|fourth|1st|2nd|3rd|4th|last)\\s+(${DAY})\\b(?!\\s+(?:of|in|after|before)\\b)(?:(?<=\\bon\\s+the\\s+\\S+\\s+\\S+)|(?=\\s*(?:$|[,.;:!?)]|\\d|(?:at|@|from|to|and|remind|morning|afternoon|evening|night)\\b)))`,
  "i",
);

function placedWeekdayAlone(context: chrono.ParsingContext, match: RegExpMatchArray): { day: number; month: number; year: number } | null {
  const { place, weekday } = placeAndWeekdayOf(match);
  return nthWeekdayOfARelativeMonth(localToday(context), "the month", weekday, place);
}

/**
 * The weekday's place in a named month that `text` (a date chrono read) says, for a yearly repeat to keep: "the fourth
 * thursday of november" is { week: 4, weekday: 4 }, not November 26th. Null for any other date, for "of the month",
 * and for a fifth, which no rule holds.
 */
export function placedWeekdayIn(text: string): { week: WeekOfMonth; weekday: Weekday } | null {
  const match = NTH_WEEKDAY_OF_MONTH.exec(text);
  if (!match || /month$/i.test(match[3] ?? "")) return null;
  const { place, weekday } = placeAndWeekdayOf(match);
  return place && place !== 5 && weekday ? { week: place as WeekOfMonth, weekday } : null;
}

/** The place (1 to 5, -1 for the last) and the weekday an NTH_WEEKDAY_OF_MONTH match names. */
function placeAndWeekdayOf(match: RegExpMatchArray): { place: number | undefined; weekday: Weekday | undefined } {
  return { place: PLACE_IN_MONTH[(match[1] ?? "").toLowerCase()], weekday: weekdayOfWord(match[2] ?? "") };
}

/** "the first monday of the month": this month's if still to come, else next month's; "of this month", "of next month". */
function nthWeekdayOfARelativeMonth(today: DateTime, named: string, weekday: Weekday | undefined, place: number | undefined) {
  if (!place || !weekday) return null;
  const inMonth = (offset: number) => {
    const month = today.startOf("month").plus({ months: offset });
    return placeInMonth(month.year, month.month, weekday, place);
  };
  const date = named.startsWith("next") ? inMonth(1) : named.startsWith("this") ? inMonth(0) : [inMonth(0), inMonth(1), inMonth(2)].find((d) => d && d >= today);
  return date ? { day: date.day, month: date.month, year: date.year } : null;
}

/**
 * The calendar date of "the first monday in december": in the year named, or else this year's if that
 * day is today or later on the user's clock, next year's otherwise. Nothing when the month has no such
 * day ("the fifth monday in february").
 */
function nthWeekdayOfMonth(context: chrono.ParsingContext, match: RegExpMatchArray): { day: number; month: number; year: number } | null {
  const { place, weekday } = placeAndWeekdayOf(match);
  const today = localToday(context);
  const named = (match[3] ?? "").toLowerCase();
  if (/month$/.test(named)) return nthWeekdayOfARelativeMonth(today, named, weekday, place);
  const month = MONTH_NUMBER[named];
  if (!place || !weekday || !month) return null;
  const inYear = (year: number) => placeInMonth(year, month, weekday, place);
  const date = match[4] ? inYear(Number(match[4])) : [inYear(today.year), inYear(today.year + 1)].find((d) => d && d.toISODate()! >= today.toISODate()!);
  return date ? { day: date.day, month: date.month, year: date.year } : null;
}

/** chrono's readers of a weekday by its place: in a named or a relative month, and alone with "the" (ADR 126, ADR 189). */
export const PLACED_WEEKDAY_PARSERS: chrono.Parser[] = [
  { pattern: () => NTH_WEEKDAY_OF_MONTH, extract: nthWeekdayOfMonth },
  { pattern: () => PLACED_WEEKDAY_ALONE, extract: placedWeekdayAlone },
];
