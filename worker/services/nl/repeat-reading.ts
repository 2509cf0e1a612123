import { findDateTime, type DateTimeHints } from "./date-time-phrases";
import { findExcept, unholdableException, withoutDays } from "./except-phrases";
import type { ParseFailureReason } from "./messages";
import { findMovingDay, MOVING_DAY_TITLES, type MovingDayFound } from "./moving-days";
import { placedDayApart } from "./placed-day-apart";
import { findRecurrence, type RecurrenceMatch } from "./recurrence-phrases";
import { blankOut, type Span } from "./types";
import { findDaysInARow, findRepeatEnd, findUnreadRepeat } from "./unsupported-phrases";

/** What the words say about repeating, and about a day that moves with the year (ADR 133). */
export interface RepeatReading {
  ok: true;
  /** The repeat, narrowed by the days left out ("every day except sunday"); null for a one-off. */
  repeat: RecurrenceMatch | null;
  /** Where the repeat and its exception are: neither is read as a date nor kept in the title. */
  repeatSpans: Span[];
  /** "call dad on father's day": the day's next date, which the date reader does not know. */
  movingDate: Extract<MovingDayFound, { kind: "date" }> | null;
}

/** A repeat a reminder cannot hold, refused with the words as typed rather than half-read. */
export interface RepeatRefusal {
  ok: false;
  reason: ParseFailureReason;
  phrase: string;
}

/**
 * The repeat step of parseReminder (parse-reminder.ts), after the unsupported repeats were refused: the repeat, its
 * days left out, the days that move, and the refusals only a read repeat can tell ("every day for 7 days", "every
 * other monday except ...", "monday to friday" said without "every").
 */
export function readRepeat(text: string, now: Date, zone: string): RepeatReading | RepeatRefusal {
  // "every day except sunday": the days left out narrow the repeat; a repeat that cannot be narrowed
  // (or none at all) is refused with the words as typed, rather than read with "except" in the title.
  const except = findExcept(text);
  // "call dad on father's day", "every mother's day": days that move with the year and the country (ADR 133).
  const moving = findMovingDay(text, now, zone, (rest) => namesADay(findDateTime(rest, now, zone)));
  if (moving?.kind === "unknown_here" || moving?.kind === "moves_with_easter") return refused(moving.kind, MOVING_DAY_TITLES[moving.name]);
  const found = moving?.kind === "repeat" ? { span: moving.span, rule: moving.rule } : findRecurrence(except ? blankOut(text, [except.span]) : text);
  // "monthly book club on the first thursday": the day of a repeat said without one, apart from it (placed-day-apart.ts).
  const placed = found ? placedDayApart(text, found) : null;
  const repeat = placed ? placed.repeat : found && except ? withoutDays(found, except) : found;
  if (except && !repeat) return refused("unsupported_repeat", except.phrase);
  const unreadRepeat = repeat ? null : findUnreadRepeat(text);
  if (unreadRepeat) return refused("unsupported_repeat", unreadRepeat);
  const daysInARow = repeat ? null : findDaysInARow(text);
  if (daysInARow) return refused("several_times", daysInARow);
  const otherException = repeat && !except ? unholdableException(text) : null;
  if (otherException) return refused("unsupported_repeat", otherException);
  // "every day for 7 days", "until friday": a repeat cannot end on its own; refused rather than read as its start.
  const end = findRepeatEnd(text, repeat?.rule ?? null);
  if (end) return refused("repeat_with_end", end);
  return {
    ok: true,
    repeat,
    repeatSpans: repeat ? [repeat.span, ...(except ? [except.span] : []), ...(placed ? [placed.span] : [])] : [],
    movingDate: moving?.kind === "date" ? moving : null,
  };
}

function refused(reason: ParseFailureReason, phrase: string): RepeatRefusal {
  return { ok: false, reason, phrase };
}

/** Whether the hints name a day. */
export function namesADay(hints: DateTimeHints): boolean {
  return Boolean(hints.instant || hints.date || hints.weekday);
}
