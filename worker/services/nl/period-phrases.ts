import type * as chrono from "chrono-node";
import type { DateTime } from "luxon";
import { MONTH_NUMBER, MONTH_WORD } from "./month-words";
import { localNow, localToday } from "./relative-phrases";

/**
 * The start, the middle and the end of next week, of next month and of a month by name, as chrono parsers
 * (date-parsers.ts registers them): "early next week" and "the start of next week" are its Monday, "mid next week" its
 * Wednesday, "by the end of next week" its Friday at 17:00; "the beginning of next month" and "early december" the
 * 1st, "mid-december" and "the middle of next month" the 15th, "the end of december" and "by the end of next month" the
 * last day at 17:00, as "by the end of the month" is. A day with no time of its own takes the
 * usual hour (schedule.ts). Also the end of this day, week and month ("eod", "by the end of the week", "end of the
 * month"). chrono read the week or the month alone and left the rest in the title: "beginning of next
 * month pay rent" was due a month from now at this minute, titled "beginning of pay rent"; "mid december book
 * flights" was due on December 1st, titled "mid book flights"; "by the end of next week" was a Saturday at noon.
 */

/** "in the middle of", "by the end of", "at the start of": the words before, so none is left in the title. */
const BEFORE = "(?:(?:in|at|by|around|towards?|for|from|before|until|till)\\s+)?(?:the\\s+(?:very\\s+)?)?";
/** Which period: next week, next month (or "the month", "this month", for the start and the middle), or a month by name. */
const PERIOD = `(next\\s+week|next\\s+month|(?:(?:the|this)\\s+)?month|${MONTH_WORD}\\b)`;

const START = new RegExp(`\\b${BEFORE}(?:(?:start|beginning)\\s+of\\s+(?:the\\s+)?|early\\s+)${PERIOD}`, "i");
/**
 * "every monday starting next week", "from next month": the period's first day (its Monday, its 1st, January 1st), from
 * which a repeat's first day is found. chrono read "next week" as seven days from now, so "every monday starting next
 * week" said on a Wednesday began the Monday after next.
 */
