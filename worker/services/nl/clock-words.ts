import { LABEL } from "./not-dates";
import { AFTER_WORD, BOUND_WORDS } from "./time-bound-phrases";
/**
 * Times of day and lengths of time said in words, or in a shape chrono does not know, rewritten in digits before
 * anything is read:
 *
 * - "in twenty minutes", "forty-five mins": "in 20 minutes", "45 mins" (chrono knows one to twelve in words).
 * - "at seven", "at nine thirty", "nine pm", "at twelve o'clock": "at 7", "at 9:30", "9 pm", "at 12:00". chrono reads
 *   "half past nine" and "quarter to nine" but no hour in words, so "pills at nine" found no time, and "call at
 *   eleven tomorrow" was due at 09:00 titled "call at eleven".
 * - "ten to six", "five past six", "twenty to 6", "at 10 to 6", "at 25 past 4", "25 past 4 call": "5:50", "6:05",
 *   "5:40", "at 5:50", "at 4:25", "4:25 call". "at 10 to 6" was due at 22:00, "at 5 past 6" at 17:00 titled "pills past 6", "twenty to 6" found none.
 * - "at 9 30" as the last words or before a day: "at 9:30" ("pills at 9 30" was due at 21:00 titled "pills 30");
 *   "pills @ 9": "at 9" (no time was found).
 *
 * An hour in words is rewritten only where it can be nothing else (ADR 124): after "at", "@", "around" or "about"
 * when what follows is the end, a minute, am/pm, "o'clock" or a word of the day; after "at" as the first words or
 * after a day or a repeat ("every day at nine take pills"); or before am/pm or "o'clock". "at one point", "arrive at
 * seven oaks", "meet at five guys", "about seven apples" keep their words. The rewritten text is what every later
 * step reads, the title included, so a time said in words leaves the title as one in digits does.
 */
export function clockWordsAsDigits(text: string): string {
  return text
    .replace(LENGTH_IN_WORDS, (_whole, tens: string | undefined, ones: string | undefined, teen: string | undefined) => `${lengthCount(tens, ones, teen)} `)
    .replace(AT_SIGN_BEFORE_A_NUMBER, "$1at ")
    .replace(MINUTES_PAST_OR_TO_IN_WORDS, (whole, minutes: string, side: string, hour: string, half: string | undefined, at: number, all: string) =>
      saidAsATime(all, at, whole.length)
        ? pastOrTo("", PAST_OR_TO_MINUTES[minutes.toLowerCase().replace(/[\s-]+/g, " ")] ?? 0, side, HOUR_NUMBER[hour.toLowerCase()] ?? Number(hour), half)
        : whole,
    )
    .replace(MINUTES_PAST_OR_TO_IN_DIGITS, (_whole, lead: string, minutes: string, side: string, hour: string, half: string | undefined) =>
      pastOrTo(lead, Number(minutes), side, Number(hour), half),
    )
    .replace(MINUTES_PAST_IN_DIGITS, (whole, minutes: string, side: string, hour: string, half: string | undefined, at: number, all: string) =>
      saidAsATime(all, at, whole.length) && !(half && AN_AMOUNT_AFTER.test(whole)) ? pastOrTo("", Number(minutes), side, Number(hour), half) : whole,
    )
    .replace(HOUR_AND_MINUTE_WORDS_AFTER_AT, (_whole, lead: string, hour: string, minutes: string) => `${lead}${clock(hour, minutes)}`)
    .replace(HOUR_WORD_AFTER_AT, (whole, lead: string, hour: string, at: number, all: string) =>
      FOLLOWS_AN_HOUR.test(all.slice(at + whole.length)) || (AFTER_A_DAY.test(all.slice(0, at)) && !NAMES_A_THING.test(all.slice(at + whole.length)))
        ? `${lead}${clock(hour, undefined)}`
        : whole,
    )
    .replace(HOUR_WORD_AFTER_A_BOUND, (_whole, lead: string, hour: string, minutes: string | undefined) => `${lead}${clock(hour, minutes)}`)
    .replace(HOUR_WORD_BEFORE_MERIDIEM, (_whole, hour: string, minutes: string | undefined) => clock(hour, minutes))
    .replace(HOUR_BEFORE_A_PART_OF_DAY, (_whole, lead: string, hour: string) => `${lead}at ${hour}`)
    .replace(HOUR_SPACE_MINUTES, (_whole, lead: string, hour: string, minutes: string) => `${lead}${hour}:${minutes}`)
    .replace(FOUR_DIGITS_WITH_HOURS, (_whole, hour: string, minutes: string) => `${hour}:${minutes}`)
    .replace(ZERO_PADDED_FOUR_DIGITS, (whole, hour: string, minutes: string, at: number, all: string) =>
      !AFTER_A_CODE.test(all.slice(0, at)) && (saidAsATime(all, at, whole.length) || AFTER_A_DAY.test(all.slice(0, at)) || TITLE_THEN_END.test(all.slice(at + whole.length)))
        ? `${hour}:${minutes}`
        : whole,
    );
}

