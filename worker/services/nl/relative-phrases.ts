import type * as chrono from "chrono-node";
import { DateTime, FixedOffsetZone } from "luxon";
import { OF_AFTER_A_PART_OF_DAY } from "./part-of-a-date";
import { NAMED_DAY_MEAL, NAMED_DAY_SAID_AS_A_DAY, NAMED_DAY_SHORT, namedDayOfYear } from "./named-days";
import { DAY, weekdayOfWord } from "./recurrence-phrases";
import { COUNT, countOf, LENGTH_PARSERS } from "./lengths-from-now";
import { startsWithAVerb } from "./verbs";

/**
 * Days counted from today that chrono misreads, as chrono parsers and a refiner (date-time-phrases.ts registers them;
 * lengths from now, "in an hour and a half", are lengths-from-now.ts's, listed first). Without them:
 * - "day after tomorrow submit report" was due TOMORROW, titled "day after submit report", and "the
 *   day after tomorrow" was due at 14:00 in New York (chrono takes the hour of the reference in UTC);
 * - "a week from tomorrow" was due tomorrow, titled "a week".
 */

/** "a week from today", "3 days from tomorrow", "two weeks from tomorrow", "a year from today" ("from now" is chrono's). */
const COUNT_FROM_DAY = new RegExp(`\\b${COUNT}\\s+(days?|weeks?|months?|years?)\\s+from\\s+(today|tomorrow)\\b`, "i");

export function localNow(context: chrono.ParsingContext): DateTime {
  return DateTime.fromJSDate(context.refDate, { zone: FixedOffsetZone.instance(context.reference.timezoneOffset ?? 0) });
}

/** The user's calendar day at the reference instant. */
export function localToday(context: chrono.ParsingContext): DateTime {
  return localNow(context).startOf("day");
}

function countFromDay(context: chrono.ParsingContext, match: RegExpMatchArray) {
  const count = countOf(match[1]);
  if (count === null) return null;
  const unit = (match[2] ?? "").toLowerCase().replace(/s$/, "") as "day" | "week" | "month" | "year";
  const start = localToday(context).plus({ days: /tomorrow/i.test(match[3] ?? "") ? 1 : 0 });
  const date = start.plus({ [`${unit}s`]: count });
  // A named day: no time of its own, so the reminder takes the usual hour (schedule.ts), as "tomorrow" does.
  return { day: date.day, month: date.month, year: date.year };
}

/** "day after tomorrow", "the day after tomorrow", with or without a time chrono read with it. */
const DAY_AFTER_TOMORROW = /\b(?:the\s+)?day\s+after\s+tomorrow\b/i;

/**
 * "tuesday after next" (the Tuesday a week after the next one) and "this coming friday" (the next
 * Friday, a week away when today is Friday). chrono read the weekday alone and left "after next" or
 * "this coming" in the title; "tuesday after next" was due the NEXT Tuesday, a week early.
 */
const WEEKDAY_AFTER_NEXT = new RegExp(`\\b(?:the\\s+)?(${DAY})\\s+after\\s+next\\b`, "i");
const THIS_COMING_WEEKDAY = new RegExp(`\\bthis\\s+coming\\s+(${DAY})`, "i");

/**
 * As said in Britain: "tuesday week" (a week after the coming Tuesday), "a week on friday", "a week from friday", "two
 * weeks on friday", "a fortnight on friday", "a week tomorrow", "a week today", "a fortnight tomorrow"; "the weekend
 * after next" (the Saturday two weeks after this weekend's). chrono read the weekday or "tomorrow" alone and left the
 * rest in the title: "tuesday week dentist" was due on the coming Tuesday, titled "week dentist"; "a week on friday
 * party" on this Friday, titled "a week party". "for two weeks on friday" is a length, not a day.
 */
