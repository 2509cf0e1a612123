import { DateTime } from "luxon";
import type { Recurrence, Weekday } from "../recurrence";

/**
 * The same repeat, `days` calendar days earlier: "bins every thursday, remind me the night before" is every Wednesday
 * (ADR 131). Null where no rule holds the earlier days:
 * - a weekly rule every few weeks whose days would cross into the week before (Monday to Sunday): its weeks would no
 *   longer pair up;
 * - a day of the month from the 29th on (the 31st falls on a short month's last day, which the day before would not
 *   follow), or one that would leave the month ("on the 1st, the day before"); a yearly day across February 29th;
 * - a weekday's place in a month ("the first Monday"): the day before it has no place of its own.
 * A negative `days` is that many days later ("the day after every Friday" is every Saturday, ADR 134), by the same
 * rules mirrored: a day of the month up to the 28th, every few weeks only within the week.
 */
export function repeatDaysEarlier(rule: Recurrence, days: number): Recurrence | null {
  if (days === 0) return rule;
  if (Math.abs(days) > MAX_DAYS_EARLIER) return null;
  switch (rule.freq) {
    // Every day, or every few days from an earlier first day: the same rule.
    case "daily":
      return rule;
    case "weekdays":
      return weeklyEarlier([1, 2, 3, 4, 5], 1, days);
    case "weekly":
      return weeklyEarlier(rule.days, rule.interval ?? 1, days);
    case "monthly":
      if (!("dayOfMonth" in rule) || rule.dayOfMonth > 28 || rule.dayOfMonth - days < 1 || rule.dayOfMonth - days > 28) return null;
      return { ...rule, dayOfMonth: rule.dayOfMonth - days };
    case "yearly":
      return "dayOfMonth" in rule ? yearlyEarlier(rule, days) : null;
  }
}

/** Up to four weeks: "a week before", "2 weeks before" a birthday; further is rarely meant and reads as another date. */
const MAX_DAYS_EARLIER = 28;

/**
 * "every year on march 3, a week before": February 24th every year, the month and year crossed as needed. Counted in a
 * year without February 29th: in a leap year such a reminder comes a day earlier than said (8 days before March 3),
 * still ahead of the day, which no yearly rule could avoid. A February 29th itself is not moved.
 */
function yearlyEarlier(rule: Extract<Recurrence, { freq: "yearly"; dayOfMonth: number }>, days: number): Recurrence | null {
  const event = DateTime.utc(2023, rule.month, rule.dayOfMonth);
  if (!event.isValid) return null;
  const early = event.minus({ days });
  return { ...rule, month: early.month, dayOfMonth: early.day };
}

function weeklyEarlier(ruleDays: readonly Weekday[], interval: number, days: number): Recurrence | null {
  const moved = ruleDays.map((day) => day - days);
  if (interval > 1 && moved.some((day) => day < 1 || day > 7)) return null;
  const earlier = [...new Set(moved.map((day) => ((((day - 1) % 7) + 7) % 7) + 1) as Weekday[])].sort((a, b) => a - b);
  return interval > 1 ? { freq: "weekly", days: earlier, interval } : { freq: "weekly", days: earlier };
}
