import type { Span } from "./types";
import { NAMED_DAY_MEAL, NAMED_DAY_SAID_AS_A_DAY, NAMED_DAY_SHORT } from "./named-days";
import { COMMON_VERB, isCommonVerb, startsWithAVerb } from "./verbs";

/**
 * The reminder's title: the prompt without its date, time and repeat phrases, without the polite
 * lead-in ("remind me to", "please") and without words left dangling by the removal ("call mom at"
 * → "call mom"). The user's own words and capitalisation are kept: the confirmation says them back ("I'll
 * remind you to take your pills"); the task made of them starts with a capital (taskTitleOf).
 */
export function extractTitle(text: string, spans: readonly Span[]): string {
  const kept = piecesBetween(text, spans).map(({ piece, followedBy, after }) =>
    trimPunctuation(followedBy !== undefined ? dropDanglingConnector(dropTimeModifier(piece, after), followedBy) : dropTimeModifier(piece, after)),
  );
  // "reminder at 5pm call mum", "alarm at 7 take pills": a word that only named what is being asked for, cut off
  // from the task by the time.
  const words = kept.filter(Boolean);
  if (words.length > 1 && LABEL_ONLY.test(words[0] ?? "")) words.shift();
  // "leaving in 20 mins remind me to grab keys": talk, the time, then the asking and what to do (a task first stays).
  const askedAfterTheTime = words.findIndex((piece, at) => at > 0 && ASKED_FIRST.test(piece));
  if (askedAfterTheTime > 0 && !startsWithAVerb(words[0] ?? "")) words.splice(0, askedAfterTheTime);
  return cleanTitle(withoutTheAsking(cleanTitle(words.join(" "))));
}

/**
 * "remind me" said after other words, which the lead-ins (at the start only) left:
 * - "i'm so bad at this but can you remind me to reply to sarah's email": what comes before is talk, the task is what
 *   follows (not when the first words are a task, "buy milk, remind me to call mom", kept as typed);
 * - "i keep forgetting my meds so remind me (every day at 8)": the asking closes the words and goes;
 * - "need to book a doctor's appointment, remind me (monday) when they open": the asking goes, the rest stays.
 * They were said back whole: "I'll remind you about i'm so bad at this but can you remind you to reply ...".
 */
function withoutTheAsking(title: string): string {
  const asked = ASKED_WITH_WHAT.exec(title);
  if (asked && !startsWithAVerb(title)) return asked[1] ?? title;
  return title.replace(ASKED_LAST, "").replace(ASKED_WITHOUT_WHAT, " ");
}

const ASKING = String.raw`(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:(?:please|pls|plz)\s+)?(?:remind|tell|ping|nudge)\s+me`;
const ASKED_FIRST = new RegExp(String.raw`^${ASKING}\s+(?:to|about|that)\s+\S`, "i");
const ASKED_WITH_WHAT = new RegExp(String.raw`^.+?(?:[,.;!?]|\s(?:but|so))\s+${ASKING}\s+(?:to|about|that)\s+(.+)$`, "i");
// Not "tell sam to remind me": a word that joins must come before it.
const ASKED_LAST = new RegExp(String.raw`\s*(?:[,.;]|\s(?:so|and|but))\s+${ASKING}$`, "i");
// After a comma or "so" only: "call mum at 5 and remind me friday too" asks a second time, and stays as typed.
const ASKED_WITHOUT_WHAT = new RegExp(String.raw`(?:\s*[,;]\s*|\s+so\s+)${ASKING}\s+(?!to\b|about\b|that\b)`, "i");

const LABEL_ONLY = /^(?:(?:set\s+(?:me\s+)?(?:a|an)\s+)?(?:reminder|alarm)|note)$/i;