const WEEKDAY_WEEK = new RegExp(`\\b(?:(?:on|by|next)\\s+)?(${DAY})\\s+week\\b(?!\\s*[-']?\\s*(?:end|day|night)s?\\b)`, "i");
/** "friday fortnight": two weeks on from the coming Friday, as "friday week" is one (it was this Friday, titled "fortnight ..."). */
const WEEKDAY_FORTNIGHT = new RegExp(`\\b(?:(?:on|by)\\s+)?(${DAY})\\s+fortnight\\b`, "i");
const WEEKS_ON_A_DAY = new RegExp(`(?<!\\bfor\\s+)\\b${COUNT}\\s+(weeks?|fortnights?)\\s+(?:(?:on|from)\\s+)?(${DAY}|today|tomorrow)`, "i");
/** "fortnight on friday", "fortnight today": as typed in a hurry, without the "a" (it was this Friday, titled "fortnight"). */
const FORTNIGHT_ON_A_DAY = new RegExp(`(?<!\\b(?:for|every|each|a|one|\\d+)\\s+)\\bfortnight\\s+(?:(?:on|from)\\s+)?(${DAY}|today|tomorrow)`, "i");
/** "over the weekend", "this coming weekend": this weekend, as chrono reads "this weekend" (a Saturday, schedule.ts). */
const THIS_WEEKEND = /\b(?:(?:over|during)\s+the|this\s+coming)\s+weekend\b/i;
const WEEKEND_AFTER_NEXT = /\b(?:(?:on|at|over)\s+)?(?:the\s+)?weekend\s+after\s+next\b/i;
/** "the week after next": two weeks from today, as "a fortnight today" (chrono read "next week", titled "next"). */
const WEEK_AFTER_NEXT = /\b(?:(?:in|during)\s+)?(?:the\s+)?week\s+after\s+next\b/i;

/** `count` weeks or fortnights (`unit`) on from `dayWord`: a weekday, "today" or "tomorrow". */
function weeksOnADay(context: chrono.ParsingContext, countWord: string | undefined, unit: string | undefined, dayWord: string | undefined) {
  const count = countOf(countWord);
  const weeks = count === null ? null : /^fortnight/i.test(unit ?? "") ? 2 * count : count;
  const day = (dayWord ?? "").toLowerCase();
  if (!weeks) return null;
  if (day === "today" || day === "tomorrow") {
    const date = localToday(context).plus({ days: (day === "tomorrow" ? 1 : 0) + 7 * weeks });
    return { day: date.day, month: date.month, year: date.year };
  }
  return weekdayAhead(context, day, weeks);
}

/**
 * "after the weekend", "after this weekend": the Monday after it (the coming Monday when said on a weekend). It was
 * this weekend's Saturday, titled "after the".
 */
const AFTER_THE_WEEKEND = /\bafter\s+(?:the|this)\s+weekend\b/i;

function mondayAfterTheWeekend(context: chrono.ParsingContext) {
  const today = localToday(context);
  const monday = today.plus({ days: 8 - today.weekday });
  return { day: monday.day, month: monday.month, year: monday.year };
}

function weekendAfterNext(context: chrono.ParsingContext) {
  const today = localToday(context);
  // This weekend's Saturday: today's or the coming one, or yesterday on a Sunday.
  const saturday = today.weekday === 7 ? today.minus({ days: 1 }) : today.plus({ days: 6 - today.weekday });
  const date = saturday.plus({ weeks: 2 });
  return { day: date.day, month: date.month, year: date.year };
}

/**
 * "next week on tuesday", "next week tuesday at 3", "this week on friday": that weekday in the week named (weeks start
 * on Monday). "next week" was read alone, a week from today, and "on tuesday" left in the title; "this week on friday"
 * found no time; "tuesday next week" said on a Monday was the next day.
 */
const WEEK_THEN_WEEKDAY = new RegExp(`\\b(this|next)\\s+week\\s*,?\\s+(?:on\\s+)?(${DAY})`, "i");
// "tuesday next week" said on a Monday was tomorrow (chrono's next Tuesday), not the Tuesday of next week.
// "the friday of next week" too (it was this Friday, titled "the").
const WEEKDAY_THEN_WEEK = new RegExp(`\\b(?:the\\s+)?(${DAY})\\s*,?\\s+(?:of\\s+)?(this|next)\\s+week\\b(?!\\s*-?\\s*(?:end|day|night)s?\\b)`, "i");

/**
 * "the week after next on tuesday", "tuesday the week after next": that weekday two weeks on from this one. It was
 * two weeks from today (a Wednesday) titled "call sam on tuesday", or refused as "Dec 9 is a Wednesday".
 */
const WEEK_AFTER_NEXT_THEN_WEEKDAY = new RegExp(`\\b(?:(?:in|during)\\s+)?(?:the\\s+)?week\\s+after\\s+next\\s*,?\\s+(?:on\\s+)?(${DAY})`, "i");
const WEEKDAY_THEN_WEEK_AFTER_NEXT = new RegExp(`\\b(?:(?:on|the)\\s+)?(${DAY})\\s*,?\\s+(?:of\\s+)?(?:the\\s+)?week\\s+after\\s+next\\b`, "i");

