import { findDateTime } from "./date-time-phrases";
import { leftOver, onlyWordsFrom } from "./leftover";
import { findRecurrence } from "./recurrence-phrases";
import { FILLER } from "./snooze-phrases";

/**
 * A repeat said about a reminder already made (ADR 177): "make it every day", "repeat it every monday", "make that
 * daily at 8", "have it repeat every weekday". The words of the repeat ("every day", "daily at 8"), or null when the
 * message is anything more. Each was a new reminder titled "make it" or "repeat it", repeating, beside the one meant.
 */
export function repeatChangeIn(body: string): string | null {
  const text = body
    .trim()
    .replace(/[.!?…]+$/, "")
    .replace(/[,\s]+(?:please|pls|thanks|thank\s+you)$/i, "")
    .replace(/\s+from\s+now\s+on$/i, "");
  const asked = ASKED.exec(text);
  if (!asked) return null;
  const words = text.slice(asked[0].length).trim();
  const repeat = findRecurrence(words);
  if (!repeat) return null;
  // Beside the repeat only its time ("at 8") and a few small words: "make it every day until friday" is no change.
  const rest = leftOver(words, [repeat.span]);
  const times = findDateTime(rest, REFERENCE, "UTC");
  if (times.date || times.weekday || times.instant || times.several) return null;
  return onlyWordsFrom(leftOver(rest, times.spans), REPEAT_FILLER) ? words : null;
}

const OPENING = String.raw`^(?:(?:please|pls|ok|okay|actually|oh|and|also|oops|no|wait)[,!.]*\s+)*`;
const WHICH = String.raw`(?:it|that|this(?:\s+one)?|the\s+reminder)`;
/**
 * "make it (repeat) every day", "change it to every monday", "repeat it every week", "have it repeat daily", "it should
 * repeat every day": asking for the repeat of the reminder meant.
 */
const ASKED = new RegExp(
  `${OPENING}(?:(?:make|set|change|switch|turn)\\s+${WHICH}(?:\\s+(?:to|into))?(?:\\s+(?:repeat|recur))?|(?:repeat|recur)\\s+${WHICH}|(?:have|let)\\s+${WHICH}\\s+(?:repeat|recur)|${WHICH}\\s+should\\s+(?:repeat|recur))(?=\\s)`,
  "i",
);

/** Only the wall-clock parts of a time beside the repeat are looked at, so any fixed moment will do. */
const REFERENCE = new Date(Date.UTC(2026, 0, 5, 12));
const REPEAT_FILLER: ReadonlySet<string> = new Set([...FILLER, "instead", "from", "now", "on", "then", "at"]);
