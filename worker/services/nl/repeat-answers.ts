import { joinWithAnd, WEEK_OF_MONTH_WORDS, type WeekOfMonth } from "../recurrence";
import { MEAL_HOURS } from "./moments";
import { PLACE_IN_MONTH } from "./placed-weekdays";
import { countOf } from "./lengths-from-now";
import { hourOfBareTime } from "./schedule";
import { MOST_JOINED_TIMES, WITH_EVERY_MEAL } from "./joined-times";

/**
 * The answer to a repeat no rule holds (unsupported-phrases.ts), named as typed: where a repeat that holds can do it, that
 * repeat ("every day at 8am" for "twice a day", "every monday and thursday" for "twice a week", every weekday for school
 * days); where nudging does it anyway, that; where the reader can set both readings, which one; otherwise the repeats
 * there are.
 */
export function unsupportedRepeatAnswer(phrase: string): string {
  const doses = timesOfDayEvery(phrase);
  if (doses === ONCE_A_DAY) return `I can't repeat a reminder "${phrase}", but one repeating every day can, like "every day at 9am".`;
  if (doses) return dosesAnswer(phrase, doses);
  if (WITHIN_A_DAY.test(phrase) && !(hoursIn(phrase) > 24)) return `I can't repeat a reminder "${phrase}". ${NUDGING_IS_BUILT_IN}`;
  if (HOLIDAYS.test(phrase)) return holidaysAnswer(phrase);
  const weekDays = daysOfAWeek(phrase);
  if (weekDays) return `I can't repeat a reminder "${phrase}", but one repeating on ${weekDays.count} days of the week can, like "every ${weekDays.days} at 6pm".`;
  if (SCHOOL_NIGHTS.test(phrase)) return schoolNightsAnswer(phrase);
  if (SCHOOL_DAYS.test(phrase)) return schoolDaysAnswer(phrase);
  const placed = WEEKDAY_BY_PLACE.exec(phrase);
  if (placed) return weekdayByPlaceQuestion(phrase, placed);
  return `I can't repeat a reminder "${phrase}". ${REPEATS_I_CAN_SET}`;
}

/** What a reminder can repeat on, in the words the parser understands (recurrence-phrases.ts). */
export const REPEATS_I_CAN_SET = `I can repeat one every day or every so many days ("every other day", "every 3 days"), every weekday, on the days you choose every week or every so many weeks ("every monday and thursday", "every other friday"), on one date or weekday every month or every so many months ("on the 1st of every month", "the first monday of every month", "every 3 months"), or on one day every year ("every year on march 3", "every other year").`;

/** "except bank holidays", "every bank holiday": days no calendar here knows. */
const HOLIDAYS = /\bholidays?\b/i;

function holidaysAnswer(phrase: string): string {
  if (/^(?:except|but|apart|excluding)\b/i.test(phrase)) {
    return `I don't know the holidays, so a repeat can't leave them out ("${phrase}"). Set it without those words; on a holiday, delete that day's reminder (the repeat goes on) or reply "skip today" in the chat.`;
  }
  return `I don't know the holidays, so I can't repeat a reminder on them ("${phrase}"). Set one for each holiday's date, like "on dec 26 at 10am".`;
}

/** "twice a week", "3 times a week", "3x weekly": that many days, spread over the week, as an example of a repeat that holds. */
const TIMES_A_WEEK = /\b(twice|thrice|two\s+times|three\s+times|four\s+times|five\s+times|[2-5]\s*(?:times|x))\s+(?:(?:a|per|each|every)\s+week|weekly)\b/i;
const SPREAD_OVER_THE_WEEK: Record<number, string> = { 2: "monday and thursday", 3: "monday, wednesday and friday", 4: "monday, tuesday, thursday and friday", 5: "weekday" };

function daysOfAWeek(phrase: string): { count: string; days: string } | null {
  const word = TIMES_A_WEEK.exec(phrase)?.[1];
  if (!word) return null;
  const count = timesIn(word);
  return { count: ["", "", "two", "three", "four", "five"][count] ?? String(count), days: SPREAD_OVER_THE_WEEK[count] ?? "weekday" };
}

/** "every school day", "each school morning": weekdays without the school's holidays, which are not known. */
const SCHOOL_DAYS = /\bschool\s+(?:days?|mornings?|afternoons?|evenings?)\b/i;

/** What can be set instead: every weekday, a day off skipped by hand. The long list of repeats did not say it. */
function schoolDaysAnswer(phrase: string): string {
  return `I don't know your school's holidays, so I can't repeat a reminder "${phrase}". Set it for every weekday, like "every weekday at 8am"; on a day off, delete that day's reminder (the repeat goes on) or reply "skip today" in the chat.`;
}