const FROM_NEXT = /\b(?:starting|beginning|commencing|from)\s+(next\s+(?:week|month|year))\b(?!'s)/i;
const MIDDLE = new RegExp(`\\b${BEFORE}(?:middle\\s+of\\s+(?:the\\s+)?|mid\\s*-?\\s*)${PERIOD}`, "i");
const END = new RegExp(`\\b${BEFORE}end\\s+of\\s+(?:the\\s+)?${PERIOD}`, "i");

/**
 * "by the end of the week", "end of this week", "by end of week": Friday at 17:00 (the end of a working day), this
 * week's if still ahead, else next week's; "by the end of the month": its last day at 17:00. chrono reads neither,
 * and "submit the form by end of week" found no time at all.
 */
const END_OF = "(?:(by|at|before|until|till|for|around|towards?)\\s+)?(?:the\\s+)?";
const END_OF_DAY = new RegExp(`\\b${END_OF}(?:end\\s+of\\s+(?:the\\s+)?(?:work(?:ing)?\\s+)?day|eod|cob|eob|close\\s+of\\s+(?:business|play))\\b`, "i");
// "by eow", "by eom": the end of the week and of the month, as "eod" is the day's ("by eom submit expenses" found no time).
const END_OF_WEEK = new RegExp(`\\b${END_OF}(?:end\\s+of\\s+(?:the\\s+|this\\s+)?(?:work(?:ing)?\\s+)?week|eow)\\b`, "i");
const END_OF_MONTH = new RegExp(`\\b${END_OF}(?:end\\s+of\\s+(?:the\\s+|this\\s+)?month|eom)\\b`, "i");
const END_OF_WORKING_DAY = 17;

/**
 * Said without "by" or "at", an end of a period may name a thing rather than a time: "send the eod report at 4",
 * "the end of the week review on friday". Such a match is tagged, and date-time-phrases.ts reads it only when
 * nothing else in the prompt says when ("submit timesheet end of week", "eod: log hours"); otherwise it stays in
 * the title. It took the time before: "send the eod report at 4" was due at 17:00 with "at 4" in the title.
 */
export const END_OF_PERIOD_WITHOUT_PREPOSITION = "nudge/endOfPeriodWithoutPreposition";

/**
 * The end of a week or a month is a day whose hour, 17:00, holds only when no time is said with it: "end of next week
 * at 10am report" is Friday at 10:00 (date-time-phrases.ts reads the hour as the day's time if none is said). It was
 * 17:00 with "at 10am" left in the title.
 */
export const END_OF_WORKING_DAY_TAG = "nudge/endOfWorkingDay";

/** A day at the end of a period: its date said, its 17:00 only implied (END_OF_WORKING_DAY_TAG). */
export function endOfPeriodDay(context: chrono.ParsingContext, day: { year: number; month: number; day: number }, yearSaid = true): chrono.ParsingComponents {
  const components = context.createParsingComponents({ day: day.day, month: day.month }).imply("hour", END_OF_WORKING_DAY).imply("minute", 0).imply("meridiem", 1);
  return (yearSaid ? components.assign("year", day.year) : components.imply("year", day.year)).addTag(END_OF_WORKING_DAY_TAG);
}

function endOfPeriod(match: RegExpMatchArray, result: chrono.ParsingComponents): chrono.ParsingComponents {
  return match[1] ? result : result.addTag(END_OF_PERIOD_WITHOUT_PREPOSITION);
}

function endOfDay(context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents {
  return endOfPeriod(match, context.createParsingComponents({ hour: END_OF_WORKING_DAY, minute: 0, meridiem: 1 }));
}

function endOfWeek(context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents {
  const now = localNow(context);
  const friday = now.plus({ days: (5 - now.weekday + 7) % 7 });
  return endOfPeriod(match, endOfPeriodDay(context, endOfWorkingDay(friday, now) ?? friday.plus({ weeks: 1 })));
}

function endOfMonth(context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents {
  const now = localNow(context);
  return endOfPeriod(match, endOfPeriodDay(context, endOfWorkingDay(now.endOf("month"), now) ?? now.plus({ months: 1 }).endOf("month")));
}

/** `day` when its 17:00 is still to come `now`, else null. */
function endOfWorkingDay(day: ReturnType<typeof localNow>, now: ReturnType<typeof localNow>): ReturnType<typeof localNow> | null {
  return day.set({ hour: END_OF_WORKING_DAY, minute: 0, second: 0, millisecond: 0 }) > now ? day : null;
}

type Part = "start" | "middle" | "end";

/** The day of the period each part names, or null for a period this part does not read ("the end of the month"). */
function dayOfPeriod(today: DateTime, period: string, part: Part): DateTime | null {
  const words = period.toLowerCase().replace(/\s+/g, " ");
  if (words === "next week") {
    const monday = today.startOf("week").plus({ weeks: 1 });
    return monday.plus({ days: part === "start" ? 0 : part === "middle" ? 2 : 4 });
  }
  if (words === "next month") return dayOfMonth(today.startOf("month").plus({ months: 1 }), part);
  if (words === "next year") return part === "start" ? today.startOf("year").plus({ years: 1 }) : null;
  if (words.endsWith("month")) {
    // "mid-month", "the middle of the month": this month's 15th while it is still to come, else next month's; "the start
    // of the month": the next 1st (today's on the 1st). The end of this month is END_OF_MONTH's ("end of the month").
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

/** The end of this day, week and month: registered before the clock's parsers, as they were among them. */
export const END_OF_THIS_PERIOD_PARSERS: chrono.Parser[] = [
  { pattern: () => END_OF_WEEK, extract: endOfWeek },
  { pattern: () => END_OF_MONTH, extract: endOfMonth },
  { pattern: () => END_OF_DAY, extract: endOfDay },
];

/** The start, middle and end of next week, next month and a month by name. */
export const PERIOD_PARSERS: chrono.Parser[] = [
  { pattern: () => START, extract: reader("start") },
  { pattern: () => FROM_NEXT, extract: reader("start") },
  { pattern: () => MIDDLE, extract: reader("middle") },
  { pattern: () => END, extract: reader("end") },
];
