import { withoutIsh } from "./amounts";
import { ordinal } from "../recurrence";
import { clockWordsAsDigits } from "./clock-words";
import { MONTH_NUMBER } from "./month-words";
import { COMMON_VERB, isCommonVerb } from "./verbs";

/** Months by name, but "may", which is more often the verb ("may the first ..."). */
const MONTH_WORD_WITHOUT_MAY = Object.keys(MONTH_NUMBER).filter((month) => month !== "may").sort((a, b) => b.length - a.length).join("|");

/**
 * Words of time typed the way they often are: in a hurry, on a phone, or by someone dyslexic for whom
 * "wendesday" looks right. chrono and our repeat patterns know only the dictionary spelling, so
 * "call mom on wendesday at 5" was a reminder for today titled "call mom on wendesday".
 *
 * Only misspellings that are not English words themselves are listed, so a title is never changed into
 * something else ("minuets" and "hous", a dance and a house, are left out). Whole words only, any
 * case; the correction is in lower case.
 */
const CORRECTIONS: Record<string, readonly string[]> = {
  remind: ["remid", "remnd", "remidn", "remnid", "rimind", "rmind", "reimnd", "remimd"],
  tomorrow: ["tomorow", "tommorow", "tommorrow", "tomorrw", "tommorw", "tomorro", "tomoro", "tomrow", "tomrrow", "tomorrrow", "2morrow", "2morow", "2moro", "2mrw", "tmw", "tmrw", "tmr", "tmrow", "tomoz", "tmoz"],
  later: ["l8r", "l8er"],
  tonight: ["tonite", "2nite", "tonigt", "toniht", "tonihgt"],
  // "every nite at 10 pills" was a one-off titled "every nite pills" (ADR 183).
  night: ["nite", "nigth", "nihgt"],
  nightly: ["nitely", "nitley"],
  today: ["2day", "tday", "todya"],
  monday: ["mondy", "monady", "mnday", "mondya"],
  // "tues" and "weds" are how the days are often cut short; chrono knows "tue", "wed", "thurs" but not these.
  tuesday: ["tues", "tuesay", "teusday", "tusday", "tuseday", "tueday", "tuesdy", "tusedy"],
  wednesday: ["weds", "wendesday", "wensday", "wednsday", "wedensday", "wednesay", "wendsday", "wedsday", "wednseday", "wedneday", "wenesday"],
  thursday: ["thrusday", "thursay", "thurday", "thirsday", "thusday", "thurdsay", "thurseday"],
  friday: ["firday", "fridy", "frday", "fridya"],
  saturday: ["saturady", "satuday", "saterday", "saturdy", "satruday", "satarday"],
  sunday: ["sundy", "sundya", "snuday", "sunady"],
  every: ["evrey", "evry", "evey", "eveyr", "evrry"],
  morning: ["mornin", "morining", "moring", "morming", "mornig", "morn"],
  breakfast: ["brekkie", "brekky", "brekfast", "breakfest", "brekfest"],
  afternoon: ["arvo", "afternon", "aftrnoon", "afteroon", "afernoon"],
  evening: ["evning", "eveing", "evenning", "evenign"],
  minutes: ["minuts", "mintues", "minites"],
  hours: ["hourse", "huors"],
  weeks: ["wks"],
  next: ["nxt"],
  weekend: ["wknd", "wkend"],
  seconds: ["secs"],
  before: ["b4", "befor", "bfore", "befroe"],
};

const CORRECTION_OF = new Map(Object.entries(CORRECTIONS).flatMap(([word, typos]) => typos.map((typo) => [typo, word] as const)));
const TYPO = new RegExp(`(?<![\\w'])(?:${[...CORRECTION_OF.keys()].join("|")})(?![\\w'])`, "gi");

/**
 * `text` with the misspelt words of time put right ("tomorow at 9" → "tomorrow at 9"), and times of day said in
 * words written in digits ("at nine thirty" → "at 9:30", clock-words.ts): every reader of typed words starts here.
 */