/** Strips lead-ins, trailing courtesies, stray punctuation, enclosing quotes and brackets left empty; "" if nothing meaningful is left. */
export function cleanTitle(text: string): string {
  // "call mum (tomorrow 6pm)": the time taken out leaves "( )".
  let title = trimPunctuation(text.replace(EMPTY_BRACKETS, " ").replace(/\s+/g, " "));
  for (let previous = ""; previous !== title; ) {
    previous = title;
    for (const leadIn of LEAD_INS) title = trimPunctuation(title.replace(leadIn, ""));
    title = trimPunctuation(title.replace(TRAILING_COURTESY, "").replace(TRAILING_VAGUENESS, "").replace(TRAILING_FORGETTING, "").replace(ENCLOSING_QUOTES, "$1").replace(WAKE_ME_UP, (_whole, wake: string | undefined, get: string | undefined) => `${wake ?? get} up`));
    title = title.replace(FILLER_BEFORE_A_VERB, (whole, verb: string) => (isCommonVerb(verb) ? verb : whole)).replace(LONE_CLOSING_BRACKET, "$1");
  }
  return title;
}

/** "wake me up at 7": the task is waking up ("I'll remind you to wake you up" was said back). */
const WAKE_ME_UP = /^(wake)\s+me(?:\s+up)?\b|^(get)\s+me\s+up\b/i;

const EMPTY_BRACKETS = /\(\s*\)|\[\s*\]|\{\s*\}/g;

