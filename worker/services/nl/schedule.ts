import { DateTime } from "luxon";
import { atWallTime, localCalendarDate, nextOccurrenceAt, type Recurrence, type WallTime, type Weekday } from "../recurrence";
import type { DateTimeHints, NamedDate } from "./date-time-phrases";
import type { RecurrenceMatch } from "./recurrence-phrases";
import { repeatDaysEarlier } from "./repeat-days-earlier";
import { DEFAULT_HOUR, PART_OF_DAY_HOURS, type PartOfDay } from "./types";

/**
 * Turns what the prompt said about *when* into the first due instant, in the user's zone, with luxon.
 *
 * Rules ("prefer the future"):
 * - A time alone ("at 10") is today if still ahead, otherwise tomorrow.
 * - A weekday ("friday") is the next such day whose time is still ahead, today included;
 *   "next friday" is the first Friday after tomorrow (never today or tomorrow, ADR 173). "This weekend" on a Saturday afternoon
 *   is Sunday, on the weekend's last day with its time gone the next Saturday.
 * - A date without a year ("March 5") whose day has gone by is next year's; a day of the month alone
 *   ("on the 5th") is this month's or the next month that has that day.
 * - A day with no time uses 09:00; "in 3 days" / "next week" keep the current time of day.
 * - A bare hour from 6 to 12 is taken as written ("at 8" = 08:00); 1 to 5 is the afternoon ("call mom
 *   at 5" = 17:00); a part of the day decides when the prompt says one ("at 8 in the evening" = 20:00,
 *   "at 5 in the morning" = 05:00). A zero-padded "05:00" is a 24-hour time (hourOfBareTime).
 * - But a bare hour from 6 to 11 with nothing else said about when (no day, no repeat, no part of the
 *   day) is the sooner of its two clock times: "call mum at 7" said at 4 pm is 19:00 today, not 07:00
 *   tomorrow; said at 10 pm, 07:00 tomorrow (ADR 121, eveningIfSooner). So is one with a day that is today ("today
 *   at 9", "the 25th at 9" on the 25th; ADR 138); a part of today ("this afternoon at 3") is never tomorrow.
 * - A repeat without a date starts at its next occurrence after now; with a date ("every day starting
 *   friday") at its first occurrence on or after that date. A yearly repeat's date without a year names the
 *   day of the year, so it starts at its next occurrence. It never starts on a day where its time
 *   does not exist (DST gap), see firstExactOccurrence.
 * - A one-off time that does not exist (02:30 on a spring-forward day) moves to the next valid
 *   instant (03:30), luxon's default.
 */
export type Schedule =
  | { ok: true; dueAt: Date; recurrence: Recurrence | null }
  | { ok: false; reason: "no_time" | "no_time_today" | "past" }
  | ({ ok: false; reason: "weekday_mismatch" } & WeekdayMismatch);

/**
 * A weekday said with a date that is not its own: "friday december 12" (a Saturday), "friday 12th" when neither the
 * next 12th nor the one after is a Friday. Which was meant cannot be told, so the person is asked rather than given
 * one of the two: a reminder on the wrong day is worse than a question.
 */
export interface WeekdayMismatch {
  /** The date the words name, ISO ("2026-12-12"); for a day of the month alone, its next one. */
  date: string;
  /** The weekday said with it. */
  said: Weekday;
}

interface FirstDue {
  dueAt: Date;
  time: WallTime;
  /** Whether the prompt named a day (so a repeat starts there rather than now). */
  dayGiven: boolean;
}

export function resolveSchedule(hints: DateTimeHints, repeat: RecurrenceMatch | null, now: Date, zone: string): Schedule {
  const first = firstDue(hints, repeat, now, zone);
  if (typeof first === "string") return { ok: false, reason: first };
  if ("said" in first) return { ok: false, reason: "weekday_mismatch", ...first };
  if (!repeat) {
    return first.dueAt.getTime() > now.getTime() ? { ok: true, dueAt: first.dueAt, recurrence: null } : { ok: false, reason: "past" };
  }
  const asSaid = concreteRule(repeat, first.dueAt, zone, hints.date?.place);
  // "every thursday at midnight", "every friday night at 12": the midnight that ends each day named, as for one day
  // (every Friday at 00:00; it was Thursday's first minute, the night before). Where no rule holds the day after (the
  // last Friday of the month), the days as said.
  const rule = endsTheDay(hints, repeat) ? (repeatDaysEarlier(asSaid, -1) ?? asSaid) : asSaid;
  // Start at the named day (but never in the past), otherwise at the next occurrence after now. A yearly repeat's
  // date without a year says which day of the year, not which year: "every year on feb 29" starts on February 28
  // next year (the rule's day in a year without the 29th), not in the next leap year.
  const startOfDay = DateTime.fromJSDate(first.dueAt, { zone }).startOf("day").toMillis();
  const dayOfTheYearOnly = rule.freq === "yearly" && hints.date?.yearKnown === false;
  const after = first.dayGiven && !dayOfTheYearOnly ? new Date(Math.max(now.getTime(), startOfDay - 1)) : now;
  return { ok: true, dueAt: firstExactOccurrence(rule, first.time, after, zone), recurrence: rule };
}