/**
 * Words that are only a clock time, in digits or in words ("10", "5.30pm", "seven", "ten to six", "nine thirty pm"),
 * as "at ..." (how the reader wants a time said alone after "until" or "move it to"), or null for anything else.
 */
export function asAClockTime(words: string): string | null {
  const said = clockWordsAsDigits(`at ${words.trim()}`);
  return CLOCK_TIME_ALONE.test(said) ? said : null;
}
/** "at 10", "at 7:30pm", and Britain's "half 8" (8:30, ADR 139: "make it half 8" was no correction). */
const CLOCK_TIME_ALONE = /^at\s+(?:\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?|half\s+\d{1,2})$/i;

/**
 * "in twenty minutes", "forty-five mins", "in fifteen hours": a count from 13 to 99 in words before a unit of time, in
 * digits. chrono knows one to twelve in words: "in twenty minutes check the oven" found no time.
 */
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const TEENS: Record<string, number> = { thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 };
const UNITS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const LENGTH_IN_WORDS = new RegExp(
  String.raw`\b(?:(${Object.keys(TENS).join("|")})(?:[\s-]+(${Object.keys(UNITS).join("|")}))?|(${Object.keys(TEENS).join("|")}))\s+` +
    String.raw`(?=(?:more\s+)?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?)\b)`,
  "gi",
);

function lengthCount(tens: string | undefined, ones: string | undefined, teen: string | undefined): number {
  if (teen) return TEENS[teen.toLowerCase()] ?? 0;
  return (TENS[(tens ?? "").toLowerCase()] ?? 0) + (UNITS[(ones ?? "").toLowerCase()] ?? 0);
}

/** "pills @ 9": "at 9" ("@9pm" was read, "@ 9" was not). */
const AT_SIGN_BEFORE_A_NUMBER = /(^|\s)@\s*(?=\d)/g;

const HOUR_NUMBER: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};
const MINUTE_NUMBER: Record<string, number> = {
  "o'clock": 0, oclock: 0, "oh five": 5, "o five": 5, ten: 10, fifteen: 15, twenty: 20, "twenty five": 25, thirty: 30,
  "thirty five": 35, forty: 40, "forty five": 45, fifty: 50, "fifty five": 55,
};
/** "ten to six", "twenty-five past four": the minutes before or after an hour. */
const PAST_OR_TO_MINUTES: Record<string, number> = { five: 5, ten: 10, twenty: 20, "twenty five": 25 };
const HOUR_WORD = `(?:${Object.keys(HOUR_NUMBER).join("|")})`;

/** "7", "seven", "twenty": a number and nothing else, which may be minutes or an hour (a reply does not guess). */
export function isALoneNumber(text: string): boolean {
  return LONE_NUMBER.test(text);
}
const LONE_NUMBER = new RegExp(
  String.raw`^\s*(?:\d+|${HOUR_WORD}|${Object.keys(TEENS).join("|")}|(?:${Object.keys(TENS).join("|")})(?:[\s-]+(?:${Object.keys(UNITS).join("|")}))?)\s*[.!]*\s*$`,
  "i",
);
/** Minutes said after the hour: "nine thirty", "seven forty-five", "six oh five", "twelve o'clock". */
const MINUTE_WORD = String.raw`(?:o'?clock|o(?:h)?\s+five|(?:twenty|thirty|forty|fifty)(?:[\s-]+five)?|ten|fifteen)`;
const MERIDIEM = String.raw`(?:[ap]\.?m\.?)`;
/** Where an hour ends: a word's end, or am/pm written on to it ("10 past 6pm", "25 to 4pm" were not read). */
const HOUR_END = String.raw`(?:\b|(?=${MERIDIEM}(?![a-z])))`;
/** What may follow an hour said after "at" for it to be a time: the end, a mark, or a word of the day. */
const DAY_WORD = String.raw`(?:today|tonight|tomorrow|this|next|on|in\s+the|every|each|and|then|please|sharp|to\s+(?!${HOUR_WORD}\b)[a-z]+|monday|tuesday|wednesday|thursday|friday|saturday|sunday)`;
const AFTER_AN_HOUR = String.raw`(?=\s*(?:$|[,.;:!?)]|${MERIDIEM}(?![a-z])|o'?clock\b|${DAY_WORD}\b))`;
// "set a reminder for eight thirty", "an alarm for seven": after those words an hour is a time.
const LEAD = String.raw`(\b(?:at|around|about|(?:reminder|alarm)\s+for)\s+|@\s*)`;

