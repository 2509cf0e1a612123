import { MONTH_WORD } from "./month-words";
import { DAY as WEEKDAY } from "./recurrence-phrases";
import type { Span } from "./types";
import { COMMON_VERB } from "./verbs";

/**
 * "call the bank before 5pm", "send the invoice by 5", "pack bag before my 3pm meeting": a time to beat. A reminder
 * at that very time comes when it can no longer help (the bank has closed, the meeting has begun), so the reminder is
 * due an hour ahead of it, long enough for the whole standard sequence (ping, texts, call, buddies after an hour) to run
 * before the time named (ADR 130). Before, every one of them was due at the time itself, and "before 5", "by six",
 * "prior to 5pm" were not read at all or left words in the title.
 *
 * "call mum after 5pm", "after 5 call mum": a time to wait for, due at the time itself; "after" left the title
 * ("call mum after") or the time was not read at all.
 */
export interface TimeBound {
  /** "before": a time to beat, reminded an hour ahead; "after": a time to wait for, reminded at it. */
  kind: "before" | "after";
  /** The bound words ("before", "by", "no later than", "after"), read as "at" by the date reader when the clock follows them. */
  boundWords: Span;
  /** Where the clock time starts ("5pm", "3pm" of "before my 3pm meeting"). */
  clockStart: number;
  /** The clock time as typed ("5pm", "5", "noon"), which the title ends with after the bound words. */
  clock: string;
  /** The clock follows the bound words directly ("before 5pm"), so they leave the title; "before my 3pm meeting" keeps them. */
  direct: boolean;
  /** Nothing between the bound words and a clock that is surely one ("before 5", not "by friday 5pm" or "by 9.05"): read as "at". */
  clockFollows: boolean;
}

/** The words that set a time to beat. "by" after a verb of visiting is a visit ("drop by 5pm", "stop by at 3"). */
/** Not "not before 10", which is a time to wait for (AFTER_WORD). */
export const BOUND_WORDS = String.raw`(?<!\b(?:drop|stop|swing|come|pop|pass|go|walk|drive|run|popping|dropping|stopping)\s+)\b(?:(?<!\bnot\s+)before|by|(?:no|not)\s+later\s+than|prior\s+to|ahead\s+of|(?<!\b(?:no|not)\s+)earlier\s+than)`;

/**
 * A clock time in digits after the bound words: "5pm", "5:30", "17:00", "noon", or an hour alone before the end or a
 * day. "5.30" is a time (no month 30); "9.05" (captured) is five past nine in Britain and the 9th of May in Germany:
 * taken only if the reader reads a time in it, and never read as "at 9.05".
 */
const CLOCK = String.raw`(?:\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\b\.?|[ap]\b)|\d{1,2}:\d{2}\b|noon\b|midday\b|(?:12(?::00)?\s+)?midnight\b|\d{1,2}\.(?:1[3-9]|[2-5]\d)\b|(?<dotted>\d{1,2}\.\d{2})\b|\d{1,2}(?=\s*(?:$|[,;!?)]|\.(?!\d)|o'?clock\b|(?:today|tonight|tomorrow|tmrw|on|this|next|every|each|and|then|please|sharp|mon|tue|wed|thu|fri|sat|sun)\w*\b)))`;
const OWNER = String.raw`(?:(?:my|the|our|your|his|her|their|a|an)\s+)`;
/** "by friday 5pm", "before tomorrow at 9", "by dec 3, 5pm": a day between the bound words and the clock. */
const DAY = String.raw`(?:(?:today|tonight|tomorrow|tmrw|(?:this|next)\s+[a-z]+|${WEEKDAY}\.?|the\s+\d{1,2}(?:st|nd|rd|th)|\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?(?!\d)|${MONTH_WORD}\b\.?\s+\d{1,2}(?:st|nd|rd|th)?)\s*,?\s*(?:at\s+|@\s*)?)`;
/** "before the meeting tomorrow at 10", "before my big meeting at 3pm": what the time belongs to, then its day or "at". */
const EVENT = String.raw`(?:[a-z']+\s+){1,2}?(?:(?:on\s+)?${DAY}|at\s+|@\s*)`;
/**
 * What happens at a time or on a day to beat, said as a clause after "before" ("before it closes", "before it renews";
 * day-to-beat.ts reads the day's).
 */