/**
 * The first occurrence whose local time is the time asked for. The due date is all a task keeps (it
 * becomes the anchor for nextOccurrence), so a series must not start on a spring-forward day where
 * 02:30 was shifted to 03:30: every later occurrence would then be at 03:30. It starts a day later.
 */
function firstExactOccurrence(rule: Recurrence, time: WallTime, after: Date, zone: string): Date {
  let dueAt = nextOccurrenceAt(rule, time, after, zone);
  for (let attempt = 0; attempt < 3 && !hasWallTime(dueAt, time, zone); attempt++) {
    dueAt = nextOccurrenceAt(rule, time, dueAt, zone);
  }
  return dueAt;
}

function hasWallTime(instant: Date, time: WallTime, zone: string): boolean {
  const local = DateTime.fromJSDate(instant, { zone });
  return local.hour === time.hour && local.minute === time.minute;
}

/**
 * The one-off due instant, before any repeat rule is applied; "no_time" when nothing says when, "no_time_today"
 * when the day named is today and its default hour has gone by.
 */
function firstDue(hints: DateTimeHints, repeat: RecurrenceMatch | null, now: Date, zone: string): FirstDue | WeekdayMismatch | "no_time" | "no_time_today" {
  if (hints.instant) return { dueAt: hints.instant, time: wallTimeOf(hints.instant, zone), dayGiven: false };

  const statedTime = clockTime(hints, hints.partOfDay ?? repeat?.partOfDay) ?? hints.date?.timeIfNoneSaid;
  const dayGiven = Boolean(hints.date || hints.weekday);
  if (!statedTime && !dayGiven && !repeat) return "no_time";

  const time = statedTime ?? { hour: DEFAULT_HOUR, minute: 0 };
  const today = localCalendarDate(now, zone);
  let dueAt: Date | null;
  if (hints.date) {
    const onDate = onNamedDate(hints.date, time, today, zone);
    if (onDate && "said" in onDate) return onDate;
    // "today at 9", "the 25th at 9" said on the 25th at 3 pm: the day is today, so its bare hour is the sooner of its
    // two times, as with no day (ADR 121); it was refused as past.
    const onToday = onDate && localCalendarDate(onDate, zone).equals(today);
    dueAt = onToday ? atWallTime(today, eveningIfSooner(hints, repeat, time, today, now, zone), zone) : onDate;
  } else if (hints.weekday) dueAt = onWeekday(hints.weekday, time, today, now, zone);
  // "this afternoon at 3" said at 4 pm: today's, refused as past below; tomorrow's would not be this afternoon.
  else if (hints.partOfToday && hints.time && !repeat) dueAt = atWallTime(today, time, zone);
  else dueAt = atNextWallTime(eveningIfSooner(hints, repeat, time, today, now, zone), today, now, zone);
  if (!dueAt || Number.isNaN(dueAt.getTime())) return "no_time";
  // "tomorrow at midnight", "by friday at midnight": the midnight at the end of the day named (a repeat's days move a
  // day later in resolveSchedule).
  // "tomorrow night at 12", "at 12:30 on friday night": past the midnight that ends that day, as above.
  // "tonight at 2am", "friday night at 1am": the small hours that end that night, the next day's (refused as past, or
  // the early hours before that night).
  if (dayGiven && !repeat && (endsTheDay(hints, repeat) || inTheSmallHoursOfTheNight(hints, time, localCalendarDate(dueAt, zone).equals(today)))) {
    dueAt = DateTime.fromJSDate(dueAt, { zone }).plus({ days: 1 }).toJSDate();
  }

  // "remind me today to call mom" at 3 pm: the default 09:00 has gone, so ask which time today rather than
  // report the past (or say there was no time: "today" was read). A repeat whose day is today starts at its next
  // occurrence instead: "every year on november 27" said on that day after 9 is next year's, not "What time today?".
  if (!statedTime && !repeat && dueAt.getTime() <= now.getTime() && localCalendarDate(dueAt, zone).equals(today)) return "no_time_today";
  // "call bob tonight" at 21:30, "this afternoon" at 16:00: the part of today is still going but its hour (21:00,
  // 15:00) has gone; tomorrow's would not be what was asked, and "already passed" is not true of the evening.
  const partOfTodayOnly = hints.partOfToday && !hints.time && !repeat;
  if (partOfTodayOnly && (dueAt.getTime() <= now.getTime() || !localCalendarDate(dueAt, zone).equals(today))) return "no_time_today";
  return { dueAt, time, dayGiven };
}

