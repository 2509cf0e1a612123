import { MAX_DAY_INTERVAL, MAX_MONTH_INTERVAL, MAX_WEEK_INTERVAL, MAX_YEAR_INTERVAL, type Recurrence, type WeekOfMonth, type Weekday } from "../recurrence";
import { MONTH_WORD } from "./month-words";
import { NAMED_DAY, namedDayOfYear } from "./named-days";
import { findPartOfDay, type PartOfDay, type Span } from "./types";

/**
 * Finds a repeat phrase ("every monday and thursday", "on the 1st of every month", "daily") in a prompt.
 * chrono-node has no notion of repetition, so these are our own patterns; they run before chrono and
 * their span is hidden from it, so "every monday" is not also read as "this Monday".
 */
export interface RecurrenceMatch {
  span: Span;
  /**
   * The rule, or which kind of rule to build from the first due date once it is known:
   * "every week" repeats on that date's weekday, "every month" on that date's day of the month, "every
   * year" on that date's day and month.
   */
  rule: Recurrence | "weekly-on-first-date" | "monthly-on-first-date" | "yearly-on-first-date";
  /** "every morning" carries a time of day as well as the repeat. */
  partOfDay?: PartOfDay;
  /** "every other week", "every 3 months", "every 2 years": the first-date rule's interval in weeks, months or years. */
  interval?: number;
}

/** ISO weekday of each weekday word, full or abbreviated. */
export const WEEKDAY_BY_WORD: Record<string, Weekday> = {
  monday: 1, mon: 1,
  tuesday: 2, tues: 2, tue: 2,
  wednesday: 3, wed: 3,
  thursday: 4, thurs: 4, thur: 4, thu: 4,
  friday: 5, fri: 5,
  saturday: 6, sat: 6,
  sunday: 7, sun: 7,
};

/** The start of a weekday word, for a space-separated list (the day itself is matched by DAY). */
const DAY_START = "(?:mon|tue|wed|thu|fri|sat|sun)";
/** The ISO weekday of a weekday word, any case, full, short or plural ("Mondays", "tue"); undefined for another word. */
export function weekdayOfWord(word: string): Weekday | undefined {
  const lower = word.toLowerCase();
  return WEEKDAY_BY_WORD[lower] ?? WEEKDAY_BY_WORD[lower.replace(/s$/, "")];
}

/** A weekday word, longest names first so "tuesday" wins over "tue"; an optional plural "s" ("mondays"). */
/** A weekday's name, whole or short ("thu", "fri"), as chrono reads it. */
export const DAY_NAME = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tues|thurs|thur|mon|tue|wed|thu|fri|sat|sun)";
export const DAY = `${DAY_NAME}s?\\b`;
/** A weekday's whole name, where a short one would be another word ("sat early" is sitting, "sun" the sun). */
export const FULL_DAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const FULL_DAY_PLURAL = `${FULL_DAY}s\\b`;
/** ", ", " and ", " & ", "/", or a space alone between two days ("every mon wed fri", which read Monday alone). */
const DAY_SEPARATOR = "(?:\\s*,\\s*(?:and\\s+)?|\\s+(?:and|&|\\+)\\s+|\\s*/\\s*|\\s+(?=" + DAY_START + "))";
export const DAY_LIST = `${DAY}(?:${DAY_SEPARATOR}${DAY})*`;

const UNIT_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"];
const TEEN_ORDINALS = ["tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"];
/** Index + 1 is the day of the month: ORDINAL_WORDS[0] = "first" = 1 ... ORDINAL_WORDS[30] = "thirty-first" = 31. */
const ORDINAL_WORDS = [...UNIT_ORDINALS, ...TEEN_ORDINALS, "twentieth", ...UNIT_ORDINALS.map((w) => `twenty-${w}`), "thirtieth", "thirty-first"];
export const ORDINAL_WORD = `(?:${[...ORDINAL_WORDS].sort((a, b) => b.length - a.length).map((w) => w.replace("-", "[- ]?")).join("|")})`;
// "last" means the 31st, which the monthly rule clamps to each month's last day.
const ORDINAL = `(?:\\d{1,2}(?:st|nd|rd|th)?|${ORDINAL_WORD}|last)\\b`;
// After a bare "every", a plain number would be ambiguous ("every 2 days"), so a suffix is required.
export const SUFFIXED_ORDINAL = `(?:\\d{1,2}(?:st|nd|rd|th)|${ORDINAL_WORD}|last)\\b`;
export const EVERY = "(?:every|each)";

