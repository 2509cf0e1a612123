import { DateTime } from "luxon";
import { findDateTime } from "./date-time-phrases";
import { nextMinute } from "./early-reminder";
import { namesADay } from "./repeat-reading";
import { cleanTitle } from "./title";
import { blankOut, type Span } from "./types";
import { startsWithAVerb } from "./verbs";

/**
 * "bins are on thursday, remind me wednesday night", "dentist friday at 3, remind me thursday to confirm", "the gas man
 * comes monday so remind me sunday to tidy": what the person knows, with its own day, then when to be reminded. The
 * asking's day is the reminder's; the first part is what it is about and is not read for a day. Both days were read
 * before: due on the first ("Thu 9 PM, titled "bins remind you"), the asking in the title.
 */
export interface FactThenAsk {
  /** The first part ("bins are on thursday"): kept whole for the title, not read for a day. */
  fact: Span;
  /** "remind me", "so remind me": out of the title. */
  ask: Span;
  /**
   * The first part's day when the asking names none of its own ("dentist tomorrow at 3, remind me at 1": the reminder
   * is on that day, at the asking's time); null when the asking names its day ("remind me thursday").
   */
  day: { year: number; month: number; day: number } | null;
  /** When the first part's own one-off would be due ("dentist friday at 3"), or null: read once, for `day` and the title. */
  factDue: Date | null;
  /** Whether the first part names its own day ("dentist friday at 10") rather than a time alone ("meeting at 3"). */
  factNamesADay: boolean;
  /** Whether the first part says its own clock time ("flight friday 6:40am"), not a day alone ("party saturday"). */
  factSaysATime: boolean;
}

/** The due time of the one-off the words alone would make ("dentist friday at 3"), or null (parse-reminder.ts). */
export type ReadOneOff = (words: string) => Date | null;

const ASKING = /(?:^|[\s,.;:!–-])(?<ask>(?:(?:and|so)\s+)?(?:(?:please|pls|can\s+you|could\s+you)\s+)?(?:remind|ping|nudge|tell)\s+me)\b/gi;

const ANOTHER_TOO = /\b(?:too|also|again|as\s+well)\s*[.!]*\s*$/i;
/** "remind me to buy wine", "remind me about the cake": what to do follows the asking. */
const ACTION_NEXT = /^\s+(?:to|about)\s+\S/i;

/**
 * "school play thursday 2pm, leave work at 1", "mum's flight lands at 14:35 on saturday, leave at 1": no asking, but a
 * comma and what to do at its own time. It was due at the fact's time, titled "school play leave work at 1".
 */
const THEN_WHAT_TO_DO = /,\s*(?:(?:and\s+)?then\s+|so\s+)?(?=[a-z])/gi;

/**
 * The fact and the asking in `text`, when both say when: the asking a day, or a time when the fact names one day, or
 * what to do on the fact's day; else null.
 */
export function findFactThenAsk(text: string, now: Date, zone: string, readOneOff: ReadOneOff): FactThenAsk | null {
  for (const match of text.matchAll(ASKING)) {
    const ask = match.groups?.ask ?? "";
    const askStart = text.indexOf(ask, match.index ?? 0);
    const fact = text.slice(0, askStart);
    if (cleanTitle(fact) === "") continue;
    const askEnd = askStart + ask.length;
    // "call mum tomorrow at 5 and remind me friday too": a second reminder, not one about the first part.
    if (ANOTHER_TOO.test(text.slice(askEnd))) return null;
    // "party on saturday, remind me to buy wine": no day or time asked, what to do is, on the fact's day (not a task's:
    // "call mum tomorrow at 5 and remind me to buy flowers" stays one reminder at 5).
    const onTheFactsDay = ACTION_NEXT.test(text.slice(askEnd)) && !startsWithAVerb(fact);
    // "meeting at 2, remind me at 1:45", "i'm meeting jo at 7 remind me at 6": the fact's time alone says its day (the
    // next one); not a second asking joined by "and" ("take pills at 8 and remind me at 9 if i forget", ADR 136). It
    // was due at the fact's time, the asking left in the title.
    return factAndAsking(text, { start: askStart, end: askEnd }, { onTheFactsDay, byItsTime: !/^and\b/i.test(ask) }, now, zone, readOneOff);
  }
  for (const match of text.matchAll(THEN_WHAT_TO_DO)) {
    const askStart = match.index ?? 0;
    const askEnd = askStart + match[0].length;
    const fact = text.slice(0, askStart);
    if (cleanTitle(fact) === "" || startsWithAVerb(fact) || !startsWithAVerb(text.slice(askEnd))) continue;
    // "daylight saving ends sunday, change the clocks", "party saturday, buy wine": what to do with no when of its own
    // is on the fact's day, as "remind me to buy wine" is (it was titled "daylight saving ends change the clocks").
    return factAndAsking(text, { start: askStart, end: askEnd }, { onTheFactsDay: true, byItsTime: true }, now, zone, readOneOff);
  }
  return null;
}