/** A clock time from 00:00 to 04:59 said of a night ("tonight at 2am"): after the midnight that ends it. */
function inTheSmallHoursOfTheNight(hints: DateTimeHints, time: WallTime, onToday: boolean): boolean {
  // "tonight at 12" is read as tomorrow's midnight already (clock-phrases.ts MIDNIGHT_TONIGHT): tonight is today's night.
  if (hints.partOfToday && !onToday) return false;
  return Boolean(hints.time) && hints.partOfDay === "night" && time.hour < SMALL_HOURS_END;
}

const SMALL_HOURS_END = 5;

/** Midnight with a day ("friday at midnight"), or a bare 12 of a night: the midnight that ends the day named. */
function endsTheDay(hints: DateTimeHints, repeat: RecurrenceMatch | null): boolean {
  return Boolean(hints.midnightEndsTheDay) || twelveAtNight(hints, repeat);
}

/** A bare 12 said of a night ("tomorrow night at 12", "12:30 friday night"): just after midnight, not noon. */
function twelveAtNight(hints: DateTimeHints, repeat: RecurrenceMatch | null): boolean {
  return Boolean(hints.time && !hints.time.meridiemKnown && hints.time.hour === 12 && (hints.partOfDay ?? repeat?.partOfDay) === "night");
}

/** The clock time the prompt asked for: an explicit time (its half of the day settled) or a part of day. */
function clockTime(hints: DateTimeHints, partOfDay: PartOfDay | undefined): WallTime | undefined {
  if (hints.time) {
    const { hour, minute, meridiemKnown } = hints.time;
    if (!meridiemKnown && hour === 12 && partOfDay === "night") return { hour: 0, minute };
    return { hour: meridiemKnown ? hour : hourOfBareTime(hour, partOfDay), minute };
  }
  return partOfDay ? { hour: PART_OF_DAY_HOURS[partOfDay], minute: 0 } : undefined;
}

/**
 * An hour said without am/pm. A part of the day decides ("at 8 in the evening" 20:00, "at 5 in the
 * morning" 05:00, "at 2 at night" 02:00, "at 10 at night" 22:00). Otherwise 1 to 5 are the afternoon:
 * nobody means 05:00 by "call mom at 5", and a reminder that fires then wakes them and misses the real
 * time. 6 to 12 stay as said ("take pills every day at 8" is 08:00, "wake up at 6" 06:00).
 */
export function hourOfBareTime(hour: number, partOfDay: PartOfDay | undefined): number {
  if (hour < 1 || hour > 11) return hour;
  if (partOfDay === "morning") return hour;
  if (partOfDay === "night") return hour < SMALL_HOURS_END ? hour : hour + 12;
  if (partOfDay === "afternoon" || partOfDay === "evening") return hour + 12;
  return hour <= 5 ? hour + 12 : hour;
}

/**
 * A bare hour from 6 to 11 said with nothing else about when, once its morning has gone today and its
 * evening has not: the evening (ADR 121). A reminder twelve hours early is seen and put right from its
 * confirmation, which names the time; one twelve hours late has missed what it was for. With a day or a
 * repeat the hour stays as said ("tomorrow at 8", "every day at 8" are mornings), as it does when a part
 * of the day or am/pm was said.
 */
function eveningIfSooner(hints: DateTimeHints, repeat: RecurrenceMatch | null, time: WallTime, today: DateTime, now: Date, zone: string): WallTime {
  const bare = hints.time && !hints.time.meridiemKnown && !hints.partOfDay && !repeat;
  if (!bare || time.hour < 6 || time.hour > 11) return time;
  const evening = { hour: time.hour + 12, minute: time.minute };
  const morningGone = atWallTime(today, time, zone).getTime() <= now.getTime();
  return morningGone && atWallTime(today, evening, zone).getTime() > now.getTime() ? evening : time;
}

/** Today at `time` if that is still ahead, otherwise tomorrow. */
function atNextWallTime(time: WallTime, today: DateTime, now: Date, zone: string): Date {
  const todayAt = atWallTime(today, time, zone);
  return todayAt.getTime() > now.getTime() ? todayAt : atWallTime(today.plus({ days: 1 }), time, zone);
}