interface Pattern {
  regex: RegExp;
  build(matched: string): Omit<RecurrenceMatch, "span"> | null;
}

const pattern = (source: string, build: Pattern["build"]): Pattern => ({ regex: new RegExp(`\\b${source}`, "i"), build });
const fixed = (rule: Recurrence) => () => ({ rule });

/** A count of days or weeks: "2", "two", "other" (2), "second" (2), "third" (3). */
const COUNT = "(\\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|other|second|2nd|third|3rd|fourth|4th)";
const COUNT_VALUE: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  other: 2, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4,
};
/** "quarterly", "every quarter": every three months ("the quarterly report" is a title's words: frequencyAdjective). */
const QUARTERLY = "(?:quarterly|every\\s+quarter)";
/** "every year", "yearly", "annually", "once a year" ("the yearly review" is a title's words: frequencyAdjective). */
const YEARLY = `(?:${EVERY}\\s+year|once\\s+a\\s+year|yearly|annually)\\b`;
/**
 * "every march 3rd", "every 3rd of march", "every 3 march": a day of the year, which chrono reads once "every" is
 * hidden from it (the match is "every" alone), so the rule takes its day and month from the first date. "every march"
 * is its 1st, as "in march" is chrono's March 1st (the confirmation names the day); only a month's full name, which
 * chrono reads alone ("every mar" would find no date and repeat on the day it was said).
 */
// Not "may", which chrono reads only with a day ("every may day" is no date).
const FULL_MONTH = "(?:january|february|march|april|june|july|august|september|october|november|december)";
/** A weekday's place in the month a rule can hold: the first to the fourth, or the last (not every month has a fifth). */
export const PLACE = "(?:first|second|third|fourth|last|1st|2nd|3rd|4th)";
// Also "every fourth thursday of november", "every last monday in may": that weekday of the month every year, which
// chrono's reader and ours (date-parsers.ts) find once "every" is hidden; schedule.ts makes the rule hold the place.
const EVERY_BEFORE_A_DATE = `${EVERY}\\s+(?=${MONTH_WORD}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b|(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_WORD}\\b|${FULL_MONTH}\\b|(?:the\\s+)?${PLACE}\\s+${DAY}\\s+(?:of|in)\\s+${MONTH_WORD}\\b)`;
const PLACE_VALUE: Record<string, WeekOfMonth> = { first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4, last: -1 };
/** "the first monday", "the last friday". */
const PLACED_DAY = `(?:the\\s+)?${PLACE}\\s+${DAY}`;
/** "biweekly", "fortnightly", "every fortnight": every two weeks. */
const FORTNIGHTLY = "(?:biweekly|bi-weekly|fortnightly|every\\s+fortnight)\\b";

