/**
 * "snooze 1.5 hours", "snooze 1h30", "an hour and a half", "snooze 6.30": a length with a decimal, an "h" and
 * minutes or a half, and a time written with a dot, as the answer's words can read them ("90 min", "6:30"). The
 * answer's words lose every mark (typed-answers.ts), so "1.5 hours" was 15 hours, "6.30" 630 minutes and "1h30" half
 * past one at night (ADR 170).
 */
export function withLengthsAndClocksPlain(body: string): string {
  return body
    .replace(FOR_HOURS_AND_MINUTES, (_whole, hours: string, minutes: string) => `for ${Number(hours) * 60 + Number(minutes)} min`)
    .replace(A_RANGE_OF_LENGTHS, "$1 $2")
    .replace(AN_HOUR_AND_A_HALF, "90 min")
    .replace(HOURS_AND_A_HALF, (_whole, first?: string, second?: string) => `${Number(first ?? second) * 60 + 30} min`)
    .replace(DECIMAL_HOURS, (_whole, hours: string) => `${Math.round(Number(hours) * 60)} min`)
    .replace(HOURS_AND_MINUTES, (_whole, hours: string, minutes: string) => `${Number(hours) * 60 + Number(minutes)} min`)
    .replace(DOTTED_CLOCK, "$1:$2");
}

/** "snooze for 1:30": a length in hours and minutes, not the time 1:30 (nor, without its colon, 130 minutes). */
const FOR_HOURS_AND_MINUTES = /\bfor\s+(\d{1,2}):([0-5]\d)\b/gi;
/** "snooze 2-3 hours", "snooze 10 or 15 mins": the first of the two, the sooner (was "23 hours", "1015 minutes"). */
const A_RANGE_OF_LENGTHS = /\b(\d{1,3})\s*(?:-|–|to|or)\s*\d{1,3}\s*(m|mins?|minutes?|h|hrs?|hours?)\b/gi;
const AN_HOUR_AND_A_HALF = /\b(?:an?|one)\s+hour\s+and\s+a\s+half\b/gi;
const HOURS_AND_A_HALF = /\b(?:(\d{1,2})\s+and\s+a\s+half\s+(?:hours?|hrs?)|(\d{1,2})\s+(?:hours?|hrs?)\s+and\s+a\s+half)\b/gi;
const DECIMAL_HOURS = /\b(\d{1,2}\.\d{1,2})\s*(?:h|hrs?|hours?)\b/gi;
const HOURS_AND_MINUTES = /\b(\d{1,2})\s*(?:h|hrs?|hours?)\s*(?:and\s+)?([0-5]?\d)\s*(?:m|mins?|minutes?)?(?![\w:.])/gi;
const DOTTED_CLOCK = /\b(1[0-2]|0?[1-9])\.([0-5]\d)\b(?!\s*(?:m|mins?|minutes?|h|hrs?|hours?)\b)/gi;