/** The fact before `ask` and when to be reminded after it, when both say when (see findFactThenAsk); else null. */
function factAndAsking(text: string, ask: Span, may: { onTheFactsDay: boolean; byItsTime: boolean }, now: Date, zone: string, readOneOff: ReadOneOff): FactThenAsk | null {
  const fact = text.slice(0, ask.start);
  const asked = findDateTime(blankOut(text, [{ start: 0, end: ask.end }]), now, zone);
  const known = findDateTime(fact, now, zone);
  const askedDay = namesADay(asked);
  // A time alone is on the fact's day, so the fact must name one, or a time of its own (may.byItsTime).
  const factDay = Boolean(known.date || known.weekday);
  const factTime = Boolean(known.time) && may.byItsTime;
  const onTheFactsDay = may.onTheFactsDay && !askedDay && !asked.time && !asked.instant && factDay;
  if (!(askedDay || (asked.time && (factDay || factTime)) || onTheFactsDay) || known.spans.length === 0) return null;
  const found = { fact: { start: 0, end: ask.start }, ask, factDue: readOneOff(fact), factNamesADay: factDay, factSaysATime: Boolean(known.time) };
  if (askedDay) return { ...found, day: null };
  if (!found.factDue) return null;
  const { year, month, day } = DateTime.fromJSDate(found.factDue, { zone });
  return { ...found, day: { year, month, day } };
}

const TWELVE_HOURS = 12 * 60 * 60 * 1000;
const SMALL_HOURS_AHEAD = 4 * 60 * 60 * 1000;

/**
 * "flight at 6am tomorrow, remind me at 3", "dinner at 8pm, remind me at 7" said at 5 AM: a reminder about the fact alone
 * (no action of its own to do then) is wanted ahead of it, so the time asked is the one in the 12 hours before the fact:
 * a bare hour in either half of the day, or the evening before ("flight at 6am, remind me at 11pm"). They were due at
 * 3 PM, after the flight, and at 7 AM, thirteen hours early. A time already in those hours stays ("meeting at 2, remind
 * me at 1:45"), and one earlier on the fact's day too ("party at 11pm saturday, remind me at 9am").
 *
 * A time only after the fact (ADR 141): when the fact names its own day, the latest such time before it that has not
 * passed ("dentist friday at 10, remind me at 5pm" is Thursday at 5 PM; it was Friday at 5 PM, seven hours after the
 * dentist); when it does not, or nothing before it is left ("meeting at 3, remind me at 4", "dentist tomorrow at 10,
 * remind me at 2" said in the afternoon), null: the person is asked, not reminded after the thing has happened.
 */
export function askedTimeBeforeTheFact(dueAt: Date, factDue: Date, meridiemKnown: boolean, factNamesADay: boolean, now: Date, zone: string): Date | null {
  const yetToCome = (at: Date) => at.getTime() > now.getTime() && at.getTime() <= factDue.getTime();
  const aheadOfTheFact = (at: Date) => yetToCome(at) && factDue.getTime() - at.getTime() < TWELVE_HOURS;
  if (aheadOfTheFact(dueAt)) return dueAt;
  const asRead = DateTime.fromJSDate(dueAt, { zone });
  const hours = meridiemKnown ? [asRead.hour] : [asRead.hour % 12, (asRead.hour % 12) + 12];
  // A bare hour in the small hours only just before the fact ("flight at 6am, remind me at 3"): "dentist at 10, remind
  // me at 2" is not 2 AM.
  const likely = (at: Date) => meridiemKnown || DateTime.fromJSDate(at, { zone }).hour >= 6 || factDue.getTime() - at.getTime() <= SMALL_HOURS_AHEAD;
  const candidates = [0, -1].flatMap((days) => hours.map((hour) => asRead.plus({ days }).set({ hour }).toJSDate())).filter(likely);
  const latest = (times: Date[]) => times.sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  const inTheTwelveHours = latest(candidates.filter(aheadOfTheFact));
  if (inTheTwelveHours) return inTheTwelveHours;
  if (yetToCome(dueAt)) return dueAt;
  return factNamesADay ? latest(candidates.filter(yetToCome)) : null;
}

const AN_HOUR = 60 * 60 * 1000;

/**
 * "flight friday 6:40am, pack passport", "dentist tomorrow at 8am, remind me to bring insurance card": what to do on
 * the fact's day with no time of its own is due at the day's usual hour (`dueAt`) when that is an hour or more before
 * the fact, else an hour before it, as a time to beat is (ADR 130), or at the next minute when that hour has begun.
 * They were due at 9 AM, after the flight, titled "pack passport after flight friday 6:40am" (ADR 151).
 */
export function doneBeforeTheFact(dueAt: Date, factDue: Date, now: Date): Date {
  const anHourAhead = factDue.getTime() - AN_HOUR;
  if (dueAt.getTime() <= anHourAhead || factDue.getTime() <= now.getTime()) return dueAt;
  return anHourAhead > now.getTime() ? new Date(anHourAhead) : nextMinute(now);
}

const COPULA_BEFORE_THE_DAY = /\s+(?:is|are)(?=\s+(?:on|the|at|this|next|tomorrow|today|tonight)\b)/i;

/**
 * The title: what to do, then before or after the fact by whether the fact's own time comes first ("confirm before
 * dentist friday at 3", "clean up after party saturday"), or the fact alone.
 */
export function titleWithTheFact(action: string, text: string, found: FactThenAsk, dueAt: Date | null): string {
  // "payday is on the 28th": the "is" only joined the thing to its day ("move money before payday on the 28th").
  const about = cleanTitle(text.slice(found.fact.start, found.fact.end)).replace(COPULA_BEFORE_THE_DAY, "");
  if (action === "") return about;
  return `${action} ${found.factDue && dueAt && found.factDue.getTime() < dueAt.getTime() ? "after" : "before"} ${about}`;
}