/** Tried in order; the first that matches wins. Specific phrases come before their general forms. */
const PATTERNS: Pattern[] = [
  // Every year or every few years, on the first date's day: "every year on march 3", "every march 3rd", "annually",
  // "every other year", "every 5 years". Before the monthly patterns, which would read "every 3rd (of march)".
  pattern(EVERY_BEFORE_A_DATE, () => ({ rule: "yearly-on-first-date" })),
  pattern(`${EVERY}\\s+(?:year\\s+(?:on|at)\\s+)?${NAMED_DAY}\\b`, everyNamedDay),
  pattern(`${EVERY}\\s+${COUNT}\\s+years?\\b(?!\\s+of\\b)`, (m) => everyFew(m, (interval) => ({ rule: "yearly-on-first-date", interval }))),
  pattern(YEARLY, () => ({ rule: "yearly-on-first-date" })),
  // Every few days or weeks: "every other day", "every 3 days", "every second day" (not "...of the month"),
  // "every other monday", "every 2 weeks on friday", "biweekly on tuesday", "every other week".
  pattern(`${EVERY}\\s+${COUNT}\\s+days?\\b(?!\\s+of\\b)`, (m) => everyFew(m, (interval) => ({ rule: { freq: "daily", interval } }))),
  // Not "every second tuesday": it may mean the second Tuesday of each month (refused as unclear, unsupported-phrases.ts).
  pattern(`${EVERY}\\s+other\\s+${DAY_LIST}`, (m) => everyFewWeeksOn(m, 2)),
  pattern(`(?:${EVERY}\\s+${COUNT}\\s+weeks?|${FORTNIGHTLY})\\s+on\\s+${DAY_LIST}`, (m) => everyFewWeeksOn(m, countIn(m) ?? 2)),
  pattern(`${DAY_LIST}\\s+${FORTNIGHTLY}`, (m) => everyFewWeeksOn(m, 2)),
  pattern(`(?:${EVERY}\\s+${COUNT}\\s+weeks?\\b(?!\\s+of\\b)|${FORTNIGHTLY})`, (m) => everyFew(m, (interval) => ({ rule: "weekly-on-first-date", interval }), 2)),
  // A weekday's place in the month (before the patterns below, which would read "every month" alone): "the first
  // monday of every month", "every month on the last friday", "monthly on the 2nd tuesday", "every first monday",
  // "every 3 months on the last friday". Not "every 2nd tuesday", which may mean every other week (refused as unclear,
  // unsupported-phrases.ts); "the first monday of the month" is one day, the next (date-parsers.ts).
  pattern(`(?:${EVERY}\\s+)?(?:on\\s+)?${PLACED_DAY}\\s+(?:of|in)\\s+(?:each|every)\\s+month\\b`, (m) => monthlyOnPlacedDay(m, 1)),
  pattern(`${EVERY}\\s+${PLACED_DAY}\\s+(?:of|in)\\s+the\\s+month\\b`, (m) => monthlyOnPlacedDay(m, 1)),
  pattern(`(?:${EVERY}\\s+month|monthly)\\s+on\\s+${PLACED_DAY}`, (m) => monthlyOnPlacedDay(m, 1)),
  pattern(`${EVERY}\\s+(?:the\\s+)?(?:first|last|1st)\\s+${DAY}(?!\\s+(?:of|in)\\b)`, (m) => monthlyOnPlacedDay(m, 1)),
  pattern(`(?:${EVERY}\\s+${COUNT}\\s+months?|${QUARTERLY})\\s+on\\s+${PLACED_DAY}`, (m) => {
    const [every] = m.split(/\s+on\s+/i);
    const n = /quarter/i.test(every ?? "") ? 3 : countIn(every ?? "");
    return n === null || n < 1 || n > MAX_MONTH_INTERVAL ? null : monthlyOnPlacedDay(m.slice((every ?? "").length), n);
  }),
  // Every few months: "every 3 months on the 15th", "every other month", "quarterly" (not "the quarterly report").
  pattern(`(?:${EVERY}\\s+${COUNT}\\s+months?|${QUARTERLY})\\s+on\\s+(?:the\\s+)?${ORDINAL}(?:\\s+day)?`, everyFewMonths),
  pattern(`(?:${EVERY}\\s+${COUNT}\\s+months?\\b(?!\\s+of\\b)|${QUARTERLY}\\b)`, everyFewMonths),
  // Monthly on a given day: "on the 1st of every month", "every month on the 15th", "every 15th", "last day of each month".
  pattern(`(?:on\\s+)?(?:the\\s+)?${ORDINAL}(?:\\s+day)?\\s+(?:of\\s+)?${EVERY}\\s+month\\b`, monthlyOn),
  pattern(`(?:${EVERY}\\s+month|monthly)\\s+(?:on\\s+(?:the\\s+)?|the\\s+)${ORDINAL}(?:\\s+day)?`, monthlyOn),
  pattern(`${EVERY}\\s+${SUFFIXED_ORDINAL}(?:\\s+day)?(?:\\s+of\\s+(?:the|each|every)\\s+month\\b)?`, monthlyOn),
  // "at the end of every month", "every month end": the last day of each month (the 31st, clamped). It was the date
  // it was said on, with "at the end of" in the title.
  pattern(`(?:(?:at|by)\\s+)?(?:the\\s+)?end\\s+of\\s+${EVERY}\\s+month\\b|${EVERY}\\s+month[\\s-]*end\\b`, fixed({ freq: "monthly", dayOfMonth: 31 })),
  // Monday to Friday.
  pattern(`${EVERY}\\s+(?:week\\s*day|work\\s*day|working\\s+day|business\\s+day)s?\\b`, fixed({ freq: "weekdays" })),
  pattern(`(?:on\\s+)?(?:weekdays|workdays|work\\s+days|business\\s+days)\\b`, fixed({ freq: "weekdays" })),
  pattern(`(?:${EVERY}\\s+day\\s+)?(?:from\\s+)?(?:monday|mon)\\s*(?:to|through|thru|till|until|-|–)\\s*(?:friday|fri)\\b`, fixed({ freq: "weekdays" })),
  // A run of other days: "every tuesday to thursday", "every sun-thu", "every friday to monday" (across the week's end):
  // each day of it. It was the first day alone ("every tuesday to thursday" every Tuesday). "until" ends a repeat.
  pattern(`${EVERY}\\s+(?:day\\s+)?(?:from\\s+)?${DAY}\\s*(?:to|through|thru|-|–)\\s*${DAY}`, daysFromTo),
  // Weeknights: Monday to Friday, at night ("every weeknight at 9" is 21:00).
  pattern(`(?:${EVERY}\\s+week\\s*night\\b|(?:on\\s+)?week\\s*nights\\b)`, () => ({ rule: { freq: "weekdays" }, partOfDay: "night" })),
  // Weekends.
  pattern(`(?:${EVERY}\\s+weekend\\b|(?:on\\s+)?weekends\\b)`, fixed({ freq: "weekly", days: [6, 7] })),
  // Weekly on named days: "every monday and thursday", "weekly on fri", "on mondays".
  // "once a week on sundays": "once a week" was left in the title.
  pattern(`(?:${EVERY}\\s+(?:week\\s+on\\s+)?|(?:weekly|once\\s+a\\s+week)\\s+on\\s+)${DAY_LIST}`, weeklyOn),
  pattern(`(?:(?:once\\s+a\\s+week\\s+)?on\\s+)?${FULL_DAY_PLURAL}(?:${DAY_SEPARATOR}${DAY})*`, weeklyOn),
  // "monday mornings", "on thursday nights", "tuesday evenings at 7": that day every week, at that part of the day.
  // "gym tuesday evenings at 7" was due on Tuesday at 07:00 titled "gym evenings".
  pattern(`(?:on\\s+)?${DAY}\\s+(?:morning|afternoon|evening|night)s\\b`, (m) => {
    const weekly = weeklyOn(m);
    return weekly ? { ...weekly, partOfDay: findPartOfDay(m.replace(/s\b/gi, "")) } : null;
  }),
  // Daily, possibly with a part of the day: "every morning", "nightly".
  pattern(`${EVERY}\\s+(?:morning|afternoon|evening|night)\\b`, (m) => ({ rule: { freq: "daily" }, partOfDay: findPartOfDay(m) })),
  pattern(`nightly\\b`, () => ({ rule: { freq: "daily" }, partOfDay: "night" })),
  pattern(`(?:${EVERY}\\s+(?:single\\s+)?day|everyday|daily|once\\s+a\\s+day)\\b`, fixed({ freq: "daily" })),
  // Every week / month without a day: taken from the first due date.
  pattern(`(?:${EVERY}\\s+week|weekly|once\\s+a\\s+week)\\b`, () => ({ rule: "weekly-on-first-date" })),
  pattern(`(?:${EVERY}\\s+month|monthly|once\\s+a\\s+month)\\b`, () => ({ rule: "monthly-on-first-date" })),
];