export function correctSpelling(text: string): string {
  const spelt = text
    .replace(TYPO, (typo) => CORRECTION_OF.get(typo.toLowerCase()) ?? typo)
    .replace(FILLER_LIKE, "")
    .replace(ABOUT_A_TIME, "around ")
    .replace(ABOUT_AN_HOUR_FIRST, "$1at around ")
    .replace(A_HALF_HOUR, "half an hour")
    .replace(HALF_AN_HOUR_IN_FIGURES, "half an hour")
    .replace(AN_AMOUNT_OR_MORE, "$1")
    .replace(A_COUNT_OR_MORE, "$1$2 $3")
    .replace(HOURS_AND_A_HALF_IN_FIGURES, "$1 and a half $2")
    .replace(AN_HOUR_AFTER_A_PART_OF_DAY, "$1 at ")
    .replace(AN_HOUR_LAST_AFTER_A_PART_OF_DAY, hourOfThePartOfDay)
    .replace(A_DOTTED_TIME_LAST, dottedTimeAsATime)
    .replace(HOURS_AND_MINUTES_WITH_AN_H, "in $1")
    .replace(LAST_DAY_OF_THE_YEAR, "december 31st")
    .replace(THE_LAST_DAY_OF_A_MONTH, "last day of ")
    .replace(OF_MONTH, "of the month")
    .replace(ORDINAL_WORD_AS_A_DAY, (_whole, lead: string, word: string) => `${lead}${ordinalInDigits(word)}`)
    .replace(ORDINAL_WORD_AFTER_A_MONTH, (_whole, month: string, word: string) => `${month} ${ordinalInDigits(word)}`)
    .replace(TWO_FOR_TO, (whole: string, before: string, verb: string) => (isCommonVerb(verb) ? `${before} to ${verb}` : whole));
  // "20 mins-ish check oven", "in 20ish mins": a length said roughly is the length (amounts.ts, ADR 143).
  return clockWordsAsDigits(withoutIsh(spelt).replace(PART_OF_DAY_CUT_SHORT, (_whole, day: string, part: string) => `${day} ${PART_OF_DAY_IN_FULL[part.toLowerCase()] ?? part}`));
}

/**
 * "on the twenty fifth", "december the third", "by the thirtieth": a day of the month in words, in digits ("on the
 * 25th", "december 3rd"). The first found no time; the second was December 1st titled "the third to renew ...". Only
 * after a month or after "on"/"by"/"before"/"until"/"from" and "the" where a time's word, a verb, a mark or the end
 * follows ("on the second floor", "for the third time" keep their words); "the third of december" was read already.
 */
const ORDINAL_DAY_WORDS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11, twelfth: 12,
  thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19, twentieth: 20, thirtieth: 30,
};
export const ORDINAL_WORD = String.raw`(?:(?:twenty|thirty)[\s-]+)?(?:${Object.keys(ORDINAL_DAY_WORDS).join("|")})`;
const ORDINAL_WORD_AS_A_DAY = new RegExp(
  String.raw`(\b(?:on|by|before|until|till|from)\s+the\s+)(${ORDINAL_WORD})\b(?=\s*(?:$|[,.;!?]|(?:at|@|to\s+(?!(?:the|a|last)\b)|and|then|please|remind|in\s+the|of\s+(?:the|this|next|every)\s+month)\b|\s+${COMMON_VERB}\b))`,
  "gi",
);
/** After a month the words are a day whatever follows ("march the second dentist"); "the" goes, as chrono wants. */
const ORDINAL_WORD_AFTER_A_MONTH = new RegExp(String.raw`\b(${MONTH_WORD_WITHOUT_MAY})\s+(?:the\s+)?(${ORDINAL_WORD})\b`, "gi");

/** "twenty fifth": "25th", for the words ORDINAL_WORD matches (recurrence.ts's `ordinal` writes the suffix). */
function ordinalInDigits(word: string): string {
  const parts = word.toLowerCase().split(/[\s-]+/);
  const tens = parts.length === 2 ? parts[0] : undefined;
  return ordinal((tens === "twenty" ? 20 : tens === "thirty" ? 30 : 0) + (ORDINAL_DAY_WORDS[parts.at(-1) ?? ""] ?? 0));
}

/** "council tax due 1st of month": "of the month" as the readers know it (no time was found). */
const OF_MONTH = /(?<=\b\d{1,2}(?:st|nd|rd|th)\s+)of\s+month\b/gi;

/**
 * "on the last day of the year", "last day of this year": December 31st (chrono read "last day" as yesterday, and the
 * reminder was refused as past). "the last day of the month" and "of december" chrono reads itself.
 */
const LAST_DAY_OF_THE_YEAR = /\b(?:the\s+)?last\s+day\s+of\s+(?:the|this)\s+year\b/gi;

/**
 * "call mum the last day of december", "the last day in december": as chrono reads it, "last day of december" (the
 * title kept "the"; "in december" was the 1st).
 */
const THE_LAST_DAY_OF_A_MONTH = new RegExp(String.raw`\b(?:the\s+)?last\s+day\s+(?:of|in)\s+(?=(?:${MONTH_WORD_WITHOUT_MAY}|may)\b)`, "gi");