function weekdayInTheWeek(context: chrono.ParsingContext, which: string | undefined, word: string | undefined) {
  const weekday = weekdayOfWord((word ?? "").toLowerCase());
  if (!weekday) return null;
  const weeks = /^after\s+next$/i.test(which ?? "") ? 2 : /^next$/i.test(which ?? "") ? 1 : 0;
  const monday = localToday(context).startOf("week").plus({ weeks });
  const date = monday.plus({ days: weekday - 1 });
  return { day: date.day, month: date.month, year: date.year, weekday: weekday % 7 };
}

/** Put before chrono's own parsers (date-parsers.ts): its reading of "tuesday next week" is as long and would be kept. */
export const WEEKDAY_IN_A_WEEK_PARSERS: chrono.Parser[] = [
  { pattern: () => WEEK_THEN_WEEKDAY, extract: (context, match) => weekdayInTheWeek(context, match[1], match[2]) },
  { pattern: () => WEEKDAY_THEN_WEEK, extract: (context, match) => weekdayInTheWeek(context, match[2], match[1]) },
  { pattern: () => WEEK_AFTER_NEXT_THEN_WEEKDAY, extract: (context, match) => weekdayInTheWeek(context, "after next", match[1]) },
  { pattern: () => WEEKDAY_THEN_WEEK_AFTER_NEXT, extract: (context, match) => weekdayInTheWeek(context, "after next", match[1]) },
];

function weekdayAhead(context: chrono.ParsingContext, word: string | undefined, extraWeeks: number) {
  const lower = (word ?? "").toLowerCase();
  const weekday = weekdayOfWord(lower);
  if (!weekday) return null;
  const today = localToday(context);
  const daysAhead = (weekday - today.weekday + 7) % 7 || 7;
  const date = today.plus({ days: daysAhead + 7 * extraWeeks });
  return { day: date.day, month: date.month, year: date.year };
}

/**
 * Days of the year known by name: "on christmas eve", "christmas day", "boxing day", "new year's eve", "new year's
 * day", "halloween", "valentine's day", "bonfire night", "st patrick's day". chrono read none, and "on christmas eve wrap presents" found no time; "new
 * year's eve at 8pm party" was due tonight at 8. A name that is also a thing ("christmas shopping", "halloween
 * costume") is a day only with "day"/"eve" after it or "on", "by", "before" or "until" before it (named-days.ts), or
 * "of" after a part of the day ("the morning of christmas", part-of-a-date.ts).
 */
const NAMED_DAY_WITH_DAY = new RegExp(String.raw`\b(?:(?:on|by|before|until|till|${OF_AFTER_A_PART_OF_DAY})\s+)?(${NAMED_DAY_SAID_AS_A_DAY})\b`, "i");
const NAMED_DAY_AFTER_PREPOSITION = new RegExp(String.raw`\b(?:on|by|before|until|till|${OF_AFTER_A_PART_OF_DAY})\s+(${NAMED_DAY_SHORT})\b`, "i");
/**
 * "christmas morning at 7 open presents", "halloween night": a short name with a part of its day is that day (it was
 * tomorrow at 7 AM, titled "christmas open presents"). Not after a word that makes it a thing's ("buy a christmas
 * morning outfit", "presents for christmas morning").
 */
const NAMED_DAY_BEFORE_ITS_PART = new RegExp(String.raw`(?<!\b(?:a|an|the|my|our|your|his|her|their|this|that|for)\s+)\b(${NAMED_DAY_SHORT})(?=\s+(?:morning|afternoon|evening|night)\b)`, "i");
/**
 * "call mum christmas at 10", "xmas at noon call nan", "valentines at 8 dinner": a short name right before a clock time
 * is that day (each was today's or tomorrow's time, the name left in the title). Not after a word that makes it a
 * thing's ("buy gifts for christmas at 5" is at 5), nor before a thing ("christmas party at 7" names the party).
 */