/**
 * A word of how often that names a kind of thing, not a repeat: after "the", "my"... ("send the weekly report on friday",
 * "my daily walk at 6"), or before a name when the day said is one day or a deadline ("daily standup notes tomorrow at
 * 9", "quarterly report due end of month"). Without either it is a repeat: "fortnightly bins on tuesday", "take pills
 * daily at 8".
 */
function frequencyAdjective(text: string, match: RegExpExecArray): boolean {
  if (!FREQUENCY_WORD.test(match[0])) return false;
  const before = text.slice(0, match.index);
  const after = text.slice(match.index + match[0].length);
  // "set a daily reminder to stretch", "my weekly nudge to call mum": how often the reminder itself comes.
  if (REMINDER_AFTER.test(after)) return false;
  return DETERMINER_BEFORE.test(before) || (NAME_AFTER.test(after) && ONE_DAY.test(text));
}

const FREQUENCY_WORD = /^(?:daily|weekly|monthly|nightly|fortnightly|bi-?weekly|quarterly|yearly|annually)$/i;
const DETERMINER_BEFORE = /\b(?:the|a|an|my|our|your|his|her|their|this|that|next|last)\s+$/i;
/** A word after it that is not how the repeat goes on ("daily at 8", "weekly on fri", "monthly, from june"). */
const NAME_AFTER = new RegExp(String.raw`^\s+(?!(?:at|on|in|from|starting|until|till|for|by|after|before|around|about|with|and|or|then|to|please|basis|except|but|this|next|every|each|today|tomorrow|tonight|tmrw|(?:morning|afternoon|evening|night)s?)\b|${DAY})[a-z]`, "i");
const REMINDER_AFTER = /^\s+(?:reminders?|nudges?|pings?|alarms?)\b/i;
/** A day that happens once ("today", "tomorrow", "tonight"), or a deadline ("quarterly report due end of month"). */
const ONE_DAY = /\b(?:today|tomorrow|tonight|due)\b/i;

