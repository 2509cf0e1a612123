import type * as chrono from "chrono-node";
import { PART_OF_DAY_HOURS } from "./types";

/** The hours of a day's meals: their moments below, and "before every meal" (repeat-answers.ts) names them. */
export const MEAL_HOURS = { breakfast: 8, lunch: 12, dinner: 18 } as const;

/**
 * A meal named first, as after "until" or "to" ("snooze till lunch", "move it to dinner"): the reader takes a meal as a
 * moment only after a word such as "at", so those read it after one.
 */
export const MEAL_FIRST = /^(?:breakfast|lunch|dinner|supper)\b/i;

/**
 * Moments of a day named by what happens then, each with its clock time on the product's documented clock
 * (PART_OF_DAY_HOURS where one fits): "with breakfast" 08:00, "after lunch" 13:00, "before bed" 21:00, "after work" 18:00.
 * Without them "take pills before bed" found no time at all.
 */
const MOMENTS: ReadonlyArray<{ pattern: RegExp; hour: number; minute?: number }> = [
  // Meals: "take pills with breakfast" / "with dinner" are how many medicines are taken.
  { pattern: /\bafter\s+breakfast\b/i, hour: PART_OF_DAY_HOURS.morning },
  { pattern: /\b(?:at|with|over|before)\s+breakfast(?:\s*time)?\b|\bbreakfast\s*time\b/i, hour: MEAL_HOURS.breakfast },
  // "tea" is the evening meal in Britain ("wash up after tea"); "with tea" is a drink, so only after it, before it, at
  // its time.
  { pattern: /\bafter\s+(?:dinner|supper|tea)\b/i, hour: PART_OF_DAY_HOURS.evening },
  { pattern: /\bbefore\s+tea\b|\b(?:at\s+)?tea\s*time\b/i, hour: MEAL_HOURS.dinner },
  { pattern: /\b(?:at|with|over|before)\s+(?:dinner|supper)(?:\s*time)?\b|\b(?:dinner|supper)\s*time\b/i, hour: MEAL_HOURS.dinner },
  { pattern: /\bafter\s+lunch\b/i, hour: 13 },
  // "during lunch", "on my lunch break", "in my lunch hour": no time was found; "with lunch" neither, while "with
  // breakfast" and "with dinner" were read (ADR 181).
  { pattern: /\b(?:at\s+|before\s+)?lunch\s*time\b|\b(?:at|with|over|before|during)\s+(?:my\s+)?lunch(?:\s*(?:break|hour))?\b|\b(?:on|in)\s+my\s+lunch(?:\s*(?:break|hour))?\b|\blunch\s*break\b/i, hour: MEAL_HOURS.lunch },
  // "call mum before she goes to bed", "before the kids go to sleep": bedtime, as "before bed" is.
  { pattern: /\b(?:before\s+(?:going\s+to\s+)?bed|at\s+bed\s*time|bed\s*time|before\s+(?:i\s+)?sleep|before\s+(?:[a-z']+\s+){1,2}?(?:go|goes|gets?|heads?)\s+(?:off\s+)?to\s+(?:bed|sleep))\b/i, hour: PART_OF_DAY_HOURS.night },
  { pattern: /\bfirst\s+thing(?:\s+in\s+the\s+morning)?\b/i, hour: PART_OF_DAY_HOURS.morning },
  // "last thing tonight lock the back door": the night's hour, as bedtime; it was titled "last thing lock ...". Only as
  // the first words or before a day ("buy the last thing on the list" keeps its words).
  { pattern: /^\s*last\s+thing(?:\s+at\s+night)?\b|\blast\s+thing(?:\s+at\s+night)?(?=\s+(?:tonight|today|tomorrow|on\s+[a-z]+day|before\s+bed)\b)/i, hour: PART_OF_DAY_HOURS.night },
  { pattern: /\bbefore\s+work\b/i, hour: 8 },
  // "mid-morning tomorrow": chrono read "morning" (09:00) and left "mid" in the title.
  { pattern: /\bmid[\s-]?morning\b/i, hour: 10 },
  { pattern: /\bmid[\s-]?afternoon\b/i, hour: 15 },
  { pattern: /\bafter\s+work\b/i, hour: 18 },
  // "in the middle of the night check the baby": the small hours (it was titled "in the middle of the check baby").
  { pattern: /\b(?:in\s+)?the\s+middle\s+of\s+the\s+night\b/i, hour: 3 },
];

/**
 * A moment's hour ("with breakfast" 08:00) is the reminder's only when no clock time is said beside it: "take pills with
 * breakfast at 8", "go for a run after work at 6", "take pills at 10pm before bed" are at the time said, the moment's
 * words in the title (date-time-phrases.ts). They were refused as two times.
 */
export const MOMENT_TAG = "nudge/moment";

/** The moment in `text` ("with breakfast" in "with breakfast tomorrow"): where its words are and its hour. */
export function momentIn(text: string): { start: number; end: number; hour: number } | null {
  for (const { pattern, hour } of MOMENTS) {
    const match = pattern.exec(text);
    if (match) return { start: match.index, end: match.index + match[0].length, hour };
  }
  return null;
}

/** The moments as chrono parsers (clock-phrases.ts lists them last), each result tagged as a moment. */
export const MOMENT_PARSERS: chrono.Parser[] = MOMENTS.map(({ pattern, hour, minute = 0 }) => ({
  pattern: () => pattern,
  extract: (context: chrono.ParsingContext) => context.createParsingComponents({ hour, minute, meridiem: hour >= 12 ? 1 : 0 }).addTag(MOMENT_TAG),
}));
