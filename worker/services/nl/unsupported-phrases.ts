import { MAX_DAY_INTERVAL, MAX_MONTH_INTERVAL, MAX_WEEK_INTERVAL, MAX_YEAR_INTERVAL } from "../recurrence";
import { MONTH_WORD } from "./month-words";
import { DAY, EVERY, type RecurrenceMatch } from "./recurrence-phrases";
import type { Span } from "./types";

/**
 * Phrases that ask for something a reminder cannot hold, found before anything is read, so the prompt
 * is refused with a message instead of being half understood.
 *
 * Without this, "water plants every other month" became a one-off reminder titled "water plants
 * every other month", confirmed as "I'll remind you to water plants every other month on Sat at 9:00 AM":
 * a confirmation that reads like a repeat that was never set. "pay card every 2nd tuesday" became
 * "every month on the 2nd". For someone who relies on the reminder (pills), a clear "I can't" is
 * safer than a confident wrong answer.
 */

const NUMBER_WORD = "(?:\\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty[- ]five|ninety)";
const VAGUE_NUMBER = "(?:a\\s+couple\\s+of|couple\\s+of|a\\s+few|few|several)";
/** Units no rule counts in (every few days, weeks, months and years are rules: recurrence-phrases.ts). */
const UNIT = "(?:minutes?|mins?|hours?|hrs?|nights?)";
const ANY_UNIT = "(?:minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?)";
const TIMES = "(?:twice|thrice|(?:\\d+|two|three|four|five|six)\\s+times|\\d\\s*x)";

/** A clock time that starts doses ("7am", "7:30", "19:00"), read by repeat-answers.ts. */
const FIRST_CLOCK_TIME = "\\d{1,2}(?:[:.]\\d{2})?(?:\\s*(?:am|pm)\\b)?";

const unsupported = (source: string) => new RegExp(`\\b${source}`, "i");

/**
 * Repeat rules the product does not have (its rules: every day or every few days, every weekday, chosen
 * weekdays every week or every few weeks, one date or weekday every month or every few months, one day of the year
 * or a weekday of a month every year or every few years; worker/services/recurrence.ts). Each pattern is a repeat phrase, not a word that is mostly part of titles: "hourly" is left alone ("ask
 * about the hourly rate").
 */