/** The whole title in quotes: 'remind me to "call mom" at 5' is about call mom. */
const ENCLOSING_QUOTES = /^["“'‘](.+)["”'’]$/;

/** A lead-in at the very start, as whole words ("to-do list" does not start with "to"). */
const leadIn = (source: string) => new RegExp(`^(?:${source})(?=[\\s,.!:]|$)`, "i");

/** Polite openings removed from the start of the title, repeatedly ("hey, can you please remind me to"). */
const LEAD_INS: readonly RegExp[] = [
  leadIn("hey|hi|hiya|heya|hello|yo|ok|okay"),
  // A forwarded or answered email's subject: "Fwd: dentist appointment thu 3pm".
  /^(?:(?:fwd?|fw|re)\s*:\s*)+/i,
  leadIn("please|pls|plz|kindly"),
  // "actually call sue at 6pm", "also buy milk tomorrow": said in a conversation, no part of the task.
  leadIn("actually|also|btw|by\\s+the\\s+way"),
  // "and call mum at 5", "oh and buy milk", "then call the bank", "plus book the vet": a message that goes on from
  // the one before (it was titled "and call mum"). Only before more words: "and at 5" is asked what to remind about;
  // "plus one" is a guest.
  leadIn("(?:oh\\s+)?(?:and(?:\\s+then)?|then|plus(?!\\s+(?:\\d|one|ones)\\b))(?=\\s+\\S)"),
  leadIn("(?:can|could|would|will)\\s+(?:you|u|ya)"),
  // "is it possible to remind me at 10 to ...": asked as "can you" is.
  leadIn("(?:is\\s+it\\s+possible|would\\s+it\\s+be\\s+possible)\\s+to"),
  // "i want a reminder at 10 to call the bank", "i'd like a reminder tomorrow to ...": what is asked for, then the task.
  leadIn("(?:i\\s+(?:want|need|would\\s+like)|i'?d\\s+like)\\s+(?:a|an)\\s+reminder(?:\\s+(?:to|for|about))?"),
  // "hey nudge, call mum at 6", "hey nudge remind me to ...": the product called by its name; "@nudgebot call jo",
  // "/remind call jo at 5", "/new ...": the bot named, or a command the bot does not have, before the words.
  /^nudge\s*(?:[,:!-]|(?=\s+(?:remind|please|pls|can|could|set)\b))/i,
  // "hey nudge call mum in 20 mins": the name, then what to do ("nudge sam to call" is a nudge).
  new RegExp(`^nudge(?=\\s+${COMMON_VERB}\\b)`, "i"),
  /^@[a-z0-9_]+\s*[,:]?/i,
  /^\/(?:remind|reminder|new|add|r)(?:@[a-z0-9_]+)?(?=\s|$)/i,
  // "ping me in 5 minutes to check the pasta" asks for a reminder as "remind me" does.
  leadIn("(?:remind|tell|ping|nudge|notify|alert)\\s+me(?:\\s+(?:to|about|abt|bout|that|of))?"),
  // "text me at 6 to leave", "message me tomorrow about the car": how to be reminded, not the task (it was titled
  // "text me to leave", said back as "I'll remind you to text you to leave"). Not "text me the address" (no time first).
  leadIn("(?:text|txt|message|msg|buzz|email|e-mail)\\s+me(?=\\s*$|\\s+(?:to|about|abt|bout|that|of)\\b)(?:\\s+(?:to|about|abt|bout|that|of))?"),
  // "give me a shout at 4 to call the bank": asked as a reminder is.
  leadIn("give\\s+me\\s+a\\s+(?:shout|nudge|buzz|ping|reminder|heads[\\s-]?up|knock)(?:\\s+(?:to|about|that))?"),
  // "set an alarm for 7 tomorrow": the alarm is the thing (it was said back "to set an alarm").
  leadIn("(?:set|make|create|add)(?:\\s+me)?(?:\\s+an?)?(?=\\s+alarm\\b)"),
  // "set reminder call bank 10am", "new reminder: call bank", "add reminder call bank tomorrow 10".
  leadIn("(?:set|create|make|add|new)\\s+(?:me\\s+)?(?:(?:a|an)\\s+)?reminder(?:\\s+(?:to|for|about))?"),
  // "a reminder to call mum at 5", "reminder for the dentist tomorrow": what is asked for, then the task.
  // "a weekly reminder to call mum on sundays": how often is the repeat's to say.
  leadIn("(?:(?:a|an|my)\\s+)?(?:(?:daily|weekly|monthly|nightly|fortnightly|yearly)\\s+)?(?:reminder|nudge)\\s+(?:to|for|about)"),
  leadIn("(?:don'?t|do\\s+not)\\s+(?:let\\s+me\\s+)?forget(?:\\s+(?:to|about))?"),
  // "I need to call mom", "that I have to", "I've got to", "I must": the task is what follows.
  // "I really need to", "I should really", "I should probably": how much it matters is no part of the task.
  leadIn("(?:that\\s+)?(?:i(?:'ve|\\s+have)?\\s+)?(?:really\\s+)?(?:need\\s+to|have\\s+to|got\\s+to|gotta|ought\\s+to|want\\s+to)"),
  leadIn("(?:that\\s+)?i\\s+(?:really\\s+)?(?:must|should)(?:\\s+(?:really|probably|definitely|prob))?"),
  // "must renew car tax friday", "should call the gp": the same without the "I" (ADR 183; it was titled "must renew ...").
  new RegExp(`^(?:must|should)(?=\\s+${COMMON_VERB}\\b)`, "i"),
  // "i keep forgetting my meds so remind me at 8", "i always forget to water the plants": what is forgotten is the task
  // (it was said back "about i keep forgetting your meds").
  leadIn("i\\s+(?:keep|always|often|sometimes)\\s+forget(?:ting)?(?:\\s+(?:to|about))?|i\\s+never\\s+remember(?:\\s+to)?"),
  // "i've been meaning to call sam": the task is what follows.
  leadIn("(?:i(?:'ve|\\s+have)\\s+)?been\\s+meaning\\s+to"),
  // "i'm meeting jo at 7", "i am seeing the gp friday": what is happening is the thing ("i'm so bad at this" is not).
  leadIn("(?:i'm|im|i\\s+am)(?=\\s+[a-z]+ing\\b)"),
  // "I have a dentist appointment on friday at 2": the thing is what follows ("I have to" is read above).
  // "remind me i have the dentist thursday", "i've got yoga at 6": the thing is what follows (was said back "about i have").
  leadIn("(?:ok\\s+)?i(?:'ve|\\s+have)(?:\\s+got)?(?:\\s+(?:a|an))?(?=\\s+(?!to\\b|been\\b|got\\b)[a-z])"),
  // "ok so tomorrow I need to ...", "um call the bank": fillers of speech or a voice note.
  leadIn("so|um+|uh+|erm+|right|alright|oh"),
  // "remember to call mum", "make sure I take my pills": the task is what follows ("make sure the door is locked" stays).
  leadIn("remember(?:\\s+(?:to|about))?"),
  leadIn("make\\s+sure\\s+(?:that\\s+)?i(?=\\s)"),
  // A label with a colon or a dash: "Reminder: call mom", "todo: ...", "note to self - ...".
  /^(?:(?:new\s+)?reminder|note(?:\s+to\s+self)?|to[\s-]?do|task)\s*[:\-–—]/i,
  leadIn("to"),
  // "call me tomorrow at 7 about the bins" (the call asked for is read as how to nudge), "tomorrow at 7 about the
  // bins": said back as "I'll remind you about about the bins".
  leadIn("about|abt"),
];

/**
 * "remind me to like call the landlord": "like" as a filler of speech; "todo call bank": a label. Only before a verb
 * ("like the photo", "todo list review" stay).
 */
const FILLER_BEFORE_A_VERB = /^(?:like|to[\s-]?do)\s+([a-z]+)/i;
/** "call bank at 10 :)": the smiley's ")" left alone at the end once its ":" went with the time. */
const LONE_CLOSING_BRACKET = /^([^(]*?)\s+\)$/;
/** "call the landlord tomorrow at 10 or something", "or whatever": said of the time, no part of the task. */
const TRAILING_VAGUENESS = /\s+or\s+(?:something|smth|whatever)$/i;
/**
 * "eat lunch because i always forget", "take pills so i don't forget", "call back or i'll forget": why the reminder is
 * wanted, which every nudge need not say back ("eat lunch because you always forget"). A reason about the thing
 * itself stays ("buy a card because it's mum's birthday").
 */
const WHY_LEADS = String.raw`(?:because|'?cause|cos|coz|cuz|as|since|or|so|otherwise|before)`;
const TRAILING_FORGETTING = new RegExp(
  String.raw`(?:\s*[,;-]\s*(?:${WHY_LEADS}\s+)?|\s+${WHY_LEADS}\s+)(?:i(?:'ll|\s+will|\s+might|\s+may)?\s+(?:(?:always|keep|often|usually|totally|probably|definitely|tend\s+to)\s+)?(?:forget|forgetting)|(?:so\s+(?:that\s+)?)?i\s+(?:don'?t|do\s+not|won'?t)\s+forget)(?:\s+(?:it|this|that|things|otherwise|again|lol|haha))*$`,
  "i",
);

// Not what is sent or said: "send thanks", "say thank you".
// Also "ty", "cheers", "ta", "lol", "ok?" and a smiley closing a message: said to the assistant, no part of the task.
// "call mum in 20 mins xx": kisses (lower case only: "Malcolm X" keeps his).
const TRAILING_COURTESY = /(?:\b(?<!\b(?:send|say|give|write|text|email|sent|said)\s+)(?:please|pls|plz|thanks|thank\s+you|thx|ty|cheers|ta|probably|maybe|perhaps|i\s+guess|i\s+think|lol|ok|okay)|\s[:;]-?[)(DP]|(?<=\s)(?-i:x{1,4}))$/i;

/** "later" and "sometime" only say the day is loose ("later today", "sometime tomorrow"): no part of a title before one. */
// Also "pay no later than friday", "essay deadline is friday", "any time tomorrow", "on or before the 15th".
// Also "week commencing", "w/c", "the week of": the week named by its Monday or a day in it ("w/c 14 dec call").
const CONNECTOR = "(?:at|on|in|by|to|every|from|starting|beginning|until|till|before|around|for|later|sometime|some\\s+time|@|(?:no|not)\\s+later\\s+than|any\\s*time|whenever|on\\s+or|is|are|(?:the\\s+)?week\\s+(?:commencing|beginning|starting|of)|w\\/[cb])";

/**
 * A word that only introduced the removed phrase: "by" in "pay by friday", "in the" in "at 8 in the
 * evening". Only removed right before a removed phrase that does not bring its own ("at 5pm" does),
 * so the same words elsewhere in a title ("check in on grandma", "log in at 5pm") survive.
 */
const DANGLING_CONNECTOR = new RegExp(`(?:^|\\s)${CONNECTOR}(?:\\s+the)?\\s*$`, "i");
const CONNECTOR_AT_START = new RegExp(`^\\s*${CONNECTOR}(?=\\s|$)`, "i");

/** "call Bob later at 6pm": "later" and "sometime" only loosen the time after them, even one with its own "at"; "on or before the 15th" too. */
const LOOSENER_AT_END = /(?:^|\s)(?:later|sometime|some\s+time|on\s+or)\s*$/i;

/** "the car service is on the 2nd": "is" only joined the thing to its day. */
const COPULA_AT_END = /(?:^|\s)(?:is|are|was|were|'s)\s*$/i;

function dropDanglingConnector(piece: string, removedPhrase: string): string {
  // "the week of the 14th call": the date was read from "of", so "the week" dangles before it.
  if (WEEK_OF_A_DAY.test(removedPhrase) && THE_WEEK_AT_END.test(piece)) return piece.replace(THE_WEEK_AT_END, "");
  // "the next friday call jo": "the" before a day read from "next" (it was titled "the call jo").
  // "at the next minute": "the" goes, then "at" as any connector does.
  const withoutThe = NEXT_OF_A_DAY.test(removedPhrase) ? piece.replace(THE_AT_END, "") : piece;
  if (withoutThe !== piece) return dropDanglingConnector(withoutThe, removedPhrase);
  if (CONNECTOR_AT_START.test(removedPhrase)) return piece.replace(LOOSENER_AT_END, "").replace(COPULA_AT_END, "");
  // "the car service is on dec 2": "on" dangles, and then "is" (it was titled "the car service is").
  const withoutConnector = piece.replace(DANGLING_CONNECTOR, "");
  return withoutConnector === piece ? piece : withoutConnector.replace(COPULA_AT_END, "");
}

const WEEK_OF_A_DAY = /^\s*(?:of|commencing|beginning|starting)\s/i;
const NEXT_OF_A_DAY = /^\s*(?:next|coming|following)\s/i;
const THE_AT_END = /(?:^|\s)the\s*$/i;
const THE_WEEK_AT_END = /(?:^|\s)(?:the\s+)?week\s*$/i;

/** "sharp" and "on the dot" belong to the clock time before them ("ring the doctor at 8:30 sharp"), not to the title. */
const TIME_MODIFIER = /^\s*(?:sharp|on\s+the\s+dot)(?=[\s,.;:!?]|$)/i;

/** "by monday at the latest", "tomorrow evening-ish", "in an hour or so": they loosen or bound the time before them. */
const DAY_MODIFIER = /^\s*(?:at\s+the\s+latest|-?ish|sometime|some\s+time|or\s+so)(?=[\s,.;:!?]|$)/i;

/** "in 3 weeks time", "in 2 weeks' time", "in a week's time": the "time" of the length read before it. */
const LENGTH_UNIT_LAST = /\b(?:minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?)$/i;
const TIME_OF_A_LENGTH = /^(?:'s|s'|'|s)?\s+time(?=[\s,.;:!?]|$)/i;

function dropTimeModifier(piece: string, after: string | undefined): string {
  if (after === undefined) return piece;
  if (LENGTH_UNIT_LAST.test(after.trim())) piece = piece.replace(TIME_OF_A_LENGTH, "");
  const withoutDayModifier = piece.replace(DAY_MODIFIER, "");
  return /\d/.test(after) ? withoutDayModifier.replace(TIME_MODIFIER, "") : withoutDayModifier;
}

/** Also a list's number or letter ("1) call mum", "2. pay rent", "a) book the vet") and "|" between fields. */
function trimPunctuation(text: string): string {
  return text.replace(/^(?:[\s,.;:!?|\-–—•*]|(?:\d{1,2}|[a-z])[.)](?=\s))+|[\s,.;:!?|\-–—]+$/g, "").replace(/(?:\s+\|)+\s+/g, " ");
}

/** The text outside the spans, each piece with the text of the spans that precede and follow it (none at the ends). */
function piecesBetween(text: string, spans: readonly Span[]): Array<{ piece: string; followedBy?: string; after?: string }> {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const pieces: Array<{ piece: string; followedBy?: string; after?: string }> = [];
  let cursor = 0;
  let after: string | undefined;
  for (const span of sorted) {
    if (span.start > cursor) pieces.push({ piece: text.slice(cursor, span.start), followedBy: text.slice(span.start, span.end), after });
    cursor = Math.max(cursor, span.end);
    after = text.slice(span.start, span.end);
  }
  pieces.push({ piece: text.slice(cursor), after });
  return pieces;
}

/**
 * The title a task made from plain language gets: "take my pills" → "Take my pills", as a title typed on the
 * dashboard reads (the spec's example is "Morning Medication"). A first word with a capital anywhere is the
 * person's own spelling and stays ("iPhone", "eBay", "NHS"), as does a title that starts with a digit or a symbol.
 */
export function taskTitleOf(title: string): string {
  const [firstWord = ""] = title.split(" ", 1);
  if (firstWord !== firstWord.toLowerCase()) return title;
  const [first = ""] = title;
  return first.toUpperCase() + title.slice(first.length);
}

/**
 * "morning meds every day at 8am", "evening class tuesday at 7pm", "night shift friday 10pm": a part of the day as the
 * first word, before a thing's name, names the thing. It still says when (the evening's 8), but the title keeps it:
 * "morning meds" and "evening meds" were both titled "meds". Not before what to do ("morning call mum at 9") or a word
 * of time ("morning at 9").
 */
const PART_OF_DAY_BEFORE_A_NAME = /^\s*(?:morning|afternoon|evening|night)(?=\s+(?<next>[a-z][a-z'-]*))/i;
const TIME_WORD_NEXT = /^(?:at|on|in|by|around|about|from|every|each|daily|today|tomorrow|tonight|this|next|and|then|remind|please|before|after|till|until)$/i;

/**
 * "new year's eve party 8pm", "boxing day sales 6am", "burns night dinner at 7": a day's name first, before what happens
 * on it (not a verb or a word of time), names the thing as "mother's day lunch" does: it stays in the title while its
 * date is read. The title was "party", "sales", "dinner". A short name only before its meal ("christmas dinner").
 */
const NAMED_DAY_BEFORE_A_NAME = new RegExp(String.raw`^\s*(?:${NAMED_DAY_SAID_AS_A_DAY}|${NAMED_DAY_SHORT}(?=\s+${NAMED_DAY_MEAL}\b))(?=\s+(?<next>[a-z][a-z'-]*))`, "i");

/** Where a day's name that names the thing is ("new year's eve" of "new year's eve party"), or null. */
export function namedDayInAName(text: string): Span | null {
  return firstWordsNamingAThing(NAMED_DAY_BEFORE_A_NAME, text);
}

/** Where the part of the day that names a thing is ("morning" of "morning meds"), or null. */
export function partOfDayInAName(text: string): Span | null {
  return firstWordsNamingAThing(PART_OF_DAY_BEFORE_A_NAME, text);
}

/** The first words `pattern` finds, when the word after them (its `next` group) is neither a verb nor a word of time. */
function firstWordsNamingAThing(pattern: RegExp, text: string): Span | null {
  const match = pattern.exec(text);
  const next = match?.groups?.next ?? "";
  if (!match || TIME_WORD_NEXT.test(next) || isCommonVerb(next)) return null;
  const start = match.index + match[0].search(/\S/);
  return { start, end: match.index + match[0].length };
}
