import { momentIn } from "./moments";
import type { TimeBound } from "./time-bound-phrases";
import { cleanTitle } from "./title";
import { SOMEONES_DAY } from "./vague-phrases";
import { COMMON_VERB } from "./verbs";
import type { Span } from "./types";

// The title as every nudge, text and call says it, shaped from the words cut out of the message (title.ts): what to
// do first, the moment or the time to beat after it, and a time that names a thing kept in it.

/**
 * "call the bank before 5pm", "by 5pm send invoice": the title ends with the time to beat, as typed ("call the bank
 * before 5pm", "send invoice by 5pm"). The reminder is due an hour earlier, and every nudge, text and call says the
 * title, so the time that matters goes with it (ADR 130). After "my"/"the" the words stay where they were.
 */
export function withTimeToBeat(title: string, said: string, toBeat: TimeBound | null): string {
  if (!toBeat?.direct || title === "") return title;
  return `${title} ${said.slice(toBeat.boundWords.start, toBeat.boundWords.end).replace(/\s+/g, " ").toLowerCase()} ${toBeat.clock}`;
}

/**
 * "meeting with sam at 3, remind me to prep before": the action first, then the moment it comes before ("prep before
 * meeting with sam"), so every nudge says what to do and for what.
 */
export function withAction(title: string, said: string, action: Span | undefined): string {
  if (!action) return title;
  const what = cleanTitle(said.slice(action.start, action.end));
  return title === "" ? what : `${what} before ${title}`;
}

/**
 * "every day with breakfast at 8 take pills": a moment left in the title as its first words (a clock time was said
 * with it, moments.ts MOMENT_TAG) goes after what to do: "take pills with breakfast".
 */
export function momentLast(title: string): string {
  // "on my birthday 14 march treat myself": the occasion goes after what to do ("treat myself on my birthday"); it was
  // said back as "about on your birthday treat yourself".
  const occasion = OCCASION_FIRST.exec(title);
  if (occasion?.[2]) return `${occasion[2]} ${occasion[1]}`;
  // Alone, the occasion is the title without its "on" ("my birthday", said back as "about your birthday").
  if (OCCASION_ALONE.test(title)) return title.replace(/^on\s+/i, "");
  const moment = momentIn(title);
  if (!moment || moment.start !== 0 || moment.end === title.length || NAMES_A_THING.test(title)) return title;
  const rest = cleanTitle(title.slice(moment.end));
  return rest === "" ? title : `${rest} ${title.slice(0, moment.end)}`;
}

/** "on my birthday", "on our anniversary", "on mum's birthday" as a title's first words, then what to do (a verb). */
const OCCASION_FIRST = new RegExp(String.raw`^(on\s+${SOMEONES_DAY})\s+(${COMMON_VERB}\b.*)$`, "i");
const OCCASION_ALONE = new RegExp(String.raw`^on\s+${SOMEONES_DAY}$`, "i");

/** "bedtime routine", "lunchtime walk", "lunch break stretch": a moment's word that names the thing, not a moment first. */
const NAMES_A_THING = /^(?:bed|lunch|breakfast|dinner|supper|tea)/i;

/** Before a time that is part of a name: "my 3pm meeting", "the 9:15 train". */
const NAMED_BY_ITS_TIME = /\b(?:my|the|our|your|his|her|their)\s+$/i;
/** "the 3rd of january": a day of the month after "the" is a date, not a name ("2 days after the 3rd of january"). */
const AN_ORDINAL_DAY = /^\d{1,2}(?:st|nd|rd|th)\b/i;

/**
 * A time's span to take out of the title, or none when the time names a thing ("my 3pm meeting"); a date after "the"
 * ("the 3rd of january") goes with its "the".
 */
export function notInAName(said: string, span: Span): Span[] {
  const named = NAMED_BY_ITS_TIME.exec(said.slice(0, span.start));
  if (!named) return [span];
  if (!AN_ORDINAL_DAY.test(said.slice(span.start))) return [];
  return [{ start: /^the\s/i.test(named[0].trimStart()) ? span.start - named[0].trimStart().length : span.start, end: span.end }];
}
