import { DateTime } from "luxon";
import { clockText, parseClock } from "../quiet-hours";

/**
 * A snooze until a time of day ("until 7 PM", ADR 086): the next time the person's clock shows it,
 * today if it is still ahead, else tomorrow, so it is never more than a day away (the longest snooze).
 * The API takes it on a 24-hour clock ("19:00"); a typed "until 7" (no AM or PM) is whichever of 7:00
 * and 19:00 comes first, the one a person means at 3 PM and at 9 PM alike.
 */
export interface TimeOfDay {
  hour: number;
  minute: number;
}

/** "19:00", "7:30": a time of day on a 24-hour clock, read as quiet hours read theirs (the same API). */
export function parseTimeOfDay(text: string): TimeOfDay | null {
  const minuteOfDay = parseClock(text);
  return minuteOfDay === null ? null : { hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 };
}

/** The API's spelling of a time of day: "19:00". */
export function formatTimeOfDay({ hour, minute }: TimeOfDay): string {
  return clockText(hour * 60 + minute);
}

/**
 * The next instant after `now` at which the clock in `zone` shows `time`. A time that a spring change
 * skips that day (02:30) comes at the first instant after the gap, luxon's rule, as for a due date.
 */
export function nextTimeOfDay(now: number, zone: string, time: TimeOfDay): number {
  const today = DateTime.fromMillis(now, { zone });
  const at = (day: DateTime) => day.set({ hour: time.hour, minute: time.minute, second: 0, millisecond: 0 }).toMillis();
  const todays = at(today);
  return todays > now ? todays : at(today.plus({ days: 1 }));
}

/**
 * A time said without AM or PM ("until 7", "until 12:30"): of the two halves of the day, the one that
 * comes first from now. Hours above 12 and 0 say their half already and are kept.
 */
export function nearerHalfOfDay(now: number, zone: string, time: TimeOfDay): TimeOfDay {
  if (time.hour < 1 || time.hour > 12) return time;
  const morning = { hour: time.hour % 12, minute: time.minute };
  const afternoon = { hour: (time.hour % 12) + 12, minute: time.minute };
  return nextTimeOfDay(now, zone, morning) <= nextTimeOfDay(now, zone, afternoon) ? morning : afternoon;
}
