import { minutesOfAnAmount } from "./amounts";
import { asAClockTime } from "./clock-words";
import { findDateTime } from "./date-time-phrases";
import { leftOver, onlyWordsFrom } from "./leftover";
import { MEAL_FIRST } from "./moments";
import { FILLER, snoozeClockIn } from "./snooze-phrases";
import { correctSpelling } from "./spelling";

/**
 * A typed wish to move a reminder to another day or time: "move it to friday", "reschedule to tomorrow
 * at 3pm", "postpone until monday", "push it to next week", "MOVE FRI" by text, and a snooze until
 * another day ("snooze until friday"), which a snooze cannot be (it lasts at most a day) but whose
 * wish is plain. Returns the words that say when ("friday", "tomorrow at 3pm"), which the task service
 * places on the person's clock (tasks/move.ts), or null when the message is anything else.
 *
 * The whole message must be the wish: "move the car to the garage on friday" is a new reminder in a
 * chat, not a move, so anything left beside the day and time but a few filler words makes it no move.
 */
export function moveWordsIn(body: string): string | null {
  const text = body.trim().replace(/[.!?…]+$/, "");
  const snooze = SNOOZE_UNTIL.exec(text);
  if (snooze) return snoozeClockIn(snooze[1] ?? "") === "day" ? whenWords(snooze[1] ?? "") : null;
  const move = MOVE.exec(text);
  if (!move) return null;
  // "push it back an hour", "delay it by 30 mins": so much later than it was (shiftOf). "move it by an hour" says not
  // which way, and stays no move.
  const length = (move[1] ?? "").trim().replace(/^by\s+/i, "");
  if (minutesOfAnAmount(length, "required") !== null && /\b(?:back|delay)\b/i.test(text.slice(0, text.length - (move[1] ?? "").length))) {
    return `${length} later`;
  }
  const when = whenWords(move[1] ?? "");
  return namesOnlyAWhen(when) ? when : null;
}

const LEAD_IN = String.raw`^(?:(?:please|pls|ok|okay|hi|hey|thanks|can\s+you|could\s+you)[,!]?\s+)*`;
/** "snooze until <words>", "wait till <words>", the words checked by the snooze reader (a day there is a move). */
const SNOOZE_UNTIL = new RegExp(`${LEAD_IN}(?:snooze|wait)\\s+((?:until|till|til|'til|to)\\s+.+)$`, "is");
/**
 * "move", "reschedule", "postpone", "push", "delay", "put off", then what ("it", "this one", "the
 * reminder"), a particle ("back", "off") and a preposition ("to", "until", "for", "on"), all optional.
 */
const MOVE = new RegExp(
  `${LEAD_IN}(?:move|reschedule|postpone|push|delay|defer|shift|put|bump)\\s+` +
    String.raw`(?:(?:it|this|that|this\s+one|that\s+one|the\s+reminder|this\s+reminder|the\s+task)\s+)?` +
    String.raw`(?:(?:back|forward|over|off)\s+)?(?:(?:to|until|till|til|'til|for|on|at)\s+)?(.+)$`,
  "is",
);

/**
 * "an hour later", "30 mins earlier", "2 days later": how far to move a reminder from when it was due, in milliseconds
 * (earlier is negative), or null for other words. Read as from now, "make it an hour earlier" right after "call mum at
 * 5" at 3 PM was refused as past and "move it an hour later" was an hour from now (tasks/move.ts).
 */
export function shiftOf(when: string): number | null {
  const match = SHIFT.exec(when.trim());
  const minutes = match ? minutesOfAnAmount(match[1] ?? "", "required") : null;
  if (minutes === null) return null;
  return (/^later$/i.test(match?.[2] ?? "") ? 1 : -1) * minutes * 60_000;
}

/** "30 mins later", "by an hour earlier": an amount with its unit (amounts.ts), then which way. */
const SHIFT = /^(?:by\s+)?(.+?)\s+(earlier|later|sooner)$/i;

/** Words that may stand beside the day and time of a move ("to friday instead, same time please"). */
const MOVE_FILLER: ReadonlySet<string> = new Set([...FILLER, "instead", "same", "time", "then", "again", "it", "for", "on", "at", "to", "until", "till", "til"]);