/** The first repeat phrase in `text`, or null for a one-off reminder. */
export function findRecurrence(text: string): RecurrenceMatch | null {
  for (const { regex, build } of PATTERNS) {
    const match = regex.exec(text);
    if (!match || frequencyAdjective(text, match)) continue;
    const built = build(match[0]);
    if (built) return { ...built, span: { start: match.index, end: match.index + match[0].length } };
  }
  return null;
}

/** The count in a phrase ("every 3 days" → 3, "every other week" → 2), or null when it names none. */
function countIn(matched: string): number | null {
  const word = new RegExp(`\\b${COUNT}\\b`, "i").exec(matched)?.[1]?.toLowerCase();
  if (!word) return null;
  return COUNT_VALUE[word] ?? Number(word);
}

/** A rule for every `n` days, weeks or years; "every 1 day" is every day. Null past the longest interval a rule holds. */
function everyFew(matched: string, build: (interval: number) => Omit<RecurrenceMatch, "span">, fallback?: number): Omit<RecurrenceMatch, "span"> | null {
  const n = countIn(matched) ?? fallback;
  if (n === undefined || n < 1) return null;
  const built = build(n);
  const max = built.rule === "weekly-on-first-date" ? MAX_WEEK_INTERVAL : built.rule === "yearly-on-first-date" ? MAX_YEAR_INTERVAL : MAX_DAY_INTERVAL;
  if (n > max) return null;
  if (n > 1) return built;
  return typeof built.rule === "string" ? { rule: built.rule } : { rule: { freq: "daily" } };
}

/**
 * Every few months, on the day named ("every 3 months on the 15th") or else the first date's day
 * ("every other month"); "quarterly" is every 3. Null past 12 months, which no rule holds.
 */
function everyFewMonths(matched: string): Omit<RecurrenceMatch, "span"> | null {
  const [every, on] = matched.split(/\s+on\s+/i);
  const n = /quarter/i.test(every ?? "") ? 3 : countIn(every ?? "");
  if (n === null || n < 1 || n > MAX_MONTH_INTERVAL) return null;
  if (on === undefined) return n > 1 ? { rule: "monthly-on-first-date", interval: n } : { rule: "monthly-on-first-date" };
  const dayOfMonth = ordinalValue(on);
  if (dayOfMonth === null) return null;
  return { rule: n > 1 ? { freq: "monthly", dayOfMonth, interval: n } : { freq: "monthly", dayOfMonth } };
}