/**
 * "ten to six", "at twenty five past four": minutes in words (not "quarter" or "half", which chrono reads). A time
 * after "at", "around" or "about", as the first words, or before the end or a word of the day (`saidAsATime`): "buy
 * ten to twelve eggs" and "from five to nine" keep their words.
 */
const MINUTES_PAST_OR_TO_IN_WORDS = new RegExp(
  String.raw`(?<!\bfrom\s+)\b(five|ten|twenty|twenty[\s-]+five)\s+(?:minutes\s+)?(past|to|after)\s+(${HOUR_WORD}|1[0-2]|[1-9])${HOUR_END}(\s*${MERIDIEM}(?![a-z]))?`,
  "gi",
);
const AFTER_A_LEAD = new RegExp(`${LEAD}$`, "i");

function saidAsATime(all: string, at: number, length: number): boolean {
  const before = all.slice(0, at);
  return before.trim() === "" || AFTER_A_LEAD.test(before) || FOLLOWS_AN_HOUR.test(all.slice(at + length));
}
/** "at 10 to 6", "at 25 past 4": only after "at", so "from 10 to 6" stays a span of hours. */
const MINUTES_PAST_OR_TO_IN_DIGITS = new RegExp(
  String.raw`${LEAD}(5|10|20|25)\s+(?:minutes\s+)?(past|to|after)\s+(1[0-2]|[1-9])${HOUR_END}(\s*${MERIDIEM}(?![a-z]))?`,
  "gi",
);
/**
 * "25 past 3 pick up kids", "call mum 10 past 6": "past" or "after" without "at", where a time is said (`saidAsATime`:
 * the first words, or before the end or a word of the day). Not "to": "5 to 6 hours" is a span.
 */
// Not a number that names a place or a thing: "collect parcel from locker 24 after 5" was 5:24 titled "... from locker".
const MINUTES_PAST_IN_DIGITS = new RegExp(String.raw`(?<!\b(?:at|around|about|from)\s+|\b${LABEL}\s*)\b([1-5]?[1-9]|[1-5]0)\s+(?:minutes\s+|mins\s+)?(past|after)\s+(1[0-2]|[1-9])${HOUR_END}(\s*${MERIDIEM}(?![a-z]))?`, "gi");
/**
 * "5 minutes after 3pm": an amount after a moment, read as one (ahead-phrases.ts, ADR 134), which says so when it
 * confirms. After a bare hour ("10 mins after 6") it is the clock's 6:10, as before: no moment is read there.
 */
const AN_AMOUNT_AFTER = /\b(?:minutes|mins)\s+after\b/i;
/** "at seven thirty with sam": an hour and its minutes in words are a time whatever follows. */
const HOUR_AND_MINUTE_WORDS_AFTER_AT = new RegExp(String.raw`${LEAD}(${HOUR_WORD})[\s-]+(${MINUTE_WORD})\b`, "gi");
/**
 * "at seven", "at nine tonight", "every day at nine take pills": an hour alone is a time before the end, a mark or a
 * word of the day, or after a day or a repeat, or as the first words ("at seven call mum"). Elsewhere a word follows
 * that may make it a name: "meet at five guys", "arrive at seven oaks", "at one point".
 */
