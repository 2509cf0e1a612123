import type { DateTimeHints } from "./date-time-phrases";
import { earlyOrLateHour, findEarlyOrLate } from "./early-late";
import { NAMED_NIGHT } from "./named-days";
import { EVENING_EVENT, EVENING_NAME } from "./not-dates";
import type { RecurrenceMatch } from "./recurrence-phrases";
import type { Span } from "./types";

/**
 * The hour step of parseReminder (parse-reminder.ts): what the words around a bare hour say of its half of the day, and
 * early or late in a day with no clock time. Changes `hints` in place (their part of the day and time) and returns the
 * words of "early"/"late" read as a time, which leave the title; null when none were.
 */
export function settleTheHour(hints: DateTimeHints, text: string, repeat: RecurrenceMatch | null): Span | null {
  const bareHour = hints.time && !hints.time.meridiemKnown && !hints.partOfDay ? hints.time.hour : null;
  // Only 6 to 11 are read either way by the plans around them; 1 to 5 stay the afternoon (ADR 074) but for waking.
  const sixToEleven = bareHour !== null && bareHour >= 6 && bareHour <= 11;
  // "wake me up at 7" said in the afternoon: waking is in the morning (not 19:00 by ADR 121), and "at 5" is 05:00.
  if (bareHour !== null && WAKING.test(text)) hints.partOfDay = "morning";
  // "dinner at 7 on sat", "fri drinks at 6": an evening's plan, so its bare hour is the evening's, not 07:00 (ADR 121).
  // "before the shop closes at 6" said in the evening: a place closes in the evening, not at 6 AM tomorrow.
  // "go to bed at 11", "bedtime at 10" said in the morning: the night's (ADR 183; it was 11 AM).
  else if (sixToEleven && (EVENING_PLANS.test(text) || CLOSING.test(text) || BEDTIME.test(text))) hints.partOfDay = "evening";
  // "call the pharmacy when they open at 9" said at 3 PM: opening is in the morning, not 9 PM tonight ("doors open at 7
  // for the gig" is the evening's, above).
  // "at quarter to 9 leave for school" said at 3 PM: the school run is in the morning, not 8:45 PM tonight.
  // "breakfast with jo at 9" said in the afternoon: a morning's meal, not 9 PM tonight.
  else if (sixToEleven && (OPENING.test(text) || SCHOOL_RUN.test(text) || MORNING_MEAL.test(text))) hints.partOfDay = "morning";
  // "early tomorrow", "late tonight": early or late in the day or its part, when no clock time is said (early-late.ts).
  const shade = hints.time || hints.instant ? null : findEarlyOrLate(text);
  if (shade) hints.time = { hour: earlyOrLateHour(shade, hints.partOfDay ?? repeat?.partOfDay), minute: 0, meridiemKnown: true };
  return shade?.span ?? null;
}

/** Going to bed, not making it ("make the bed at 9" keeps the morning). */
const BEDTIME = /\b(?:go(?:ing)?\s+to\s+(?:bed|sleep)|get(?:ting)?\s+(?:ready\s+for|into)\s+bed|bed\s*time|lights\s+out|wind(?:ing)?\s+down\s+for\s+bed)\b/i;
/** Words of getting up: an hour said with them without am/pm is a morning's. */
const WAKING = /\b(?:wake|waking|get\s+(?:me\s+)?up|getting\s+up)\b/i;
/** A place closing at an hour ("before it closes at 6", "the shop shuts at 8"). */
const CLOSING = /\b(?:closes|close|shuts|shut)\s+(?:(?:up|down)\s+)?(?:at|@)\s*\d/i;
/**
 * A place opening at an hour ("when they open at 9", "the bank opens at 10", "call the gp at 8 when they open"); not
 * "opening night at 7".
 */
const OPENING = /\b(?:opens|open)\s+(?:(?:again|up)\s+)?(?:at|@)\s*\d|\bwhen\s+(?:they|it|lines|the\s+\w+)\s+opens?\b/i;
/** The morning's meals: an hour from 6 to 11 said with them is the morning's. */
const MORNING_MEAL = /\b(?:breakfast|brunch)\b/i;
/** Going to school or taking children there ("leave for school", "school run", "drop the kids off"). */
/** "call the school at 8:30 before drop off": a drop-off said with the school is the morning's too (ADR 162; it was 8:30 PM). */
const SCHOOL_RUN = /\b(?:school\s+run|(?:to|for)\s+school|drop(?:ping)?\s+(?:off\s+)?(?:the\s+)?(?:kids|children|boys|girls)(?:\s+off)?|school\b.*\bdrop[\s-]?offs?|drop[\s-]?offs?\b.*\bschool)\b/i;
/** Plans of an evening: an hour from 6 to 11 said with them without am/pm is the evening's. */
/** A night by its name ("burns night haggis at 7", "carols on christmas eve at 7", "nye drinks at 9") is one too. */
const EVENING_PLANS = new RegExp(String.raw`\b(?:dinner|supper|drinks|pints?(?!\s+of\b)|beers?|cocktails|party|pub|gig|concert|theatre|theater|movie|movies|film|cinema|fireworks|bonfire|book\s+club|carols?|carol\s+service|nye|new\s+year'?s?\s+eve|${NAMED_NIGHT}|${EVENING_NAME}\s+nights?|${EVENING_EVENT}\s+evenings?)\b`, "i");
