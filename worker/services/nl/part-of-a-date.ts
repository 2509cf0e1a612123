import type * as chrono from "chrono-node";
import type { Span } from "./types";

/**
 * "bake on the morning of the 12th", "in the morning on the 12th", "the evening of friday", "at night on dec 3": a
 * part of the day said before its day. chrono joins the two into one reading, but takes the part of the day (no hour
 * of its own) for the date and the day for the time, so the day was lost: each of these was due tomorrow morning or
 * tonight (chrono's merge keeps the date of whichever of the two has no certain hour). Joined here, before chrono's
 * merge, the way it joins "on the 12th in the morning": the day's reading with the part of the day's hour implied
 * and its words in the text, from a "the" or "in the"/"on the" before it ("on the morning of the 12th" leaves no
 * "on the" in the title).
 */
export const PART_OF_DAY_BEFORE_ITS_DAY: chrono.Refiner = {
  refine: (context, results) => {
    const all = context.text;
    const joinedUp: chrono.ParsingResult[] = [];
    for (let i = 0; i < results.length; i++) {
      const part = results[i] as chrono.ParsingResult;
      // The longest of the readings that start where the next one does: "the morning of friday the 12th" is joined to
      // "friday the 12th", not to "friday" (it was the next Friday, titled "the 12th bake").
      const sameStart = results.slice(i + 1).filter((other) => other.index === results[i + 1]?.index);
      const day = sameStart.reduce<chrono.ParsingResult | undefined>((longest, other) => (!longest || other.text.length > longest.text.length ? other : longest), undefined);
      const start = startWithItsWords(part, all);
      if (day && joinsItsDay(part, day, results, all)) {
        joinedUp.push(dayWithItsPart(day, part, start, all));
        i += sameStart.length;
      } else {
        joinedUp.push(isOfSomething(part, results, joinedUp.at(-1), start, all) ? withText(part, start, all) : part);
      }
    }
    return joinedUp;
  },
};

/** Where a part of the day's words start: at "the", "in the", "on the" before it, or at the part itself. */
function startWithItsWords(part: chrono.ParsingResult, all: string): number {
  const lead = THE_BEFORE.exec(all.slice(0, part.index));
  return lead ? part.index - lead[0].length : part.index;
}

/** "mid-morning tomorrow": a longer reading holds the part of the day (moments.ts), and chrono keeps that one. */
function readOtherwise(part: chrono.ParsingResult, results: readonly chrono.ParsingResult[], day?: chrono.ParsingResult): boolean {
  return results.some((other) => other !== part && other !== day && other.index <= part.index && part.index < other.index + other.text.length);
}

/** A part of the day alone, then a day right after it ("morning of the 12th", "evening on friday"). */
function joinsItsDay(part: chrono.ParsingResult, day: chrono.ParsingResult, results: readonly chrono.ParsingResult[], all: string): boolean {
  return !readOtherwise(part, results, day) && isAPartOfDayAlone(part) && namesADayOnly(day) && BETWEEN_PART_AND_DAY.test(all.slice(part.index + part.text.length, day.index));
}

/** The day's reading with the part of the day's hour implied, its tags and its words from `start`. */
function dayWithItsPart(day: chrono.ParsingResult, part: chrono.ParsingResult, start: number, all: string): chrono.ParsingResult {
  const joined = withText(day, start, all, day.index + day.text.length);
  for (const component of ["hour", "minute", "second", "millisecond", "meridiem"] as const) {
    if (!joined.start.isCertain(component) && part.start.get(component) !== null) joined.start.imply(component, part.start.get(component) ?? 0);
  }
  joined.addTags(part.tags());
  return joined;
}

/**
 * "on the afternoon of thanksgiving" (moving-days.ts reads the day), "the morning of the party": the words before the
 * part of the day go with it, so no "the" is left in the title. Not right after another reading: "tonight, the night
 * of the party" would then be joined to it by chrono.
 */
