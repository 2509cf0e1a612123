/**
 * Days of a country on one date each year, always said as a day by their name (ADR 138; "burns night supper at 7" was
 * tonight): each name once, for both the date (FIXED_DAYS) and the words (NAMED_DAY_SAID_AS_A_DAY).
 */
const DAYS_OF_A_COUNTRY: ReadonlyArray<[name: string, month: number, day: number]> = [
  [String.raw`burns\s+night`, 1, 25],
  [String.raw`st\.?\s+david'?s\s+day`, 3, 1],
  [String.raw`st\.?\s+george'?s\s+day`, 4, 23],
  [String.raw`st\.?\s+andrew'?s\s+day`, 11, 30],
  [String.raw`remembrance\s+day`, 11, 11],
  [String.raw`april\s+fool'?s'?\s+day`, 4, 1],
  [String.raw`groundhog\s+day`, 2, 2],
  [String.raw`earth\s+day`, 4, 22],
  [String.raw`juneteenth`, 6, 19],
  [String.raw`canada\s+day`, 7, 1],
  [String.raw`australia\s+day`, 1, 26],
  [String.raw`anzac\s+day`, 4, 25],
  [String.raw`waitangi\s+day`, 2, 6],
  [String.raw`bastille\s+day`, 7, 14],
  [String.raw`cinco\s+de\s+mayo`, 5, 5],
];

/**
 * Days of the year known by name, on the same date every year: read as a date by relative-phrases.ts ("on christmas
 * eve") and as a yearly repeat by recurrence-phrases.ts ("every christmas"). Days whose date moves with the year or
 * the country (Easter, Mother's Day, Thanksgiving) are in moving-days.ts.
 */
const FIXED_DAYS: ReadonlyArray<[RegExp, number, number]> = [
  [/^(?:christmas|xmas)\s+eve$/i, 12, 24],
  [/^(?:christmas|xmas)(?:\s+day)?$/i, 12, 25],
  [/^boxing\s+day$/i, 12, 26],
  [/^(?:new\s+year'?s?\s+eve|nye)$/i, 12, 31],
  [/^new\s+year'?s?\s+day$/i, 1, 1],
  [/^halloween$/i, 10, 31],
  [/^valentine'?s(?:\s+day)?$/i, 2, 14],
  [/^(?:bonfire|guy\s+fawkes)\s+night$/i, 11, 5],
  [/^st\.?\s+patrick'?s\s+day$/i, 3, 17],
  ...DAYS_OF_A_COUNTRY.map(([name, month, day]): [RegExp, number, number] => [new RegExp(`^${name}$`, "i"), month, day]),
];

/** The days known as a night ("on bonfire night"): the "night" names the day, not a part of it. */
export const NAMED_NIGHT = String.raw`(?:bonfire|guy\s+fawkes|burns)\s+night`;

/** The names that say they are a day by themselves ("christmas eve", "boxing day", "bonfire night"). */
export const NAMED_DAY_SAID_AS_A_DAY = String.raw`(?:(?:christmas|xmas)\s+(?:eve|day)|boxing\s+day|new\s+year'?s?\s+(?:eve|day)|nye|valentine'?s\s+day|${NAMED_NIGHT}|st\.?\s+patrick'?s\s+day|${DAYS_OF_A_COUNTRY.map(([name]) => name).join("|")})`;

/** The short names, a day only when the words around say so ("on christmas", not "the christmas party"). */
export const NAMED_DAY_SHORT = "(?:christmas|xmas|halloween|valentine'?s)";

/**
 * The meals eaten on a day known by name ("christmas dinner", "xmas lunch", "valentine's dinner"): after a short name as
 * the first words, the day, as "thanksgiving dinner" and "mother's day lunch" are (moving-days.ts). They were today's.
 * Not a party, the shopping or the cards: those are mostly on other days ("the christmas party at 7" names the party).
 */
export const NAMED_DAY_MEAL = String.raw`(?:breakfast|brunch|lunch|dinner|supper|meal|feast)`;

/** Any of the names, with or without its "day" or "eve" ("christmas", "christmas eve", "new year's day", "valentine's"). */
export const NAMED_DAY = `(?:${NAMED_DAY_SAID_AS_A_DAY}|${NAMED_DAY_SHORT})`;

/** The month and day a name stands for ("christmas eve" → 12, 24), or null for a name that is none of them. */
export function namedDayOfYear(name: string): { month: number; day: number } | null {
  const found = FIXED_DAYS.find(([pattern]) => pattern.test(name.trim().replace(/\s+/g, " ")));
  return found ? { month: found[1], day: found[2] } : null;
}
