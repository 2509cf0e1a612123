import type * as chrono from "chrono-node";
import type { DateTime } from "luxon";
import { endOfPeriodDay } from "./clock-phrases";
import { MONTH_NUMBER, MONTH_WORD } from "./month-words";
import { localToday } from "./relative-phrases";

/**
 * The start, the middle and the end of next week, of next month and of a month by name, as chrono parsers
 * (date-parsers.ts registers them): "early next week" and "the start of next week" are its Monday, "mid next week" its
 * Wednesday, "by the end of next week" its Friday at 17:00; "the beginning of next month" and "early december" the
 * 1st, "mid-december" and "the middle of next month" the 15th, "the end of december" and "by the end of next month" the
 * last day at 17:00, as "by the end of the month" is (clock-phrases.ts). A day with no time of its own takes the
 * usual hour (schedule.ts). chrono read the week or the month alone and left the rest in the title: "beginning of next
 * month pay rent" was due a month from now at this minute, titled "beginning of pay rent"; "mid december book
 * flights" was due on December 1st, titled "mid book flights"; "by the end of next week" was a Saturday at noon.
 */

/** "in the middle of", "by the end of", "at the start of": the words before, so none is left in the title. */
const BEFORE = "(?:(?:in|at|by|around|towards?|for|from|before|until|till)\\s+)?(?:the\\s+(?:very\\s+)?)?";
/** Which period: next week, next month (or "the month", "this month", for the start and the middle), or a month by name. */
const PERIOD = `(next\\s+week|next\\s+month|(?:(?:the|this)\\s+)?month|${MONTH_WORD}\\b)`;

const START = new RegExp(`\\b${BEFORE}(?:(?:start|beginning)\\s+of\\s+(?:the\\s+)?|early\\s+)${PERIOD}`, "i");
const MIDDLE = new RegExp(`\\b${BEFORE}(?:middle\\s+of\\s+(?:the\\s+)?|mid\\s*-?\\s*)${PERIOD}`, "i");
const END = new RegExp(`\\b${BEFORE}end\\s+of\\s+(?:the\\s+)?${PERIOD}`, "i");

type Part = "start" | "middle" | "end";

/** The day of the period each part names, or null for a period this part does not read ("the end of the month"). */
function dayOfPeriod(today: DateTime, period: string, part: Part): DateTime | null {
  const words = period.toLowerCase().replace(/\s+/g, " ");
  if (words === "next week") {
    const monday = today.startOf("week").plus({ weeks: 1 });
    return monday.plus({ days: part === "start" ? 0 : part === "middle" ? 2 : 4 });
  }
  if (words === "next month") return dayOfMonth(today.startOf("month").plus({ months: 1 }), part);
  if (words.endsWith("month")) {
    // "mid-month", "the middle of the month": this month's 15th while it is still to come, else next month's; "the start
    // of the month": the next 1st (today's on the 1st). The end of this month is clock-phrases.ts's ("end of the month").
    if (part === "end") return null;
    const day = today.set({ day: part === "middle" ? 15 : 1 });
    return day >= today ? day : day.plus({ months: 1 });
  }
  const month = MONTH_NUMBER[words];
  if (!month) return null;
  // This year's; schedule.ts moves a date gone by to next year, as for "March 5" (the year is only implied).
  return dayOfMonth(today.set({ month, day: 1 }), part);
}

function dayOfMonth(first: DateTime, part: Part): DateTime {
  if (part === "start") return first;
  if (part === "middle") return first.set({ day: 15 });
  return first.endOf("month").startOf("day");
}

function reader(part: Part) {
  return (context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents | null => {
    const period = match[1] ?? "";
    const day = dayOfPeriod(localToday(context), period, part);
    if (!day) return null;
    // A month by name says its day of the year, not which year (schedule.ts picks this one or the next).
    const yearSaid = /week|month/i.test(period);
    if (part === "end") return endOfPeriodDay(context, day, yearSaid);
    const components = context.createParsingComponents({ day: day.day, month: day.month });
    return yearSaid ? components.assign("year", day.year) : components.imply("year", day.year);
  };
}

export const PERIOD_PARSERS: chrono.Parser[] = [
  { pattern: () => START, extract: reader("start") },
  { pattern: () => MIDDLE, extract: reader("middle") },
  { pattern: () => END, extract: reader("end") },
];
