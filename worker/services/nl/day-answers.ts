import { Info } from "luxon";
import { MONTH_NUMBER } from "./month-words";

/**
 * The answers that ask for a day (messages.ts says them): the period as the question names it ("Which day in the
 * second week of December?"; its examples are period-examples.ts's), and the two reminders to send for two days of a
 * month.
 */

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
