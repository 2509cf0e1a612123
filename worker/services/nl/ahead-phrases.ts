import type { Weekday } from "../recurrence";
import { MONTH_WORD } from "./month-words";
import { MOVING_DAY } from "./moving-days";
import { NAMED_DAY } from "./named-days";
import { DAY_NAME, FULL_DAY } from "./recurrence-phrases";
// Without an amount, the lead of a time to beat (ADR 130): the words named none.
import { TIME_TO_BEAT_LEAD } from "./time-bound-phrases";
import { isCommonVerb } from "./verbs";
import { leadOf } from "./ahead-amount";
import type { PartOfDay, Span } from "./types";

/**
 * "remind me 30 mins before my 3pm meeting", "dentist friday at 2, remind me the day before", "take pills an hour
 * before bed": a reminder ahead of the moment the words name. The moment is read as usual, and the reminder is due
 * that much earlier (parse-reminder.ts). Before, chrono read "30 mins before" as half an hour ago ("That time has
 * already passed"), and "the day before christmas" was Christmas Day titled "the day".
 */
export interface Ahead {
  /** "30 mins", "an hour", "the day": said back in the confirmation ("30 mins before 3:00 PM"). */
  words: string;
  /** The whole phrase, "remind me" to "before", taken out of the title. */
  span: Span;
  /**
   * What the date reader must not see: the amount, and "before" too unless it leads to the moment ("before my 3pm
   * meeting", "before christmas", "before bed"), which the reader then reads as it always has.
   */
  hidden: Span;
  minutes: number;
  days: number;
  /** "a month before march 3": calendar months (February 3rd), not a count of days. */
  months?: number;
  /** "the night before": the day before at night (21:00), whatever the moment's own time. */
  partOfDay?: PartOfDay;
  /** "the sunday before christmas": the nearest such weekday before the moment (after it, with `after`); `days` is 0. */
  weekday?: Weekday;
  /** "2 hours after lunch", "the day after the party": that much later than the moment, not earlier (ADR 134). */
  after?: true;
  /**
   * "meeting with sam at 3, remind me to prep before": what to do ahead of the moment ("prep"), said after it. The
   * title is the action before the moment's own words ("prep before meeting with sam").
   */
  action?: Span;
  /**
   * "the day after christmas": the word "after", read as "on" by the date reader, which knows a day by its name only
   * with a word before it that makes it one ("on christmas"; "christmas party" is no day).
   */
  readAsOn?: Span;
  /**
   * "the day after the wedding": a day counted from a moment no word dates. Asked which day, rather than counted from
   * now (tomorrow, titled "the wedding ...") as an amount of minutes or hours is ("20 minutes after it goes in").
   */
  unknownDay?: true;
}

// "a couple of days before": two, as "a couple of hours" is elsewhere (chrono read it as two days ago).
const COUNT = `(?<count>\\d{1,3}|(?:a\\s+)?couple(?:\\s+of)?|an?|one|two|three|four|five|six|ten|fifteen|twenty|thirty|forty[- ]five)`;
// "24h before", "10m before": a short unit written onto its number.
const UNIT = "(?<unit>minutes?|mins?|hours?|hrs?|days?|weeks?|months?|h|m)";
// "the sunday before christmas", "the last friday before the 12th", "the weekend before christmas" (its Saturday): the
// weekday nearest the moment on that side. "the week before christmas": seven days. Not "in the morning before work":
// a part of the day, then a moment. "wrap gifts night before christmas": "day" and "night" without "the" too, right
// before "before" or "after" (it was Christmas night, the words lost); not "every day before bed".
const AMOUNT = `(?:${COUNT}(?:\\s+|(?<=\\d))${UNIT}|(?<halfHour>half\\s+an\\s+hour)|(?:(?<!\\bin\\s+)the\\s+|(?<=\\s)(?<!\\b(?:every|each|any|that|this|same|one|per|a|next|some|all)\\s+)(?=(?:day|night)\\s+(?:before|after)\\b))(?<theDay>day|night|morning|evening|week)|the\\s+(?:(?:last|first)\\s+)?(?<weekday>${FULL_DAY}|weekend))`;
/** "remind me", "and ping me", ", tell me": asking for the early reminder. */
const ASKING = "(?:(?:and\\s+)?(?:please\\s+)?(?:remind|ping|nudge|tell|alert|notify)\\s+me\\s+)?";
/**
 * "before" may lead to the moment; so may "prior to", "ahead of" and "earlier than", which the date reader does not know
 * and so never sees; the others end the phrase.
 */
