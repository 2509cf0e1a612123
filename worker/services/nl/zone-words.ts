import type * as chrono from "chrono-node";
import { DateTime } from "luxon";

/**
 * chrono takes a word of two to four letters after a time for a time zone's abbreviation, whatever its case, and
 * drops it from the text: "at 5pm eat dinner" was titled "dinner" (EAT, East Africa Time), "at 5pm pet the dog" "the
 * dog", "at 6 cat food" "food", "at 5pm art class" "class". Only the abbreviations people write for a zone ("9am
 * EST", "3pm cet"; "WET" and "WEST" in capitals only, being words too) are taken for one; any other word stays in
 * the title. Two-letter ones and those
 * that are more often something else are not on the list: "at 10 PT session" (physical therapy, not Pacific Time),
 * "at 3 CAT scan", "at 5pm ART class"; nor IST (India, Ireland and Israel each call their clock so).
 *
 * chrono's refiner that reads them (ExtractTimezoneAbbrRefiner) is the one whose instances carry
 * `timezoneOverrides`; it is wrapped, and what it took in other than capitals is given back. A zone it did take
 * sets the clock the time is said on (DateTimeHints.offsetMinutes, parse-reminder.ts).
 */
const ZONE_WORDS = new Set([
  "UTC", "GMT", "BST", "WET", "WEST", "CET", "CEST", "EET", "EEST", "MSK",
  "EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT", "AKST", "AKDT", "HST",
  "JST", "KST", "SGT", "HKT", "AEST", "AEDT", "ACST", "ACDT", "AWST", "NZST", "NZDT",
]);

/** Zone abbreviations that are also English words ("at 5 wet the plants"): taken only in capitals. */
const ALSO_WORDS = new Set(["WET", "WEST"]);

function isZoneWord(word: string): boolean {
  const upper = word.toUpperCase();
  return ZONE_WORDS.has(upper) && (word === upper || !ALSO_WORDS.has(upper));
}

export function onlyZoneWords(refiner: chrono.Refiner): chrono.Refiner {
  if (!("timezoneOverrides" in refiner)) return refiner;
  return {
    refine(context, results) {
      const before = new Map(results.map((result) => [result, { text: result.text, zoneKnown: result.start.isCertain("timezoneOffset"), endZoneKnown: result.end?.isCertain("timezoneOffset") ?? false }]));
      const refined = refiner.refine(context, results);
      for (const result of refined) {
        const earlier = before.get(result);
        if (!earlier || result.text === earlier.text) continue;
        const taken = /[A-Za-z]+/.exec(result.text.slice(earlier.text.length))?.[0] ?? "";
        if (isZoneWord(taken)) continue;
        result.text = earlier.text;
        if (!earlier.zoneKnown) result.start.delete("timezoneOffset");
        if (result.end && !earlier.endZoneKnown) result.end.delete("timezoneOffset");
      }
      return refined;
    },
  };
}

/**
 * The abbreviations people say for a region's clock whatever the season, taken as that region's clock: "9am EST" said
 * in July is New York's 9 AM (EDT), "6pm BST" in November London's 6 PM (GMT), "10 CEST" in winter Berlin's 10 (CET).
 * Read as fixed offsets, each was an hour off (ADR 137). The others stay fixed: "UTC", "GMT" (said for UTC); "CST"
 * (China's too), "MST" (Arizona keeps it all year), "AEST" and "ACST" (Queensland and the Northern Territory do), and
 * those of places without summer time ("JST", "SGT", "HST").
 */
const REGION_OF_THE_ABBREVIATION: Record<string, string> = {
  EST: "America/New_York", EDT: "America/New_York", CDT: "America/Chicago", MDT: "America/Denver",
  PST: "America/Los_Angeles", PDT: "America/Los_Angeles", AKST: "America/Anchorage", AKDT: "America/Anchorage",
  BST: "Europe/London", WEST: "Europe/Lisbon", CET: "Europe/Paris", CEST: "Europe/Paris", EET: "Europe/Athens", EEST: "Europe/Athens",
  AEDT: "Australia/Sydney", ACDT: "Australia/Adelaide", NZST: "Pacific/Auckland", NZDT: "Pacific/Auckland",
};

/** The region whose clock a time's zone word names ("9am EST": America/New_York), or null for a fixed one or none. */
export function regionOfTheZoneWord(timeText: string): string | null {
  // The zone word may be followed by a day chrono read with it ("9am EST tomorrow").
  const word = timeText.match(/\b[A-Za-z]{3,4}\b/g)?.find(isZoneWord) ?? "";
  return REGION_OF_THE_ABBREVIATION[word.toUpperCase()] ?? null;
}

/**
 * The zone the prompt's time is on: the person's, or the region's the words named ("9am EST": New York's), or else the
 * fixed offset they named ("UTC+2") when that differs from the person's offset now. A repeat keeps the person's clock
 * (the next ones are found there), so a repeat on another clock is asked to be said on theirs.
 */
