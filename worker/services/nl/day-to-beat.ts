import { MONTH_WORD } from "./month-words";
import { MOVING_DAY } from "./moving-days";
import { NAMED_DAY } from "./named-days";
import { FULL_DAY } from "./recurrence-phrases";
import { HAPPENS } from "./time-bound-phrases";

/**
 * "pay rent before the 1st", "call before friday", "finish the report before monday", "buy gifts before christmas": a
 * day to beat, with no clock time. It was reminded on that day itself, when it is too late. Read as "the day before"
 * (ahead-phrases.ts), it is due the day before at the usual hour and says so: "(the day before Tue, Dec 1 ...)";
 * the title ends with the words ("pay rent before the 1st").
 * "by friday" stays that day (a deadline met on the day), a clock time with the day ("before friday at 5pm") is a time
 * to beat (ADR 130), and an amount or a part of the day already said ("2 days before the 12th", "the night before
 * friday") is read as it was.
 */
export function dayToBeatAsTheDayBefore(text: string): { text: string; dayToBeat: string | null } {
  const days: string[] = [];
  const read = text
    .replace(DAY_TO_BEAT, (_whole, day: string) => {
      days.push(`before ${day.replace(/\s+/g, " ").toLowerCase()}`);
      return "the day before ";
    })
    .replace(DAY_TO_BEAT_OF_WHAT_HAPPENS, (_whole, happens: string, on: string | undefined, day: string) => {
      days.push(`before ${happens} ${on ?? ""}${day}`.replace(/\s+/g, " ").toLowerCase());
      return "the day before ";
    });
  // The words go back into the title, as a time to beat's do (ADR 130): every nudge says what it is before.
  return { text: read, dayToBeat: days.length === 1 ? (days[0] ?? null) : null };
}

/** A day said as a date, a weekday or by name; not "tomorrow" (the day before it is today, often gone). */
const A_DAY = String.raw`(?:on\s+)?(?:the\s+\d{1,2}(?:st|nd|rd|th)|(?:this|next)\s+${FULL_DAY}|${FULL_DAY}|${MONTH_WORD}\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH_WORD}|${NAMED_DAY}|${MOVING_DAY})\b`;
/** What may come before "before" and make it something else: an amount, a part of the day, a weekday or "the". */
const NOT_AFTER = String.raw`(?<!\b(?:day|night|morning|evening|afternoon|week|weekend|days|weeks|months?|hours?|hrs?|minutes?|mins?|${FULL_DAY}|the|just|right|shortly|long|well|and|or|before)\s+)`;
/** No clock time after the day ("before friday at 5pm", "before the 12th 9am" keep ADR 130's reading). */
const NO_CLOCK_AFTER = String.raw`(?!\s*,?\s*(?:(?:at|@)\s*)?\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\b|\b(?!st|nd|rd|th))|\s*,?\s*(?:at\s+)?(?:noon|midday|midnight)\b)`;
/** "book mot before 20/12", "before 12/3/2027": a date in digits (read day or month first by the person's zone). */
const A_DATE_IN_DIGITS = String.raw`(?:on\s+)?\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b`;
const DAY_TO_BEAT = new RegExp(String.raw`${NOT_AFTER}\bbefore\s+(?=(${A_DAY}|${A_DATE_IN_DIGITS})${NO_CLOCK_AFTER})`, "gi");

/**
 * "cancel free trial before it renews on the 5th", "renew license before it expires on 1/31", "move the car before the
 * street cleaning starts tuesday": what happens on the day to beat, said between "before" and the day. It was reminded
 * on that day itself, as "before the 5th" was before it was read as the day before; now it is the day before too,
 * and the title keeps the words ("cancel free trial before it renews on the 5th").
 */
const WHAT_HAPPENS = String.raw`(?:it|they|this|that|(?:the|my|our|your)(?:\s+[a-z]+){1,2}?)\s+${HAPPENS}`;
const DAY_TO_BEAT_OF_WHAT_HAPPENS = new RegExp(String.raw`${NOT_AFTER}\bbefore\s+(${WHAT_HAPPENS})\s+(on\s+)?(?=(${A_DAY}|${A_DATE_IN_DIGITS})${NO_CLOCK_AFTER})`, "gi");