const HOUR_WORD_AFTER_AT = new RegExp(String.raw`${LEAD}(${HOUR_WORD})\b`, "gi");
const FOLLOWS_AN_HOUR = new RegExp(`^${AFTER_AN_HOUR}`, "i");
/** "be home by six", "call before nine thirty tomorrow", "after six tonight": a time to beat or wait for in words (time-bound-phrases.ts), where a day or the end follows. */
const HOUR_WORD_AFTER_A_BOUND = new RegExp(String.raw`((?:${BOUND_WORDS}|${AFTER_WORD})\s+)(${HOUR_WORD})(?:[\s-]+(${MINUTE_WORD}))?${AFTER_AN_HOUR}`, "gi");
/** "at one point", "at one go", "at one of ...": the number is no hour even as the first words. */
const NAMES_A_THING = /^\s+(?:point|go|stage|of|with|another|end|side|least|last|once|more|or)\b/i;
const AFTER_A_DAY = new RegExp(
  String.raw`(?:^|\b(?:remind\s+me|every\s+\w+|daily|morning|evening|night|afternoon|today|tonight|tomorrow|weekdays?|weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|\d(?:st|nd|rd|th)))[\s,]*$`,
  "i",
);
const HOUR_WORD_BEFORE_MERIDIEM = new RegExp(String.raw`\b(${HOUR_WORD})(?:[\s-]+(${MINUTE_WORD}))?(?=\s*(?:${MERIDIEM}(?![a-z])|o'?clock\b))`, "gi");
/**
 * "meet 1400hrs tomorrow", "standup 0930 daily", "0800 gym": a 24-hour time in four digits. With "hrs", "h" or "hours"
 * any such time; without, only a zero-padded one (00:00 to 09:59, which no year or sum of money is written as) where
 * it can be nothing else: the end or a day after it, the start or a day before it. Not after a word of a number or a
 * code ("call 0800 tomorrow", "room 0930", "flight 0812", "flight BA 0930"), nor inside a longer number ("0800 123 456").
 */
const FOUR_DIGITS_WITH_HOURS = /\b([01]\d|2[0-3])([0-5]\d)\s*(?:hrs|hours|h)\b/gi;
const ZERO_PADDED_FOUR_DIGITS = /(?<!\b(?:call|dial|ring|phone|text|tel|room|flight|bus|train|route|no|number|gate|platform|code|pin|ext|extension|order|ref|ticket|seat|page|unit|flat|apt|suite|rm)\.?\s+|[#£$€+\d-]\s*)\b(0\d)([0-5]\d)\b(?![\d-]|\s+\d)/gi;
/** A code in capitals before the digits: "flight BA 0930", "the LH 0812", "bus X 0715" are numbers, not times. */
const AFTER_A_CODE = /\b[A-Z]{1,3}\s+$/;
/** After the four digits: only the end or words of a title ahead of the end, no other number ("standup 0930"). */
const TITLE_THEN_END = /^\s*(?:$|[,.;:!?])/;
/**
 * "6 in the evening gym", "gym 6 in the evening", "7:30 at night": an hour said before its part of the day is a time,
 * as "at 6 in the evening" is (it was titled "6 gym" at 7 PM). Not after "at", "by", "half past" and the like (read
 * already).
 */
const HOUR_BEFORE_A_PART_OF_DAY = /(^|(?<!\b(?:at|by|before|after|around|about|from|until|till|to|and|or|past|half|quarter|@)\s*)\s)((?:1[0-2]|0?[1-9])(?::[0-5]\d)?)(?=\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night)\b)/gi;
/** "at 9 30", "@ 7 45 tomorrow": an hour and its minutes with a space, where nothing but a day or the end follows. */
const HOUR_SPACE_MINUTES = new RegExp(String.raw`${LEAD}(1[0-2]|0?[1-9])\s+([0-5]\d)${AFTER_AN_HOUR}`, "gi");

function minuteCount(words: string): number {
  return MINUTE_NUMBER[words.toLowerCase().replace(/[\s-]+/g, " ")] ?? 0;
}

/** "9:30", "12:00", "7" for an hour word and its minute words. */
function clock(hour: string, minutes: string | undefined): string {
  const h = HOUR_NUMBER[hour.toLowerCase()] ?? 0;
  if (minutes === undefined) return String(h);
  return `${h}:${String(minuteCount(minutes)).padStart(2, "0")}`;
}

/** "ten to six" → "5:50", "five past twelve pm" → "12:05 pm". */
function pastOrTo(lead: string, minutes: number, side: string, hour: number, half: string | undefined): string {
  const before = side.toLowerCase() === "to";
  const h = before ? (hour === 1 ? 12 : hour - 1) : hour;
  const m = before ? 60 - minutes : minutes;
  return `${lead}${h}:${String(m).padStart(2, "0")}${half ?? ""}`;
}