export function clockOfTheWords(offsetMinutes: number | undefined, now: Date, zone: string, region?: string): string {
  const ownOffset = DateTime.fromJSDate(now, { zone }).offset;
  if (region) return DateTime.fromJSDate(now, { zone: region }).offset === ownOffset ? zone : region;
  if (offsetMinutes === undefined || offsetMinutes === ownOffset) return zone;
  const sign = offsetMinutes < 0 ? "-" : "+";
  const whole = Math.abs(offsetMinutes);
  return `UTC${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * A region's clock named in words after a time ("2pm eastern", "at 3 central time", "11am mountain time", "standup at
 * 10 ET", "9am uk time", "at 6 london time"), or the person's own ("at 8 my time", "local time"): the zone, or null for
 * their own. They were left in the title ("standup et", "webinar eastern") and the time read on the person's clock.
 * The two-letter forms only as the last words or before a mark ("at 10 PT session" is physical therapy).
 */
export function clockWordsAfter(text: string, timeEnd: number): { span: { start: number; end: number }; region: string | null } | null {
  const match = CLOCK_WORDS_AFTER.exec(text.slice(timeEnd));
  if (!match) return null;
  const words = (match[1] ?? "").toLowerCase().replace(/\s+/g, " ");
  const region = OWN_CLOCK.test(words) ? null : (REGION_OF_THE_WORDS[words.replace(/ (?:standard |daylight )?time$/, "").replace(/ (?:standard|daylight)$/, "")] ?? null);
  if (region === null && !OWN_CLOCK.test(words)) return null;
  const start = timeEnd + match.index + match[0].indexOf(match[1] ?? "");
  return { span: { start, end: start + (match[1] ?? "").length }, region };
}

const REGION_OF_THE_WORDS: Record<string, string> = {
  eastern: "America/New_York", et: "America/New_York", "new york": "America/New_York", ny: "America/New_York", nyc: "America/New_York",
  central: "America/Chicago", ct: "America/Chicago", chicago: "America/Chicago",
  mountain: "America/Denver", mt: "America/Denver", denver: "America/Denver",
  pacific: "America/Los_Angeles", pt: "America/Los_Angeles", la: "America/Los_Angeles", "los angeles": "America/Los_Angeles", california: "America/Los_Angeles",
  uk: "Europe/London", london: "Europe/London", british: "Europe/London", irish: "Europe/Dublin", dublin: "Europe/Dublin", ireland: "Europe/Dublin",
  israel: "Asia/Jerusalem", israeli: "Asia/Jerusalem",
  paris: "Europe/Paris", france: "Europe/Paris", french: "Europe/Paris", berlin: "Europe/Berlin", germany: "Europe/Berlin", german: "Europe/Berlin",
  india: "Asia/Kolkata", indian: "Asia/Kolkata", tokyo: "Asia/Tokyo", japan: "Asia/Tokyo", singapore: "Asia/Singapore", dubai: "Asia/Dubai",
  "hong kong": "Asia/Hong_Kong", sydney: "Australia/Sydney", melbourne: "Australia/Melbourne", toronto: "America/Toronto", vancouver: "America/Vancouver",
};
const PLACE = "eastern|central|mountain|pacific|new\\s+york|nyc|ny|chicago|denver|la|los\\s+angeles|california|uk|london|british|irish|dublin|ireland|israeli?|paris|france|french|berlin|germany|german|india|indian|tokyo|japan|singapore|dubai|hong\\s+kong|sydney|melbourne|toronto|vancouver";
const OWN_CLOCK = /^(?:my|my\s+local|local|our|our\s+local)\s+time$/i;
/**
 * Right after the time: a place's name with "time" ("uk time"), one of the four American regions with or without it
 * ("eastern", "central standard time"), the person's own ("my time"), or ET/CT/MT/PT at the end or before a mark.
 */
const CLOCK_WORDS_AFTER = new RegExp(
  String.raw`^\s*((?:${PLACE})\s+(?:(?:standard|daylight)\s+)?time|(?:eastern|central|mountain|pacific)(?:\s+(?:standard|daylight))?(?=\s*(?:$|[,.;!?]))|(?:(?:my|our)(?:\s+local)?|local)\s+time|(?:et|ct|mt|pt)(?=\s*(?:$|[,.;!?])))\b`,
  "i",
);

/**
 * A clock named after the time that the reader cannot know: someone else's ("at 9 her time", "10am mum's time") or an
 * abbreviation three countries use ("9am IST": India, Ireland, Israel). The words were left in the title ("call her her
 * time") and the time read on the person's own clock, hours off. The words as said, for the question, or null.
 */
export function unknownClockAfter(text: string, timeEnd: number): string | null {
  return UNKNOWN_CLOCK_AFTER.exec(text.slice(timeEnd))?.[1]?.replace(/\s+/g, " ") ?? null;
}

/** Not a person's: "it's time to go", "in 3 days' time", "a week's time". */
const NOT_SOMEONE = "(?:it|that|what|there|here|who|one|now|today|tonight|tomorrow|day|days|week|weeks|fortnight|month|months|year|years|hour|minute)";
const UNKNOWN_CLOCK_AFTER = new RegExp(
  String.raw`^\s*((?:her|his|their|your|(?!${NOT_SOMEONE}['’])[a-z]+['’]s)\s+(?:local\s+)?time(?:\s+zone)?|ist)\b`,
  "i",
);