const BEFORE = "(?<before>before(?:hand)?|prior\\s+to|ahead\\s+of(?!\\s+(?:time|schedule)\\b)|earlier\\s+than|earlier|ahead(?:\\s+of\\s+time)?|in\\s+advance|prior)";
// Not "ahead of schedule": no moment.
const AHEAD = new RegExp(`\\b${ASKING}${AMOUNT}\\s+${BEFORE}\\b(?!\\s+(?:than|of|to|schedule)\\b)`, "i");

/** "night before bin day thursday put bins out": "day", "night", "evening" without "the" as the first words. */
const LEADING_DAY_AHEAD = new RegExp(`^\\s*${ASKING}(?<theDay>day|night|morning|evening)\\s+(?<before>before)\\b`, "i");

/**
 * "dentist at 3 tomorrow, remind me to floss an hour before", "meeting with sam at 3, remind me to prep beforehand",
 * "dentist at 3, remind me in advance": the moment first, then the asking, what to do and "before" as the last words.
 * Without an amount it is the hour of a time to beat (ADR 130). Before, the title was "dentist remind you to floss"
 * and, with no amount, the reminder came at the moment itself.
 */
const ASKED_AFTER = new RegExp(
  String.raw`(?:^|[\s,;.!-])(?<ask>(?:and\s+)?(?:please\s+)?(?:remind|ping|nudge|tell|alert|notify)\s+me)(?:\s+to\s+(?<action>.+?))??(?:\s+${AMOUNT})?\s+(?<before>before(?:hand)?|in\s+advance|ahead(?:\s+of\s+time)?)\s*[.!]*\s*$`,
  "i",
);

/**
 * "flight at 6:40, leave 3 hours before", "meeting at 3, prep before": what to do said as a bare verb after a comma, as
 * "remind me to" would say it. The verb left in the title ("flight to rome leave") and the reminder took no action.
 */
const VERB_AFTER = new RegExp(
  // No words ask here ("remind me" is absent): the empty `ask` lets findAskedAfter read both shapes alike.
  // "post office closes at 5:30 get there before": right after a clock time, no comma is needed.
  String.raw`(?:[,;]\s*|(?<=\d(?:\s*[ap]\.?m\.?)?)\s+)(?<ask>)(?<action>(?<verb>[a-z']+)(?:\s+.+?)??)(?:\s+${AMOUNT})?\s+(?<before>before(?:hand)?|in\s+advance|ahead(?:\s+of\s+time)?)\s*[.!]*\s*$`,
  "i",
);

/**
 * "flight at 6am on the 14th, remind me the night before to pack", "mum's birthday is on the 9th, remind me 3 days
 * before to buy a card": what to do said after "before". It was titled "flight remind you the before to pack" at the
 * flight's own time, or refused as past (the 9th of this month).
 */
const ASKED_AFTER_ACTION_LAST = new RegExp(
  String.raw`(?:^|[\s,;.!-])(?<ask>(?:and\s+)?(?:please\s+)?(?:remind|ping|nudge|tell|alert|notify)\s+me)(?:\s+${AMOUNT})?\s+(?<before>before(?:hand)?|in\s+advance|ahead(?:\s+of\s+time)?)\s+(?:to|about)\s+(?<action>.+?)\s*[.!]*\s*$`,
  "i",
);

function askedAfter(text: string): { match: RegExpExecArray; askStart: number } | null {
  const asked = ASKED_AFTER.exec(text) ?? ASKED_AFTER_ACTION_LAST.exec(text);
  if (asked) return { match: asked, askStart: text.indexOf(asked.groups?.ask ?? "", asked.index) };
  const verb = VERB_AFTER.exec(text);
  if (!verb || !isCommonVerb(verb.groups?.verb ?? "")) return null;
  return { match: verb, askStart: text.indexOf(verb.groups?.action ?? "", verb.index) };
}

