import { DateTime, IANAZone } from "luxon";

/**
 * Repeat rules for reminders, the arithmetic that finds the next occurrence, and the words that describe a rule
 * (their validation for the API and the forms: recurrence-schema.ts).
 *
 * Everything here is pure: no clock, no database. Time-zone math goes through luxon, which knows
 * the IANA rules, so a daily 08:00 reminder stays at 08:00 local time across DST changes.
 *
 * How wall times that do not map to exactly one instant are resolved (luxon's behaviour):
 * - A wall time skipped by a spring-forward change (02:30 on 2026-03-08 in New York) is shifted
 *   forward by the size of the gap, i.e. to the next valid instant (03:30 EDT). Other days keep 02:30.
 * - A wall time that happens twice on a fall-back day (01:30 on 2026-11-01 in New York) resolves to
 *   the later of the two instants (01:30 EST). It is used once, so a reminder never fires twice.
 */

/** ISO weekday: 1 = Monday ... 7 = Sunday (luxon's `weekday` uses the same numbering). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type Recurrence =
  | { freq: "daily"; interval?: number } // every `interval` days (2: every other day); absent or 1: every day
  | { freq: "weekdays" } // Monday to Friday
  | { freq: "weekly"; days: Weekday[]; interval?: number } // days non-empty, sorted, unique; every `interval` weeks
  | { freq: "monthly"; dayOfMonth: number; interval?: number } // 1..31, months without it use their last day; every `interval` months
  | { freq: "monthly"; week: WeekOfMonth; weekday: Weekday; interval?: number } // "the first Monday", "the last Friday" of every `interval`-th month
  | { freq: "yearly"; month: number; dayOfMonth: number; interval?: number } // a day the month has (February 29 falls on the 28th in other years); every `interval` years
  | { freq: "yearly"; month: number; week: WeekOfMonth; weekday: Weekday; interval?: number }; // "the fourth Thursday of November" every `interval` years

/** A weekday's place in its month: the first to the fourth, or -1 for the last (a fifth is not in every month). */
export type WeekOfMonth = 1 | 2 | 3 | 4 | -1;
export const WEEK_OF_MONTH_WORDS: Record<WeekOfMonth, string> = { 1: "first", 2: "second", 3: "third", 4: "fourth", [-1]: "last" };

/** The longest gaps an interval may ask for: a year of days, of weeks, of months. */
export const MAX_DAY_INTERVAL = 365;
export const MAX_WEEK_INTERVAL = 52;
export const MAX_MONTH_INTERVAL = 12;
/** "every 10 years" (a passport, a boiler's service plan) is the longest a yearly repeat counts. */
export const MAX_YEAR_INTERVAL = 10;

/** A local time of day, as on a wall clock. */
export interface WallTime {
  hour: number;
  minute: number;
  second?: number;
  millisecond?: number;
}

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/**
 * A monthly or yearly rule's day in the month that starts on `month` (a UTC midnight): its own day, or the month's last
 * if shorter (a yearly February 29 in other years); or its weekday's place.
 */
export function dayInMonth(rule: Extract<Recurrence, { freq: "monthly" | "yearly" }>, month: DateTime): number {
  if ("dayOfMonth" in rule) return Math.min(rule.dayOfMonth, month.daysInMonth ?? 28);
  return placeInMonth(month.year, month.month, rule.weekday, rule.week)?.day ?? 0;
}

/** The `place`-th (1 to 5, or -1 for the last) `weekday` of a month, or null when the month has none (a fifth). */
export function placeInMonth(year: number, month: number, weekday: Weekday, place: number): DateTime | null {
  const first = DateTime.utc(year, month, 1);
  const daysInMonth = first.daysInMonth ?? 0;
  if (place === -1) {
    const last = first.set({ day: daysInMonth });
    return last.minus({ days: (last.weekday - weekday + 7) % 7 });
  }
  const day = 1 + ((weekday - first.weekday + 7) % 7) + 7 * (place - 1);
  return day <= daysInMonth ? first.set({ day }) : null;
}

/**
 * The first occurrence strictly after `after`, keeping the local wall-clock time of `anchor` (the task's original due time) in `zone`.
 * Without an interval only the anchor's time of day matters: the rule has no start date, so an
 * `after` earlier than the anchor can yield an occurrence before it. With one ("every other day",
 * "every 2 weeks", "every 3 months"), the anchor's day is an occurrence and the others are counted from
 * it: every `interval` days, the rule's weekdays in every `interval`-th week from the anchor's week
 * (weeks start on Monday), or the rule's day in every `interval`-th month from the anchor's month.
 * Throws a RangeError for an unknown zone.
 */
