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
/**
 * "mute", "silence", "snooze everything", "do not disturb", "quiet please" (ADR 184) ask for a break as "pause" does;
 * "mute for 2 hours" was a reminder titled "mute" in two hours, "quiet please" got "I couldn't find a time in that".
 */
const PAUSE_WORD = String.raw`(?:pause|take\s+a\s+break|start\s+a\s+break|break|mute|silence|snooze\s+(?:all|everything)|do\s+not\s+disturb|dnd|(?:be\s+)?quiet)`;
const PAUSE = String.raw`${PAUSE_WORD}(?:\s+(?:all|my|every))?(?:\s+(?:the\s+)?(?:reminders?|everything|nudges|notifications|it\s+all))?`;
/** "stop" alone is the chat's question about stopping (ADR 104); with a length or an end it is a break ("stop for an hour"). */
const STOP_FOR_A_WHILE = String.raw`stop(?:\s+(?:all|my|the))?(?:\s+(?:reminders?|everything|nudges|notifications|messages|it\s+all))?`;
const ASK = new RegExp(`${LEAD_IN}${PAUSE}(?:\\s+(?:please|pls))?$`, "i");
const UNTIL = new RegExp(`${LEAD_IN}(?:${PAUSE}|${STOP_FOR_A_WHILE})\\s+(for|until|till|til|'til)\\s+(.+)$`, "i");
const END = /^(?:(?:please|pls|ok|okay)[,!]?\s+)*(?:resume|unpause|un-pause|end\s+(?:the|my)\s+break|stop\s+(?:the|my)\s+break|break\s+over|i'?m\s+back|i\s+am\s+back)(?:\s+(?:reminders|now|please|thanks))*$/i;

/**
 * Said as how one is, not as a wish (ADR 176): "no reminders today" is a break until tomorrow morning; "I'm on holiday
 * until the 5th", "I'm away till monday" a break until then; "I'm sick", "I'm on holiday" alone are offered one. Each
 * was read as a reminder ("i'm on holiday" on the 5th at 9 AM) or got "What time today?".
 */
const I_AM = String.raw`(?:i'?m|i\s+am|im)`;
const AWAY = String.raw`${I_AM}\s+(?:on\s+(?:holiday|holidays|vacation|leave|annual\s+leave|sick\s+leave)|away|off(?:\s+work)?|out\s+of\s+(?:office|town))`;
const NONE_TODAY = new RegExp(`${LEAD_IN}(?:no|no\\s+more|stop(?:\\s+the)?|pause(?:\\s+the)?)\\s+(?:reminders|nudges|notifications|messages)\\s+(?:today|tonight|for\\s+today|for\\s+tonight)(?:\\s+(?:please|pls|thanks))?$`, "i");
const AWAY_UNTIL = new RegExp(`${LEAD_IN}${AWAY}\\s+(for|until|till|til|'til)\\s+(.+)$`, "i");
const UNWELL_OR_AWAY = new RegExp(`${LEAD_IN}(?:${AWAY}|${I_AM}\\s+(?:(?:feeling\\s+)?(?:sick|ill|unwell|poorly)|not\\s+(?:feeling\\s+)?well)|(?:feeling|not\\s+feeling)\\s+(?:sick|ill|unwell|poorly|well))(?:\\s+(?:today|tonight|right\\s+now|atm))?$`, "i");

/**
 * Too much, said as how one is (ADR 184): "I'm overwhelmed", "so stressed", "burnt out", "too many reminders", "this is
 * too much", "I need a break" are offered a break. Each got "I couldn't find a time in that" while the nudges went on.
 */
const OVERWHELMED = new RegExp(
  `${LEAD_IN}(?:(?:${I_AM}\\s+(?:so\\s+|really\\s+|too\\s+|very\\s+|feeling\\s+)?|feeling\\s+|so\\s+)?(?:overwhelmed|stressed(?:\\s+out)?|exhausted|burnt\\s+out|burned\\s+out|drained|swamped|fried)|(?:it'?s|this\\s+is|that'?s)\\s+(?:all\\s+)?too\\s+much|too\\s+many\\s+(?:reminders|nudges|notifications|messages)|i\\s+need\\s+(?:a\\s+)?(?:break|rest|breather|day\\s+off))(?:\\s+(?:today|tonight|right\\s+now|atm|rn))?$`,
  "i",
);

export function breakWishIn(body: string): BreakWish | null {
  const text = body.trim().replace(/[.!?…]+$/, "");
  if (END.test(text)) return { kind: "end" };
  if (ASK.test(text) || UNWELL_OR_AWAY.test(text) || OVERWHELMED.test(text)) return { kind: "ask" };
  if (NONE_TODAY.test(text)) return { kind: "until", when: "tomorrow morning" };
  const until = UNTIL.exec(text) ?? AWAY_UNTIL.exec(text);
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