/** "in a half hour": as chrono knows it, "half an hour" (no time was found). */
const A_HALF_HOUR = /\ba\s+half[\s-]hour\b/gi;
/**
 * "in 1/2 hour", "in ½ an hour", "in 1 1/2 hours": a half written in figures, in words (ADR 161). Each found no time.
 * Only before "hour": "1/2" alone is a date.
 */
const HALF_AN_HOUR_IN_FIGURES = /(?<![\d/])(?:1\/2|½)\s*(?:an?\s+)?(?:hour|hr)\b/gi;
const HOURS_AND_A_HALF_IN_FIGURES = /\b(\d{1,2})\s*(?:1\/2|½)\s*(hours?|hrs?)\b/gi;

/**
 * "in a day or two", "in an hour or two", "in 2 or 3 days", "in 10-15 minutes": a range of lengths is its shorter one,
 * so the nudge comes no later than asked (ADR 163). "in a day or two call mum" was titled "or two call mum", "in 2 or 3
 * days" found no time, "in 10 or 15 minutes" was titled "check oven in 10 or".
 */
const UNIT = String.raw`(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?)`;
const AN_AMOUNT_OR_MORE = new RegExp(String.raw`\b(in\s+(?:an?|one|\d{1,3})\s+(?:minute|min|hour|hr|day|week|month)s?)\s+or\s+(?:two|three|four|\d{1,3})\b(?:\s+${UNIT}\b)?`, "gi");
const A_COUNT_OR_MORE = new RegExp(String.raw`\b(in\s+)(\d{1,3}|two|three|four|five|ten)\s*(?:or|to|-|–)\s*(?:\d{1,3}|three|four|five|six|fifteen|twenty)\s+(${UNIT})\b`, "gi");

/**
 * "gym tonight 7", "friday night 8 drinks", "call mum tomorrow evening 6.30": an hour right after a part of the day is
 * its time, as "tonight at 7" is (ADR 161). It was the part's usual hour (9 PM) with "7" in the title. Not a count
 * ("tonight 10 people coming", "tonight 2 hours").
 */
const PART_OF_A_DAY_SAID = String.raw`(?:tonight|this\s+(?:morning|afternoon|evening)|(?:tomorrow|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?)\s+(?:night|morning|afternoon|evening))`;
/**
 * "morning meds 8", "evening meds 8", "night meds 10": a part of the day named in the words, and an hour of it as the
 * last word, is that hour of it, as "morning meds at 8" is (ADR 167). It was the part's usual hour (9 AM, 7 PM, 9 PM)
 * titled "morning meds 8". Only an hour the part holds ("morning pages 3" keeps its 3) and not after a word that counts
 * ("evening reading chapter 8", "morning run 5 km" has no bare number last).
 */
