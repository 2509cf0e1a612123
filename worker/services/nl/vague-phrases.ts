import { MONTH_WORD } from "./month-words";
import { DAY_NAME } from "./recurrence-phrases";
import type { Span } from "./types";
import { COMMON_VERB, isCommonVerb } from "./verbs";

// Words that say when without an exact time, or that it is now: asked about, or started at once (parse-reminder.ts).

/**
 * "in 10", "in 5 to check the oven", "in 5 take out the pizza": a count after "in" with no unit, as the last words,
 * before "to ...", or as the first words before the title (asked only when nothing else said when). Ten
 * minutes or ten hours: a guess either way is an alarm at the wrong time, so the reader asks (parse-reminder.ts)
 * rather than answering "I couldn't find a time". "in 10 downing street" and "in 2024" are not read.
 */
const COUNT_WITHOUT_UNIT = /\bin\s+(\d{1,3}|a\s+few|a\s+couple|five|ten|fifteen|twenty|thirty|forty-?five)(?=\s*(?:$|[,.;:!?)]|(?:to|and|please|then)\b))|^\s*in\s+(\d{1,3}|five|ten|fifteen|twenty|thirty|forty-?five)(?=\s+(?!(?:minutes?|mins?|hours?|hrs?)\b)[a-z])/i;

/**
 * "5 mins check rice", "10 min timer", "pasta 11 minutes", "half an hour call sam": a length of minutes or hours as the
 * first or the last words, with nothing else saying when, is that long from now, as "in 5 mins" is (parse-reminder.ts
 * reads the words again with "in"). Each found no time. Days are not read so ("walk 3 days" is no time).
 */
export function lengthAsFromNow(text: string): string | null {
  // "snooze 30 mins", "give me 10 minutes", "move it by an hour": an answer to a reminder, which the chat and the box
  // read before this (typed-answers.ts); never a reminder called "snooze".
  if (AN_ANSWER.test(text)) return null;
  const first = LENGTH_FIRST.exec(text);
  if (first) return `in ${text.trimStart()}`;
  const last = LENGTH_LAST.exec(text);
  return last ? `${text.slice(0, last.index)} in${text.slice(last.index)}` : null;
}
const AN_ANSWER = /^\s*(?:snooze|give\s+me|move\s+it|push\s+it|push\s+back|delay|wait|hold\s+on|another|again|remind\s+me\s+again|nudge\s+me\s+again|ask\s+me\s+again|try\s+again|later)\b/i;
const LENGTH = String.raw`(?:\d{1,3}(?:\.\d)?\s*(?:minutes?|mins?|hours?|hrs?|m|h)|(?:an?|one)\s+(?:hour|hr)|half\s+an\s+hour|a\s+half\s+hour)\b`;
// "10 mins! pasta", "5 min: tea": a mark after the length too (ADR 161; it found no time).
const LENGTH_FIRST = new RegExp(String.raw`^\s*${LENGTH}(?=[!.,:;-]*\s+\S)`, "i");
const LENGTH_LAST = new RegExp(String.raw`(?<=\S)\s+${LENGTH}\s*[.!]*\s*$`, "i");

/** The words "in 10" as typed, when a count after "in" has no unit (see COUNT_WITHOUT_UNIT); else null. */
export function countWithoutUnit(text: string): string | null {
  return COUNT_WITHOUT_UNIT.exec(text)?.[0].replace(/\s+/g, " ") ?? null;
}

/**
 * "check on the bread in 25", "in 45 take out the pizza": a count after "in" with no unit that is more hours than a day
 * has, and at most three hours of minutes (25 to 180), is minutes: the words again with "minutes" after the count, for
 * parse-reminder.ts to read. They were asked 'Is "in 25" minutes or hours?', offering "in 25 hours". Null otherwise.
 */
export function countAsMinutes(text: string): string | null {
  const match = COUNT_WITHOUT_UNIT.exec(text);
  const said = (match?.[1] ?? match?.[2] ?? "").toLowerCase();
  const count = /^\d+$/.test(said) ? Number(said) : (COUNT_WORDS[said.replace("-", "")] ?? 0);
  if (!match || count < 25 || count > 180) return null;
  const end = match.index + match[0].length;
  return `${text.slice(0, end)} minutes${text.slice(end)}`;
}
const COUNT_WORDS: Record<string, number> = { thirty: 30, fortyfive: 45 };