const UNSUPPORTED_REPEATS: readonly RegExp[] = [
  // Intervals other than days, weeks, months and years: "every other night", "every half hour", "every few
  // days" (how many?). Every other day, every 2 weeks, every 3 months and every other year are rules.
  unsupported(`${EVERY}\\s+other\\s+(?:night|morning|afternoon|evening|weekend)`),
  // "every 8 hours starting at 7am": the first time goes with the phrase, so the answer's times start there; "every 2
  // hours from 9 to 5", "between 9am and 5pm": so does the last.
  unsupported(`${EVERY}\\s+${NUMBER_WORD}\\s+${UNIT}\\b(?:,?\\s+(?:(?:starting|beginning|from)\\s+(?:at\\s+)?${FIRST_CLOCK_TIME}(?:\\s*(?:to|until|till|-|–)\\s*${FIRST_CLOCK_TIME})?|between\\s+${FIRST_CLOCK_TIME}\\s+and\\s+${FIRST_CLOCK_TIME}))?`),
  unsupported(`${EVERY}\\s+${VAGUE_NUMBER}\\s+${ANY_UNIT}\\b`),
  unsupported(`${EVERY}\\s+half\\s+(?:an\\s+)?hour\\b`),
  unsupported(`${EVERY}\\s+(?:2nd|second|3rd|third|4th|fourth)\\s+night\\b(?!\\s+of\\b)`),
  unsupported(`(?:${EVERY}|once\\s+an?)\\s+(?:minute|hour)\\b`),
  // After "the", "my"... these are adjectives of a title ("send the quarterly report on friday"). Twice a month or
  // every two months? Twice a year or every two years? Nobody can tell.
  unsupported(`(?<!\\b(?:the|a|an|my|our|your|his|her|their|this|that|next|last)\\s+)(?:bimonthly|bi-monthly|semi-?monthly|semi-?weekly|semi-?annually|bi-?annually|biyearly|bi-yearly)\\b`),
  // "remind me hourly to drink water", "drink water hourly": as "every hour" (it found no time; "semi-monthly" was read as
  // monthly, titled "semi to pay the sitter"). Elsewhere "hourly" names a thing ("the hourly rate").
  unsupported(`(?<=\\b(?:remind|nudge|ping|tell)\\s+me\\s+)hourly\\b|hourly(?=\\s*[.!]*\\s*$)`),
  // No rule holds an irregular repeat: "stretch every now and then" found no time at all ("the now and then tour" is a name).
  unsupported(`(?<!\\b(?:the|a|an|my|our|your|his|her|their)\\s+)(?:${EVERY}\\s+)?now\\s+and\\s+(?:then|again)|${EVERY}\\s+so\\s+often|from\\s+time\\s+to\\s+time|(?:${EVERY}\\s+)?once\\s+in\\s+a\\s+while`),
  // Every meal: three times a day ("take my insulin before every meal" found no time).
  // The three named ("insulin before breakfast, lunch and dinner" was 8 AM titled "insulin lunch and dinner").
  unsupported(`\\b(?:before|after|with)\\s+(?:(?:every|each)\\s+meal|meals|breakfast\\s*,?\\s*(?:and\\s+)?lunch\\s*,?\\s*(?:and|&)\\s+(?:dinner|supper|tea))\\b`),
  // Several times in one period: "twice a day", "3 times a week", "twice daily".
  unsupported(`${TIMES}\\s+(?:a|an|per|each|every)\\s+(?:day|night|week|month|year|hour)\\b`),
  unsupported(`${TIMES}\\s+(?:daily|nightly|weekly|monthly)\\b`),
  // A weekday by its place in the month where it is unclear: "every 2nd tuesday" (of the month, or every other week?).
  // "the first monday of every month", "every last friday" are rules (recurrence-phrases.ts).
  // With a month named it is that day every year ("every 4th thursday in november", ADR 127).
  unsupported(`${EVERY}\\s+(?:the\\s+)?(?:second|third|fourth|2nd|3rd|4th)\\s+${DAY}(?!\\s+(?:of|in)\\s+(?:(?:the|each|every)\\s+month|${MONTH_WORD})\\b)`),
  // A fifth weekday of a month every year, which most years' month lacks. The first to the fourth and the last are
  // rules (ADR 127: "every year on the fourth thursday of november").
  unsupported(`(?:${EVERY}\\s+year|yearly|annually|once\\s+a\\s+year)\\b[^.;!?]*?\\b(?:fifth|5th)\\s+${DAY}\\s+(?:of|in)\\s+${MONTH_WORD}\\b`),
  unsupported(`\\b(?:the\\s+)?(?:fifth|5th)\\s+${DAY}\\s+(?:of|in)\\s+${MONTH_WORD}\\s+(?:${EVERY}\\s+year|yearly|annually)\\b`),
  // A working day by its place ("the last working day of the month", "every first business day"): bank holidays
  // are not known, so it cannot be told. "every last working day" was the 31st of every month, titled "working day".
  unsupported(`${EVERY}\\s+(?:the\\s+)?(?:first|last|1st)\\s+(?:working|business|work|week)\\s*days?(?:\\s+(?:of|in)\\s+(?:the|each|every)\\s+month)?\\b`),
  unsupported(`(?:on\\s+)?(?:the\\s+)?(?:first|last|1st)\\s+(?:working|business|work|week)\\s*days?\\s+(?:of|in)\\s+(?:each|every)\\s+month\\b`),
  // A fifth, which most months do not have: "the fifth friday of every month".
  unsupported(`(?:${EVERY}\\s+)?(?:the\\s+)?(?:fifth|5th)\\s+${DAY}\\s+(?:of|in)\\s+(?:each|every)\\s+month\\b`),
  unsupported(`(?:${EVERY}\\s+month|monthly)\\s+on\\s+the\\s+(?:fifth|5th)\\s+${DAY}`),
  unsupported(`${EVERY}\\s+(?:the\\s+)?(?:fifth|5th)\\s+${DAY}`),
];