/** "fri", "tues": a day written short, as texts are. A reminder's title keeps them (findDateTime skips a bare one). */
const SHORT_WEEKDAYS: Record<string, string> = {
  mon: "monday", tue: "tuesday", tues: "tuesday", wed: "wednesday", weds: "wednesday", thu: "thursday", thur: "thursday",
  thurs: "thursday", fri: "friday", sat: "saturday", sun: "sunday",
};
const SHORT_WEEKDAY = new RegExp(String.raw`\b(${Object.keys(SHORT_WEEKDAYS).join("|")})\b\.?`, "gi");

/** The when-words as the reminder reader reads them: spelling put right, short days in full, "10" as "at 10". */
function whenWords(words: string): string {
  const plain = correctSpelling(words.trim())
    .replace(/^(?:until|till|til|'til|to)\s+/i, "")
    // "later tonight", "later this evening": the part of the day (ADR 182); "in the morning", "at night" as "the
    // morning", "night" are read (the "in"/"at" left over made them no when at all).
    .replace(/^later\s+(?=(?:today|tonight|this\s+(?:morning|afternoon|evening))\b)/i, "")
    .replace(/^in\s+the\s+(morning|afternoon|evening)$/i, "the $1")
    .replace(/^at\s+night$/i, "night")
    .replace(SHORT_WEEKDAY, (short) => SHORT_WEEKDAYS[short.replace(".", "").toLowerCase()] ?? short);
  // "move it to 10", "to seven thirty": a clock time alone is read after "at".
  const clock = asAClockTime(plain);
  if (clock) return clock;
  // "until lunch tomorrow", "to dinner": a meal, read as a moment after "at" (moments.ts).
  if (MEAL_FIRST.test(plain)) return `at ${plain}`;
  // "the 5th" is read as a day of the month after "on" (date-parsers.ts), as in "move it to the 5th".
  return /^the\s+\d{1,2}(?:st|nd|rd|th)\b/i.test(plain) ? `on ${plain}` : plain;
}

/**
 * A message that is nothing but a day or a time ("tomorrow", "friday at 3pm", "7pm", "in 2 hours"):
 * the words as the move reader reads them, or null. Said in reply to a reminder it answers that one
 * (typed-answers.ts `whenOnlyAnswer`); anywhere else it is no reminder at all.
 */
export function onlyAWhen(body: string): string | null {
  const when = whenWords(body.trim().replace(/[.!?…]+$/, ""));
  return namesOnlyAWhen(when) ? when : null;
}

/**
 * A correction of a reminder's time, as said right after making it: "make it 8pm", "change it to friday",
 * "actually 8pm", "no, tomorrow at 9", "I meant 8pm", "8pm instead". The words that say when, or null.
 * The chat reads such a correction as about the reminder just made there (ADR 104); in it, "actually call
 * bob at 8pm" is no correction (more than a day or time follows) and stays a new reminder.
 */
export function correctionWordsIn(body: string): string | null {
  const text = body
    .trim()
    .replace(/[.!?…]+$/, "")
    .replace(/[,\s]+(?:please|pls|thanks|thank\s+you)$/i, "");
  if (isAWait(text)) return null;
  // "can you make it 8 instead": the "instead" says no more than the correction does.
  const plain = text.replace(/\s+instead$/i, "");
  for (const correction of CORRECTIONS) {
    const said = correction.exec(plain) ?? correction.exec(text);
    const when = said ? whenWords(said[1] ?? "") : "";
    if (namesOnlyAWhen(when)) return when;
  }
  return null;
}

/**
 * "wait 20", "wait 10 mins", "wait an hour": how long to wait, a snooze (typed-answers.ts), not a correction to 8 PM
 * ("at 20"). "wait, 8pm" is one.
 */
function isAWait(text: string): boolean {
  const wait = /^wait\s+(.+?)(?:\s+more)?$/i.exec(text);
  return wait !== null && minutesOfAnAmount(wait[1] ?? "") !== null;
}

/** Words that only say a correction follows: "no, 8pm", "oops, actually tomorrow". */
const SORRY_WORD = String.raw`(?:no|nope|oops|sorry|wait|actually|hmm|oh)[,!.]*\s+`;
const CORRECTIONS: readonly RegExp[] = [
  // "make it 8pm", "actually, change the time to friday", "set it for 9".
  new RegExp(String.raw`${LEAD_IN}(?:${SORRY_WORD})*(?:make|change|set|switch)\s+(?:it|that|this|the\s+time|the\s+reminder)\s+(?:(?:to|for|at|on)\s+)?(.+)$`, "is"),
  // "I meant 8pm", "no, I mean tomorrow".
  new RegExp(String.raw`${LEAD_IN}(?:${SORRY_WORD})*i\s+meant?\s+(?:(?:for|at|on)\s+)?(.+)$`, "is"),
  // "actually 8pm", "no, tomorrow at 9": at least one such word, then only a day or time.
  new RegExp(String.raw`${LEAD_IN}(?:${SORRY_WORD})+(.+)$`, "is"),
  // "8pm instead", "tomorrow instead please".
  /^(.+?)\s+instead(?:\s+please)?$/is,
  // "change to friday", "do it at 9", "8pm actually" (ADR 139).
  new RegExp(String.raw`${LEAD_IN}(?:${SORRY_WORD})*(?:change|switch)\s+(?:to|for)\s+(.+)$`, "is"),
  new RegExp(String.raw`${LEAD_IN}(?:${SORRY_WORD})*do\s+it\s+(.+)$`, "is"),
  /^(.+?)[,\s]+actually$/is,
  // "8pm not 7", "oops 8pm not 7", "not 7, 8": the time that is meant, and the one that is not.
  new RegExp(String.raw`${LEAD_IN}(?:${SORRY_WORD})*(.+?)[,\s]+not\s+(?:at\s+|on\s+)?[\w:.]+$`, "is"),
  new RegExp(String.raw`${LEAD_IN}(?:${SORRY_WORD})*not\s+(?:at\s+|on\s+)?[\w:.]+\s*,\s*(.+)$`, "is"),
];

/**
 * "move the dentist to friday", "reschedule call mom for tomorrow at 3pm", "postpone the gym until
 * monday": a move of a reminder named by its words (the chat finds it among the open ones and asks
 * before it moves anything, telegram/move-by-name.ts). The name is what stands between the verb and
 * the first place where the rest is only a day or time ("move the trip to paris to friday" names "the
 * trip to paris"). Null when nothing is named ("move it to friday" is the plain move above) or no day
 * or time ends the message.
 */
export function namedMoveIn(body: string): { named: string; when: string } | null {
  const text = body.trim().replace(/[.!?…]+$/, "");
  const verb = NAMED_MOVE.exec(text);
  if (!verb) return null;
  const rest = verb[1] ?? "";
  for (const gap of rest.matchAll(/\s+/g)) {
    const named = cleanName(rest.slice(0, gap.index));
    const when = whenWords(rest.slice((gap.index ?? 0) + gap[0].length).replace(/^(?:back\s+)?(?:to|until|till|til|'til|for|on|at)\s+/i, ""));
    if (named !== null && namesOnlyAWhen(when)) return { named, when };
  }
  return null;
}

const NAMED_MOVE = new RegExp(`${LEAD_IN}(?:move|reschedule|postpone|push(?:\\s+back)?|delay|put\\s+off)\\s+(.+)$`, "is");
/** Words that name no reminder of their own: "move it to friday" is the plain move. */
const NO_NAME = /^(?:it|this|that|this one|that one|the reminder|this reminder|the task|back|forward|over|off)$/i;

/** "my reminder to call mom" → "call mom"; null when nothing is left that names a reminder. */
function cleanName(words: string): string | null {
  const named = words
    .trim()
    .replace(/^(?:(?:the|my|a|an)\s+)?(?:reminders?\s+)?(?:(?:to|about|for|of)\s+)?/i, "")
    .replace(/[,;:\s]+$/, "")
    .replace(/\s+(?:back\s+)?(?:to|until|till|til|'til|for|on|at)$/i, "")
    .replace(/\s+(?:reminders?)$/i, "")
    .trim();
  return named === "" || NO_NAME.test(named) ? null : named;
}

/**
 * Only the wall-clock components matter here (tasks/move.ts reads the words again on the person's
 * clock), so any fixed instant will do as "now".
 */
const REFERENCE = new Date(Date.UTC(2026, 0, 5, 12));

function namesOnlyAWhen(when: string): boolean {
  if (when === "") return false;
  const hints = findDateTime(when, REFERENCE, "UTC");
  if (hints.several) return false;
  const named = Boolean(hints.instant || hints.date || hints.weekday || hints.time || hints.partOfDay);
  return named && onlyWordsFrom(leftOver(when, hints.spans), MOVE_FILLER);
}