function onWeekday(weekday: { day: Weekday; next: boolean; weekend?: boolean }, time: WallTime, today: DateTime, now: Date, zone: string): Date {
  // "this weekend" said on the weekend: today if its time is still ahead, else Sunday when today is Saturday.
  if (weekday.weekend && !weekday.next && today.weekday >= 6) {
    const thisWeekend = [atWallTime(today, time, zone), ...(today.weekday === 6 ? [atWallTime(today.plus({ days: 1 }), time, zone)] : [])];
    const ahead = thisWeekend.find((candidate) => candidate.getTime() > now.getTime());
    if (ahead) return ahead;
  }
  let daysAhead = (weekday.day - today.weekday + 7) % 7;
  // "next thursday" said on a Wednesday is next week's (ADR 173): tomorrow is called "tomorrow". It was tomorrow.
  if (daysAhead <= 1 && weekday.next) daysAhead += 7;
  const candidate = atWallTime(today.plus({ days: daysAhead }), time, zone);
  return candidate.getTime() > now.getTime() ? candidate : atWallTime(today.plus({ days: daysAhead + 7 }), time, zone);
}

/**
 * Fills in a missing month or year so the date is today or later (the time of day is not considered); a weekday said
 * with it must be the date's own.
 */
function onNamedDate(date: NamedDate, time: WallTime, today: DateTime, zone: string): Date | WeekdayMismatch | null {
  const calendarDate = calendarDateOf(date, today);
  if (!calendarDate?.isValid) return null;
  if (date.weekday && calendarDate.weekday !== date.weekday) return { date: calendarDate.toISODate()!, said: date.weekday };
  return atWallTime(calendarDate, time, zone);
}

function calendarDateOf(date: NamedDate, today: DateTime): DateTime | null {
  if (!date.monthKnown) return nextMonthWithDay(date.day, today, date.weekday);
  const named = DateTime.utc(date.year, date.month, date.day);
  return !date.yearKnown && named < today ? named.plus({ years: 1 }) : named;
}

/**
 * "on the 31st": this month if that day is still to come, else the next month that has a 31st. With a weekday
 * ("friday the 11th"), the next such day or the one after, whichever is that weekday: said on November 5th, when the
 * 11th is a Wednesday, December 11th (a Friday). Neither: the next, for the caller to report.
 */
function nextMonthWithDay(day: number, today: DateTime, weekday?: Weekday): DateTime | null {
  const candidates: DateTime[] = [];
  for (let offset = 0; offset <= 12 && candidates.length < 2; offset++) {
    const month = today.startOf("month").plus({ months: offset });
    if (day > (month.daysInMonth ?? 0)) continue;
    const candidate = month.set({ day });
    if (candidate >= today) candidates.push(candidate);
  }
  return candidates.find((candidate) => candidate.weekday === weekday) ?? candidates[0] ?? null;
}

/**
 * "every week" / "every other week" / "every month" / "every 3 months" / "every year" take their day from the first due
 * date; "every year" with "the fourth thursday of november" keeps the weekday's place, not the date (ADR 127).
 */
function concreteRule(match: RecurrenceMatch, firstDueAt: Date, zone: string, place?: NonNullable<NamedDate["place"]>): Recurrence {
  const { rule, interval } = match;
  if (rule === "weekly-on-first-date") {
    const days = [localCalendarDate(firstDueAt, zone).weekday as Weekday];
    return interval && interval > 1 ? { freq: "weekly", days, interval } : { freq: "weekly", days };
  }
  if (rule === "monthly-on-first-date") {
    const dayOfMonth = localCalendarDate(firstDueAt, zone).day;
    return interval && interval > 1 ? { freq: "monthly", dayOfMonth, interval } : { freq: "monthly", dayOfMonth };
  }
  if (rule === "yearly-on-first-date" && place) {
    const { month } = localCalendarDate(firstDueAt, zone);
    return interval && interval > 1 ? { freq: "yearly", month, ...place, interval } : { freq: "yearly", month, ...place };
  }
  if (rule === "yearly-on-first-date") {
    const { month, day: dayOfMonth } = localCalendarDate(firstDueAt, zone);
    return interval && interval > 1 ? { freq: "yearly", month, dayOfMonth, interval } : { freq: "yearly", month, dayOfMonth };
  }
  return rule;
}

function wallTimeOf(instant: Date, zone: string): WallTime {
  const local = DateTime.fromJSDate(instant, { zone });
  return { hour: local.hour, minute: local.minute, second: local.second, millisecond: local.millisecond };
}