/** "every 400 days", "every 60 weeks", "every 18 months", "every 20 years": longer than a rule's interval may be (recurrence.ts). */
const TOO_LONG_INTERVAL = new RegExp(`\\b${EVERY}\\s+(\\d+)\\s+(days?|weeks?|months?|years?)\\b`, "i");
const LONGEST: Record<string, number> = { d: MAX_DAY_INTERVAL, w: MAX_WEEK_INTERVAL, m: MAX_MONTH_INTERVAL, y: MAX_YEAR_INTERVAL };

/** The first repeat phrase in `text` that no reminder can hold, as the user typed it, or null. */
export function findUnsupportedRepeat(text: string): string | null {
  for (const regex of UNSUPPORTED_REPEATS) {
    const match = regex.exec(text);
    if (match) return match[0];
  }
  const long = TOO_LONG_INTERVAL.exec(text);
  if (long && Number(long[1]) > (LONGEST[(long[2] ?? "d")[0]!.toLowerCase()] ?? MAX_DAY_INTERVAL)) return long[0];
  return null;
}

const CLOCK = "\\d{1,2}(?::\\d{2})?";
const MERIDIEM = "\\s*(?:[ap]\\.?m\\.?|o'?clock)";
/** A time after "and"/"or": any clock time. After a comma only one that is clearly a time ("12 pm", "12:30"). */
const JOINED_BY_WORD = `\\s*(?:and|or|&|\\+)\\s*(?:at\\s+)?${CLOCK}(?:${MERIDIEM})?`;
const JOINED_BY_COMMA = `\\s*,\\s*(?:at\\s+)?\\d{1,2}(?::\\d{2}(?:${MERIDIEM})?|${MERIDIEM})`;
/** "call mum at 5 and dad at 6", "at 5 and again at 6": a word or two, then "at" a second clock time (it was left in the title). */
// Not a second asking ("take pills at 8 and remind me at 9 if i forget", ADR 136).
const JOINED_WITH_WHAT = `\\s+(?:and|&)\\s+(?!(?:remind|tell|ping|nudge|text|call)\\s+me\\b)(?:[a-z']+\\s+){1,2}(?:at|@)\\s*${CLOCK}(?:${MERIDIEM})?`;
/** A list of bare hours ending in "and"/"or": "at 11, 2 and 4", "at 8, 2 and 8" (the rest was left in the title). */
const JOINED_AS_A_LIST = `(?:\\s*,\\s*${CLOCK}(?:${MERIDIEM})?)+\\s*,?${JOINED_BY_WORD}`;

/**
 * Two clock times joined in one phrase ("at 8am and 8pm", "at 8 am, 12 pm and 6 pm", "at 5 or 6", "at 11, 2 and 4"). A
 * reminder has one time and chrono reads only the first, so the rest would end up in the title
 * ("take meds and 8pm"). Only right after "at", so numbers elsewhere ("buy 2 and 3 year old presents")
 * are not taken for times, and a time that belongs to the title ("at 7 leave for the 8pm train") is kept.
 */
const JOINED_TIMES = new RegExp(`(?:\\bat|@)\\s*${CLOCK}(?:${MERIDIEM})?(?:${JOINED_BY_WORD}|${JOINED_BY_COMMA}|${JOINED_AS_A_LIST}|${JOINED_WITH_WHAT})(?=[\\s,.!?;:]|$)`, "i");

/**
 * Two parts of the day joined ("morning and evening", "mornings and nights", "in the morning and at night"): two times,
 * which one reminder cannot be. The first was kept and the rest left in the title ("take pills and night").
 */
