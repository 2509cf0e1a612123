import { DateTime } from "luxon";
import { safeZone } from "../time-zone";

/**
 * Quiet hours on the person's own clock (issue 13, ADR 064). Pure (luxon only), so the engine's plan,
 * the dashboard and the tests share one answer to "is it quiet now, and until when?".
 *
 * A window is two minutes-after-midnight, `start` and `end`, in the person's IANA zone. A window that
 * starts later than it ends crosses midnight (22:00-08:00). The end is found on the wall clock, not
 * by adding hours, so it stays at 08:00 across a DST change (a night 1 hour shorter or longer).
 */
export interface QuietWindow {
  start: number;
  end: number;
}

export const MINUTES_PER_DAY = 24 * 60;

/** The window a person has set, or null when quiet hours are off (either end missing). */
export function quietWindowOf(user: { quietStart: number | null; quietEnd: number | null }): QuietWindow | null {
  if (user.quietStart === null || user.quietEnd === null || user.quietStart === user.quietEnd) return null;
  return { start: user.quietStart, end: user.quietEnd };
}

/** Whether a local minute of the day falls inside the window (its start included, its end not). */
export function insideWindow(window: QuietWindow, minuteOfDay: number): boolean {
  return window.start < window.end ? minuteOfDay >= window.start && minuteOfDay < window.end : minuteOfDay >= window.start || minuteOfDay < window.end;
}

/**
 * When the quiet hours around `now` end (epoch ms), or null when `now` is not inside them.
 * A window's end that does not exist that night (02:30 on a spring-forward night) is the first
 * moment after the gap, as luxon moves a wall time in a gap forward.
 */
export function quietUntil(window: QuietWindow | null, zone: string, now: number): number | null {
  if (!window) return null;
  const local = DateTime.fromMillis(now, { zone: safeZone(zone) });
  if (!insideWindow(window, local.hour * 60 + local.minute)) return null;
  const endToday = local.set({ hour: Math.floor(window.end / 60), minute: window.end % 60, second: 0, millisecond: 0 });
  const end = endToday.toMillis() > now ? endToday : endToday.plus({ days: 1 }).set({ hour: Math.floor(window.end / 60), minute: window.end % 60 });
  return end.toMillis();
}

/** A time of rest around `now`: until when, and whether it is a break (ADR 095) rather than the nightly quiet hours. */
export interface Rest {
  until: number;
  onBreak: boolean;
}

/**
 * The rest around `now`: a break the person took (until `breakUntil`), carried on by quiet hours that
 * are on at its end (a break until 23:00 with quiet hours 22:00-08:00 rests until 08:00); else the quiet
 * hours around `now`; else null.
 */
export function restUntil(window: QuietWindow | null, zone: string, now: number, breakUntil: number | null): Rest | null {
  if (breakUntil !== null && breakUntil > now) return { until: quietUntil(window, zone, breakUntil) ?? breakUntil, onBreak: true };
  const quiet = quietUntil(window, zone, now);
  return quiet === null ? null : { until: quiet, onBreak: false };
}

/** "22:00" from 1320: the form's value and the API's. */
export function clockText(minuteOfDay: number): string {
  return `${String(Math.floor(minuteOfDay / 60)).padStart(2, "0")}:${String(minuteOfDay % 60).padStart(2, "0")}`;
}

/** 1320 from "22:00" (or "9:05"); null for anything that is not a time of day. */
export function parseClock(text: string): number | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** "10:00 PM" from 1320: how pages and messages say a window's ends. */
export function clockLabel(minuteOfDay: number): string {
  return DateTime.fromObject({ hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 }, { zone: "UTC" }).setLocale("en-US").toFormat("h:mm a");
}