function findAskedAfter(text: string): Ahead | null {
  const found = askedAfter(text);
  const { match, askStart } = found ?? {};
  // The moment's words come first; "remind me to call mum before" alone is read as before.
  if (!match || askStart === undefined || text.slice(0, askStart).replace(/[\s,;.!-]+/g, "") === "") return null;
  const { count, unit, halfHour, theDay, weekday, action } = match.groups ?? {};
  const lead = count || halfHour || theDay || weekday ? leadOf(match.groups) : TIME_TO_BEAT_LEAD;
  if (!lead) return null;
  const amount = theDay ? `the ${theDay.toLowerCase()}` : weekday ? theWeekday(weekday) : (halfHour ?? (count ? `${count} ${unit}` : TIME_TO_BEAT_LEAD.words));
  const span = { start: askStart, end: text.length };
  const actionStart = action ? text.indexOf(action, askStart + (match.groups?.ask ?? "").length) : -1;
  return { ...lead, words: amount.replace(/\s+/g, " "), span, hidden: span, ...(action ? { action: { start: actionStart, end: actionStart + action.length } } : {}) };
}

/**
 * "10 minutes after the meeting ends at 3", "2 hours after lunch", "a week after the interview on monday", "the day
 * after the party at 8 on saturday": an amount after a moment (ADR 134). chrono read "2 hours after" as two hours from
 * now, and "the day after" as tomorrow, the moment's words left in the title. Not "after that", "after it", "after
 * which" (no moment named), "the day after tomorrow", "the week after next" (days the reader knows), nor an amount with
 * no moment after it.
 */
// Not "the morning after pill": a medicine's name.
const NOT_A_MOMENT = "(?!(?:that|this|it|which|then|all|tomorrow|next|pills?)\\b)(?=[a-z0-9'\"])";
const LATER_THAN = new RegExp(`\\b${ASKING}${AMOUNT}\\s+(?<after>after|later\\s+than)\\s+${NOT_A_MOMENT}`, "i");
/** "day after boxing day return gifts": "day", "night", "morning", "evening" without "the" as the first words. */
const LEADING_DAY_LATER = new RegExp(`^\\s*${ASKING}(?<theDay>day|night|morning|evening)\\s+(?<after>after)\\s+${NOT_A_MOMENT}`, "i");
/** Moments the reader knows by "after" ("after lunch" 13:00, "after work" 18:00): "after" stays for it to read. */
const AFTER_A_MOMENT = /^\s*(?:my\s+|the\s+)?(?:breakfast|lunch|dinner|supper|tea|work|school)\b/i;
/**
 * What says when the moment is: a number, a day, a month, a day of the year. Without one ("take the cake out 20 minutes
 * after it goes in") the amount is counted from now, as it always was.
 */
const NAMES_WHEN = new RegExp(String.raw`\d|\b(?:today|tomorrow|tonight|noon|midday|midnight|next|this|${DAY_NAME}|${MONTH_WORD}|${NAMED_DAY}|${MOVING_DAY})\b`, "i");
/** A day known by its name right after "after" or "before" ("the day after christmas", "the friday before easter"). */
const A_NAMED_DAY_NEXT = new RegExp(String.raw`^\s*(?:the\s+)?(?:${NAMED_DAY}|${MOVING_DAY})\b`, "i");
/**
 * What a weekday before or after must be counted from: a date, not a moment of the day ("the friday before christmas",
 * "the monday after the 12th"; "on the monday before work" is Monday, before work).
 */
const A_DATE_NEXT = new RegExp(String.raw`^\s*(?:(?:the|every|each)\s+)?(?:${NAMED_DAY}|${MOVING_DAY}|${MONTH_WORD}|\d)|^\s*(?:every|each)\s+${FULL_DAY}`, "i");

/** A clock time right after "after" or "before" ("5 minutes after 3pm"): no words of the title follow. */
const A_CLOCK_NEXT = /^\s*(?:\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?|noon|midday|midnight)(?=[\s,.;!?]|$)/i;

/** "the move", "my op": a thing named after "after", which may be the moment counted from. */
const A_THING_NEXT = /^\s*(?:the|my|our|his|her|their|your)\s+[a-z]/i;

