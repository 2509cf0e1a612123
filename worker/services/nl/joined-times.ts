/**
 * Several times of day joined in one prompt ("take meds at 8am and 8pm every day", "pills with breakfast and dinner",
 * "every morning and evening meditate"), split into one prompt per time, each with the rest of the words as typed
 * ("take meds at 8am every day", "take meds at 8pm every day"). One reminder holds one time; the caller reads each
 * prompt as its own reminder (tasks/several-times.ts, ADR 181). Only lists whose every time can be told alone are
 * split: "at 8, 2 and 8" (which 8?) and "at 5 or 6" (a choice) stay questions for the person.
 */

/** The most times one prompt makes: a dose schedule, not a way to flood the list. */
export const MOST_JOINED_TIMES = 6;

/** A clock time that needs no other to be told: "8am", "8:30 p.m.", "20:00", "08:00", "19", "noon". */
const CLEAR_CLOCK = String.raw`(?:\d{1,2}(?::\d{2})?\s*[ap]\.?m\.?|[01]\d:\d{2}|2[0-3]:\d{2}|1[3-9]|2[0-3]|noon|midday|midnight)`;
const AT = String.raw`(?:(?:at|@)\s*)?`;
/** Between two times: a comma (with "and"), "and", "&", "+", or a space alone ("meds 8am 2pm 8pm"). */
const BETWEEN = String.raw`(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*[&+]\s*|\s+)`;
const CLOCK_LIST = new RegExp(String.raw`(?<![\w:./])${AT}${CLEAR_CLOCK}(?:${BETWEEN}${AT}${CLEAR_CLOCK})+(?![\w:])`, "i");

const PART = String.raw`(morning|afternoon|evening|night)s?`;
const PART_PREFIX = String.raw`(?:(?:in\s+the|at)\s+)`;
const JOINER = String.raw`\s*(?:,\s*(?:and\s+)?|and|&|\+)\s*`;
const PART_LIST = new RegExp(String.raw`\b(${PART_PREFIX})?${PART}(?:${JOINER}${PART_PREFIX}?${PART})+\b`, "i");
const PART_ITEM = new RegExp(String.raw`\b${PART}\b`, "gi");

const MEAL_PREP = String.raw`(with|before|after|at)`;
const MEAL = String.raw`(breakfast|lunch|dinner|supper|tea)`;
const MEAL_LIST = new RegExp(String.raw`\b${MEAL_PREP}\s+${MEAL}(?:${JOINER}(?:${MEAL_PREP}\s+)?${MEAL})+\b`, "i");
const MEAL_ITEM = new RegExp(String.raw`\b(?:${MEAL_PREP}\s+)?${MEAL}\b`, "gi");

/**
 * One prompt per time when `text` joins two or more times of day that can each be told alone, in the order typed;
 * otherwise null (no list, one time, more than MOST_JOINED_TIMES).
 */
export function eachJoinedTime(text: string): string[] | null {
  const found = clockList(text) ?? noonThenBareHour(text) ?? partList(text) ?? everyMeal(text) ?? mealList(text);
  if (!found || found.times.length < 2 || found.times.length > MOST_JOINED_TIMES) return null;
  const before = text.slice(0, found.index);
  const after = text.slice(found.index + found.length);
  return found.times.map((time) => `${before}${time}${after}`.replace(/\s+/g, " ").trim());
}

interface JoinedList {
  index: number;
  length: number;
  /** Each time as it stands alone in a prompt: "at 8am", "in the morning", "with dinner". */
  times: string[];
}

function clockList(text: string): JoinedList | null {
  const match = CLOCK_LIST.exec(text);
  if (!match) return null;
  const times = [...match[0].matchAll(new RegExp(CLEAR_CLOCK, "gi"))].map((time) => `at ${time[0]}`);
  return { index: match.index, length: match[0].length, times };
}

/**
 * "at noon and 6", "midday & 5:30": a bare hour after noon is the afternoon's or the evening's, as the day goes on
 * (it was one reminder at noon titled "check on mom and 6"). Not before noon ("at 6 and noon": which 6?).
 */
const NOON_THEN_BARE_HOUR = new RegExp(String.raw`(?<![\w:.])${AT}(?:noon|midday)${JOINER}${AT}(1[01]|[1-9])(?::([0-5]\d))?(?![\w:])`, "i");

function noonThenBareHour(text: string): JoinedList | null {
  const match = NOON_THEN_BARE_HOUR.exec(text);
  if (!match) return null;
  return { index: match.index, length: match[0].length, times: ["at noon", `at ${match[1]}${match[2] ? `:${match[2]}` : ""}pm`] };
}

/**
 * "morning and night", "in the morning and at night": each part in the words around it. After "in the"/"at" each
 * takes its own ("in the evening", "at night"); bare, it stays bare, so "every morning and evening" and "tomorrow
 * morning and evening" keep "every" and "tomorrow" for each; a plural is every one ("mornings and evenings").
 */
function partList(text: string): JoinedList | null {
  const match = PART_LIST.exec(text);
  if (!match) return null;
  const prefixed = Boolean(match[1]);
  const afterEvery = /\b(?:every|each)\s+$/i.test(text.slice(0, match.index));
  const times = [...match[0].matchAll(PART_ITEM)].map((part) => {
    const word = part[0].toLowerCase();
    // "vitamins mornings and evenings": every morning and every evening.
    const one = word.replace(/s$/, "");
    if (!prefixed) return word.endsWith("s") && !afterEvery ? `every ${one}` : one;
    return one === "night" ? "at night" : `in the ${one}`;
  });
  return { index: match.index, length: match[0].length, times };
}

/** "before every meal", "with meals", "before breakfast, lunch and dinner": each of the day's meals, every day. */
export const WITH_EVERY_MEAL = /\b(before|after|with)\s+(?:(?:every|each)\s+meal|meals|breakfast\s*,?\s*(?:and\s+)?lunch\s*,?\s*(?:and|&)\s+(?:dinner|supper|tea))\b/i;
const SAYS_EVERY_DAY = /\b(?:every\s*day|each\s+day|daily)\b/i;

/** "take my insulin before every meal": before breakfast, lunch and dinner, every day (one reminder each). */
function everyMeal(text: string): JoinedList | null {
  const match = WITH_EVERY_MEAL.exec(text);
  if (!match) return null;
  const prep = match[1]!.toLowerCase();
  const daily = SAYS_EVERY_DAY.test(text) ? "" : " every day";
  return { index: match.index, length: match[0].length, times: ["breakfast", "lunch", "dinner"].map((meal) => `${prep} ${meal}${daily}`) };
}

/** "with breakfast and dinner", "before breakfast and after dinner": a meal without its own word takes the one before. */
function mealList(text: string): JoinedList | null {
  const match = MEAL_LIST.exec(text);
  if (!match) return null;
  let prep = "with";
  const times = [...match[0].matchAll(MEAL_ITEM)].map((meal) => {
    prep = meal[1]?.toLowerCase() ?? prep;
    return `${prep} ${meal[2]!.toLowerCase()}`;
  });
  return { index: match.index, length: match[0].length, times };
}