/** "every school night": the nights before a school day, Sunday to Thursday. */
const SCHOOL_NIGHTS = /\bschool\s+nights?\b/i;

/** The nights before school as a repeat the reader sets, a night off skipped by hand. */
function schoolNightsAnswer(phrase: string): string {
  return `I don't know your school's holidays, so I can't repeat a reminder "${phrase}". Set it for the nights before school, like "every sunday to thursday at 8pm"; on a night off, delete that night's reminder (the repeat goes on) or reply "skip today" in the chat.`;
}

/** "every 2nd friday": of the month, or every other week? Both are repeats the reader can set, so it asks which. */
const WEEKDAY_BY_PLACE = /^(?:every|each)\s+(?:the\s+)?(2nd|second|3rd|third|4th|fourth)\s+([a-z]+)$/i;

function weekdayByPlaceQuestion(phrase: string, [, said = "", day = ""]: RegExpExecArray): string {
  const week = (PLACE_IN_MONTH[said.toLowerCase()] ?? 2) as WeekOfMonth;
  const place = WEEK_OF_MONTH_WORDS[week];
  const weeks = week === 2 ? "every other" : `every ${week} weeks on`;
  const weekday = day.toLowerCase();
  return `Is "${phrase}" the ${place} ${weekday} of each month, or ${weeks} ${weekday}? Say "the ${place} ${weekday} of every month" or "${weeks} ${weekday}".`;
}

/** "every 5 minutes", "every hour", "every half hour": usually a wish to be nudged until it is done. */
/** Minutes or hours ("every 5 minutes", "30 mins before"): within a day. */
export const WITHIN_A_DAY = /\b(?:min|mins|minutes?|hours?|hrs?|hourly)\b/i;

const EVERY_FEW_HOURS = /\b(?:every|each)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:hours?|hrs?)\b/i;
const ONCE_A_DAY = "once a day";

/**
 * The times of a day's doses as words to send: one prompt makes a reminder at each (ADR 181), so the answer is one to
 * type, 'say "every day at 6am, 2pm and 10pm"'. More than one prompt makes are named as the first three "and so on".
 */
function dosesAnswer(phrase: string, doses: readonly string[]): string {
  if (doses.length <= MOST_JOINED_TIMES) return `I can't repeat a reminder "${phrase}", but I can set a reminder for each time of day, repeating every day: say "every day at ${joinWithAnd(doses)}".`;
  const listed = doses.slice(0, 3).map((time) => `"every day at ${time}"`);
  return `I can't repeat a reminder "${phrase}", but one reminder for each time of day, repeating every day, can: ${listed.join(", ")} and so on.`;
}

/**
 * "every 8 hours" (a medicine's doses): not a wish to be nudged, but times in a day, which daily reminders hold. The
 * times from the first one said ("every 8 hours starting at 7am"), else from 6 am (8 am for twice a day), as typed
 * ("6am", "2pm", "10pm"). "every 24 hours" is once a day. Null for an hour, or more than 12 other than 24: those are the
 * nudging a reminder does anyway, or no day's times.
 */
function timesOfDayEvery(phrase: string): string[] | typeof ONCE_A_DAY | null {
  if (WITH_EVERY_MEAL.test(phrase)) return Object.values(MEAL_HOURS).map((hour) => clockWord(hour));
  const perDay = timesADay(phrase);
  if (perDay) return perDay.map((hour) => clockWord(hour));
  const hours = hoursIn(phrase);
  if (hours === 24) return ONCE_A_DAY;
  if (!(hours >= 2 && hours <= 12)) return null;
  const said = firstTimeIn(phrase);
  const first = said ?? { hour: hours === 12 ? 8 : 6, minute: 0 };
  // "every 2 hours from 9 to 5": the times between the two said, ends included (they went on to 7 pm, past the end);
  // "from 10pm to 6am" runs through midnight.
  const last = said && lastTimeIn(phrase);
  if (said && last) {
    const end = toMinutes(last) > toMinutes(said) ? toMinutes(last) : toMinutes(last) + MINUTES_IN_A_DAY;
    const between: string[] = [];
    for (let minutes = toMinutes(said); minutes <= end; minutes += hours * 60) between.push(clockWord(Math.floor(minutes / 60) % 24, minutes % 60));
    if (between.length >= 2) return between;
  }
  const roundTheClock = Array.from({ length: Math.floor(24 / hours) }, (_, i) => clockWord((first.hour + i * hours) % 24, first.minute));
  if (roundTheClock.length <= MOST_JOINED_TIMES) return roundTheClock;
  // Every 2 or 3 hours round the clock is more than one message makes, and through the night: people who say it mean
  // their waking day (water, a stretch, a look at the oven). From the first said, else 8 am, to 8 pm, at most six.
  const waking: string[] = [];
  for (let hour = said?.hour ?? 8; hour <= WAKING_DAY_ENDS && waking.length < MOST_JOINED_TIMES; hour += hours) waking.push(clockWord(hour, first.minute));
  return waking.length >= 2 ? waking : roundTheClock;
}