export function nextOccurrence(rule: Recurrence, anchor: Date, after: Date, zone: string, anchorZone: string = zone): Date {
  assertTimeZone(zone);
  // The anchor's date and time of day as they were set: in `anchorZone`, which differs from `zone`
  // only for an occurrence left behind by a change of the owner's zone (series/follow-zone.ts).
  const local = DateTime.fromJSDate(anchor, { zone: assertTimeZone(anchorZone) });
  const time = { hour: local.hour, minute: local.minute, second: local.second, millisecond: local.millisecond };
  const anchorDay = localCalendarDate(anchor, anchorZone);
  const interval = intervalOf(rule);
  if (interval > 1 && rule.freq === "daily") return nextEveryFewDays(interval, anchorDay, time, after, zone);
  if (interval > 1 && rule.freq === "weekly") return nextEveryFewWeeks(rule.days, interval, anchorDay, time, after, zone);
  if (interval > 1 && rule.freq === "monthly") return nextEveryFewMonths(rule, interval, anchorDay, time, after, zone);
  if (interval > 1 && rule.freq === "yearly") return nextEveryFewYears(rule, interval, anchorDay, time, after, zone);
  return nextOccurrenceAt(rule, time, after, zone);
}

/** The rule's interval: 1 for rules without one. */
export function intervalOf(rule: Recurrence): number {
  return "interval" in rule && rule.interval !== undefined ? rule.interval : 1;
}

/**
 * The first occurrence strictly after `after` at the wall time `time` in `zone`.
 * `nextOccurrence` uses this; the reminder parser calls it directly with the time the person asked
 * for, because an anchor that fell into a DST gap has already been shifted (02:30 → 03:30). An
 * interval plays no part here: with no anchor, the first matching day starts the series.
 */
export function nextOccurrenceAt(rule: Recurrence, time: WallTime, after: Date, zone: string): Date {
  assertTimeZone(zone);
  if (rule.freq === "monthly") return nextEveryFewMonths(rule, 1, localCalendarDate(after, zone), time, after, zone);
  if (rule.freq === "yearly") return nextEveryFewYears(rule, 1, localCalendarDate(after, zone), time, after, zone);
  return nextDayBased(rule, time, after, zone);
}

/**
 * A short English phrase: "every day", "every other day", "every 3 days", "every weekday", "every Monday
 * and Thursday", "every other Friday", "every 3 weeks on Monday", "every month on the 31st", "every 3
 * months on the 15th", "every month on the first Monday", "every year on March 3", "every other year on February 29",
 * "every year on the fourth Thursday of November".
 */