/** The named weekdays every `interval` weeks: "every other monday and thursday". */
function everyFewWeeksOn(matched: string, interval: number): Omit<RecurrenceMatch, "span"> | null {
  const weekly = weeklyOn(matched.replace(new RegExp(`^.*?\\bon\\s+|^${EVERY}\\s+${COUNT}\\s+`, "i"), ""));
  if (!weekly || typeof weekly.rule === "string" || weekly.rule.freq !== "weekly" || interval > MAX_WEEK_INTERVAL) return null;
  return { rule: interval > 1 ? { ...weekly.rule, interval } : weekly.rule };
}

/** "every christmas", "every year on new year's eve", "every valentine's day": that day every year. */
function everyNamedDay(matched: string): Omit<RecurrenceMatch, "span"> | null {
  const day = namedDayOfYear(matched.replace(new RegExp(`^${EVERY}\\s+(?:year\\s+(?:on|at)\\s+)?`, "i"), ""));
  return day ? { rule: { freq: "yearly", month: day.month, dayOfMonth: day.day } } : null;
}

function weeklyOn(matched: string): Omit<RecurrenceMatch, "span"> | null {
  const days = new Set<Weekday>();
  for (const [word] of matched.toLowerCase().matchAll(new RegExp(DAY, "g"))) {
    const day = weekdayOfWord(word);
    if (day) days.add(day);
  }
  if (days.size === 0) return null;
  return { rule: { freq: "weekly", days: [...days].sort((a, b) => a - b) } };
}

/** Each day from the first named to the last, across Sunday if need be ("sun-thu": Sunday to Thursday). */
function daysFromTo(matched: string): Omit<RecurrenceMatch, "span"> | null {
  const [first, last] = [...matched.toLowerCase().matchAll(new RegExp(DAY, "g"))].map(([word]) => weekdayOfWord(word));
  if (!first || !last || first === last) return null;
  const count = ((last - first + 7) % 7) + 1;
  const days = Array.from({ length: count }, (_, i) => (((first - 1 + i) % 7) + 1) as Weekday);
  if (count === 7) return { rule: { freq: "daily" } };
  return { rule: { freq: "weekly", days: days.sort((a, b) => a - b) } };
}

/** "the first monday" in the words matched, every `interval` months. */
export function monthlyOnPlacedDay(matched: string, interval: number): Omit<RecurrenceMatch, "span"> | null {
  const found = new RegExp(`\\b(${PLACE})\\s+(${DAY})`, "i").exec(matched);
  const week = PLACE_VALUE[(found?.[1] ?? "").toLowerCase()];
  const word = (found?.[2] ?? "").toLowerCase();
  const weekday = weekdayOfWord(word);
  if (!week || !weekday) return null;
  return { rule: interval > 1 ? { freq: "monthly", week, weekday, interval } : { freq: "monthly", week, weekday } };
}

function monthlyOn(matched: string): Omit<RecurrenceMatch, "span"> | null {
  const day = ordinalValue(matched);
  return day === null ? null : { rule: { freq: "monthly", dayOfMonth: day } };
}

/** The day of the month named in a phrase ("15th" → 15, "twenty-first" → 21, "last" → 31), or null if out of range. */
export function ordinalValue(phrase: string): number | null {
  const lower = phrase.toLowerCase();
  const digits = /\b(\d{1,2})(?:st|nd|rd|th)?\b/.exec(lower);
  if (digits?.[1]) {
    const value = Number(digits[1]);
    return value >= 1 && value <= 31 ? value : null;
  }
  if (/\blast\b/.test(lower)) return 31;
  const words = new RegExp(ORDINAL_WORD).exec(lower);
  if (!words) return null;
  const compact = (word: string) => word.replace(/[- ]/g, "");
  const index = ORDINAL_WORDS.findIndex((word) => compact(word) === compact(words[0]));
  return index >= 0 ? index + 1 : null;
}
