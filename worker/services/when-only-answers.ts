import { minutesOfAnAmount, minutesOfAnAmountAtTheStart, withoutRoughness } from "./nl/amounts";
import { clockWordsAsDigits, isALoneNumber } from "./nl/clock-words";
import { withLengthsAndClocksPlain } from "./nl/lengths-in-answers";
import { onlyAWhen } from "./nl/move-phrases";
import { SNOOZE_MAX_MINUTES } from "./tasks/schemas";
import { readTextReply, type TypedAnswer } from "./typed-answers";

const LONGEST_SNOOZE_MINUTES = SNOOZE_MAX_MINUTES;

/** "20 min", "1h", "10 more minutes", "give me 10 minutes", "another 5 mins": an amount with its unit, and nothing else. */
const LENGTH_ONLY = /^(?:(?:give\s+me|gimme|another|just|for)\s+)?(\d{1,4}|an?)\s*(?:more\s+)?(m|min|mins|minutes?|h|hr|hrs|hours?)(?:\s+more)?(?:\s+please)?$/i;

/**
 * "give me 10", "gimme 5", "another 15", "10 more": a count asked for as more time is minutes, as after "snooze" ("snooze
 * 10"); up to two hours of them. A number alone ("10") is still not read.
 */
const MINUTES_ASKED_FOR = /^(?:(?:give\s+me|gimme|another)\s+(\d{1,3})(?:\s+more)?|(\d{1,3})\s+more)(?:\s+please)?$/i;
const MOST_MINUTES_ASKED_FOR = 120;
/**
 * "in 20", "remind me in 20", "again in 10", "ping me again in 30": a count after "in" in answer to a reminder is
 * minutes, as the snooze buttons count, from 5 to two hours (ADR 191). It asked 'Is "in 20" minutes or hours?' and then
 * made a new reminder of the answer. Under 5 ("in 2", "in 3") may well be hours: still asked.
 */
const IN_A_COUNT = /^(?:again\s+)?in\s+(\d{1,3})(?:\s+please)?$/i;
const FEWEST_MINUTES_IN_A_COUNT = 5;
const ASKED_FOR_MORE = /^(?:give\s+me|gimme|another|just)\s+/i;

/**
 * "busy, 30 mins", "driving - in an hour", "try again at 6", "ask me again in 20 minutes", "at 6 instead": a reason or
 * a request before the when, or "instead" after it, that say nothing more than the when does.
 */
const BEFORE_THE_WHEN = /^\s*(?:(?:please\s+)?(?:remind|nudge|ping)\s+me\s+(?:again\s+)?|(?:(?:sorry|i'?m|im)[,\s]+)?(?:busy|driving|in\s+a\s+meeting|at\s+work|not\s+(?:now|yet)|can'?t\s+(?:right\s+)?now|(?:(?:right\s+)?now\s+(?:is\s+)?|it'?s\s+|this\s+is\s+)?(?:not\s+a\s+good|a\s+bad|bad)\s+time)\s*[,.!:;-]+\s*(?:(?:please\s+)?remind\s+me\s+(?:again\s+)?)?|(?:try|ask\s+me)\s+again\s+|try\s+(?=(?:in|at|after|around|tomorrow|tonight)\b)|(?:i'?ll\s+|i\s+will\s+)?do\s+it\s+(?=\S))/i;
const INSTEAD_AFTER = /\s+instead(?:\s+please)?\s*[.!]*$/i;

/** The words after every reason and request before the when: a reason, then a request ("it's not a good time - try again at 6"). */
function withoutWhatLeadsIn(text: string): string {
  let words = text;
  let shorter = text.replace(BEFORE_THE_WHEN, "");
  while (shorter !== words) {
    words = shorter;
    shorter = words.replace(BEFORE_THE_WHEN, "");
  }
  return words;
}

/**
 * A reply to a reminder that is only a day or a time (ADR 094): "in 2 hours", "7pm", "tomorrow", "friday
 * at 3pm". It means what it means after "snooze": a length or a time within the day is a snooze ("in 2
 * hours", "until 7pm", "tomorrow" for the next morning), another day a move ("friday", "in 3 days").
 * Only where the answer's reminder is known (a text reply, a chat reply to a reminder's message, an email
 * reply to a reminder email): elsewhere the words are no reminder and no answer. A bare number ("10") is
 * not read: minutes or an hour, nobody can tell.
 */
export function whenOnlyAnswer(text: string): TypedAnswer | null {
  // "remind me in an hour", "remind me again tomorrow": said about the reminder that waits, the words after.
  // "give me twenty minutes": lengths and times in words in digits first (clock-words.ts).
  const body = withLengthsAndClocksPlain(withoutRoughness(clockWordsAsDigits(withoutWhatLeadsIn(text).replace(INSTEAD_AFTER, ""))));
  const said = body.trim().replace(/[.!]+$/, "");
  const asked = MINUTES_ASKED_FOR.exec(said);
  const askedMinutes = asked ? Number(asked[1] ?? asked[2]) : 0;
  if (askedMinutes >= 1 && askedMinutes <= MOST_MINUTES_ASKED_FOR) return { answer: "snooze", snoozeMinutes: askedMinutes, snoozeUntil: null };
  const inACount = Number(IN_A_COUNT.exec(said)?.[1] ?? 0);
  if (inACount >= FEWEST_MINUTES_IN_A_COUNT && inACount <= MOST_MINUTES_ASKED_FOR) return { answer: "snooze", snoozeMinutes: inACount, snoozeUntil: null };
  if (isALoneNumber(body)) return null;
  // "20 min", "1h", "10 more minutes", "give me 10 minutes": a length with its unit is a snooze for it.
  const amount = LENGTH_ONLY.exec(said);
  const lengthMinutes = amount ? minutesOfAnAmount(`${amount[1]} ${amount[2]}`) : null;
  if (lengthMinutes !== null && lengthMinutes <= LONGEST_SNOOZE_MINUTES) return { answer: "snooze", snoozeMinutes: Math.max(lengthMinutes, 1), snoozeUntil: null };
  // "half an hour", "give me half an hour": the amount reader's (amounts.ts), which LENGTH_ONLY has no count for.
  const plainAmount = minutesOfAnAmount(body.replace(ASKED_FOR_MORE, ""), "required");
  if (plainAmount !== null && plainAmount <= LONGEST_SNOOZE_MINUTES) return { answer: "snooze", snoozeMinutes: Math.max(plainAmount, 1), snoozeUntil: null };
  const when = onlyAWhen(body);
  if (when === null) return null;
  const length = /^(?:in|for)\s+(.+)$/i.exec(when);
  if (length) {
    const minutes = minutesOfAnAmountAtTheStart(length[1] ?? "");
    if (minutes !== null && minutes <= LONGEST_SNOOZE_MINUTES) return { answer: "snooze", snoozeMinutes: Math.max(minutes, 1), snoozeUntil: null };
    return { answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: when };
  }
  const reply = readTextReply(`snooze until ${when}`);
  if (reply.moveTo !== null) return { answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: reply.moveTo };
  return reply.snoozeUntil !== null ? { answer: "snooze", snoozeMinutes: null, snoozeUntil: reply.snoozeUntil } : null;
}
