/**
 * The date formatters of the task screens, made once per zone and shape, then reused: building an
 * Intl.DateTimeFormat costs about a millisecond of CPU (it loads ICU data), formatting with one costs
 * microseconds, and a dashboard page formats several dates per task (issue 8: the server render must
 * stay within the free plan's 10 ms, 0.2 ms a task).
 *
 * The shapes are named, not passed as option objects: finding a formatter is one short string key
 * (the old key was the options' JSON, written again for every date of every card).
 */
const SHAPES = {
  /** "9:15 AM". */
  clock: { locale: "en-US", options: { hour: "numeric", minute: "2-digit" } },
  /** "Mon, Mar 2, 9:00 AM". */
  dateTime: { locale: "en-US", options: { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" } },
  /** "Tue, Jan 5, 2027, 9:00 AM": a date of another year. */
  dateTimeWithYear: { locale: "en-US", options: { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" } },
  /** "2026-03-02": the zone's calendar day, to count days with. */
  isoDay: { locale: "en-CA", options: { year: "numeric", month: "2-digit", day: "2-digit" } },
  /** "2026-03-02, 09:05", in parts: the value of a datetime-local field. */
  isoMinute: { locale: "en-CA", options: { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" } },
} as const satisfies Record<string, { locale: string; options: Intl.DateTimeFormatOptions }>;

export type FormatShape = keyof typeof SHAPES;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `shape` on the clock of `zone` (a valid zone: callers pass safeZone's answer). Bounded by the zones in use times the five shapes. */
export function cachedFormatter(shape: FormatShape, zone: string): Intl.DateTimeFormat {
  const key = `${shape}|${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const { locale, options } = SHAPES[shape];
    formatter = new Intl.DateTimeFormat(locale, { timeZone: zone, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}
