import { asAClockTime } from "./clock-words";
import { findDateTime } from "./date-time-phrases";
import { hourOfBareTime } from "./schedule";
import { leftOver, onlyWordsFrom } from "./leftover";
import { MEAL_FIRST } from "./moments";
import { PART_OF_DAY_HOURS } from "./types";

/**
 * The time of day a typed snooze names ("snooze until 7pm", "snooze till half past 5", "snooze 19:00",
 * "snooze until tonight"), read by the same reader as a reminder's time (date-time-phrases.ts), so a
 * snooze understands what a reminder does. Before, "snooze until 7pm" snoozed for the usual 30 minutes
 * by text, and in a Telegram chat it was taken for a new reminder. Only a time of day is a snooze: a day
 * ("until friday") is a new due date, not a pause, and is not read here (ADR 086).
 */
export interface SnoozeClock {
  hour: number;
  minute: number;
  /** False for a time said without AM or PM ("until 7"): the task service takes the nearer half of the day. */
  halfKnown: boolean;
}

/**
 * Only the wall-clock components of the phrase are used, so any fixed instant will do as the reader's
 * "now"; a UTC one keeps "tonight" on the reference's own day, which is how it is told from a real date.
 */
const REFERENCE = new Date(Date.UTC(2026, 0, 5, 12));
const REFERENCE_DAY = { year: 2026, month: 1, day: 5 };

/** Words that may be left around the time ("until about 7 today, thanks"); anything else makes it no time. */
export const FILLER: ReadonlySet<string> = new Set(["this", "the", "today", "about", "around", "please", "pls", "thanks", "thank", "you", "thx", "ty", "cheers"]);
/** The words before a time ("until 7", "till noon", "to 5:30", "at 8"). */
const LEAD = /^(?:until|till|til|'til|to|at)\s+/i;
/** Words whose hour says its half of the day though no AM or PM is written. */
const HALF_IN_THE_WORD = /\b(?:noon|midday|midnight)\b/i;

/**
 * "morning" for the next morning ("until the morning", which morning.ts places), a clock time, "day"
 * when the words name another day ("until friday", "till tomorrow at 7", "until the 5th"): a new due
 * date rather than a pause, refused with a way to do it (answer.ts), never read as the usual 30
 * minutes or, in a chat, as a new reminder titled "Snooze". Null when `words` (what follows "snooze")
 * is not only a time or a day.
 */
export function snoozeClockIn(words: string): SnoozeClock | "morning" | "day" | null {
  const trimmed = words.trim().replace(/[.!?…]+$/, "");
  const led = LEAD.test(trimmed);
  const phrase = trimmed.replace(LEAD, "");
  if (phrase === "") return null;
  // "snooze 10" is ten minutes; "snooze until 10" is a clock time, which the reader wants as "at 10"; so is
  // "until seven" or "till ten to six".
  const said = led ? (asAClockTime(phrase) ?? phrase) : phrase;
  // "till lunch", "until dinner": a meal is a moment after "at" ("at lunch", moments.ts), so it is read as one here.
  const text = led && MEAL_FIRST.test(said) ? `at ${said}` : said;
  const hints = findDateTime(text, REFERENCE, "UTC");
  if (hints.several || hints.instant) return null;
  if (!onlyWordsFrom(leftOver(text, hints.spans), FILLER)) return null;
  if (hints.weekday || (hints.date && !isReferenceDay(hints.date))) return "day";
  if (hints.time) {
    const halfKnown = hints.time.meridiemKnown || hints.partOfDay !== undefined || HALF_IN_THE_WORD.test(text);
    // "half past 7 tonight": the part of the day puts the hour said in its half (19:30).
    const hour = !hints.time.meridiemKnown && hints.partOfDay ? hourOfBareTime(hints.time.hour, hints.partOfDay) : hints.time.hour;
    return { hour, minute: hints.time.minute, halfKnown };
  }
  if (!hints.partOfDay) return null;
  return hints.partOfDay === "morning" ? "morning" : { hour: PART_OF_DAY_HOURS[hints.partOfDay], minute: 0, halfKnown: true };
}

function isReferenceDay(date: { year: number; month: number; day: number }): boolean {
  return date.year === REFERENCE_DAY.year && date.month === REFERENCE_DAY.month && date.day === REFERENCE_DAY.day;
}