const AN_HOUR_LAST_AFTER_A_PART_OF_DAY = /\b(morning|afternoon|evening|night|tonight)((?:\s+[a-z][\w'’]*){1,3})\s+(1[0-2]|0?[1-9])\s*[.!]?\s*$/i;
const HOURS_OF_A_PART: Record<string, readonly number[]> = {
  morning: [5, 6, 7, 8, 9, 10, 11],
  afternoon: [12, 1, 2, 3, 4, 5],
  evening: [5, 6, 7, 8, 9, 10, 11],
  night: [7, 8, 9, 10, 11, 12],
  tonight: [5, 6, 7, 8, 9, 10, 11, 12],
};
/** Words after which a number is a count or a name, not an hour ("chapter 8", "room 6", "take 2"). */
const COUNTED_BY =
  /^(?:chapters?|pages?|rooms?|steps?|levels?|lessons?|episodes?|ep|parts?|number|no|vol|volume|season|bus|route|gate|platform|seat|table|flight|row|questions?|exercises?|units?|week|day|x|times|reps|sets|laps?|take|takes|buy|eat|drink|do|pills?|tablets?|doses?|of|for|in|every|each|at|about|around|by|after|before|until|till|from|to|the|a|an|top|under|over|only|just|with|and|or)$/i;

function hourOfThePartOfDay(whole: string, part: string, words: string, hour: string): string {
  const lastWord = words.trim().split(/\s+/).at(-1) ?? "";
  if (COUNTED_BY.test(lastWord) || !HOURS_OF_A_PART[part.toLowerCase()]?.includes(Number(hour))) return whole;
  return `${part}${words} at ${hour}`;
}

/**
 * "1h30 check oven", "laundry 2h30": hours and minutes with an "h" from 1 to 5 are a length of time from now, as "2h
 * laundry" and "in 2h30" were (ADR 170). They were a clock's 01:30 and 02:30 tomorrow, a time no one sets for the oven.
 * Not after a word that makes it a clock ("at 2h30", "until 5h15"), nor "in" already; 6h to 23h stay a clock ("8h30
 * meeting", "14h30"), as written in France and Quebec.
 */
const HOURS_AND_MINUTES_WITH_AN_H = /(?<!\b(?:at|by|until|till|til|from|to|before|after|around|about|in|for|within|than)\s+)\b([1-5]h[0-5]\d)\b/gi;

/**
 * "school pick up 3.15", "call mum 6.30", "meds 8.00": a time written with a dot, as the last word after what to do, is
 * that time, as "dentist 3:15" and "dentist at 3.15" are (ADR 169). It found no time. Not an amount: not with money's
 * words anywhere ("pay jo 3.50", "owe sam 2.30", "£3.15"), nor minutes that are no five-minute mark ("3.99", "2.47").
 */
const A_DOTTED_TIME_LAST = /^(.*?[a-z][\w'’]*)\s+((?:1[0-2]|0?[1-9])\.[0-5][05])\s*[.!]?\s*$/i;
const MONEY_WORDS = /[£$€¥₹]|\b(?:pay|paid|pays|owe|owes|owed|cost|costs|price|prices|refund|tip|fee|fees|bill|bills|charge|charged|bucks|quid|dollars?|euros?|pounds?|pence|cents?|spend|spent|budget|version|v)\b/i;

/** A word right before that reads the time already ("until 3.15", "make it 6.30", "at 8.00"): nothing to add. */
const READS_A_TIME_BEFORE = /\b(?:at|by|until|till|til|to|it|from|before|after|around|about|for|in|on|past|than|between|and|or|\d+)$/i;

function dottedTimeAsATime(whole: string, words: string, time: string): string {
  return MONEY_WORDS.test(words) || READS_A_TIME_BEFORE.test(words.trim()) ? whole : `${words} at ${time}`;
}

const AN_HOUR_AFTER_A_PART_OF_DAY = new RegExp(
  String.raw`\b(${PART_OF_A_DAY_SAID})\s+(?=(?:1[0-2]|0?[1-9])(?:[:.][0-5]\d)?(?:\s*[ap]\.?m\.?)?(?:\s*$|\s*[,.!;]|\s+(?!(?:people|persons|guests|kids|children|mins?|minutes?|hours?|hrs?|days?|weeks?|times|x)\b)[a-z]))`,
  "gi",
);


/** "remind me 2 call the bank", "2moro 2 pay rent": "2" for "to" as texted, before a verb after "me" or a day. */
const TWO_FOR_TO = /\b(me|tomorrow|today|tonight)\s+2\s+([a-z']+)/gi;

/**
 * "in like 20 mins", "at like 5", "like in an hour": "like" as said, before a time; it found no time ("in like 20
 * mins") or stayed in the title. Only right before a number or an amount, so "i like at 5 a coffee" keeps it.
 */
const FILLER_LIKE = /(?<=\b(?:in|at|around|about|by)\s+)like\s+(?=\d|an?\s|half\b|a\s+couple\b|one\b|two\b|three\b|five\b|ten\b|fifteen\b|twenty\b|thirty\b)|\blike\s+(?=(?:in|at|around)\s+(?:\d|an?\s|half\b))/gi;

/** "approx 3pm call the bank", "circa 4": "around" before a time (the word was left in the title; "circa 4" found no time). */
const ABOUT_A_TIME = new RegExp(String.raw`\b(?:approx\.?|approximately|circa)\s+(?=\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\b|o'?clock\b|\s+(?:today|tonight|tomorrow)\b|\s+${COMMON_VERB}\b))`, "gi");

/** "around 4 call dad": a bare hour after "around" as the first words, before what to do, is at it (it found no time). */
const ABOUT_AN_HOUR_FIRST = new RegExp(String.raw`^(\s*)(?:around|about)\s+(?=\d{1,2}(?:[:.]\d{2})?\s+${COMMON_VERB}\b)`, "i");

/**
 * "mow lawn sat am", "call mom sun pm", "yoga wed eve": a part of the day cut short after a day, in full ("saturday
 * morning"). Only after a day: "christmas eve" and "7 am" keep their words. No time was found in any of them.
 */
// Whole names too: "saturday am", "wednesday pm" ("satur-", "wednes-" and "thurs-" are no short form with "day").
// "tomorrow aft", "this avo" (Australia's "arvo" is among the misspellings above): the afternoon, after a day or "this".
const PART_OF_DAY_CUT_SHORT = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun|today|tomorrow|this)\s+(am|pm|eve|aft|avo)\b(?!\s*\d)/gi;
const PART_OF_DAY_IN_FULL: Record<string, string> = { am: "morning", pm: "afternoon", eve: "evening", aft: "afternoon", avo: "afternoon" };