/** "christmas week", "the week of thanksgiving": the week a holiday is in, seven days. */
const HOLIDAY_WEEK = String.raw`(?:(?:in|during|over)\s+)?(?:the\s+)?(?:christmas|xmas|easter|thanksgiving)\s+week|(?:(?:in|during)\s+)?the\s+week\s+of\s+(?:christmas|xmas|easter|thanksgiving)`;

const A_HOLIDAY_WEEK = new RegExp(String.raw`\b(?:${HOLIDAY_WEEK})$`, "i");

/**
 * Periods that hold many days and name none: "this week", "next week", "this month", "next year", "in january", "in the
 * new year", "next spring", "after christmas", "over easter", "between christmas and new year", "late december", "late
 * next week", "the second week of december" (the start and the middle of one are days, period-phrases.ts; its late days
 * are many). Alone they are asked (VAGUE_WHEN); with a time and no day ("in the new year at 9") too, since the time
 * alone would be today's (parse-reminder.ts). Not "the end of this month" (a day, period-phrases.ts), nor "the day after
 * christmas" (read before, ahead-phrases.ts).
 */
/**
 * "renew car registration in january", "sometime in march": a month with no day of it said. Not a month's day or week
 * ("the first monday in march", "the last day in march", "the 2nd week in may"), nor a date or a year after it ("in
 * january 5", "in march 2027").
 */
const A_MONTH = String.raw`(?<!\b(?:day|week|weekend|${DAY_NAME}s?|\d{1,2}(?:st|nd|rd|th)?|first|second|third|fourth|fifth|last)\s+)in\s+${MONTH_WORD}\b(?!\s*\d)(?!['’]s)`;
export const PERIOD_WITHOUT_A_DAY = String.raw`(?:(?:in\s+)?the\s+(?:first|second|third|fourth|last|1st|2nd|3rd|4th)\s+week\s+(?:of|in)\s+(?:${MONTH_WORD}\b|(?:the|this|next)\s+month)|late\s+(?:(?:this|next)\s+(?:week|month)|${MONTH_WORD}\b)|(?<!\b(?:of|early|mid|time|day)[\s-]+)(?:this|next)\s+(?:week|month|year)|in\s+the\s+new\s+year|${A_MONTH}|(?:in\s+(?:the\s+)?|(?:this|next)\s+)(?:spring|summer|autumn|fall|winter)|(?:after|over)\s+(?:christmas|xmas|easter)|between\s+(?:christmas|xmas)\s+and\s+new\s+year'?s?(?:\s+(?:day|eve))?|${HOLIDAY_WEEK})`;
// Not "this year's taxes".
const SOMETIME = String.raw`(?:sometime\s+|some\s+time\s+|at\s+some\s+point\s+)?`;
const PERIOD = new RegExp(String.raw`\b${SOMETIME}${PERIOD_WITHOUT_A_DAY}\b(?!'s)`, "i");
/** What may follow a period said as the time: nothing, a time's word, a verb ("in the new year call sam"). */
/**
 * Before a period, words that make it the thing done, with any common verb: "plan this week at 3", "review this month
 * at 5pm", "reflect on this year at 9pm" are about the period, at a time of today (not-dates.ts keeps the period from
 * the date reader too).
 */
export const DONE_TO_A_PERIOD = String.raw`(?:plan|planning|review|reviewing|summarise|summarize|recap|reflect\s+on|budget|budget\s+for|prep\s+for|prepare\s+for|organise|organize|sort\s+out|${COMMON_VERB}|on|about)`;
const PERIOD_AS_OBJECT = new RegExp(String.raw`\b${DONE_TO_A_PERIOD}\s+$`, "i");

const SAID_WITH_IN = /^(?:(?:sometime|some\s+time|at\s+some\s+point)\s+)?in\s/i;