const PART_OF_DAY = "(?:morning|afternoon|evening|night)s?";
const JOINED_PARTS_OF_DAY = new RegExp(`\\b${PART_OF_DAY}\\s*(?:,|and|&|\\+)\\s*(?:(?:in\\s+the|at)\\s+)?${PART_OF_DAY}\\b`, "i");

/** Two meals joined ("pills with breakfast and dinner"): two times; it was 8 AM titled "pills and dinner". */
const MEAL = "(?:breakfast|lunch|dinner|supper)";
const JOINED_MEALS = new RegExp(`\\b(?:with|before|after|at)\\s+${MEAL}\\s*(?:,|and|&|\\+)\\s*(?:(?:with|before|after|at)\\s+)?(?:${MEAL}|tea)\\b`, "i");

/**
 * Several times on one day ("remind me twice tomorrow to call", "3 times today"): which times cannot be told, and one
 * reminder is one time. It was 9 AM titled "twice to call".
 */
const SEVERAL_TIMES_ON_A_DAY = new RegExp(`\\b${TIMES}\\s+(?:today|tonight|tomorrow|(?:on\\s+)?${DAY})\\b`, "i");

/** Two clock times or parts of the day offered as a choice ("at 5 or 6", "morning or evening"): which, only the person knows. */
const TIMES_OFFERED = new RegExp(`(?:\\bat|@)\\s*${CLOCK}(?:${MERIDIEM})?\\s*,?\\s*or\\s+(?:at\\s+)?${CLOCK}(?:${MERIDIEM})?(?=[\\s,.!?;:]|$)|\\b${PART_OF_DAY}\\s*,?\\s*or\\s+(?:(?:in\\s+the|at)\\s+)?${PART_OF_DAY}\\b`, "i");

/** The words of two times offered as a choice, as typed ("at 5 or 6"), or null; asked which (messages.ts). */
export function timesOffered(text: string): string | null {
  return TIMES_OFFERED.exec(text)?.[0].replace(/\s+/g, " ") ?? null;
}

/** Whether the prompt asks for more than one time of day in one phrase. */
export function hasJoinedTimes(text: string): boolean {
  return JOINED_TIMES.test(text) || JOINED_PARTS_OF_DAY.test(text) || JOINED_MEALS.test(text) || SEVERAL_TIMES_ON_A_DAY.test(text);
}

/**
 * Two days of the month, or two places of a weekday, joined ("on the 1st and 15th of every month", "every 2nd and 4th
 * tuesday"): two dates, which one reminder cannot be. The first was kept and the rest left in the title ("pay bills
 * and", due on the 15th alone). Ordinals only, so "buy 2 and 3 year old presents" keeps its numbers.
 */
const ORDINAL_DAY = "(?:\\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|last)";
const ORDINALS_JOINED = `(?:the\\s+)?${ORDINAL_DAY}(?:\\s*(?:,|and|&|\\+)\\s*(?:the\\s+)?${ORDINAL_DAY})+`;
/** After "every", "each" or "on"; or before "of the month", "of every month", or a weekday. */
const JOINED_ORDINALS = new RegExp(
  `\\b(?:(?:every|each|on)\\s+${ORDINALS_JOINED}\\b|${ORDINALS_JOINED}\\s+(?:day\\s+)?(?:of|in)\\s+(?:the|every|each)\\s+month\\b|${ORDINALS_JOINED}\\s+${DAY})`,
  "i",
);

/**
 * Two days of a month, or two places of a weekday, joined: the days as said ("the 1st and 15th", "2nd and 4th
 * tuesday") and whether they repeat ("every", "each", "of every month"), or null.
 */
export function joinedDaysOfMonth(text: string): { days: string; repeats: boolean } | null {
  const match = JOINED_ORDINALS.exec(text);
  if (!match) return null;
  const days = new RegExp(ORDINALS_JOINED, "i").exec(match[0]);
  const end = match.index + (days?.index ?? 0) + (days?.[0].length ?? match[0].length);
  const weekday = new RegExp(String.raw`^\s+(${DAY})`, "i").exec(text.slice(end))?.[1];
  const said = `${days?.[0] ?? match[0]}${weekday ? ` ${weekday}` : ""}`;
  return { days: said.replace(/\s+/g, " ").toLowerCase(), repeats: REPEATS.test(text) };
}

