import type * as chrono from "chrono-node";
import { DAY_NAME } from "./recurrence-phrases";

/**
 * Short weekday words alone that may be something else: "sun" and "sat" ("buy sun cream", "I sat"), and "mon" and
 * "wed" ("c'mon", "to wed") except as the message's first word ("wed gym 7am", "mon standup 9am"). "tue", "thu" and
 * "fri" are no other word, so they are always days: "fri drinks at 6" was due today titled "fri drinks".
 */
const MAYBE_NO_WEEKDAY = /^(?:sun|sat)\.?$/i;
const WEEKDAY_ONLY_FIRST = /^(?:mon|wed)\.?$/i;
/** "by sat", "until sun", "for sat": after these only a day ("return library books by sat", "book haircut for sat" found no time). */
const DAY_WORD_BEFORE = /\b(?:by|before|until|till|til|this|next|coming|from|due|thru|through|for)\s+$/i;

/**
 * "sun lunch at nans at 1", "sat morning car boot": a short weekday before a meal or a part of the day is the day (the
 * first was tomorrow at 1 PM, titled "sun lunch at nans"; the second found no time). "buy sun cream" is no day.
 */
const A_DAYS_PART_AFTER = /^\s+(?:morning|afternoon|evening|night|lunch|dinner|brunch|roast|breakfast|tea)\b/i;

/**
 * "call grandma sun", "mow lawn sat": a short weekday as the last word, after what to do, is the day, as "gym tue" is
 * (both found no time). Not after a word that makes it the sun or sitting: "sit in the sun", "get some sun", "plants
 * need full sun", "I sat"; nor alone or after one word ("sun", "I sat"), which say too little to be read as a day.
 */
const NOT_A_DAY_BEFORE =
  /\b(?:the|a|an|in|into|on|under|of|some|more|much|no|full|partial|direct|bright|hot|strong|midday|morning|afternoon|evening|winter|summer|spring|autumn|setting|rising|i|we|you|he|she|they|it|just|had|have|has|was|were|then|and|my|your|our|their|his|her)\s+$/i;
const NOTHING_AFTER = /^[\s.!]*$/;

function lastWordAfterATask(before: string, after: string): boolean {
  return NOTHING_AFTER.test(after) && before.trim().split(/\s+/).length >= 2 && !NOT_A_DAY_BEFORE.test(before);
}

/** "this month" alone: no day in it (chrono read the 1st, "That time has already passed"); asked (vague-phrases.ts VAGUE_WHEN). */
const PERIOD_ALONE = /^this\s+(?:week|month|year)$/i;
/**
 * "book next year's holiday at 3pm", "call about next week's delivery": a period said as whose a thing is names the
 * thing, as "this year's taxes" does. chrono read it as a year (a week) from now, so the holiday was booked next March.
 */
const NEXT_PERIOD = /^next\s+(?:week|month|year)$/i;
const POSSESSIVE_AFTER = /^['’]s\b/i;

/** "sat or sun", "saturday or sun": a short weekday offered as a choice with another day is a day. */
const OR_A_DAY_BEFORE = new RegExp(String.raw`\b${DAY_NAME}\s*,?\s*or\s+$`, "i");
const OR_A_DAY_AFTER = new RegExp(String.raw`^\s*,?\s*or\s+${DAY_NAME}\b`, "i");

export function isBareNonWeekday(result: chrono.ParsedResult, text: string): boolean {
  const word = result.text.trim();
  const before = text.slice(0, result.index);
  const orADay = OR_A_DAY_BEFORE.test(before) || OR_A_DAY_AFTER.test(text.slice(result.index + result.text.length));
  const after = text.slice(result.index + result.text.length);
  const partAfter = A_DAYS_PART_AFTER.test(after);
  if (MAYBE_NO_WEEKDAY.test(word) && (DAY_WORD_BEFORE.test(before) || orADay || partAfter || lastWordAfterATask(before, after))) return false;
  if (MAYBE_NO_WEEKDAY.test(word) || PERIOD_ALONE.test(word)) return true;
  if (NEXT_PERIOD.test(word) && POSSESSIVE_AFTER.test(text.slice(result.index + result.text.length))) return true;
  return WEEKDAY_ONLY_FIRST.test(word) && text.slice(0, result.index).trim() !== "" && !DAY_WORD_BEFORE.test(text.slice(0, result.index));
}