export const HAPPENS = String.raw`(?:closes|close|shuts|shut|leaves|leave|departs|depart|starts|start|begins|begin|ends|end|opens|open|arrives|arrive|lands|land|kicks\s+(?:off|in)|gets\s+in|comes?\s+in|renews|renew|auto[\s-]?renews|expires|expire|runs\s+out|lapses|is\s+due|are\s+due|charges|bills|goes|go|comes|happens)`;
/**
 * "before it closes at 6", "before the post office closes at 5", "before my train leaves at 9:15", "before it renews
 * friday at 5pm": what happens at the time, said as a clause. Before, the reminder was due at the closing time itself.
 * The "the" may be left out, as in a quick note ("before pharmacy closes at 6", "before work starts at 9"; ADR 174).
 */
const HAPPENING = String.raw`(?:(?:(?:it|they|he|she|we|you)\s+|(?:(?:the|my|our|your|his|her|their)\s+)?(?:[a-z']+\s+){1,2}?)${HAPPENS}\s+(?:at\s+|@\s*)?)`;
const TIME_TO_BEAT = new RegExp(String.raw`(?<bound>${BOUND_WORDS})\s+(?<owner>${HAPPENING}|${OWNER}(?:${EVENT})?)?(?<day>${DAY})?(?=(?<clock>${CLOCK}))`, "i");

/** A clock time that is surely one even with words after it: "6pm", "6:30", "18:00". */
const SURE_CLOCK = String.raw`(?:\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\b\.?)|\d{1,2}:\d{2}\b)`;
/**
 * "before the shop closes at 6, buy milk", "before my 3pm meeting, print the slides", "before the meeting at 10am
 * print the slides": the time to beat said first, as a clause, then what to do. Read as "buy milk before the shop
 * closes at 6", so the title is what to do before what (before, "before the shop closes buy milk"). A comma ends the
 * clause; without one, only a clock that is surely one after what happens or its "at" does ("at 6 buy" may be 6 o'clock
 * buying). A bound followed by the clock itself ("before 5pm call the bank") is read as it always was.
 */
const LEAD = String.raw`(?<lead>\s*(?:(?:please\s+)?(?:remind|tell|ping|nudge)\s+me\s+)?)`;
const LEADING_CLAUSE_WITH_COMMA = new RegExp(String.raw`^${LEAD}(?<clause>(?:before|prior\s+to|ahead\s+of|by)\s+(?!\d|noon|midday|midnight)[^,]*\d[^,]*?)\s*,\s*(?<rest>[a-z].*)$`, "i");
// A bare hour ends the clause too when what to do follows it ("before the party at 8 buy wine" was 8 PM, titled "before
// the party buy wine"): "at 8" after the thing is the thing's hour.
// "after the meeting at 3 call sam" likewise: "call sam after the meeting at 3" (it was titled "after the meeting call sam").
const LEADING_CLAUSE = new RegExp(String.raw`^${LEAD}(?<clause>(?:before|prior\s+to|ahead\s+of|after)\s+(?:${HAPPENING}|${OWNER}?${EVENT})(?:${DAY})?(?:${SURE_CLOCK}|\d{1,2}(?=\s+${COMMON_VERB}\b)))\s+(?<rest>[a-z].*)$`, "i");

/** `text` with a leading time-to-beat clause moved after what to do (see LEADING_CLAUSE); else `text` as it is. */
export function boundClauseLast(text: string): string {
  const match = LEADING_CLAUSE_WITH_COMMA.exec(text) ?? LEADING_CLAUSE.exec(text);
  if (!match) return text;
  const { lead = "", clause = "", rest = "" } = match.groups ?? {};
  return `${lead}${rest.replace(/[\s,;.!]+$/, "")} ${clause}`;
}