const REPEATS = /\b(?:every|each|monthly)\b/i;

/**
 * "every" or "each" before a word of time that no repeat phrase read ("every school day", "every payday", "every bank
 * holiday"): a repeat the rules cannot hold. Asked only when no repeat was found, so it is the last net under the
 * patterns: "every school day at 3:15 pick up kids" was a one-off today titled "every school day pick up kids", a
 * confirmation that reads like a repeat nobody set. "water every plant", "check each room" keep their words.
 */
const UNREAD_REPEAT = new RegExp(
  `\\b(?:every|each)\\s+(?:(?:school|work|working|business|bank|public|single|week|pay)\\s+)?(?:day|days|night|nights|morning|mornings|afternoon|afternoons|evening|evenings|week|weeks|weekend|weekends|month|months|year|years|holiday|holidays|payday|paydays|term|time|spring|summer|autumn|fall|winter)\\b`,
  "i",
);

export function findUnreadRepeat(text: string): string | null {
  return UNREAD_REPEAT.exec(text)?.[0] ?? null;
}

/**
 * Two or more weekdays in a row without "every" ("gym mon wed fri at 7am", "take pills mon and thu"): several days, which one reminder cannot be.
 * It was due on the Friday alone, titled "gym mon wed" (chrono skips a lone "mon" and "wed"). "every mon wed fri" is a
 * repeat, read before this is asked. "sat" and "sun" alone are often no day ("sun cream"), so they do not count, nor
 * a day word after an apostrophe ("c'mon wed").
 */
const DAY_IN_A_LIST = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tues|thurs|thur|mon|tue|wed|thu|fri)\\b";
// "mon and thu", "mon, wed & fri" too; not "between monday and friday", "from mon and ..." (a span, asked otherwise).
const DAYS_IN_A_ROW_ALL = new RegExp(`(?<!['’])(?<!\\b(?:between|from)\\s+)\\b${DAY_IN_A_LIST}(?:(?:\\s*,\\s*(?:(?:and|&)\\s+)?|\\s*/\\s*|\\s+(?:and|&)\\s+|\\s*&\\s*|\\s+)${DAY_IN_A_LIST})+`, "i");

/**
 * "gym tuesday to thursday at 6pm" without "every": a run of days, which one reminder cannot be (it was Tuesday at 9 AM,
 * the 6pm lost). "monday to friday" is every weekday (recurrence-phrases.ts), read before this is asked.
 */
const DAYS_FROM_TO = new RegExp(`(?<!['’])\\b${DAY_IN_A_LIST}\\s*(?:to|through|thru|-|–)\\s*${DAY_IN_A_LIST}`, "i");

/** The days in a row as typed ("mon wed fri", "tuesday to thursday"), or null. */
export function findDaysInARow(text: string): string | null {
  return DAYS_IN_A_ROW_ALL.exec(text)?.[0] ?? DAYS_FROM_TO.exec(text)?.[0] ?? null;
}

const SPAN_COUNT = "(?:\\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fourteen|thirty|a\\s+couple\\s+of|a\\s+few)";
/**
 * "for 7 days", "for the next 2 weeks", "for a month": how long a repeat should last. Not "for 2 weeks time", a day
 * that far from now (lengths-from-now.ts).
 */