function isOfSomething(part: chrono.ParsingResult, results: readonly chrono.ParsingResult[], previous: chrono.ParsingResult | undefined, start: number, all: string): boolean {
  const afterAReading = previous !== undefined && /^[\s,]*$/.test(all.slice(previous.index + previous.text.length, start));
  return !readOtherwise(part, results) && !afterAReading && isAPartOfDayAlone(part) && OF_NEXT.test(all.slice(part.index + part.text.length));
}

/** "(the morning) of": "of" as a day's lead word after a part of the day ("the morning of christmas", "the night of the 12th"). */
export const OF_AFTER_A_PART_OF_DAY = String.raw`(?<=\b(?:morning|afternoon|evening|night)\s+)of`;

/** A copy of `result` read from `start` (to `end`, or its own end) of the text. */
function withText(result: chrono.ParsingResult, start: number, all: string, end = result.index + result.text.length): chrono.ParsingResult {
  const copy = result.clone();
  copy.index = start;
  copy.text = all.slice(start, end);
  return copy;
}

/** "of" next, or the blank a day read before left ("the afternoon of thanksgiving", moving-days.ts: "of thanksgiving" blanked). */
const OF_NEXT = /^(?:\s+of\s|\s{3,})/i;
const PART_TAG = /^casualReference\/(?:morning|afternoon|evening|night)$/;
/** "tonight", "this evening", "last night" are today's or yesterday's: never another day's part. */
const SAYS_ITS_OWN_DAY = /\b(?:this|tonight|last|yesterday|tomorrow|today)\b/i;
/** Nothing, "of" or "on" between: "morning of the 12th", "morning on friday", "night, dec 3", "morning of the (12th of december)". */
const BETWEEN_PART_AND_DAY = /^\s*,?\s*(?:(?:of|on)\s+)?(?:the\s+)?$/i;
/** "the morning of", "on the morning of", "in the morning on": the words before the part of the day. */
const THE_BEFORE = /(?:\b(?:in|on)\s+)?\bthe\s+$/i;

function isAPartOfDayAlone(result: chrono.ParsingResult): boolean {
  const tags = [...result.tags()];
  const certain = (["day", "weekday", "month", "year", "hour"] as const).some((component) => result.start.isCertain(component));
  return !certain && tags.some((tag) => PART_TAG.test(tag)) && !SAYS_ITS_OWN_DAY.test(result.text);
}

function namesADayOnly(result: chrono.ParsingResult): boolean {
  // "today", "tomorrow": chrono joins those to a part of the day itself.
  const casualDay = [...result.tags()].some((tag) => tag.startsWith("parser/ENCasualDateParser"));
  return (result.start.isCertain("day") || result.start.isCertain("weekday")) && !casualDay && !result.tags().has("result/relativeDateAndTime");
}

/**
 * "bake the morning of the party", "the night of the gig, charge the camera": a part of the day of a thing, not of a
 * day (no day was joined to it: `spans`, the spans read as days and times, do not hold its "of"). Where its part of the
 * day is and its words ("the morning of"), or null. With a day said elsewhere ("the morning of the party on
 * saturday") its words name the thing and stay in the title; without, which day is asked, not tomorrow morning taken.
 */
export function partOfDayOfAThing(text: string, spans: readonly Span[]): { part: Span; words: string } | null {
  for (const match of text.matchAll(PART_OF_DAY_OF)) {
    const at = match.index ?? 0;
    const of = at + match[0].length - 2;
    if (spans.some((span) => span.start <= of && of < span.end)) continue;
    // The part of the day as read, with the words before it ("on the morning"), or else the word alone.
    const word = at + match[0].search(/(?:morning|afternoon|evening|night)/i);
    const part = spans.find((span) => span.start <= word && word < span.end) ?? { start: word, end: word + (match[1] ?? "").length };
    return { part, words: match[0].toLowerCase().replace(/\s+/g, " ") };
  }
  return null;
}
const PART_OF_DAY_OF = /\bthe\s+(morning|afternoon|evening|night)\s+of(?=\s+\S)/gi;
