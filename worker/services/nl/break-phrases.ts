import { findDateTime } from "./date-time-phrases";
import { leftOver, onlyWordsFrom } from "./leftover";
import { resolveSchedule } from "./schedule";
import { FILLER } from "./snooze-phrases";
import { correctSpelling } from "./spelling";

/**
 * A wish about a break (ADR 095) written in the chat: "pause", "take a break" (what lengths are there?),
 * "pause for 2 hours", "take a break until monday", "pause all reminders till tomorrow" (until when),
 * "resume", "end the break", "I'm back" (end it now). Narrow on purpose: "take a break at 3pm" is a
 * reminder to take one, and "pause the washing machine until 3pm" a reminder too, so only these words
 * and a day or time are read.
 */
export type BreakWish = { kind: "ask" } | { kind: "end" } | { kind: "until"; when: string };

const LEAD_IN = String.raw`^(?:(?:please|pls|ok|okay|hi|hey)[,!]?\s+)*`;
const PAUSE = String.raw`(?:pause|take\s+a\s+break|start\s+a\s+break|break)(?:\s+(?:all|my|every))?(?:\s+(?:the\s+)?(?:reminders?|everything|nudges|notifications|it\s+all))?`;
const ASK = new RegExp(`${LEAD_IN}${PAUSE}$`, "i");
const UNTIL = new RegExp(`${LEAD_IN}${PAUSE}\\s+(for|until|till|til|'til)\\s+(.+)$`, "i");
const END = /^(?:(?:please|pls|ok|okay)[,!]?\s+)*(?:resume|unpause|un-pause|end\s+(?:the|my)\s+break|stop\s+(?:the|my)\s+break|break\s+over|i'?m\s+back|i\s+am\s+back)(?:\s+(?:reminders|now|please|thanks))*$/i;

export function breakWishIn(body: string): BreakWish | null {
  const text = body.trim().replace(/[.!?…]+$/, "");
  if (END.test(text)) return { kind: "end" };
  if (ASK.test(text)) return { kind: "ask" };
  const until = UNTIL.exec(text);
  if (!until) return null;
  const when = correctSpelling(`${until[1]!.toLowerCase() === "for" ? "in" : ""} ${until[2]!}`.trim());
  // Only a day or time may follow: "pause until I feel better" names none.
  const hints = findDateTime(when, REFERENCE, "UTC");
  const named = Boolean(hints.instant || hints.date || hints.weekday || hints.time || hints.partOfDay);
  return named && !hints.several && onlyWordsFrom(leftOver(when, hints.spans), FILLER) ? { kind: "until", when } : null;
}

/** Only the wall-clock components matter when reading; the end is placed on the person's clock below. */
const REFERENCE = new Date(Date.UTC(2026, 0, 5, 12));

/**
 * The moment the words name on the person's clock, by the reminder reader's rules ("monday" is Monday
 * at 9:00, "5pm" today if still ahead, "in 2 hours" from now); null when it is none or has gone by.
 */
export function breakEndOf(when: string, now: Date, zone: string): number | null {
  const schedule = resolveSchedule(findDateTime(when, now, zone), null, now, zone);
  return schedule.ok ? schedule.dueAt.getTime() : null;
}