/** The last hour of the waking day the doses of "every 2 hours" are spread to: 8 pm, as "twice a day" ends. */
const WAKING_DAY_ENDS = 20;


/** "twice a day", "3 times a day", "twice daily": that many times spread over the waking day, from 8 am to 8 pm. */
const TIMES_A_DAY = /\b(twice|thrice|two\s+times|three\s+times|four\s+times|[234]\s*(?:times|x))\s+(?:(?:a|per|each|every)\s+day|daily)\b/i;
const SPREAD_OVER_THE_DAY: Record<number, number[]> = { 2: [8, 20], 3: [8, 14, 20], 4: [8, 12, 16, 20] };

function timesADay(phrase: string): number[] | null {
  const match = TIMES_A_DAY.exec(phrase);
  if (!match) return null;
  return SPREAD_OVER_THE_DAY[timesIn(match[1] ?? "")] ?? null;
}

/** The count of "every 8 hours", "every twelve hrs"; NaN for no such phrase. */
function hoursIn(phrase: string): number {
  const word = EVERY_FEW_HOURS.exec(phrase)?.[1]?.toLowerCase();
  return countOf(word) ?? NaN;
}

/** 6 → "6am", 14 → "2pm", 0 → "12am", (7, 30) → "7:30am", as people type times. */
function clockWord(hour: number, minute = 0): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}${minute ? `:${String(minute).padStart(2, "0")}` : ""}${hour < 12 ? "am" : "pm"}`;
}

const CLOCK = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\b`;
const STARTING_AT = new RegExp(String.raw`\b(?:(?:starting|beginning|from)\s+(?:at\s+)?|between\s+)${CLOCK}`, "i");
/** The end of "from 9 to 5", "between 9am and 5pm", right after the first time. */
const ENDING_AT = new RegExp(String.raw`\b(?:(?:starting|beginning|from)\s+(?:at\s+)?|between\s+)\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?\s*(?:to|until|till|and|-|–)\s*${CLOCK}`, "i");

/**
 * The first dose's time of "every 8 hours starting at 7am", or null. Without am/pm, 1 to 5 are the afternoon's and 6 to
 * 12 as said, as the reader takes a bare hour with a repeat (ADR 074).
 */
function firstTimeIn(phrase: string): ClockTime | null {
  return clockTimeOf(STARTING_AT.exec(phrase));
}

/** The last time of "every 2 hours from 9 to 5" (5 pm, as a bare hour with a repeat), or null. */
function lastTimeIn(phrase: string): ClockTime | null {
  return clockTimeOf(ENDING_AT.exec(phrase));
}

type ClockTime = { hour: number; minute: number };
const toMinutes = ({ hour, minute }: ClockTime) => hour * 60 + minute;
const MINUTES_IN_A_DAY = 24 * 60;

function clockTimeOf(match: RegExpExecArray | null): ClockTime | null {
  if (!match) return null;
  const said = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const meridiem = match[3]?.toLowerCase();
  if (said > 23 || minute > 59 || (meridiem && (said < 1 || said > 12))) return null;
  const hour = meridiem ? (said % 12) + (meridiem === "pm" ? 12 : 0) : hourOfBareTime(said, undefined);
  return { hour, minute };
}

/**
 * "every hour", "every 10 minutes": two wishes in the same words. To be kept at one thing until it is done is what
 * Nudge does anyway; a habit through the day ("drink water every hour") is a few reminders at times of day, which one
 * message makes (ADR 181). The answer said only the first ("You don't need to"), which is wrong for the second.
 */
const NUDGING_IS_BUILT_IN =
  `If it's to keep at one thing until it's done, you don't need to: I keep nudging you until you answer, so set it once, like "take my pills at 9am". ` +
  `For a habit through the day, name its times: "drink water every day at 10am, 1pm and 4pm".`;

/** "twice", "3 times", "4x", "thrice": how many times, from two to five. */
function timesIn(word: string): number {
  const lower = word.toLowerCase();
  return /^(?:twice|two|2)/.test(lower) ? 2 : /^(?:thrice|three|3)/.test(lower) ? 3 : /^(?:four|4)/.test(lower) ? 4 : 5;
}