const NAMED_DAY_BEFORE_ITS_TIME = new RegExp(
  String.raw`(?<!\b(?:a|an|the|my|our|your|his|her|their|this|that|for)\s+)\b(${NAMED_DAY_SHORT})(?=\s+(?:(?:at|@)\s*(?:\d{1,2}(?:[:.]\d{2})?(?:\s*[ap]\.?m)?|noon|midday|midnight)\b|\d{1,2}(?:[:.]\d{2})?\s*[ap]\.?m\b))`,
  "i",
);
/** "christmas dinner at 2pm", "xmas lunch at mum's": a short name as the first words, before its meal (named-days.ts). */
const NAMED_DAY_BEFORE_ITS_MEAL = new RegExp(String.raw`^\s*(${NAMED_DAY_SHORT})(?=\s+${NAMED_DAY_MEAL}\b)`, "i");
/** "halloween buy sweets", "valentine's at 7 book a table": a short name as the first words, then what to do. */
const NAMED_DAY_BEFORE_A_VERB = new RegExp(String.raw`^\s*(${NAMED_DAY_SHORT})(?=\s+\S)`, "i");

function namedDay(context: chrono.ParsingContext, match: RegExpMatchArray) {
  const found = namedDayOfYear(match[1] ?? "");
  if (!found) return null;
  const { month, day } = found;
  // The year is implied (this year's), so schedule.ts moves a day gone by to next year, as for "March 5".
  return context.createParsingComponents({ day, month }).imply("year", localToday(context).year);
}

/** The parsers, in the shape chrono's `parsers` list takes. */
export const RELATIVE_PARSERS: chrono.Parser[] = [
  ...LENGTH_PARSERS,
  { pattern: () => COUNT_FROM_DAY, extract: countFromDay },
  { pattern: () => NAMED_DAY_WITH_DAY, extract: namedDay },
  { pattern: () => NAMED_DAY_AFTER_PREPOSITION, extract: namedDay },
  { pattern: () => NAMED_DAY_BEFORE_ITS_PART, extract: namedDay },
  { pattern: () => NAMED_DAY_BEFORE_ITS_TIME, extract: namedDay },
  { pattern: () => NAMED_DAY_BEFORE_ITS_MEAL, extract: namedDay },
  { pattern: () => NAMED_DAY_BEFORE_A_VERB, extract: (context, match) => (startsWithAVerb(context.text.slice((match.index ?? 0) + match[0].length)) ? namedDay(context, match) : null) },
  { pattern: () => WEEKDAY_AFTER_NEXT, extract: (context, match) => weekdayAhead(context, match[1], 1) },
  { pattern: () => THIS_COMING_WEEKDAY, extract: (context, match) => weekdayAhead(context, match[1], 0) },
  { pattern: () => WEEKDAY_WEEK, extract: (context, match) => weekdayAhead(context, match[1], 1) },
  { pattern: () => WEEKDAY_FORTNIGHT, extract: (context, match) => weekdayAhead(context, match[1], 2) },
  { pattern: () => WEEKS_ON_A_DAY, extract: (context, match) => weeksOnADay(context, match[1], match[2], match[3]) },
  { pattern: () => FORTNIGHT_ON_A_DAY, extract: (context, match) => weeksOnADay(context, "a", "fortnight", match[1]) },
  { pattern: () => WEEKEND_AFTER_NEXT, extract: weekendAfterNext },
  {
    pattern: () => WEEK_AFTER_NEXT,
    extract: (context) => {
      const date = localToday(context).plus({ weeks: 2 });
      return { day: date.day, month: date.month, year: date.year };
    },
  },
  { pattern: () => THIS_WEEKEND, extract: (context) => context.createParsingComponents({ weekday: 6 }) },
  { pattern: () => AFTER_THE_WEEKEND, extract: mondayAfterTheWeekend },
  {
    pattern: () => DAY_AFTER_TOMORROW,
    extract: (context) => {
      const date = localToday(context).plus({ days: 2 });
      return { day: date.day, month: date.month, year: date.year };
    },
  },
];

/**
 * chrono reads "the day after tomorrow" itself (as long as ours, so either may be kept), as a relative
 * date at the reference's UTC hour. Whichever is kept becomes the named day, keeping a time said with it
 * ("the day after tomorrow at 10").
 */
export const DAY_AFTER_TOMORROW_REFINER: chrono.Refiner = {
  refine: (context, results) =>
    results.map((result) => {
      if (!DAY_AFTER_TOMORROW.test(result.text)) return result;
      const date = localToday(context).plus({ days: 2 });
      const components: { [c in chrono.Component]?: number } = { day: date.day, month: date.month, year: date.year };
      for (const component of ["hour", "minute", "meridiem"] as const) {
        if (result.start.isCertain(component)) components[component] = result.start.get(component) ?? 0;
      }
      return context.createParsingResult(result.index, result.text, components);
    }),
};