/** An hour alone as the first words (or after a day), before the title, is a time: "before 5 call the bank", "after 5 call mum". */
const HOUR_LEADING_THE_TITLE = String.raw`(?=(?<clock>\d{1,2})\s+(?!(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|of|or|to|and|people|times|kids|children)\b)[a-z])`;
/** "tomorrow evening after 6 call dad", "friday before 5 call the bank": a day first, then the hour before the title. */
const LEADING_DAY = String.raw`(?:(?:today|tonight|tomorrow|tmrw|(?:on\s+)?${WEEKDAY}\.?)(?:\s+(?:morning|afternoon|evening|night))?\s*,?\s+)?`;
const LEADING_TIME_TO_BEAT = new RegExp(String.raw`^\s*${LEADING_DAY}(?<bound>${BOUND_WORDS})\s+${HOUR_LEADING_THE_TITLE}`, "i");

/**
 * "after" as a time to wait for; not looking or asking after someone ("look after 2 kids", "ask after 5pm" is a time).
 * "not before 10", "no earlier than 10", "not until 10" wait for it too (ADR 139; "not before 10" was reminded an hour
 * before 10, as a time to beat).
 */
export const AFTER_WORD = String.raw`(?:(?<!\b(?:look|looks|looking|looked|name|named|naming|chase|chasing|take|takes|taking|took|go|goes|going|went|come|comes|coming|came|lust|lusting)\s+)\bafter|\bnot\s+(?:before|until|till)|\b(?:no|not)\s+(?:earlier|sooner)\s+than)`;
const TIME_TO_WAIT_FOR = new RegExp(String.raw`(?<bound>${AFTER_WORD})\s+(?<day>${DAY})?(?=(?<clock>${CLOCK}))`, "i");
const LEADING_TIME_TO_WAIT_FOR = new RegExp(String.raw`^\s*${LEADING_DAY}(?<bound>${AFTER_WORD})\s+${HOUR_LEADING_THE_TITLE}`, "i");

/** The first time to beat or to wait for in `text`, or null. */
export function findTimeBound(text: string): TimeBound | null {
  const before = TIME_TO_BEAT.exec(text) ?? LEADING_TIME_TO_BEAT.exec(text);
  const after = TIME_TO_WAIT_FOR.exec(text) ?? LEADING_TIME_TO_WAIT_FOR.exec(text);
  const match = before && (!after || before.index <= after.index) ? before : after;
  if (!match) return null;
  const { bound = "", owner, day, clock = "", dotted } = match.groups ?? {};
  const start = match.index + match[0].indexOf(bound);
  const direct = owner === undefined;
  const clockFollows = direct && day === undefined && dotted === undefined;
  return { kind: match === before ? "before" : "after", boundWords: { start, end: start + bound.length }, clockStart: match.index + match[0].length, clock: clock.trim(), direct, clockFollows };
}

/** `text` with the bound words read as "at" when the clock follows them (padded to their length, so every later span still lines up). */
export function boundReadAsAt(text: string, bound: TimeBound): string {
  if (!bound.clockFollows) return text;
  const { start, end } = bound.boundWords;
  return text.slice(0, start) + "at".padEnd(end - start, " ") + text.slice(end);
}

/**
 * Whether the time the reader took (its span) is the bound's clock, not another time said beside it. The span may
 * start before the bound words when its day was said first: "call sam tonight by midnight" reads as "tonight at
 * midnight", one span from "tonight".
 */
export function isTheBoundsTime(timeBound: TimeBound, timeSpan: Span | undefined): boolean {
  if (!timeSpan) return false;
  return timeSpan.start <= timeBound.clockStart && timeSpan.end > timeBound.clockStart;
}

/** How far ahead of a time to beat the reminder is due: an hour, said back as "an hour before 5:00 PM". */
export const TIME_TO_BEAT_LEAD = { words: "an hour", minutes: 60, days: 0 } as const;