const AFTER_A_PERIOD = /^(?:at|on|by|around|about|from|to|and|then|please|remind|i|we)$/i;

/**
 * Where a period that names no day is said as the time ("in the new year at 9", "call sam this week"), as typed, or
 * null. Before a name it describes the thing ("book next summer holiday at 3pm").
 */
export function findPeriodWithoutADay(text: string): { phrase: string; span: Span } | null {
  const match = PERIOD.exec(text);
  if (!match) return null;
  const end = match.index + match[0].length;
  const before = text.slice(0, match.index);
  // "plan this week at 3" is about the week; "renew in january" is not about January ("in" is no thing done).
  if (PERIOD_AS_OBJECT.test(before) && !SAID_WITH_IN.test(match[0])) return null;
  const next = /^\s*([a-z']+)/i.exec(text.slice(end))?.[1];
  // "easter week paint fence": a holiday's week names no thing, so any words may follow it.
  if (next && !AFTER_A_PERIOD.test(next) && !isCommonVerb(next) && !A_HOLIDAY_WEEK.test(match[0])) return null;
  return { phrase: match[0].replace(/\s+/g, " "), span: { start: match.index, end } };
}

/**
 * "call Bob later", "soon", "shortly", "in a bit", "in a while", "at some point": a wish for a time, with none in it. Named back
 * when nothing else says when (parse-reminder.ts), so the answer asks for the time those words stood for. ("asap"
 * is not asked about: "When is asap?" reads as a rebuke.)
 */
// Also a moment only the person knows ("when I get home", "once I'm back", "after school"): asked, naming the words,
// rather than "I couldn't find a time".
const MOMENT_ONLY_YOU_KNOW = String.raw`(?:when|once|as\s+soon\s+as)\s+i(?:'m|\s+am|\s+get|\s+arrive|\s+wake|\s+leave|\s+finish)(?:\s+(?:home|back|up|in|there|to\s+work|work))?|(?:before|after)\s+(?:school|church|mass|class)|on\s+(?:my|the)\s+way\s+(?:home|back|to\s+work|in)|(?:at\s+)?opening\s+time|(?:at\s+)?closing\s+time`;
/** "bin day", "garbage day": a day of the week only the person knows (messages.ts asks for it by these words too). */
export const BIN_DAY = String.raw`(?:garbage|trash|bins?|rubbish|recycling|collection)\s+day`;
/** "her birthday", "our anniversary": a day of someone's that no calendar here holds (messages.ts asks for its date). */
export const SOMEONES_DAY = String.raw`(?:her|his|their|your|my|our|[a-z]+'s)\s+(?:birthday|bday|b'day|anniversary)`;
const A_DAY_ONLY_YOU_KNOW = String.raw`(?:on\s+)?pay\s*day|(?:on\s+)?my\s+(?:next\s+)?day\s+off|after\s+the\s+holidays|(?:on|for)\s+${SOMEONES_DAY}|(?:on\s+)?${BIN_DAY}`;
const DAY_ONLY_YOU_KNOW = new RegExp(String.raw`\b(?:${A_DAY_ONLY_YOU_KNOW})\b`, "i");

/**
 * "call the gym after the holidays at 9", "move money on payday at 10": a day only the person knows, said with a time
 * and no day (parse-reminder.ts asks for the day). The time alone was today's, titled "call the gym after the holidays".
 */
export function dayOnlyYouKnow(text: string): string | null {
  const words = DAY_ONLY_YOU_KNOW.exec(text)?.[0].replace(/\s+/g, " ") ?? null;
  // "buy a present for her birthday at 5": what it is for, and the time is when to buy it.
  return words && !/^for\s/i.test(words) ? words : null;
}

// The sun's moments too, only where nothing else says when: with a day they name things ("every friday sunset walk").
const VAGUE_WHEN = new RegExp(String.raw`\b(?:${SOMETIME}${PERIOD_WITHOUT_A_DAY}|later(?:\s+on)?|soon|shortly|in\s+a\s+(?:bit|while|little\s+while|sec|second|minute|moment|mo)|at\s+some\s+point|some\s*time|${MOMENT_ONLY_YOU_KNOW}|(?:at\s+)?(?:dusk|dawn|sunset|sunrise|sundown|sun\s*up|sun\s*down)|${A_DAY_ONLY_YOU_KNOW})\b`, "i");
const A_MOMENT_ONLY_YOU_KNOW = new RegExp(String.raw`\b(?:${MOMENT_ONLY_YOU_KNOW})\b`, "i");

/**
 * "pick up kids friday after school", "buy milk tomorrow on the way home": a day, and a moment of it only the person
 * knows, with no clock time. Asked, naming the words (parse-reminder.ts): the day's usual 9 AM was set before, hours
 * ahead of the moment, with the moment in the title.
 */
export function momentOnlyYouKnow(text: string): string | null {
  return A_MOMENT_ONLY_YOU_KNOW.exec(text)?.[0].replace(/\s+/g, " ") ?? null;
}

/**
 * "after the school run call the gp", "mow the lawn when it stops raining", "go to the post office before it shuts": a
 * moment said as what happens then, with nothing else saying when. Named back as typed (parse-reminder.ts asks 'When is
 * "after the school run"?'); each was "I couldn't find a time". After the task it runs to the end or a mark; before it,
 * up to the task's verb (the last common verb not right after "i"/"it"/"they" or "and").
 */
export function momentClause(text: string): string | null {
  const match = MOMENT_CONJUNCTION.exec(text);
  if (!match) return null;
  const rest = text.slice(match.index + match[0].length);
  const words = rest.split(/(?=[\s,.;:!?])/);
  const first = text.slice(0, match.index).trim() === "";
  let end = words.findIndex((word) => /^[,.;:!?]/.test(word));
  if (end < 0) end = words.length;
  if (first) {
    // A verb as the last word is the moment's ("before the school run"): no task follows it.
    const verbs = words.slice(0, end).map((word, index) => (index > 0 && index < end - 1 && isCommonVerb(word.trim()) && !NOT_A_TASK_BEFORE.test(words[index - 1]?.trim() ?? "") ? index : -1)).filter((index) => index >= 0);
    const taskStart = verbs.at(-1);
    if (taskStart !== undefined) end = taskStart;
  }
  const clause = `${match[0]}${words.slice(0, end).join("")}`.trim().replace(/\s+/g, " ");
  // "a press after it": too little to name.
  return clause.split(" ").length >= 3 ? clause : null;
}

const MOMENT_CONJUNCTION = /\b(?:when|once|as\s+soon\s+as|after|before|until|till)\s+(?=(?:i|i'm|im|the|my|our|it|it's|its|they|they're|he|she|we|you|your)\b)/i;
/** Words after which a verb is the moment's own ("before i leave", "when it opens", "so they can"), not the task's. */
const NOT_A_TASK_BEFORE = /^(?:i|it|they|he|she|we|you|and|or|to|can|will|i'll|we'll|they'll|has|have|had|do|does|don't|doesn't)$/i;

/**
 * "call the plumber asap", "call sam now", "right away": start nudging now (parse-reminder.ts: at the next minute, when
 * nothing else says when). "now" was read as this very instant ("That time has already passed") and "asap" as nothing
 * ("I couldn't find a time"). Not "from now", "for now", "by now", "now that", "every now and then".
 */
const RIGHT_AWAY = /\b(?:(?:right\s+)?(?<!\b(?:from|for|by|until|till|til|before|than)\s+)now(?!\s+(?:that|and\s+(?:then|again))\b)(?![-'])|asap|a\.s\.a\.p\.?|as\s+soon\s+as\s+(?:possible|poss|you\s+can)|right\s+away|straight\s+away|immediately|at\s+once)(?=[\s,.;:!?)]|$)/i;

/** Where the words asking to start now are ("asap"), or null. */
export function findRightAway(text: string): Span | null {
  const match = RIGHT_AWAY.exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

/** The words "later", "in a bit" as typed, when they stand for a time (see VAGUE_WHEN); else null. */
export function vagueWhen(text: string): string | null {
  return VAGUE_WHEN.exec(text)?.[0].replace(/\s+/g, " ") ?? null;
}