function findLaterThan(text: string): Ahead | null {
  const match = LATER_THAN.exec(text) ?? LEADING_DAY_LATER.exec(text);
  if (!match) return null;
  const { weekday, theDay, after = "" } = match.groups ?? {};
  const lead = leadOf(match.groups);
  if (!lead) return null;
  const start = match.index;
  const end = start + match[0].length;
  const rest = text.slice(end);
  const afterStart = start + match[0].toLowerCase().lastIndexOf(after.toLowerCase());
  const amountStart = start + match[0].search(new RegExp(`\\b${AMOUNT}`, "i"));
  const words = weekday ? theWeekday(weekday) : theDay ? `the ${theDay.toLowerCase()}` : text.slice(amountStart, afterStart).trim().replace(/\s+/g, " ");
  // The reader reads the moment after the amount; "after lunch" it reads with its "after", "after christmas" as "on".
  const keepsAfter = /^after$/i.test(after) && AFTER_A_MOMENT.test(rest);
  // "a day after the 5th", "the day after dec 12": a date is read after "on", as a day known by name is.
  const namedDay = A_NAMED_DAY_NEXT.test(rest) || (A_DATE_NEXT.test(rest) && !A_CLOCK_NEXT.test(rest) && !/^\s*(?:every|each)\b/i.test(rest));
  const dated = weekday ? A_DATE_NEXT.test(rest) : keepsAfter || NAMES_WHEN.test(rest);
  if (!dated) {
    const datedElsewhere = NAMES_WHEN.test(text.slice(0, start));
    // "the friday after work" is Friday, after work; "the friday after the move", a day counted from a thing.
    const unknownDay = weekday ? countsFromAnUndatedThing(text.slice(0, start), rest) : (lead.days > 0 || (lead.months ?? 0) > 0) && !datedElsewhere;
    return unknownDay ? { words, span: { start, end }, hidden: { start, end }, ...lead, after: true, unknownDay: true } : null;
  }
  // "follow up a week after the interview on monday": after words of the title, "after ..." stays in it; not before a
  // clock time ("call the bank 5 minutes after 3pm"), which leaves the title.
  const titleBefore = text.slice(0, start).trim() !== "" && !A_CLOCK_NEXT.test(rest);
  const hiddenEnd = keepsAfter || namedDay ? afterStart : end;
  // "after" read as "on" leaves the title with the amount ("call grandma the day after christmas": "call grandma").
  return { words, span: { start, end: (titleBefore || keepsAfter) && !namedDay ? afterStart : end }, hidden: { start, end: hiddenEnd }, ...lead, after: true, ...(namedDay ? { readAsOn: { start: afterStart, end } } : {}) };
}

/**
 * "remind me 10 minutes after the meeting ends at 3 to send notes", "remind me 30 mins before my 3pm meeting to print the
 * slides": the amount and its moment said first, then what to do. Read as "remind me to send notes 10 minutes after
 * the meeting ends at 3", so the title is what to do and what it follows or comes before ("send notes after the
 * meeting ends"); it was "the meeting ends to send notes". Only before a common verb ("the trip to paris" stays whole).
 */
