import { findDateTime } from "./date-time-phrases";
import { DAY_NAME } from "./recurrence-phrases";
import { namesADay } from "./repeat-reading";
import { blankOut, type Span } from "./types";

/**
 * "prep for tomorrow's meeting tonight at 8", "email sam re tuesday's meeting at 4", "call about next week's delivery
 * tomorrow": a day said as whose a thing is names the thing. chrono read it as the day: the prep was tomorrow at 8 PM,
 * a day late, and the title lost the day ("prep 's meeting").
 */
const POSSESSIVE_DAY = new RegExp(String.raw`\b(?:(?:this|next|last)\s+(?:week|month|year|weekend)|today|tonight|tomorrow|yesterday|${DAY_NAME})['’]s\b`, "gi");

/** The possessive days in `text` ("tomorrow's"), each with its "'s". */
export function possessiveDays(text: string): Span[] {
  return [...text.matchAll(POSSESSIVE_DAY)].map((match) => ({ start: match.index ?? 0, end: (match.index ?? 0) + match[0].length }));
}

/**
 * The possessive days not to read as the day: all of them when the rest says a day of its own ("tonight at 8"), none
 * when it does not ("review today's notes at 5", "prep for tomorrow's meeting at 8": the day they name is the only one
 * said, and read as before; the words stay in the title either way, parse-reminder.ts).
 */
export function possessiveDaysNotRead(text: string, notRead: readonly Span[], now: Date, zone: string): Span[] {
  const possessives = possessiveDays(text);
  if (possessives.length === 0) return [];
  const rest = findDateTime(blankOut(text, [...notRead, ...possessives]), now, zone);
  return namesADay(rest) || rest.partOfToday ? possessives : [];
}

/** The spans of `spans` outside every possessive day: what leaves the title. */
export function outsidePossessives(spans: readonly Span[], possessives: readonly Span[]): Span[] {
  return spans.filter((span) => !possessives.some((possessive) => possessive.start <= span.start && span.end <= possessive.end));
}
