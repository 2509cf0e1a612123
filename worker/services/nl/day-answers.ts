import { Info } from "luxon";
import { ordinal } from "../recurrence";
import { MONTH_NUMBER } from "./month-words";

/**
 * The answers that ask for a day (messages.ts says them): which day of a period ("Which day in the second week of
 * December?"), with two days it holds as examples, and the two reminders to send for two days of a month.
 */

/** Two days in "the second week of december" ("on dec 9 at 9am"), or of the month when none is named. */
function weekExamples(which: string, month: number | undefined): string {
  const [first, second] = WEEK_DAYS[which] ?? [9, 11];
  const name = month ? `${shortMonth(month)} ` : "the ";
  const day = (n: number) => (month ? String(n) : ordinal(n));
  return `"on ${name}${day(first)} at 9am" or "on ${name}${day(second)} at 10am"`;
}

const WEEK_DAYS: Record<string, [number, number]> = { first: [3, 5], "1st": [3, 5], second: [9, 11], "2nd": [9, 11], third: [16, 18], "3rd": [16, 18], fourth: [23, 25], "4th": [23, 25], last: [26, 28] };


/**
 * "every month on the 1st and 15th": 'I can set one day of the month per reminder, and "the 1st and 15th" names more
 * than one. Send each as its own reminder, like "every month on the 1st" and then "every month on the 15th".' A
 * weekday's places ("the 2nd and 4th tuesday") and a one-off ("on the 1st and 15th") are said back likewise.
 */
export function daysOfAMonthAnswer(phrase: string, repeats: boolean): string {
  const [first = "1st", second = "15th"] = phrase.match(ORDINAL_IN_A_LIST) ?? [];
  const weekday = WEEKDAY_AT_THE_END.exec(phrase)?.[1];
  const example = (day: string) => (weekday ? `the ${day} ${weekday} ${repeats ? "of every month" : "of the month"}` : repeats ? `every month on the ${day}` : `on the ${day}`);
  return `I can set one day of the month per reminder, and "${phrase}" names more than one. Send each as its own reminder, like "${example(first)}" and then "${example(second)}".`;
}

const ORDINAL_IN_A_LIST = /\b(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|last)\b/g;
const WEEKDAY_AT_THE_END = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)s?$/;

/** "this week", "after Christmas", "in late December", "late next week": the period as the question says it. */
export function periodAsSaid(period: string): string {
  const words = period.toLowerCase().replace(/\s+/g, " ").replace(/\b(?:christmas|xmas|easter|thanksgiving)\b/, capitalised);
  // "christmas week", "during the week of easter": "in Christmas week".
  const inAWeek = HOLIDAY_IN_A_WEEK.exec(words);
  const holiday = inAWeek?.[1] ?? inAWeek?.[2];
  if (holiday) return `in ${holiday} week`;
  const week = /^(?:in )?(the \S+ week (?:of|in) )(.+)$/.exec(words);
  if (week) return `in ${week[1]}${MONTH_NAMES[(MONTH_NUMBER[week[2] ?? ""] ?? 0) - 1] ?? week[2]}`;
  const month = MONTH_NUMBER[/^late (.+)$/.exec(words)?.[1] ?? ""];
  if (month) return `in late ${MONTH_NAMES[month - 1]}`;
  // "in jan", "sometime in march": "in January", "in March".
  const named = MONTH_NUMBER[/^in (\S+)$/.exec(words)?.[1] ?? ""];
  return named ? `in ${MONTH_NAMES[named - 1]}` : words;
}

const HOLIDAY_IN_A_WEEK = /^(?:(?:in|during|over) )?(?:the )?(?:(Christmas|Xmas|Easter|Thanksgiving) week|week of (Christmas|Xmas|Easter|Thanksgiving))$/;

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const MONTH_NAMES = Info.months("long", { locale: "en-US" });

/** A month's short name as the reader reads it ("dec" for 12). */
function shortMonth(month: number): string {
  return MONTH_NAMES[month - 1]?.slice(0, 3).toLowerCase() ?? "";
}

/** Two days that the period holds, said as the reader reads them. */
export function periodExamples(period: string): string {
  const week = /\b(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+week\s+(?:of|in)\s+(?:(?:the|this|next)\s+)?(\S+)$/i.exec(period);
  if (week) return weekExamples((week[1] ?? "").toLowerCase(), MONTH_NUMBER[(week[2] ?? "").toLowerCase()]);
  // "late december": its 24th and 28th; "in january": its 5th and 12th.
  const ofAMonth = /^(late|in)\s+(\S+)$/i.exec(period);
  const month = ofAMonth ? MONTH_NUMBER[(ofAMonth[2] ?? "").toLowerCase()] : undefined;
  if (month) {
    const [first, second] = /^late$/i.test(ofAMonth?.[1] ?? "") ? [24, 28] : [5, 12];
    return `"on ${shortMonth(month)} ${first} at 9am" or "on ${shortMonth(month)} ${second} at 10am"`;
  }
  // "next week on friday", not "next friday": said on a Wednesday, "next friday" is this week's (schedule.ts).
  if (/^late\s+next\s+week$/i.test(period)) return `"next week on thursday at 6pm" or "next week on friday at 9am"`;
  if (/^late\s+\S+\s+month$/i.test(period)) return `"on the 24th at 9am" or "on the 28th at 10am"`;
  if (/\bnext\s+week$/i.test(period)) return `"next week on monday at 9am" or "next week on friday at 6pm"`;
  if (/\bnext\s+month$/i.test(period)) return `"next month on the 5th at 9am" or "next month on the 20th at 10am"`;
  if (/\bnext\s+year$/i.test(period)) return `"on march 21 next year at 10am" or "on june 5 next year at 9am"`;
  if (/\b(?:christmas|xmas)\s+week$|week\s+of\s+(?:christmas|xmas)$/i.test(period)) return `"on dec 21 at 10am" or "on christmas eve at 9am"`;
  if (/\beaster\s+week$|week\s+of\s+easter$/i.test(period)) return `"on good friday at 10am" or "on easter monday at 9am"`;
  if (/\bthanksgiving\s+week$|week\s+of\s+thanksgiving$/i.test(period)) return `"on thanksgiving at 10am" or "the day after thanksgiving at 9am"`;
  if (/week$/i.test(period)) return `"on friday at 6pm" or "tomorrow at 9am"`;
  if (/\b(?:christmas|xmas)\b/i.test(period)) return `"on dec 27 at 10am" or "on dec 30 at 9am"`;
  if (/new\s+year$/i.test(period)) return `"on jan 5 at 9am" or "on january 12 at 10am"`;
  if (/easter$/i.test(period)) return `"on easter monday at 10am" or "a week after easter at 9am"`;
  return `"on the 28th at 9am" or "on march 21 at 10am"`;
}
