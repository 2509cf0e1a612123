import type { Span } from "./types";

/**
 * "swimming every sat 9.30", "every day 8.15 take pills", "7.45 every weekday walk the dog": a time written with a dot
 * right beside a repeat's words is that time, as "hairdresser 10.30 sat" is beside a day. chrono reads "sat 9.30" with
 * its day, but a repeat's words are blanked before it reads (parse-reminder.ts), which left "9.30" alone, and alone
 * chrono does not read it: the repeat came at 9 AM with "9.30" in the title. The dot becomes a colon, the same length,
 * so every span stays where it was. Not a price or a version ("£3.50", "v2.10"), nor a dotted date ("14.12.2026").
 */
export function dottedTimesBesideRepeat(text: string, repeatSpans: readonly Span[]): string {
  let out = text;
  for (const span of repeatSpans) {
    const after = DOTTED_TIME_AFTER.exec(text.slice(span.end));
    if (after) out = colonAt(out, span.end + (after[1] ?? "").length + (after[2] ?? "").length);
    const before = DOTTED_TIME_BEFORE.exec(text.slice(0, span.start));
    if (before) out = colonAt(out, before.index + (before[1] ?? "").length);
  }
  return out;
}

const HOUR_DOT_MINUTES = String.raw`([01]?\d|2[0-3])\.[0-5]\d(?![.\d])(?:\s*[ap]\.?m\b)?`;
const DOTTED_TIME_AFTER = new RegExp(String.raw`^(\s+)${HOUR_DOT_MINUTES}`, "i");
const DOTTED_TIME_BEFORE = new RegExp(String.raw`(?<![\d.£$€]|\bv)\b${HOUR_DOT_MINUTES}(?=\s+$)`, "i");

function colonAt(text: string, index: number): string {
  return text.charAt(index) === "." ? `${text.slice(0, index)}:${text.slice(index + 1)}` : text;
}