export function describeRecurrence(rule: Recurrence): string {
  const interval = intervalOf(rule);
  switch (rule.freq) {
    case "daily":
      return interval === 1 ? "every day" : interval === 2 ? "every other day" : `every ${interval} days`;
    case "weekdays":
      return "every weekday";
    case "weekly": {
      const days = joinWithAnd(rule.days.map((day) => WEEKDAY_NAMES[day - 1] ?? String(day)));
      return interval === 1 ? `every ${days}` : interval === 2 ? `every other ${days}` : `every ${interval} weeks on ${days}`;
    }
    case "monthly":
      return `${interval === 1 ? "every month" : interval === 2 ? "every other month" : `every ${interval} months`} on the ${"dayOfMonth" in rule ? ordinal(rule.dayOfMonth) : `${WEEK_OF_MONTH_WORDS[rule.week]} ${WEEKDAY_NAMES[rule.weekday - 1]}`}`;
    case "yearly": {
      const day = "dayOfMonth" in rule ? `${MONTH_NAMES[rule.month - 1]} ${rule.dayOfMonth}` : `the ${WEEK_OF_MONTH_WORDS[rule.week]} ${WEEKDAY_NAMES[rule.weekday - 1]} of ${MONTH_NAMES[rule.month - 1]}`;
      return `${interval === 1 ? "every year" : interval === 2 ? "every other year" : `every ${interval} years`} on ${day}`;
    }
  }
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd", 31 → "31st". */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** ["a"] → "a", ["a", "b"] → "a and b", ["a", "b", "c"] → "a, b and c". */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Builds the instant for a calendar date and wall time in `zone` (gap/overlap handling: see the file comment). */
export function atWallTime(date: { year: number; month: number; day: number }, time: WallTime, zone: string): Date {
  return DateTime.fromObject(
    { year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute, second: time.second ?? 0, millisecond: time.millisecond ?? 0 },
    { zone },
  ).toJSDate();
}

/** Throws on a zone luxon does not know, instead of silently computing an Invalid Date. */
export function assertTimeZone(zone: string): string {
  if (!IANAZone.isValidZone(zone)) throw new RangeError(`Unknown time zone "${zone}".`);
  return zone;
}

/** The rules that name days of the week (or every day), walked day by day. */
type DayBasedRule = Exclude<Recurrence, { freq: "monthly" } | { freq: "yearly" }>;

function matchesDay(rule: DayBasedRule, weekday: number): boolean {
  switch (rule.freq) {
    case "daily":
      return true;
    case "weekdays":
      return weekday <= 5;
    case "weekly":
      return rule.days.some((day) => day === weekday);
  }
}

/**
 * Walks calendar days from the local date of `after`. Calendar arithmetic runs on a UTC DateTime so a
 * DST change cannot skew it; only the final instant is resolved in the user's zone. Eight days are
 * enough: a weekly rule whose only day is today, with today's time already gone, lands a week later.
 */
function nextDayBased(rule: DayBasedRule, time: WallTime, after: Date, zone: string): Date {
  const start = localCalendarDate(after, zone);
  for (let offset = 0; offset <= 7; offset++) {
    const day = start.plus({ days: offset });
    if (!matchesDay(rule, day.weekday)) continue;
    const candidate = atWallTime(day, time, zone);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  throw new RangeError("The repeat rule matches no day of the week.");
}

/** Every `interval` days counted from the anchor's day: the first such day whose time is after `after`. */
function nextEveryFewDays(interval: number, anchorDay: DateTime, time: WallTime, after: Date, zone: string): Date {
  const daysSinceAnchor = Math.max(0, Math.round(localCalendarDate(after, zone).diff(anchorDay, "days").days));
  let day = anchorDay.plus({ days: Math.floor(daysSinceAnchor / interval) * interval });
  // At most two steps: the day found may be today with its time gone.
  for (let step = 0; step < 3; step++, day = day.plus({ days: interval })) {
    const candidate = atWallTime(day, time, zone);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  throw new RangeError(`No occurrence found every ${interval} days.`);
}

/** The rule's weekdays in every `interval`-th week, counted from the anchor's week (Monday to Sunday). */
function nextEveryFewWeeks(days: readonly Weekday[], interval: number, anchorDay: DateTime, time: WallTime, after: Date, zone: string): Date {
  const anchorWeek = anchorDay.minus({ days: anchorDay.weekday - 1 });
  const start = localCalendarDate(after, zone);
  for (let offset = 0; offset <= 7 * interval + 7; offset++) {
    const day = start.plus({ days: offset });
    if (!days.includes(day.weekday as Weekday)) continue;
    const weeks = Math.round(day.minus({ days: day.weekday - 1 }).diff(anchorWeek, "weeks").weeks);
    if (((weeks % interval) + interval) % interval !== 0) continue;
    const candidate = atWallTime(day, time, zone);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  throw new RangeError(`No occurrence found every ${interval} weeks.`);
}

/**
 * The rule's day in every `interval`-th month from the anchor's month (1: this month's if still ahead, else the next
 * month's); short months use their last day for a day they lack ("the 31st"); a weekday's place ("the last Friday")
 * is in every month.
 */
function nextEveryFewMonths(rule: Extract<Recurrence, { freq: "monthly" }>, interval: number, anchorDay: DateTime, time: WallTime, after: Date, zone: string): Date {
  const anchorMonth = anchorDay.startOf("month");
  const monthsSinceAnchor = Math.max(0, Math.round(localCalendarDate(after, zone).startOf("month").diff(anchorMonth, "months").months));
  let month = anchorMonth.plus({ months: Math.floor(monthsSinceAnchor / interval) * interval });
  for (let step = 0; step < 3; step++, month = month.plus({ months: interval })) {
    const candidate = atWallTime({ year: month.year, month: month.month, day: dayInMonth(rule, month) }, time, zone);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  throw new RangeError(`No occurrence found every ${interval} months.`);
}

/**
 * The rule's day in every `interval`-th year from the anchor's year (1: this year's if it is still ahead,
 * else next year's); February 29 falls on the 28th in the years without it, as a monthly 31st does on a
 * shorter month's last day, so a leap-day birthday is still remembered every year. A weekday's place ("the fourth
 * Thursday of November") is found in each year's month.
 */
function nextEveryFewYears(rule: Extract<Recurrence, { freq: "yearly" }>, interval: number, anchorDay: DateTime, time: WallTime, after: Date, zone: string): Date {
  const yearsSinceAnchor = Math.max(0, localCalendarDate(after, zone).year - anchorDay.year);
  let year = anchorDay.year + Math.floor(yearsSinceAnchor / interval) * interval;
  for (let step = 0; step < 3; step++, year += interval) {
    const month = DateTime.utc(year, rule.month, 1);
    const candidate = atWallTime({ year, month: rule.month, day: dayInMonth(rule, month) }, time, zone);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  throw new RangeError(`No occurrence found every ${interval} years.`);
}

/** The local calendar date of an instant in `zone`, as a UTC midnight so calendar arithmetic ignores DST. */
export function localCalendarDate(instant: Date, zone: string): DateTime {
  const local = DateTime.fromJSDate(instant, { zone });
  return DateTime.utc(local.year, local.month, local.day);
}
