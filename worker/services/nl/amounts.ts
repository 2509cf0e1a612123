/**
 * An amount of time as people type it in an answer or a move: "10", "10 min", "for 15mins", "2 hours", "1h", "an hour",
 * "a day", "half an hour", "ten minutes", "forty five". One reader for the snooze ("snooze 2 hours"), the wait ("wait
 * 20") and the shift of a move ("push it back an hour", "30 mins later"): each had its own, and they disagreed ("ten
 * minutes later" moved nothing while "snooze ten minutes" snoozed).
 */

/** Counts said in words ("snooze an hour", "snooze ten minutes"). */
const COUNT_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12,
  fifteen: 15, twenty: 20, thirty: 30, forty: 40, fortyfive: 45, sixty: 60, ninety: 90,
};

/**
 * "a couple of hours", "couple hours", "a few mins": two and three, as the reminder reader counts them ("in a couple of
 * hours", "in a few minutes"). Each was no answer ("snooze a few mins"). Said before the single words, whose "a" would
 * otherwise be read alone; a unit must follow, as for "a".
 */
const VAGUE_COUNT = String.raw`(?:a\s+)?couple(?:\s+of)?|(?:a\s+)?few`;
const COUNT = String.raw`(${VAGUE_COUNT}|\d{1,4}|forty\s+five|${Object.keys(COUNT_WORDS).join("|")})`;

/** The number a count stands for ("forty five" 45, "a couple of" 2, "a few" 3, "12" 12). */
function countOf(count: string): number {
  if (/couple/.test(count)) return 2;
  if (/few/.test(count)) return 3;
  return COUNT_WORDS[count] ?? Number(count);
}
const UNIT = String.raw`(m|min|mins|minutes?|h|hr|hrs|hours?|d|days?)`;
const HALF_AN_HOUR = String.raw`half\s+an?\s+hour|half\s*hour`;

/** An amount at the start of the words ("2 hours", "half an hour"), an optional "for" before it. */
const AMOUNT_FIRST = new RegExp(String.raw`^(?:for\s+)?(?:(${HALF_AN_HOUR})|${COUNT}\s*${UNIT}?)\b`, "i");

/**
 * Minutes of the amount the words begin with ("2 HOURS", "AN HOUR", "HALF AN HOUR", "10"), or null when they begin with
 * none. A count alone is minutes ("snooze 10"); "a" and "an" are an amount only with their unit ("snooze a bit" names
 * no time). With `unit: "required"`, a count alone is no amount either.
 */
export function minutesOfAnAmountAtTheStart(words: string, unit: "optional" | "required" = "optional"): number | null {
  const said = AMOUNT_FIRST.exec(withoutRoughness(words));
  if (!said) return null;
  if (said[1]) return 30;
  const count = (said[2] ?? "").toLowerCase().replace(/\s+/g, "");
  const unitSaid = (said[3] ?? "").toLowerCase();
  if (!unitSaid && (unit === "required" || count === "a" || count === "an" || /couple|few/.test(count))) return null;
  const amount = countOf(count);
  return unitSaid.startsWith("d") ? amount * 24 * 60 : unitSaid.startsWith("h") ? amount * 60 : amount;
}

/** Minutes of words that are an amount and nothing else ("an hour", "30 mins", "for 10"), or null. */
export function minutesOfAnAmount(words: string, unit: "optional" | "required" = "optional"): number | null {
  const plain = withoutRoughness(words);
  const said = AMOUNT_FIRST.exec(plain);
  if (!said || said[0].length !== plain.length) return null;
  return minutesOfAnAmountAtTheStart(words, unit);
}

/** "like", "about", "roughly" before an amount ("for like 10 mins"), keeping "for". */
const ROUGHLY_BEFORE = /^(for\s+)?(?:(?:like|about|around|roughly|approx\.?|approximately)\s+)+/i;
/**
 * "20ish mins", "20 mins-ish", "an hour-ish", "hourish": the count before its unit, or the unit, said roughly. Not a
 * count alone: "7ish" is a time of day ("snooze until 7ish").
 */
const ISH = /(\d)\s*-?\s*ish\b(?=\s*(?:m|min|mins|minutes?|h|hr|hrs|hours?)\b)|(\b(?:m|min|mins|minutes?|h|hr|hrs|hours?))\s*-?\s*ish\b/gi;
const OR_SO = /\s+or\s+so\b/gi;

/**
 * The words with an amount said roughly made plain ("snooze 20ish mins", "an hour or so", "for like 10 mins"): the
 * snooze, the move and the wait are as rough as the words, at the amount said. They were no answer at all.
 */
export function withoutRoughness(words: string): string {
  return withoutIsh(words.trim().replace(ROUGHLY_BEFORE, "$1")).replace(OR_SO, "").trim();
}

/** `text` with every "-ish" of a length taken off ("20ish mins" → "20 mins"); spelling.ts reads every message so (ADR 143). */
export function withoutIsh(text: string): string {
  return text.replace(ISH, "$1$2");
}
