/** A [start, end) range of characters in the prompt that belongs to a date, time or repeat phrase. */
export interface Span {
  start: number;
  end: number;
}

/** Replaces the spans with spaces of the same length, so chrono does not read them and indices still line up. */
export function blankOut(text: string, spans: readonly Span[]): string {
  let blanked = text;
  for (const { start, end } of spans) blanked = blanked.slice(0, start) + " ".repeat(end - start) + blanked.slice(end);
  return blanked;
}

/** Writes `word` over the span, padded with spaces to its length, so indices still line up ("after" read as "on"). */
export function writeOver(text: string, span: Span, word: string): string {
  return text.slice(0, span.start) + word.padEnd(span.end - span.start, " ").slice(0, span.end - span.start) + text.slice(span.end);
}

/** Words that name a time of day without a clock time ("tomorrow morning", "every evening"). */
export type PartOfDay = "morning" | "afternoon" | "evening" | "night";

/**
 * The clock time each part of day stands for. Documented product defaults:
 * morning 09:00, afternoon 15:00, evening 19:00, night/tonight 21:00 (noon is 12:00 and midnight
 * 00:00, which chrono reads as clock times). Moments such as "before bed" and "first thing" use the
 * same hours (clock-phrases.ts).
 */
export const PART_OF_DAY_HOURS: Record<PartOfDay, number> = {
  morning: 9,
  afternoon: 15,
  evening: 19,
  night: 21,
};

/** The time used when a prompt names a day or a repeat but no time: 09:00, like "morning". */
export const DEFAULT_HOUR = PART_OF_DAY_HOURS.morning;

/** Finds a part-of-day word in a piece of text; "tonight" counts as night. */
export function findPartOfDay(text: string): PartOfDay | undefined {
  const match = /\b(morning|afternoon|evening|tonight|night)\b/i.exec(text);
  const word = match?.[1]?.toLowerCase();
  if (!word) return undefined;
  return word === "tonight" ? "night" : (word as PartOfDay);
}