const AMOUNT_CLAUSE_FIRST = new RegExp(String.raw`^(?<lead>\s*(?:please\s+)?(?:remind|ping|nudge|tell)\s+me\s+)(?=${AMOUNT}\s+(?:before|after)\s+\S)`, "i");
const TO_A_VERB = /\s+to\s+([a-z']+)\b/gi;

/**
 * "30 mins before the 6pm train leave office", "the night before the trip on friday pack bag": the same without "remind
 * me" and "to", what to do starting at the first common verb after the moment's first word (not after "the", "my":
 * "10 mins before the call with sam email him"). They were titled "the 6pm train leave office", "the trip pack bag".
 */
const AMOUNT_FIRST = new RegExp(String.raw`^\s*${AMOUNT}\s+(?:before|after)\s+(?=\S)`, "i");
const NOT_A_VERB_AFTER = /\b(?:the|my|a|an|our|your|his|her|their|to|this|that)\s+$/i;

/** `text` with a leading amount-and-moment clause moved after what to do (see AMOUNT_CLAUSE_FIRST); else as it is. */
export function amountClauseLast(text: string): string {
  const lead = AMOUNT_CLAUSE_FIRST.exec(text)?.groups?.lead;
  if (lead === undefined) return withoutAskingClauseLast(text);
  const action = [...text.slice(lead.length).matchAll(TO_A_VERB)].find((to) => isCommonVerb(to[1] ?? ""));
  if (action?.index === undefined) return text;
  const clause = text.slice(lead.length, lead.length + action.index);
  const what = text.slice(lead.length + action.index + action[0].length - (action[1] ?? "").length);
  return `${lead}to ${what.replace(/[\s,;.!]+$/, "")} ${clause}`;
}

function withoutAskingClauseLast(text: string): string {
  const first = AMOUNT_FIRST.exec(text);
  if (!first) return text;
  for (const word of text.slice(first[0].length).matchAll(/[a-z']+/gi)) {
    const at = first[0].length + (word.index ?? 0);
    if (word.index === 0 || !isCommonVerb(word[0]) || NOT_A_VERB_AFTER.test(text.slice(0, at))) continue;
    // "the day after every friday at 5 put the bins back": a repeat's moment is read where it is (repeat-reading.ts).
    if (/\bevery\b/i.test(text.slice(0, at))) return text;
    return `${text.slice(at).replace(/[\s,;.!]+$/, "")} ${text.slice(0, at).replace(/[\s,;:-]+$/, "").trim()}`;
  }
  return text;
}

/** The first "... before" in `text` that asks for a reminder ahead of the moment, or null. */
export function findAhead(text: string): Ahead | null {
  const askedAfter = findAskedAfter(text);
  if (askedAfter) return askedAfter;
  const laterThan = findLaterThan(text);
  if (laterThan) return laterThan;
  const match = AHEAD.exec(text) ?? LEADING_DAY_AHEAD.exec(text);
  if (!match) return null;
  const [whole] = match;
  const { weekday, before = "" } = match.groups ?? {};
  const lead = leadOf(match.groups);
  if (!lead) return null;
  const start = match.index;
  const end = start + whole.length;
  const rest = text.slice(end);
  // "the day before the wedding", "the friday before my flight", "30 mins before my meeting": counted from a thing no
  // word dates or times, asked (they found no time).
  if (countsFromAnUndatedThing(text.slice(0, start), rest)) return { words: weekday ? theWeekday(weekday) : amountWords(text, start, end - before.length), span: { start, end }, hidden: { start, end }, ...lead, unknownDay: true };
  if (weekday && !A_DATE_NEXT.test(rest)) return null;
  // "before my meeting", "before christmas", "before bed": the reader needs "before" to read what follows ("prior to",
  // "ahead of" and "earlier than" are hidden with the amount).
  const leadsToMoment = /^before$/i.test(before) && /^\s*[\w'"]/.test(text.slice(end));
  const hiddenEnd = leadsToMoment ? end - before.length : end;
  // "10 mins prior to my 3pm meeting" is said back as "10 mins before 3:00 PM", like "10 mins before".
  const words = weekday ? theWeekday(weekday) : amountWords(text, start, end - before.length);
  // "leave 20 mins before the 8:15 bus", "pack the night before the trip": after words of the title, "before" stays in
  // it ("leave before the 8:15 bus"); as the first words ("remind me 30 mins before my 3pm meeting") it goes.
  const titleBefore = text.slice(0, start).trim() !== "";
  const spanEnd = leadsToMoment && titleBefore ? end - before.length : end;
  return { words, span: { start, end: spanEnd }, hidden: { start, end: hiddenEnd }, ...lead };
}

/** The amount as said between `start` and `end` ("30 mins", "a week"), "day"/"night" alone as "the day", "the night". */
function amountWords(text: string, start: number, end: number): string {
  const amountStart = start + text.slice(start, end).search(new RegExp(`\\b(?:${AMOUNT}|day|night|morning|evening)`, "i"));
  const amount = text.slice(amountStart, end).trim();
  return /^(?:day|night|morning|evening)$/i.test(amount) ? `the ${amount.toLowerCase()}` : amount;
}

/**
 * Whether a day before or after is counted from a thing ("the wedding", "my flight") with no word that dates it
 * anywhere, nor a moment of the day the reader knows ("the night before work").
 */
function countsFromAnUndatedThing(before: string, rest: string): boolean {
  return A_THING_NEXT.test(rest) && !AFTER_A_MOMENT.test(rest) && !NAMES_WHEN.test(before) && !NAMES_WHEN.test(rest);
}


/** "the Sunday", "the weekend", as the confirmation says it back. */
function theWeekday(word: string): string {
  const lower = word.toLowerCase();
  return lower === "weekend" ? "the weekend" : `the ${lower.charAt(0).toUpperCase()}${lower.slice(1)}`;
}

