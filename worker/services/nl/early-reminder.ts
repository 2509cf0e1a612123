import { DateTime } from "luxon";
import { localCalendarDate, nextOccurrence } from "../recurrence";
import { aheadOf, type AheadAmount } from "./ahead-amount";
import type { ParsedReminder, ParseResult } from "./parse-reminder";
import { repeatDaysEarlier } from "./repeat-days-earlier";
import { TIME_TO_BEAT_LEAD } from "./time-bound-phrases";

/**
 * The reminder an hour ahead of a time to beat. Less than an hour before it, the reminder is due at the next minute
 * ("before 5:00 PM"), not refused as past: the time to beat has not gone. Ahead of a repeat's time just after
 * midnight, an hour earlier is the day before (ADR 131); where no rule holds that day, the repeat is kept at the time
 * said.
 */
export function aheadOfTheTimeToBeat(reminder: ParsedReminder, now: Date, zone: string): ParseResult {
  const early = earlier(reminder, TIME_TO_BEAT_LEAD, now, zone);
  if (early.ok) return early;
  if (reminder.recurrence) return { ok: true, reminder };
  if (reminder.dueAt.getTime() <= now.getTime()) return early;
  return { ok: true, reminder: { ...reminder, dueAt: nextMinute(now), ahead: { words: "", eventAt: reminder.dueAt } } };
}

const MINUTE_MS = 60_000;

/** The start of the minute after `now`: the soonest a reminder can be due. */
export function nextMinute(now: Date): Date {
  return new Date((Math.floor(now.getTime() / MINUTE_MS) + 1) * MINUTE_MS);
}

/**
 * The reminder due `ahead` of the moment read. A repeat keeps its time of day earlier ("every friday at 3pm, remind me
 * 15 minutes before" is every Friday at 2:45 PM), or moves to the days before ("bins every thursday, remind me the night
 * before" is every Wednesday at 9 PM, ADR 131) where a rule holds them (repeat-days-earlier.ts); where none does, the
 * person is asked to say the day.
 */
export function earlier(reminder: ParsedReminder, ahead: AheadAmount, now: Date, zone: string): ParseResult {
  const eventRule = reminder.recurrence;
  // "the friday before every christmas": how many days before differs from year to year; only one weekday a week keeps it.
  if (ahead.weekday && eventRule && !(eventRule.freq === "weekly" && eventRule.days.length === 1)) return { ok: false, reason: "ahead_of_repeat", phrase: `${ahead.words} ${ahead.after ? "after" : "before"}` };
  const dueAt = aheadOf(reminder.dueAt, ahead, zone);
  const daysEarlier = Math.round(localCalendarDate(reminder.dueAt, zone).diff(localCalendarDate(dueAt, zone), "days").days);
  const recurrence = eventRule ? repeatDaysEarlier(eventRule, daysEarlier) : null;
  // A repeat's days move earlier, or later after it (ADR 131, 134), where a rule holds them.
  if (eventRule && !recurrence) return { ok: false, reason: "ahead_of_repeat", phrase: `${ahead.words} ${ahead.after ? "after" : "before"}` };
  // The confirmation names the repeat it is ahead of when the days moved ("the night before every Thursday at 9:00 AM").
  const aheadSaid = (eventAt: Date) => ({ words: ahead.words, eventAt, ...(eventRule && daysEarlier !== 0 ? { eventRule } : {}), ...(ahead.after ? { after: true as const } : {}) });
  if (dueAt.getTime() > now.getTime()) return { ok: true, reminder: { ...reminder, recurrence, dueAt, ahead: aheadSaid(reminder.dueAt) } };
  if (!recurrence) return { ok: false, reason: "past" };
  // Said between the early time and the moment ("every friday at 3pm, 15 minutes before" on a Friday at 2:50): the
  // series starts at its next early time, ahead of its next moment.
  const next = nextOccurrence(recurrence, dueAt, now, zone);
  return { ok: true, reminder: { ...reminder, recurrence, dueAt: next, ahead: aheadSaid(new Date(next.getTime() + reminder.dueAt.getTime() - dueAt.getTime())) } };
}

const SIX_HOURS_MS = 6 * 60 * MINUTE_MS;

/**
 * "call mum after 3" said at 3:10 PM: the time waited for has come today, so the reminder is due at the next minute,
 * said back "(after 3:00 PM)", not tomorrow at 3 PM, a day late (ADR 139). Only for a one-off read for tomorrow whose
 * time today went by less than six hours ago; otherwise `reminder` as it is.
 */
export function afterATimeGoneToday(reminder: ParsedReminder, now: Date, zone: string): ParsedReminder {
  const today = DateTime.fromJSDate(reminder.dueAt, { zone }).minus({ days: 1 });
  const gone = now.getTime() - today.toMillis();
  if (reminder.recurrence || gone < 0 || gone > SIX_HOURS_MS || !today.hasSame(DateTime.fromJSDate(now, { zone }), "day")) return reminder;
  return { ...reminder, dueAt: nextMinute(now), ahead: { words: "", eventAt: today.toJSDate(), after: true } };
}
