import { MONTH_WORD } from "./month-words";
import { DAY_NAME } from "./recurrence-phrases";
import { DONE_TO_A_PERIOD } from "./vague-phrases";

/**
 * Words that look like a day or a time to chrono but name a thing, blanked (same length, so every span still lines
 * up with the typed text) before dates and times are read. The title keeps them, since it is cut from the typed
 * text. Each one set a wrong day or time before:
 *
 * - "put on sun cream at 2pm" was due on Sunday, titled "put cream"; "sit in the sun at 3pm" on Sunday, titled
 *   "sit"; "at 9 sat nav update" and "study for the sat at 4pm" on Saturday. A short weekday ("sun", "sat") is
 *   read as a day elsewhere ("gym sat 9am", "walk in the sun sat at 10"), and a lone one is left alone already
 *   (date-time-phrases.ts `BARE_WEEKDAY_ABBREVIATION`).
 * - "date night friday at 7", "quiz night thursday", "movie night friday at 8" were due today (chrono's "night"), the
 *   day and "night" lost from the title.
 * - "party at 15 elm road saturday at 8" was due at 15:00 with "at 8" in the title; "meet at 10 downing street at
 *   3pm" at 22:00 with "at 3pm" in it. A number after "at" that is followed by a street's name is a house number.
 * - "now" other than "from now": "leave it for now", "now that tom is back" were due this very instant.
 */
export function blankNotDates(text: string): string {
  let blanked = text;
  for (const pattern of NOT_DATES) {
    blanked = blanked.replace(pattern, (whole, ...groups: unknown[]) => {
      const named = groups[0];
      if (typeof named !== "string") return " ".repeat(whole.length);
      const at = whole.indexOf(named);
      return whole.slice(0, at) + " ".repeat(named.length) + whole.slice(at + named.length);
    });
  }
  return blanked;
}

/** What an evening is named after: "date night", "quiz night", "opening night" (parse-reminder.ts reads them as evening plans too). */
export const EVENING_NAME = String.raw`(?:date|movie|film|game|games|quiz|poker|pizza|taco|karaoke|trivia|bingo|curry|pub|cinema|disco|comedy|poetry|craft|card|cards|board\s+game|opening|closing|open\s+mic|book\s+club|family|girls'?|guys'?|lads'?)`;

/** What an evening event is named after: "parents' evening", "open evening", "awards evening". */
export const EVENING_EVENT = String.raw`(?:parents'?|parent|open|awards?|presentation|prize[\s-]?giving|careers|information|info|launch|social|networking|charity|gala|quiz|music|drama)`;

/** Words that stand between "at" and a street's name but never in one: "at 9 cross the road" is a time. */
const NOT_IN_A_NAME = String.raw`(?:the|a|an|my|your|our|his|her|their|to|down|up|across|along|on|in|at|by|over|of|off|into|onto|this|that|and|or|then)`;
const NAME_WORD = String.raw`(?!${NOT_IN_A_NAME}\b)[a-z][a-z'.-]*`;
const STREET = String.raw`(?:street|st|road|rd|avenue|ave|lane|boulevard|blvd|crescent|terrace)`;

/** Words that a number after them names rather than counts or times ("locker 24", "table 6", "platform 9"). */
export const LABEL = String.raw`(?:locker|room|rm|gate|platform|seat|flat|apartment|apt|unit|table|ticket|invoice|item|page|chapter|level|floor|bay|door|plot|pier|terminal|aisle|row|cabin|ward|suite|office|desk|block|building|stand|stall|court|pitch|lane|route|bus|flight|number|ref|case|form|lot|space|spot|ext|extension)`;

