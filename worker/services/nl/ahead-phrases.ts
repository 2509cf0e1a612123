import { DateTime } from "luxon";
import { MONTH_WORD } from "./month-words";
import { NAMED_DAY } from "./named-days";
import { DAY_NAME } from "./recurrence-phrases";
import { countOf } from "./relative-phrases";
// Without an amount, the lead of a time to beat (ADR 130): the words named none.
import { TIME_TO_BEAT_LEAD } from "./time-bound-phrases";
import { isCommonVerb } from "./verbs";
import { PART_OF_DAY_HOURS, type PartOfDay, type Span } from "./types";

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
  /** "the night before": the day before at night (21:00), whatever the moment's own time. */
  partOfDay?: PartOfDay;
  /** "2 hours after lunch", "the day after the party": that much later than the moment, not earlier (ADR 134). */
  after?: true;
  /**
   * "meeting with sam at 3, remind me to prep before": what to do ahead of the moment ("prep"), said after it. The
   * title is the action before the moment's own words ("prep before meeting with sam").
   */
  action?: Span;
}

/** The counts of minutes people say in words beyond relative-phrases.ts's "a" to "twelve". */
const MINUTE_COUNTS: Record<string, number> = { fifteen: 15, twenty: 20, thirty: 30, "forty-five": 45, "forty five": 45 };
// "a couple of days before": two, as "a couple of hours" is elsewhere (chrono read it as two days ago).
const COUNT = `(?<count>\\d{1,3}|(?:a\\s+)?couple(?:\\s+of)?|an?|one|two|three|four|five|six|ten|fifteen|twenty|thirty|forty[- ]five)`;
const UNIT = "(?<unit>minutes?|mins?|hours?|hrs?|days?|weeks?)";
const AMOUNT = `(?:${COUNT}\\s+${UNIT}|(?<halfHour>half\\s+an\\s+hour)|the\\s+(?<theDay>day|night|evening))`;
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
const LEADING_DAY_AHEAD = new RegExp(`^\\s*${ASKING}(?<theDay>day|night|evening)\\s+(?<before>before)\\b`, "i");

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
  String.raw`[,;]\s*(?<ask>)(?<action>(?<verb>[a-z']+)(?:\s+.+?)??)(?:\s+${AMOUNT})?\s+(?<before>before(?:hand)?|in\s+advance|ahead(?:\s+of\s+time)?)\s*[.!]*\s*$`,
  "i",
);

