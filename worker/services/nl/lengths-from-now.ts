import * as chrono from "chrono-node";

/**
 * Lengths of time from now that chrono misreads, as chrono parsers (relative-phrases.ts lists them first). Without them:
 * - "stretch in an hour and a half" was due in one hour, titled "stretch and a half";
 * - "in 2 and a half hours" and "in 1h30" found no time at all;
 * - "in a week and a half call mum" was a week from now titled "and a half call mum" (ADR 138);
 * - "a year from now renew the passport" found no time.
 */

const COUNT_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};
export const COUNT = `(${Object.keys(COUNT_WORDS).join("|")}|\\d{1,3})`;

/** "a", "two", "12": the count a word or number says, or null. */
export function countOf(word: string | undefined): number | null {
  if (!word) return null;
  const lower = word.toLowerCase();
  const count = COUNT_WORDS[lower] ?? Number(lower);
  return Number.isInteger(count) && count > 0 ? count : null;
}

type Unit = "hour" | "minute";
const unitOf = (word: string | undefined): Unit => (/^h/i.test(word ?? "") ? "hour" : "minute");
const HOURS_OR_MINUTES = "(hours?|hrs?|minutes?|mins?)";
/** A duration is a due time only after "in" or before "from now": "a meeting of an hour and a half" is not one. */
const FROM_NOW = "(?:\\s+from\\s+now)?";

/**
 * A length of a count and a unit (`body`, two groups) after "in" or before "from now": "an hour and a half from now" was
 * read as "a half from now" and refused as past. The groups are 1 and 2 after "in", 3 and 4 before "from now" (countAndUnit).
 */
function inOrFromNow(body: string): RegExp {
  return new RegExp(`\\bin\\s+${body}\\b${FROM_NOW}|\\b${body}\\s+from\\s+now\\b`, "i");
}

function countAndUnit(match: RegExpMatchArray): [count: string | undefined, unit: string | undefined] {
  return [match[1] ?? match[3], match[2] ?? match[4]];
}

/** "in an hour and a half", "in 2 hours and a half", "in 5 minutes and a half". */
const UNIT_AND_A_HALF = inOrFromNow(`${COUNT}\\s+${HOURS_OR_MINUTES}\\s+and\\s+a\\s+half`);
/** "in 2 and a half hours", "in two and a half hours". */
const COUNT_AND_A_HALF = inOrFromNow(`${COUNT}\\s+and\\s+a\\s+half\\s+${HOURS_OR_MINUTES}`);
/** "in 1h30", "in 2h 15m", "in 1 h 30 min". */
const HOURS_MINUTES = /\bin\s+(\d{1,2})\s*h\s*([0-5]?\d)\s*(?:m(?:in(?:ute)?s?)?)?(?![\w:])/i;

function andAHalf(context: chrono.ParsingContext, count: string | undefined, unit: string | undefined) {
  const whole = countOf(count);
  if (whole === null) return null;
  // Half an hour is 30 minutes; half a minute, 30 seconds.
  const duration = unitOf(unit) === "hour" ? { hour: whole, minute: 30 } : { minute: whole, second: 30 };
  return chrono.ParsingComponents.createRelativeFromReference(context.reference, duration);
}

/**
 * "in a week and a half", "in a day and a half", "in 2 months and a half", "in two and a half weeks": the words were left
 * in the title ("and a half call mum", a week from now). Half a day is 12 hours (as "in 1.5 days"); half a week 3 days
 * ("a week and a half" is the 10 days people mean, at this time of day); half a fortnight a week; half a month 15 days.
 */
const DAYS_AND_A_HALF = inOrFromNow(`${COUNT}\\s+(days?|weeks?|fortnights?|months?)\\s+and\\s+a\\s+half`);
const COUNT_AND_A_HALF_DAYS = inOrFromNow(`${COUNT}\\s+and\\s+a\\s+half\\s+(days|weeks|fortnights|months)`);

function daysAndAHalf(context: chrono.ParsingContext, match: RegExpMatchArray) {
  const [count, unitWord] = countAndUnit(match);
  const whole = countOf(count);
  const unit = (unitWord ?? "").toLowerCase().replace(/s$/, "");
  if (whole === null) return null;
  const duration =
    unit === "day" ? { day: whole, hour: 12 } : unit === "week" ? { day: whole * 7 + 3 } : unit === "fortnight" ? { day: whole * 14 + 7 } : { month: whole, day: 15 };
  return chrono.ParsingComponents.createRelativeFromReference(context.reference, duration);
}