/** Each pattern's first group (or the whole match without one) is blanked. */
const NOT_DATES: readonly RegExp[] = [
  // "the sun", "the SATs": a weekday is never said with "the".
  /\bthe\s+(sun|sat)s?\b/gi,
  // "sun cream", "sunscreen" is one word already; "sat nav", "sat exam".
  /\b(sun)(?=[\s-]*(?:cream|screen|block|lotion|hat|hats|glasses|bed|beds|lounger|loungers|lamp|tan|dial|burn|flowers?|light|shade)\b)/gi,
  /\b(sat)(?=[\s-]*(?:nav|navs|phone|dish|exams?|prep|tests?|scores?|practice|tutor|tutoring|class|revision)\b)/gi,
  // "date night friday at 7", "quiz night thursday": an evening's name, not tonight (both were due today, the day lost).
  new RegExp(String.raw`\b${EVENING_NAME}\s+(nights?)\b`, "gi"),
  // "parents evening thursday 6:30", "open evening on friday": a school's event, not this evening (due today, the day lost).
  new RegExp(String.raw`\b${EVENING_EVENT}\s+(evenings?)\b`, "gi"),
  // "check cyber monday deals at 9am", "buy a black friday tv": the shops' days named in a title, not the weekday (titled
  // "check cyber deals" on Monday). Said as the day ("on black friday"), moving-days.ts reads it before this.
  /\bblack\s+(friday)\b/gi,
  /\bcyber\s+(monday)\b/gi,
  // "buy the morning after pill tomorrow": a medicine's name, not tomorrow morning (titled "buy the after pill").
  /\b((?:morning|day)[\s-]+after)(?=[\s-]+pills?\b)/gi,
  // "plan this week at 3", "review next month at 5pm": the period is what is done, not when (it was the 1st of this
  // month, past, or the title lost it). Not "the end of this week" (a day).
  new RegExp(String.raw`(?<=\b${DONE_TO_A_PERIOD}\s+)((?:this|next)\s+(?:week|month|year))\b(?!'s)`, "gi"),
  // "leave it for now", "now that tom is back call him at 5", "every now and then": no time (chrono read this very
  // instant, "That time has already passed"). "in 2 hours from now" is one; "asap", "now", "right away" as the time are
  // read by parse-reminder.ts (vague-phrases.ts findRightAway) before this.
  /(?<!\bfrom\s+)\b(now)\b/gi,
  // "pick up parcel from locker 24 tomorrow", "table 6 tonight at 8", "platform 9 tomorrow": a number that names a
  // place or a thing. "locker 24 tomorrow" found no time at all (chrono's hour 24), "locker 12 tomorrow" was noon.
  // A date right after the word is a date ("flight 12/20 6am", "room 12/20 at 6am" were titled "flight 12/20" and due
  // tomorrow: its month was taken for the flight's number).
  new RegExp(String.raw`\b${LABEL}\s*(\d{1,5}[a-z]?)\b(?!\s*(?:[ap]\.?m\b|[:.]\d|o'?clock\b|h\b)|\/\d)`, "gi"),
  // "buy 13 tomorrow", "order 15 tomorrow": a bare number from 13 to 24 just before a day is a count, not a 24-hour
  // time ("at 14 tomorrow" is one; "lunch 12 tomorrow" is noon); 1 to 11 there were never read as times.
  new RegExp(String.raw`(?<![:.]|\b(?:at|@|by|before|after|around|about|from|until|till)\s+)\b(1[3-9]|2[0-4])(?=\s+(?:today|tomorrow|tonight|tmrw|(?:on\s+)?${DAY_NAME})\b)`, "gi"),
  // "read 5 to 10 pages tonight", "buy 10 to 12 eggs tomorrow", "do 10-15 pushups at 7am": a count from one number to
  // another before what is counted (a word ending in "s"), not a span of hours (chrono read 5 to 10 o'clock: "That time
  // has already passed", and the eggs at 10:00). A length ("20 to 30 minutes") is left to be read.
  /\b(\d{1,3}\s*(?:to|-|–)\s*\d{1,3})(?=\s+(?!(?:hours|hrs|minutes|mins|seconds|secs|days|weeks|months|years|nights|mornings|afternoons|evenings|weekdays|weekends)\b)[a-z]+s\b)/gi,
  // "last day to apply is friday", "my last day at work is friday": a deadline's or a job's last day, not chrono's
  // yesterday ("That time has already passed"). "the last day of the month" is a day (period-phrases.ts).
  new RegExp(String.raw`\b(last\s+day)\b(?!\s+of\s+(?:(?:the|this|next)\s+)?(?:month|${MONTH_WORD})\b)`, "gi"),
  // "finish last week's report at 3", "the leftovers from last night", "notes since last monday": a day gone by that
  // names a thing is never a reminder's when (each was refused as past).
  new RegExp(String.raw`\b((?:last\s+(?:night|week|month|year|weekend|${DAY_NAME})|yesterday)['’]s)`, "gi"),
  new RegExp(String.raw`(?<=\b(?:from|since|of|about|like)\s+)((?:last\s+(?:night|week|month|year|weekend|${DAY_NAME})|yesterday)\b)(?!['’])`, "gi"),
  // "at 42 baker street", "@ 10 downing st", "at 221b baker st": one or two words of a name, then the street.
  new RegExp(String.raw`(?:\bat|@)\s+(\d{1,4}[a-z]?)\s+${NAME_WORD}(?:\s+${NAME_WORD})?\s+${STREET}\b`, "gi"),
];
