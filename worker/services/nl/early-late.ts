import { FULL_DAY } from "./recurrence-phrases";
import type { PartOfDay, Span } from "./types";

/**
 * "early tomorrow", "early in the morning", "late tonight", "tomorrow late afternoon": early or late in a day or a
 * part of it. They were left in the title ("early call the garage") and the day's usual hour taken (9:00 AM for "get up
 * early tomorrow"). Only beside a day or a part of the day, so "leave early" and "late fee" keep their words.
 */
export interface EarlyOrLate {
  which: "early" | "late";
  /** The word, taken out of the title. */
  span: Span;
}

const PART = String.raw`(?:in\s+the\s+)?(?:morning|afternoon|evening|night)\b|tonight\b`;
const DAY = String.raw`(?:today|tomorrow|(?:on\s+)?${FULL_DAY})\b`;
/** "early in the morning", "late tonight": always a time. */
const BEFORE_A_PART = new RegExp(String.raw`\b(?<word>early|late)\s+(?=${PART})`, "i");
/**
 * "early tomorrow call the garage": a time only as the first words, or after getting up ("get up early tomorrow"):
 * after other words it tells how the thing is done ("leave early tomorrow" is leaving work early, not at 7 AM).
 */
const BEFORE_A_DAY = new RegExp(String.raw`(?:^\s*(?:(?:please\s+)?remind\s+me\s+)?|\b(?:get|getting|wake|waking)\s+(?:up\s+)?)(?<word>early)\s+(?=${DAY})|^\s*(?<late>late)\s+(?=${DAY})`, "i");
const AFTER = new RegExp(String.raw`\b(?:morning|afternoon|evening|night|tonight|today|tomorrow|${FULL_DAY})\s+(?<word>early|late)\b(?!\s+(?:fee|fees|payment|charge|notice|checkout|check-out|shift|lunch|dinner|breakfast)\b)`, "i");

export function findEarlyOrLate(text: string): EarlyOrLate | null {
  const match = BEFORE_A_PART.exec(text) ?? BEFORE_A_DAY.exec(text) ?? AFTER.exec(text);
  const word = match?.groups?.word ?? match?.groups?.late;
  if (!match || !word) return null;
  const start = match.index + match[0].toLowerCase().lastIndexOf(word.toLowerCase());
  return { which: word.toLowerCase() === "early" ? "early" : "late", span: { start, end: start + word.length } };
}

/** The hour early or late in the part of the day said; in a day with no part said, early morning or late afternoon. */
const HOURS: Record<PartOfDay | "day", Record<EarlyOrLate["which"], number>> = {
  morning: { early: 7, late: 11 },
  afternoon: { early: 13, late: 17 },
  evening: { early: 18, late: 22 },
  night: { early: 20, late: 23 },
  day: { early: 7, late: 17 },
};

export function earlyOrLateHour(found: EarlyOrLate, partOfDay: PartOfDay | undefined): number {
  return HOURS[partOfDay ?? "day"][found.which];
}
