import { getTimezone } from "countries-and-timezones";
import { gregorianEaster, orthodoxEaster } from "date-easter";
import { DateTime } from "luxon";
import { placeInMonth, type Recurrence, type Weekday, type WeekOfMonth } from "../recurrence";
import { OF_AFTER_A_PART_OF_DAY } from "./part-of-a-date";
import { blankOut, type Span } from "./types";
import { startsWithAVerb } from "./verbs";

/**
 * Days known by name whose date moves with the year, and with the country: Mother's Day, Father's Day, Thanksgiving,
 * Easter. "call dad on father's day" and "mothers day brunch" found no time; "thanksgiving dinner at 4" was due today
 * at 4 PM. The country is the main one of the person's zone (as for the order of dates, date-order.ts); where the day is
 * not known for it, the person is asked for the date rather than given another country's (ADR 133).
 */
export type MovingDayName =
  | "mother's day"
  | "father's day"
  | "thanksgiving"
  | "easter"
  | "good friday"
  | "easter monday"
  | "black friday"
  | "cyber monday"
  | "shrove tuesday"
  | "ash wednesday"
  | "palm sunday"
  | "maundy thursday"
  | "pentecost"
  | "memorial day"
  | "labor day"
  | "martin luther king day"
  | "presidents' day"
  | "columbus day";

/** How a country sets the day: a date, a weekday's place in a month, or days from Easter Sunday. */
type DayRule =
  | { date: [month: number, day: number] }
  | { month: number; week: WeekOfMonth; weekday: Weekday }
  | { fromEaster: number }
  | { fromThanksgiving: number }
  | { frenchMothersDay: true };

const SUNDAY: Weekday = 7;
const MONDAY: Weekday = 1;
const secondSundayOfMay: DayRule = { month: 5, week: 2, weekday: SUNDAY };
const thirdSundayOfJune: DayRule = { month: 6, week: 3, weekday: SUNDAY };

/** Countries by ISO code; "*" is every country not listed (none for Mother's and Father's Day: they differ too much). */
const RULES: Record<MovingDayName, Record<string, DayRule>> = {
  "mother's day": {
    ...each(["US", "CA", "AU", "NZ", "DE", "AT", "CH", "IT", "NL", "BE", "DK", "FI", "IS", "JP", "CN", "HK", "TW", "SG", "MY", "PH", "IN", "ZA", "BR", "CL", "CO", "PE", "VE", "UY", "TR", "GR", "CY", "EE", "LV", "HR", "SK", "CZ"], secondSundayOfMay),
    // Mothering Sunday: three weeks before Easter Sunday.
    ...each(["GB", "IE", "IM", "JE", "GG"], { fromEaster: -21 }),
    ...each(["ES", "PT", "LT", "HU"], { month: 5, week: 1, weekday: SUNDAY }),
    ...each(["MX", "GT", "SV"], { date: [5, 10] }),
    FR: { frenchMothersDay: true },
  },
  "father's day": {
    ...each(["US", "CA", "GB", "IE", "IM", "JE", "GG", "FR", "NL", "JP", "CN", "HK", "SG", "MY", "PH", "IN", "ZA", "MX", "AR", "CL", "CO", "PE", "VE", "TR", "GR", "CZ", "SK"], thirdSundayOfJune),
    ...each(["AU", "NZ", "FJ", "PG"], { month: 9, week: 1, weekday: SUNDAY }),
    // Saint Joseph's day.
    ...each(["IT", "ES", "PT", "HR"], { date: [3, 19] }),
    // Ascension Day, Vatertag.
    DE: { fromEaster: 39 },
    BR: { month: 8, week: 2, weekday: SUNDAY },
  },
  thanksgiving: {
    CA: { month: 10, week: 2, weekday: 1 },
    // The word is the United States' holiday wherever else it is said.
    "*": { month: 11, week: 4, weekday: 4 },
  },
  // The shops' days after the United States' Thanksgiving, said so wherever they are (ADR 137).
  "black friday": { "*": { fromThanksgiving: 1 } },
  "cyber monday": { "*": { fromThanksgiving: 4 } },
  easter: { "*": { fromEaster: 0 } },
  "good friday": { "*": { fromEaster: -2 } },
  "easter monday": { "*": { fromEaster: 1 } },
  // The rest of Easter's days by name (ADR 138; "pancake day" found no time).
  "shrove tuesday": { "*": { fromEaster: -47 } },
  "ash wednesday": { "*": { fromEaster: -46 } },
  "palm sunday": { "*": { fromEaster: -7 } },
  "maundy thursday": { "*": { fromEaster: -3 } },
  pentecost: { "*": { fromEaster: 49 } },
  // The United States' Monday holidays (ADR 139; "memorial day bbq at 1" was today at 1 PM). Elsewhere asked, as
  // Australia's Labour Day differs by state.
  "memorial day": { US: { month: 5, week: -1, weekday: MONDAY } },
  "labor day": { US: { month: 9, week: 1, weekday: MONDAY }, CA: { month: 9, week: 1, weekday: MONDAY }, NZ: { month: 10, week: 4, weekday: MONDAY } },
  "martin luther king day": { US: { month: 1, week: 3, weekday: MONDAY } },
  "presidents' day": { US: { month: 2, week: 3, weekday: MONDAY } },
  "columbus day": { US: { month: 10, week: 2, weekday: MONDAY } },
};