/** "in a fortnight", "a fortnight from now": two weeks, at the same time of day as now (like "in 2 weeks"). */
const FORTNIGHT = /\bin\s+a\s+fortnight\b|\ba\s+fortnight\s+from\s+now\b/i;

/**
 * "in an hour and 15", "in 2 hours and 30", "in 1 hour 30" (the minutes' unit left unsaid, a multiple of five as people say them, so
 * "in 2 hours and 3 kids" keeps its number), "in a quarter of an hour", "in three
 * quarters of an hour". chrono read the hour alone and left "and 15" in the title, and found no time in the quarters.
 */
const HOURS_AND_BARE_MINUTES = new RegExp(`\\bin\\s+${COUNT}\\s+(?:hours?|hrs?)\\s+(?:and\\s+)?([1-5]?[05])\\b(?!\\s*(?:minutes?|mins?|m\\b|hours?|hrs?|[ap]\\.?m\\b|%|[:.]\\d))`, "i");
const QUARTERS_OF_AN_HOUR = /\bin\s+(a|one|three)\s+quarters?\s+of\s+an\s+hour\b/i;

/**
 * "a year from now", "this time next year": a year from now, as chrono's own "in a year" is (date-time-phrases.ts).
 * chrono read neither, and "a year from now renew the passport" found no time.
 */
const YEARS_FROM_NOW = new RegExp(`\\b(?:${COUNT}\\s+years?\\s+from\\s+now|this\\s+time\\s+next\\s+year)\\b`, "i");

function yearsFromNow(context: chrono.ParsingContext, match: RegExpMatchArray) {
  const years = match[1] ? countOf(match[1]) : 1;
  return years === null ? null : chrono.ParsingComponents.createRelativeFromReference(context.reference, { year: years });
}

/**
 * "book the vet 2 weeks time", "for a month's time", "3 days' time": a length of days or more with "time" after it is
 * from now, with or without the "in" chrono needed ("book the vet for 2 weeks time" found no time). Not "2 weeks time
 * off", which is a holiday to book.
 */
const LENGTH_S_TIME = new RegExp(`\\b(?:(?:in|for)\\s+)?${COUNT}\\s+(days?|weeks?|fortnights?|months?|years?)['’]?s?\\s+time\\b(?!\\s+off\\b)`, "i");

function lengthSTime(context: chrono.ParsingContext, match: RegExpMatchArray) {
  const count = countOf(match[1]);
  const unit = (match[2] ?? "").toLowerCase().replace(/s$/, "");
  if (count === null) return null;
  const duration = unit === "fortnight" ? { week: count * 2 } : { [unit]: count };
  return chrono.ParsingComponents.createRelativeFromReference(context.reference, duration);
}

/** The user's wall clock at the reference instant (chrono carries the user's offset at that instant). */
/** The parsers, in the shape chrono's `parsers` list takes. */
export const LENGTH_PARSERS: chrono.Parser[] = [
  { pattern: () => UNIT_AND_A_HALF, extract: (context, match) => andAHalf(context, ...countAndUnit(match)) },
  { pattern: () => COUNT_AND_A_HALF, extract: (context, match) => andAHalf(context, ...countAndUnit(match)) },
  {
    pattern: () => HOURS_MINUTES,
    extract: (context, match) => chrono.ParsingComponents.createRelativeFromReference(context.reference, { hour: Number(match[1]), minute: Number(match[2]) }),
  },
  { pattern: () => DAYS_AND_A_HALF, extract: daysAndAHalf },
  { pattern: () => COUNT_AND_A_HALF_DAYS, extract: daysAndAHalf },
  { pattern: () => FORTNIGHT, extract: (context) => chrono.ParsingComponents.createRelativeFromReference(context.reference, { week: 2 }) },
  {
    pattern: () => HOURS_AND_BARE_MINUTES,
    extract: (context, match) => {
      const hours = countOf(match[1]);
      const minutes = Number(match[2]);
      return hours === null || minutes > 59 ? null : chrono.ParsingComponents.createRelativeFromReference(context.reference, { hour: hours, minute: minutes });
    },
  },
  {
    pattern: () => QUARTERS_OF_AN_HOUR,
    extract: (context, match) => chrono.ParsingComponents.createRelativeFromReference(context.reference, { minute: /three/i.test(match[1] ?? "") ? 45 : 15 }),
  },
  { pattern: () => YEARS_FROM_NOW, extract: yearsFromNow },
  { pattern: () => LENGTH_S_TIME, extract: lengthSTime },
];
