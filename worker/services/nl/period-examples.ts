import { DateTime } from "luxon";
import { MONTH_NAMES, ordinal } from "../recurrence";
import { MONTH_NUMBER } from "./month-words";

/**
 * The two example answers of "Which day <period>?" (messages.ts), said as the reader reads them, so that sending one
 * back makes the reminder the person meant.
 *
 * Given today (the person's own day, in their zone), an example is never a day gone by nor outside the period: "in
 * march" said on March 10 gets "on mar 11" and "on mar 17" (its usual "mar 5" would be next year's March 5), "this
 * month" days still to come in it, "this summer" days of this summer where the person lives (December to February in
 * Sydney). Without today (the words alone, as in the reader's own tests), the period's usual days.
 */
export function periodExamples(period: string, today?: DateTime): string {
  const week = /\b(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+week\s+(?:of|in)\s+(?:(?:the|this|next)\s+)?(\S+)$/i.exec(period);
  if (week) return weekExamples((week[1] ?? "").toLowerCase(), MONTH_NUMBER[(week[2] ?? "").toLowerCase()]);
  // "late december": its 24th and 28th; "in january": its 5th and 12th; after today when it is this month.
  const ofAMonth = /^(late|in)\s+(\S+)$/i.exec(period);
  const month = ofAMonth ? MONTH_NUMBER[(ofAMonth[2] ?? "").toLowerCase()] : undefined;
  if (month) {
    const days = daysStillToCome(month, /^late$/i.test(ofAMonth?.[1] ?? "") ? [24, 28] : [5, 12], today);
    return said(days.map((day) => `on ${shortMonth(month)} ${day}`));
  }
  // "next week on friday", not "next friday": said on a Wednesday, "next friday" is this week's (schedule.ts).
  if (/^late\s+next\s+week$/i.test(period)) return `"next week on thursday at 6pm" or "next week on friday at 9am"`;
  if (/^late\s+next\s+month$/i.test(period)) return said(["on the 24th", "on the 28th"]);
  if (/^late\s+this\s+month$/i.test(period)) return thisMonthExamples([24, 28], today);
  if (/\bnext\s+week$/i.test(period)) return `"next week on monday at 9am" or "next week on friday at 6pm"`;
  if (/\bnext\s+month$/i.test(period)) return `"next month on the 5th at 9am" or "next month on the 20th at 10am"`;
  if (/\bnext\s+year$/i.test(period)) return `"on march 21 next year at 10am" or "on june 5 next year at 9am"`;
  if (/\b(?:christmas|xmas)\s+week$|week\s+of\s+(?:christmas|xmas)$/i.test(period)) return `"on dec 21 at 10am" or "on christmas eve at 9am"`;
  if (/\beaster\s+week$|week\s+of\s+easter$/i.test(period)) return `"on good friday at 10am" or "on easter monday at 9am"`;
  if (/\bthanksgiving\s+week$|week\s+of\s+thanksgiving$/i.test(period)) return `"on thanksgiving at 10am" or "the day after thanksgiving at 9am"`;
  if (/week$/i.test(period)) return thisWeekExamples(today);
  if (/\b(?:christmas|xmas)\b/i.test(period)) return `"on dec 27 at 10am" or "on dec 30 at 9am"`;
  if (/new\s+year$/i.test(period)) return `"on jan 5 at 9am" or "on january 12 at 10am"`;
  if (/easter$/i.test(period)) return `"on easter monday at 10am" or "a week after easter at 9am"`;
  if (/\bthis\s+month$/i.test(period)) return thisMonthExamples([21, 28], today);
  if (/\bthis\s+year$/i.test(period)) return thisYearExamples(today);
  const season = SEASON.exec(period)?.[1]?.toLowerCase();
  if (season) return seasonExamples(season === "fall" ? "autumn" : (season as Season), /^next\b/i.test(period), today);
  return said(["on the 28th", "on march 21"]);
}

/** The person's own day now, which the examples count from. */
export function personsDay(now: Date, zone: string): DateTime {
  return DateTime.fromJSDate(now, { zone });
}

/** "on mar 11" and "on mar 17": at 9am and at 10am, quoted and joined as the question says them. */
function said([first, second]: readonly string[]): string {
  return `"${first} at 9am" or "${second ?? first} at 10am"`;
}

/** The last day of a period, said on it: "on the 30th at 6pm" or "on the 30th at 8pm" (a date, not "today", which stands for no period). */
function evening(day: string): string {
  return `"${day} at 6pm" or "${day} at 8pm"`;
}

/** Two days in "the second week of december" ("on dec 9 at 9am"), or of the month when none is named. */
function weekExamples(which: string, month: number | undefined): string {
  const [first, second] = WEEK_DAYS[which] ?? [9, 11];
  const name = month ? `${shortMonth(month)} ` : "the ";
  const day = (n: number) => (month ? String(n) : ordinal(n));
  return `"on ${name}${day(first)} at 9am" or "on ${name}${day(second)} at 10am"`;
}

const WEEK_DAYS: Record<string, [number, number]> = { first: [3, 5], "1st": [3, 5], second: [9, 11], "2nd": [9, 11], third: [16, 18], "3rd": [16, 18], fourth: [23, 25], "4th": [23, 25], last: [26, 28] };

/**
 * The usual days of a month, or, when today is in that month and past the first of them, tomorrow and a week on
 * (at most its last day). On its last day the month named is next year's, as the reader reads it: the usual days.
 */
function daysStillToCome(month: number, usual: readonly [number, number], today?: DateTime): readonly number[] {
  if (!today || today.month !== month || today.day < usual[0]) return usual;
  const last = today.daysInMonth ?? 28;
  if (today.day >= last) return usual;
  return [today.day + 1, Math.min(today.day + 7, last)];
}

/** "this month", "late this month": its days still to come, "on the 21st"; on its last day, that day's evening. */
function thisMonthExamples(usual: readonly [number, number], today?: DateTime): string {
  if (today && today.day >= (today.daysInMonth ?? 28)) return evening(`on the ${ordinal(today.day)}`);
  const days = today ? daysStillToCome(today.month, usual, today) : usual;
  return said(days.map((day) => `on the ${ordinal(day)}`));
}

/** "this week": Friday and tomorrow, while both are still this week (a week runs Monday to Sunday). */
function thisWeekExamples(today?: DateTime): string {
  const weekday = today?.weekday ?? 1;
  if (weekday <= 4) return `"on friday at 6pm" or "tomorrow at 9am"`;
  if (weekday <= 6) return `"tomorrow at 9am" or "tomorrow at 6pm"`;
  return `"today at 6pm" or "today at 8pm"`;
}

/** "this year": two weeks on and six weeks on, at most its last day; near its end, tomorrow; on it, its evening. */
function thisYearExamples(today?: DateTime): string {
  if (!today) return said(["on june 5", "on october 12"]);
  const lastDay = today.endOf("year").startOf("day");
  const first = [today.plus({ weeks: 2 }), today.plus({ days: 1 })].find((day) => day <= lastDay.endOf("day"));
  if (!first) return evening(onTheDay(today));
  const second = DateTime.min(today.plus({ weeks: 6 }), lastDay);
  return said([first, second].map(onTheDay));
}

type Season = "spring" | "summer" | "autumn" | "winter";
const SEASON = /\b(spring|summer|autumn|fall|winter)$/i;

/** The first day of each season north of the equator (month, day); south of it the same days start the opposite one. */
const NORTHERN_STARTS: Record<Season, [number, number]> = { spring: [3, 21], summer: [6, 21], autumn: [9, 23], winter: [12, 21] };
const OPPOSITE: Record<Season, Season> = { spring: "autumn", summer: "winter", autumn: "spring", winter: "summer" };
const NEXT: Record<Season, Season> = { spring: "summer", summer: "autumn", autumn: "winter", winter: "spring" };

/**
 * Zones south of the equator with seasons the other way round. A zone is all the reader knows of where someone is;
 * the tropics, whose seasons are wet and dry, keep the northern names as most calendars print them.
 */
const SOUTHERN_ZONE =
  /^(?:Australia\/|Antarctica\/|Pacific\/(?:Auckland|Chatham|Norfolk)|America\/(?:Argentina\/|Buenos_Aires|Santiago|Punta_Arenas|Montevideo|Asuncion|Sao_Paulo)|Africa\/(?:Johannesburg|Maseru|Mbabane|Windhoek|Gaborone|Maputo)|Atlantic\/Stanley|Indian\/(?:Reunion|Mauritius))/;

/**
 * Three weeks and seven weeks into the season where the person lives; once it has begun, a week and three weeks
 * from today while still in it ("next summer" said in summer is next year's). The next season's start ends it.
 */
function seasonExamples(season: Season, next: boolean, today?: DateTime): string {
  const south = today ? SOUTHERN_ZONE.test(today.zoneName ?? "") : false;
  const startOf = (name: Season) => NORTHERN_STARTS[south ? OPPOSITE[name] : name];
  const base = (today ?? DateTime.fromObject({ year: 2026, month: 1, day: 1 }, { zone: "UTC" })).startOf("day");
  // This season's start on or before today, or its next start (a winter said in January began last December).
  const [month, day] = startOf(season);
  let start = base.set({ month, day });
  if (start > base) start = start.minus({ years: 1 });
  const [endMonth, endDay] = startOf(NEXT[season]);
  let end = start.set({ month: endMonth, day: endDay }).minus({ days: 1 });
  if (end < start) end = end.plus({ years: 1 });
  if (end < base || (next && start <= base)) {
    start = start.plus({ years: 1 });
    end = end.plus({ years: 1 });
  }
  const usual = [start.plus({ weeks: 3 }), start.plus({ weeks: 7 })];
  if (!today || usual.every((day) => day > base)) return said(usual.map(onTheDay));
  const soon = [base.plus({ weeks: 1 }), base.plus({ weeks: 3 })].filter((day) => day <= end);
  if (soon.length > 0) return said(soon.map(onTheDay));
  // Its last week: tomorrow and its last day (on that last day itself, this evening).
  return base < end ? said([base.plus({ days: 1 }), end].map(onTheDay)) : evening(onTheDay(base));
}

/** "on dec 9": a day as the reader reads it, wherever the period puts it. */
function onTheDay(day: DateTime): string {
  return `on ${shortMonth(day.month)} ${day.day}`;
}

/** A month's short name as the reader reads it ("dec" for 12). */
function shortMonth(month: number): string {
  return MONTH_NAMES[month - 1]?.slice(0, 3).toLowerCase() ?? "";
}