function each(countries: readonly string[], rule: DayRule): Record<string, DayRule> {
  return Object.fromEntries(countries.map((country) => [country, rule]));
}

/** Where Easter is the Orthodox one. */
const ORTHODOX = new Set(["GR", "CY", "RO", "BG", "RS", "RU", "UA", "BY", "GE", "MK", "ME", "MD"]);

/** The names as typed: "mother's day", "mothers day", "mothering sunday", "father's day", "thanksgiving (day)", "easter (sunday)". */
export const MOVING_DAY = String.raw`(?:mother'?s'?\s+day|mothering\s+sunday|father'?s'?\s+day|thanksgiving(?:\s+day)?|easter\s+(?:sunday|day|monday)|easter|good\s+friday|black\s+friday|cyber\s+monday|pancake\s+day|shrove\s+tuesday|mardi\s+gras|ash\s+wednesday|palm\s+sunday|maundy\s+thursday|pentecost|whit\s+sunday|memorial\s+day|labou?r\s+day|(?:martin\s+luther\s+king(?:\s+jr\.?)?|mlk)\s+day|presidents'?\s+day|(?:columbus|indigenous\s+peoples'?)\s+day)`;

/** Which day a name typed stands for ("mothers day" → "mother's day"), or null. */
export function movingDayName(typed: string): MovingDayName | null {
  const words = typed.toLowerCase().replace(/\s+/g, " ").trim();
  if (/^(?:mother'?s'? day|mothering sunday)$/.test(words)) return "mother's day";
  if (/^father'?s'? day$/.test(words)) return "father's day";
  if (/^thanksgiving(?: day)?$/.test(words)) return "thanksgiving";
  if (/^easter monday$/.test(words)) return "easter monday";
  if (/^good friday$/.test(words)) return "good friday";
  if (/^black friday$/.test(words)) return "black friday";
  if (/^cyber monday$/.test(words)) return "cyber monday";
  if (/^(?:pancake day|shrove tuesday|mardi gras)$/.test(words)) return "shrove tuesday";
  if (/^ash wednesday$/.test(words)) return "ash wednesday";
  if (/^palm sunday$/.test(words)) return "palm sunday";
  if (/^maundy thursday$/.test(words)) return "maundy thursday";
  if (/^(?:pentecost|whit sunday)$/.test(words)) return "pentecost";
  if (/^memorial day$/.test(words)) return "memorial day";
  if (/^labou?r day$/.test(words)) return "labor day";
  if (/^(?:martin luther king(?: jr\.?)?|mlk) day$/.test(words)) return "martin luther king day";
  if (/^presidents'? day$/.test(words)) return "presidents' day";
  if (/^(?:columbus|indigenous peoples'?) day$/.test(words)) return "columbus day";
  if (/^easter(?: sunday| day)?$/.test(words)) return "easter";
  return null;
}

/** The rule of the person's country for the day, or null when it is not known there. */
function ruleIn(name: MovingDayName, zone: string): { rule: DayRule; country: string } | null {
  const country = getTimezone(zone)?.countries[0] ?? "";
  const rule = RULES[name][country] ?? RULES[name]["*"];
  return rule ? { rule, country } : null;
}

/** The day's date in `year` where the person lives, or null when the day is not known there. */
export function movingDayIn(name: MovingDayName, year: number, zone: string): { year: number; month: number; day: number } | null {
  const found = ruleIn(name, zone);
  if (!found) return null;
  const { rule, country } = found;
  if ("date" in rule) return { year, month: rule.date[0], day: rule.date[1] };
  if ("week" in rule) {
    const day = placeInMonth(year, rule.month, rule.weekday, rule.week);
    return day ? { year, month: day.month, day: day.day } : null;
  }
  if ("fromThanksgiving" in rule) {
    const thanksgiving = placeInMonth(year, 11, 4, 4);
    return thanksgiving ? dateOf(thanksgiving.plus({ days: rule.fromThanksgiving })) : null;
  }
  const easter = easterSunday(year, country);
  if ("fromEaster" in rule) return dateOf(easter.plus({ days: rule.fromEaster }));
  // The last Sunday of May, or the first of June when that is Pentecost (Easter + 49 days).
  const lastSundayOfMay = placeInMonth(year, 5, SUNDAY, -1);
  if (!lastSundayOfMay) return null;
  return dateOf(lastSundayOfMay.hasSame(easter.plus({ days: 49 }), "day") ? lastSundayOfMay.plus({ weeks: 1 }) : lastSundayOfMay);
}

/**
 * The day as a yearly repeat the rules can hold ("every mother's day" in the United States: the second Sunday of May),
 * or null: a day set by Easter moves in a way no rule follows.
 */
export function movingDayRepeat(name: MovingDayName, zone: string): { month: number; dayOfMonth: number } | { month: number; week: WeekOfMonth; weekday: Weekday } | null {
  const found = ruleIn(name, zone);
  if (!found) return null;
  const { rule } = found;
  if ("date" in rule) return { month: rule.date[0], dayOfMonth: rule.date[1] };
  if ("week" in rule) return { month: rule.month, week: rule.week, weekday: rule.weekday };
  return null;
}

function easterSunday(year: number, country: string): DateTime {
  const { month, day } = ORTHODOX.has(country) ? orthodoxEaster(year) : gregorianEaster(year);
  return DateTime.utc(year, month, day);
}

function dateOf(day: DateTime): { year: number; month: number; day: number } {
  return { year: day.year, month: day.month, day: day.day };
}

/** How a day's name is written back to the person. */
export const MOVING_DAY_TITLES: Record<MovingDayName, string> = {
  "mother's day": "Mother's Day",
  "father's day": "Father's Day",
  thanksgiving: "Thanksgiving",
  easter: "Easter",
  "good friday": "Good Friday",
  "easter monday": "Easter Monday",
  "black friday": "Black Friday",
  "cyber monday": "Cyber Monday",
  "shrove tuesday": "Shrove Tuesday",
  "ash wednesday": "Ash Wednesday",
  "palm sunday": "Palm Sunday",
  "maundy thursday": "Maundy Thursday",
  pentecost: "Pentecost",
  "memorial day": "Memorial Day",
  "labor day": "Labor Day",
  "martin luther king day": "Martin Luther King Day",
  "presidents' day": "Presidents' Day",
  "columbus day": "Columbus Day",
};

/** The days no yearly rule holds that follow Thanksgiving, not Easter (as written back, for the answer's words). */
export const SET_BY_THANKSGIVING: ReadonlySet<string> = new Set([MOVING_DAY_TITLES["black friday"], MOVING_DAY_TITLES["cyber monday"]]);

/** What the words say of a moving day: its next date, a yearly repeat on it, or that it cannot be set here. */
export type MovingDayFound =
  | { kind: "date"; date: { year: number; month: number; day: number }; span: Span; inTitle: boolean }
  | { kind: "repeat"; span: Span; rule: Extract<Recurrence, { freq: "yearly" }> }
  | { kind: "unknown_here" | "moves_with_easter"; name: MovingDayName };

/** "labor day weekend": the weekend of the day (itsWeekend). */
const ITS_WEEKEND = String.raw`(?<weekend>\s+weekend\b)?`;

/** "every mother's day", "each easter": the day every year. */
const EVERY_MOVING_DAY = new RegExp(String.raw`\b(?:every|each)\s+(?:year\s+(?:on|at)\s+)?(?<name>${MOVING_DAY})\b`, "i");
/** "on father's day", "by thanksgiving", "the afternoon of thanksgiving": the day; the words leave the title. */
const ON_A_MOVING_DAY = new RegExp(String.raw`\b(?:(?:on|by|before|until|till)\s+(?:the\s+)?|${OF_AFTER_A_PART_OF_DAY}\s+)(?<name>${MOVING_DAY})\b${ITS_WEEKEND}`, "i");
/** "mothers day brunch", "easter egg hunt at 10": the day as the first words, which stay in the title before a name. */
const LEADING_MOVING_DAY = new RegExp(String.raw`^\s*(?<name>${MOVING_DAY})\b${ITS_WEEKEND}`, "i");

/**
 * The moving day in `text`, or null. As the first words it is the day only when nothing else names one (`dayNamed`):
 * "thanksgiving dinner tomorrow at 7" is tomorrow. Elsewhere without "on"/"by" it is part of the title ("buy a
 * mother's day card").
 */
export function findMovingDay(text: string, now: Date, zone: string, dayNamed: (text: string) => boolean): MovingDayFound | null {
  const every = EVERY_MOVING_DAY.exec(text);
  if (every) {
    const name = movingDayName(every.groups?.name ?? "");
    if (!name) return null;
    const rule = movingDayRepeat(name, zone);
    if (!rule) return { kind: movingDayIn(name, 2000, zone) ? "moves_with_easter" : "unknown_here", name };
    return { kind: "repeat", span: spanOf(every), rule: { freq: "yearly", ...rule } };
  }
  const on = ON_A_MOVING_DAY.exec(text);
  const leading = on ? null : LEADING_MOVING_DAY.exec(text);
  const match = on ?? leading;
  if (!match) return null;
  const span = spanOf(match);
  if (leading && dayNamed(blankOut(text, [span]))) return null;
  const name = movingDayName(match.groups?.name ?? "");
  if (!name) return null;
  const day = nextMovingDay(name, now, zone);
  const date = day && match.groups?.weekend ? itsWeekend(day) : day;
  // "thanksgiving call grandma", "good friday at 10 call mum": the day, then what to do; the name leaves the title.
  const inTitle = leading !== null && !startsWithAVerb(text.slice(span.end));
  return date ? { kind: "date", date, span, inTitle } : { kind: "unknown_here", name };
}

/**
 * "labor day weekend camping", "on memorial day weekend": the weekend a Monday's day ends (its Saturday), or a Sunday's
 * (the day before). It was this weekend, titled "labor day camping". Another day's weekend is the day itself.
 */
function itsWeekend(day: { year: number; month: number; day: number }): { year: number; month: number; day: number } {
  const date = DateTime.utc(day.year, day.month, day.day);
  return date.weekday === MONDAY ? dateOf(date.minus({ days: 2 })) : date.weekday === SUNDAY ? dateOf(date.minus({ days: 1 })) : day;
}

/** This year's day if it is today or still to come on the person's calendar, else next year's; null if not known here. */
function nextMovingDay(name: MovingDayName, now: Date, zone: string): { year: number; month: number; day: number } | null {
  const today = DateTime.fromJSDate(now, { zone }).startOf("day");
  const thisYear = movingDayIn(name, today.year, zone);
  if (!thisYear) return null;
  const isAhead = DateTime.fromObject(thisYear, { zone }) >= today;
  return isAhead ? thisYear : movingDayIn(name, today.year + 1, zone);
}

function spanOf(match: RegExpExecArray): Span {
  return { start: match.index, end: match.index + match[0].length };
}