const FOR_A_SPAN = new RegExp(`\\bfor\\s+(?:the\\s+)?(next\\s+)?${SPAN_COUNT}\\s+(?:days?|weeks?|months?)\\b(?!['’]?s?\\s+time\\b)`, "i");
/** "until friday", "till the 30th", "through december", "until christmas": the day a repeat should stop. */
const UNTIL_A_DAY = new RegExp(
  `\\b(?:until|till|til|through|thru)\\s+(?:the\\s+)?(?:next\\s+|this\\s+)?(?:${DAY}|\\d{1,2}(?:st|nd|rd|th)\\b|\\d{1,2}\\s*/\\s*\\d{1,2}\\b|${MONTH_WORD}\\b|christmas\\b|xmas\\b|new\\s+year|tomorrow\\b|(?:the\\s+)?end\\s+of\\b|next\\s+(?:week|month)\\b)`,
  "i",
);

/**
 * An end for a repeat, which a reminder cannot hold: "take antibiotics every day for 7 days" started a week late
 * and never stopped (chrono read "for 7 days" as the first day), "every day until friday" started on Friday. Without
 * a repeat, "for the next 5 days" asks for one all the same; "rent a car for 5 days" keeps its words. `repeat`: the
 * repeat's rule, or null; a repeat of days or weeks also ends with a month named ("every day in december").
 */
export function findRepeatEnd(text: string, repeat: RecurrenceMatch["rule"] | null): string | null {
  const span = FOR_A_SPAN.exec(text);
  if (span && (repeat || span[1])) return span[0];
  if (!repeat) return null;
  return UNTIL_A_DAY.exec(text)?.[0] ?? (comesRoundWithinAMonth(repeat) ? (WITHIN_A_MONTH.exec(text)?.[0].replace(/\s+/g, " ") ?? null) : null);
}

/**
 * "open the advent calendar every day in december", "every weekday in january go to the gym": a repeat of days or weeks
 * kept within one month ends with it (ADR 160). It began on the 1st and went on every day after December. A yearly
 * repeat's month is its own ("every year in june"), and a monthly one's is left as it was.
 */
const WITHIN_A_MONTH = new RegExp(`\\b(?:in|during|throughout|all\\s+(?:of\\s+)?)\\s*(?:the\\s+month\\s+of\\s+)?${MONTH_WORD}\\b(?!\\s*\\d)`, "i");

/** Whether a repeat comes round more than once a month (days or weeks), so a month named with it is its end. */
function comesRoundWithinAMonth(rule: RecurrenceMatch["rule"]): boolean {
  if (typeof rule === "string") return rule === "weekly-on-first-date";
  return rule.freq === "daily" || rule.freq === "weekly" || rule.freq === "weekdays";
}

/**
 * "rent a car for 5 days tomorrow at 9": how long the thing lasts, part of the title, never a time. chrono read "5
 * days" as the day five days on, so the car was due then, with "tomorrow at 9" left over. Its place, or null.
 */
export function lastingInTitle(text: string, repeats: boolean): (Span & { whenNothingElse: boolean }) | null {
  // With a repeat, "for 7 days" was refused before (findRepeatEnd); "every day at 7 run for 20 minutes" is a length.
  const span = repeats ? null : FOR_A_SPAN.exec(text);
  if (span && !span[1]) return { start: span.index, end: span.index + span[0].length, whenNothingElse: false };
  const minutes = FOR_A_WHILE.exec(text);
  // A repeat says when ("meditate for 10 minutes every evening" was every day at ten minutes from now).
  return minutes ? { start: minutes.index, end: minutes.index + minutes[0].length, whenNothingElse: !repeats } : null;
}

/**
 * "run for 20 minutes at 6pm", "practise piano for an hour tomorrow": how long, in the title, when another phrase
 * says when. chrono read "for 20 minutes" as in 20 minutes: the run was due then, with "at 6pm" in its title. Alone
 * ("set a timer for 10 minutes") it is the time, as before (`whenNothingElse`).
 */
const FOR_A_WHILE = new RegExp(
  `\\bfor\\s+(?:another\\s+|half\\s+an?\\s+|an?\\s+|${SPAN_COUNT}\\s+|\\d{1,3}(?:\\.\\d)?\\s*)(?:(?:and\\s+a\\s+half\\s+)?(?:minutes?|mins?|hours?|hrs?)|hour|minute)\\b`,
  "i",
);