function askedAfter(text: string): { match: RegExpExecArray; askStart: number } | null {
  const asked = ASKED_AFTER.exec(text);
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
  const { count, unit, halfHour, theDay, action } = match.groups ?? {};
  const lead = count || halfHour || theDay ? leadOf(count, unit, halfHour, theDay) : TIME_TO_BEAT_LEAD;
  if (!lead) return null;
  const amount = theDay ? `the ${theDay.toLowerCase()}` : (halfHour ?? (count ? `${count} ${unit}` : TIME_TO_BEAT_LEAD.words));
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
const LATER_THAN = new RegExp(`\\b${ASKING}${AMOUNT}\\s+(?<after>after|later\\s+than)\\s+(?!(?:that|this|it|which|then|all|tomorrow|next)\\b)(?=[a-z0-9'"])`, "i");
/** Moments the reader knows by "after" ("after lunch" 13:00, "after work" 18:00): "after" stays for it to read. */
const AFTER_A_MOMENT = /^\s*(?:my\s+|the\s+)?(?:breakfast|lunch|dinner|supper|tea|work|school)\b/i;
/**
 * What says when the moment is: a number, a day, a month, a day of the year. Without one ("take the cake out 20 minutes
 * after it goes in") the amount is counted from now, as it always was.
 */
const NAMES_WHEN = new RegExp(String.raw`\d|\b(?:today|tomorrow|tonight|noon|midday|midnight|next|this|${DAY_NAME}|${MONTH_WORD}|${NAMED_DAY})\b`, "i");

function findLaterThan(text: string): Ahead | null {
  const match = LATER_THAN.exec(text);
  if (!match) return null;
  const { count, unit, halfHour, theDay, after = "" } = match.groups ?? {};
  const lead = leadOf(count, unit, halfHour, theDay);
  if (!lead) return null;
  const start = match.index;
  const end = start + match[0].length;
  const afterStart = start + match[0].toLowerCase().lastIndexOf(after.toLowerCase());
  const amountStart = start + match[0].search(new RegExp(`\\b${AMOUNT}`, "i"));
  const words = text.slice(amountStart, afterStart).trim().replace(/\s+/g, " ");
  // The reader reads the moment after the amount; "after lunch" it reads with its "after".
  const keepsAfter = /^after$/i.test(after) && AFTER_A_MOMENT.test(text.slice(end));
  if (!keepsAfter && !NAMES_WHEN.test(text.slice(end))) return null;
  // "follow up a week after the interview on monday": after words of the title, "after ..." stays in it.
  const titleBefore = text.slice(0, start).trim() !== "";
  return { words, span: { start, end: titleBefore || keepsAfter ? afterStart : end }, hidden: { start, end: keepsAfter ? afterStart : end }, ...lead, after: true };
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
  const { count, unit, halfHour, theDay, before = "" } = match.groups ?? {};
  const lead = leadOf(count, unit, halfHour, theDay);
  if (!lead) return null;
  const start = match.index;
  const end = start + whole.length;
  // "before my meeting", "before christmas", "before bed": the reader needs "before" to read what follows ("prior to",
  // "ahead of" and "earlier than" are hidden with the amount).
  const leadsToMoment = /^before$/i.test(before) && /^\s*[\w'"]/.test(text.slice(end));
  const hiddenEnd = leadsToMoment ? end - before.length : end;
  const amountStart = start + whole.search(new RegExp(`\\b(?:${AMOUNT}|day|night|evening)`, "i"));
  // "10 mins prior to my 3pm meeting" is said back as "10 mins before 3:00 PM", like "10 mins before".
  const amount = text.slice(amountStart, end - before.length).trim();
  const words = /^(?:day|night|evening)$/i.test(amount) ? `the ${amount.toLowerCase()}` : amount;
  // "leave 20 mins before the 8:15 bus", "pack the night before the trip": after words of the title, "before" stays in
  // it ("leave before the 8:15 bus"); as the first words ("remind me 30 mins before my 3pm meeting") it goes.
  const titleBefore = text.slice(0, start).trim() !== "";
  const spanEnd = leadsToMoment && titleBefore ? end - before.length : end;
  return { words, span: { start, end: spanEnd }, hidden: { start, end: hiddenEnd }, ...lead };
}

function leadOf(count: string | undefined, unit: string | undefined, halfHour: string | undefined, theDay: string | undefined): Omit<Ahead, "words" | "span" | "hidden"> | null {
  if (halfHour) return { minutes: 30, days: 0 };
  if (theDay) {
    const day = theDay.toLowerCase();
    return { minutes: 0, days: 1, ...(day === "night" ? { partOfDay: "night" as const } : day === "evening" ? { partOfDay: "evening" as const } : {}) };
  }
  const lower = (count ?? "").toLowerCase();
  const n = /couple/.test(lower) ? 2 : (MINUTE_COUNTS[lower] ?? countOf(lower));
  if (n === null) return null;
  const u = (unit ?? "").toLowerCase();
  if (u.startsWith("w")) return { minutes: 0, days: 7 * n };
  if (u.startsWith("d")) return { minutes: 0, days: n };
  return { minutes: u.startsWith("h") ? 60 * n : n, days: 0 };
}

/** How much earlier (or later), and how it was said: an `Ahead` found in the words, or the hour ahead of a time to beat. */
export type AheadAmount = Pick<Ahead, "words" | "minutes" | "days" | "partOfDay" | "after">;

/**
 * The moment `ahead` names before `eventAt` (after it, for "2 hours after lunch"), on the person's clock: days on the
 * calendar, keeping the wall time.
 */
export function aheadOf(eventAt: Date, ahead: AheadAmount, zone: string): Date {
  const sign = ahead.after ? -1 : 1;
  let local = DateTime.fromJSDate(eventAt, { zone }).minus({ days: sign * ahead.days });
  if (ahead.partOfDay) local = local.set({ hour: PART_OF_DAY_HOURS[ahead.partOfDay], minute: 0, second: 0, millisecond: 0 });
  return local.minus({ minutes: sign * ahead.minutes }).toJSDate();
}
