import { ANSWER_REPLY_WORDS, SNOOZE_MINUTES, type Answer } from "./answers";
import { minutesOfAnAmountAtTheStart } from "./nl/amounts";
import { withLengthsAndClocksPlain } from "./nl/lengths-in-answers";
import { correctionWordsIn, moveWordsIn } from "./nl/move-phrases";
import { snoozeClockIn, type SnoozeClock } from "./nl/snooze-phrases";
import { ANSWER_PHRASES, emojiAnswer, NOT_TODAY } from "./nl/answer-phrases";
import { SNOOZE_MAX_MINUTES } from "./tasks/schemas";

export type { SnoozeClock } from "./nl/snooze-phrases";

/**
 * A snooze as asked for in any channel: minutes, until the next morning or until a time of day. A
 * snooze until another day ("snooze until friday") is a move (TextReply.moveTo).
 */
export type SnoozeAsked = number | "morning" | SnoozeClock;

/**
 * A typed answer (a text reply, a chat message, an email) read as a keyword and, for SNOOZE, how long:
 * the way people really answer. Phones add a capital and a full stop ("Done."), voice typing adds
 * punctuation ("Stop!"), and a snooze is given in the words that come to mind ("snooze 2 hours",
 * "snooze for 15 min"). Read too literally, "Done." got the help text, and "snooze 2 hours" snoozed
 * for 2 minutes.
 */
export interface TextReply {
  /** The first word in capitals without its punctuation, synonyms mapped ("OKAY" → "OK"). */
  word: string;
  /** For a snooze: the minutes asked for (1 to 1440), or null for the default. */
  snoozeMinutes: number | null;
  /**
   * For a snooze until a time: "morning" ("snooze until tomorrow morning", "snooze till morning") or a
   * time of day ("snooze until 7pm", "snooze 19:30", "snooze till tonight"), else null.
   */
  snoozeUntil: "morning" | SnoozeClock | null;
  /**
   * For a move to another day or time ("move it to friday", "MOVE FRI", "snooze until friday"): the
   * words that say when, which the task service places on the person's clock (tasks/move.ts); else null.
   * `word` is then "MOVE".
   */
  moveTo: string | null;
}

/**
 * Other words for the reply keywords; only words that cannot mean anything else in a reply. "wait 20" is "snooze 20"
 * (it was read as a move to 8 PM, "at 20"); "wait" alone the usual snooze.
 */
const SYNONYMS: Record<string, string> = { OKAY: "OK", FINISHED: "DONE", COMPLETED: "DONE", COMPLETE: "DONE", WAIT: "SNOOZE" };

/** The longest snooze, as the API's (`POST /v1/tasks/:id/snooze`). */
const LONGEST_SNOOZE_MINUTES = SNOOZE_MAX_MINUTES;

/**
 * Words that only make an answer polite, and tokens with no letter or digit (an emoji, "!!"): "Thanks,
 * done 👍" is "done". In a chat, "done ✅" or "done, thanks" got "I couldn't find a time in that".
 */
// "thank u", "thanx", "tyvm", "ta" (ADR 184): "thank u" was read as a reminder ("I couldn't find a time in that").
const COURTESY = new Set(["THANKS", "THANK", "YOU", "U", "THANKYOU", "THANKU", "THANX", "THNX", "TNX", "THX", "TY", "TYSM", "TYVM", "TA", "PLEASE", "PLS", "CHEERS", "HI", "HEY"]);
/** "can't today, sorry", "sorry, done": an apology around an answer is no part of it (not a greeting alone, though). */
const APOLOGIES = new Set(["SORRY", "SOZ"]);

/** "yes", "yep", "yeah": the answer to a check-back's "Is it done yet?" (taskAYesAnswers decides). */
const YES_WORDS = new Set(["YES", "YEP", "YEAH", "YUP", "YA", "Y"]);

/** The words that carry the answer: capitals, without punctuation, emoji-only tokens or courtesies. */
function answerWords(body: string): string[] {
  const words = body
    .trim()
    .toUpperCase()
    .split(/\s+/)
    .map((token) => token.replace(/[^A-Z0-9]/g, ""))
    .filter((token) => token !== "" && !COURTESY.has(token) && !APOLOGIES.has(token));
  // "Yes, done" and "yep snooze 10": the yes only leads in to the answer.
  return words.length > 1 && YES_WORDS.has(words[0] ?? "") ? words.slice(1) : words;
}

/** Greetings that carry nothing else ("hi", "good morning"): in a chat they get a hello back. */
const GREETINGS = new Set(["HI", "HEY", "HELLO", "HIYA", "YO", "GOOD", "MORNING", "AFTERNOON", "EVENING", "THERE"]);
const THANKS = new Set(["THANKS", "THANK", "THANKYOU", "THANKU", "THANX", "THNX", "TNX", "THX", "TY", "TYSM", "TYVM", "TA", "CHEERS"]);
/**
 * Words that take leave ("good night", "bye", "see you"): a farewell (ADR 176). "good night" was a reminder titled "good"
 * at 9 PM; "bye" got "I couldn't find a time in that".
 */
const FAREWELLS = new Set(["NIGHT", "NITE", "GOODNIGHT", "GN", "NN", "BYE", "BYEE", "GOODBYE", "CYA", "TTYL", "SEE", "SOON", "NIGHTY", "NIGHTNIGHT"]);

/**
 * A message of courtesies only: "thanks!", "thank you 🙏" are thanks; "hi", "good morning" a greeting; "good night",
 * "bye" a farewell. Null when any other word is in it. In a chat, "thanks" got "Please tell me what to remind you about".
 */
export function courtesyOnly(body: string): "thanks" | "greeting" | "farewell" | null {
  const tokens = body
    .trim()
    .toUpperCase()
    .split(/\s+/)
    .map((token) => token.replace(/[^A-Z0-9]/g, ""))
    .filter(Boolean);
  if (tokens.length === 0 || !tokens.every((token) => COURTESY.has(token) || GREETINGS.has(token) || FAREWELLS.has(token))) return null;
  if (tokens.some((token) => THANKS.has(token))) return "thanks";
  return tokens.some((token) => FAREWELLS.has(token)) ? "farewell" : "greeting";
}

/** A message that is only a yes ("Yes!", "yep 👍", "yeah thanks"). */
export function saysYes(body: string): boolean {
  const words = answerWords(body);
  return words.length === 1 && YES_WORDS.has(words[0] ?? "");
}

/** "until tomorrow morning", "till morning", "tomorrow", "to the morning": the next morning (tasks/morning.ts). */
const UNTIL_MORNING = /^(?:UNTIL|TILL|TIL|TO)?\s*(?:TOMORROW(?:\s+MORNING)?|(?:THE\s+)?MORNING)$/;


export function readTextReply(body: string): TextReply {
  const plain = withoutWhatIsAnswered(withLengthsAndClocksPlain(body));
  return replyOf(plain, answerWords(plain));
}

/**
 * "snooze it", "snooze this for 10", "snooze again", "done that": the reminder the answer is about, said after the
 * answer word, is no part of the answer. Our own messages say "Snooze it for 30 minutes", and in a chat "snooze it" was
 * no answer (a new reminder was tried); "snooze it until 7pm" was the usual 30 minutes by text.
 */
function withoutWhatIsAnswered(body: string): string {
  return body.replace(/^(\W*(?:snooze|wait|done|finished|completed?)\s+)(?:this\s+one|that\s+one|it|this|that|again)\b\s*/i, "$1").trim();
}

const SNOOZE_FOR_WEEKS = /^(?:FOR\s+)?(A|AN|ONE|[1-9])\s*(?:W|WK|WKS|WEEK|WEEKS)$/;
/** "snooze 2 days", "snooze for a couple of days": more than a day, which no snooze is (the API's longest is a day). */
const SNOOZE_FOR_DAYS = /^(?:FOR\s+)?((?:A\s+)?COUPLE(?:\s+OF)?|(?:A\s+)?FEW|TWO|THREE|FOUR|FIVE|SIX|[2-9]|[1-9]\d)\s*(?:D|DAYS)$/;

/** The move a snooze longer than any snooze stands for ("snooze a week" is "in a week", "snooze 3 days" "in 3 days"). */
function moveOfALongSnooze(after: string): string | null {
  const weeks = SNOOZE_FOR_WEEKS.exec(after);
  if (weeks) return `in ${(weeks[1] ?? "a").toLowerCase()} ${/^(?:A|AN|ONE|1)$/.test(weeks[1] ?? "") ? "week" : "weeks"}`;
  const days = SNOOZE_FOR_DAYS.exec(after);
  return days ? `in ${(days[1] ?? "").toLowerCase()} days` : null;
}

/**
 * The words that may name a snooze's time of day: after "snooze" ("snooze 7pm", "snooze until 7pm"), or after "wait"
 * with "until" ("wait till 7pm"); not "wait, 8pm", a correction of a reminder just made (move-phrases.ts).
 */
function snoozeClockWords(body: string): string {
  const said = /\bsnooze\b(.*)$|\bwait\s+((?:until|till|til|'til)\s.*)$/is.exec(body);
  return said?.[1] ?? said?.[2] ?? "";
}

/** readTextReply with the message's answer words already read (`said`: answerWords of `body`). */
function replyOf(body: string, said: string[]): TextReply {
  if (NOT_TODAY.has(said.join(" "))) return { word: "SNOOZE", snoozeMinutes: null, snoozeUntil: "morning", moveTo: null };
  const phrase = ANSWER_PHRASES[said.join(" ")] ?? (said.length === 0 ? emojiAnswer(body) : null);
  if (phrase) return { word: phrase, snoozeMinutes: null, snoozeUntil: null, moveTo: null };
  const [bare = "", ...rest] = said;
  const word = SYNONYMS[bare] ?? bare;
  const after = rest.join(" ");
  if (word === "SNOOZE" && UNTIL_MORNING.test(after)) return { word, snoozeMinutes: null, snoozeUntil: "morning", moveTo: null };
  const moveTo = moveWordsIn(body);
  if (moveTo !== null) return { word: "MOVE", snoozeMinutes: null, snoozeUntil: null, moveTo };
  // "snooze a week", "snooze for 2 weeks", "snooze 3 days": longer than any snooze, so the reminder moves, as "in a week"
  // does (ADR 170). "snooze 2 days" was a snooze of one day.
  const longSnooze = word === "SNOOZE" ? moveOfALongSnooze(after) : null;
  if (longSnooze) return { word: "MOVE", snoozeMinutes: null, snoozeUntil: null, moveTo: longSnooze };
  // Read from the words as typed: "7:30" without its colon would be 730 minutes. Another day ("until
  // friday") was taken for a move above.
  const clock = word === "SNOOZE" ? snoozeClockIn(snoozeClockWords(body)) : null;
  if (clock && clock !== "day") return { word, snoozeMinutes: null, snoozeUntil: clock, moveTo: null };
  // "snooze 1 day" snoozed for one minute and "snooze an hour" for the default 30 before the amount's unit was read.
  const minutes = word === "SNOOZE" ? minutesOfAnAmountAtTheStart(after) : null;
  if (minutes === null) return { word, snoozeMinutes: null, snoozeUntil: null, moveTo: null };
  return { word, snoozeMinutes: Math.min(Math.max(minutes, 1), LONGEST_SNOOZE_MINUTES), snoozeUntil: null, moveTo: null };
}

export interface TypedAnswer {
  /** One of the three answers, or "move": to another day or time (`moveTo`). */
  answer: Answer | "move";
  /** For a snooze: the minutes asked for, or null for the default. */
  snoozeMinutes: number | null;
  /** For a snooze until the next morning or a time of day ("snooze until 7pm"), else absent or null. */
  snoozeUntil?: "morning" | SnoozeClock | null;
  /** For a move: the words that say when ("friday", "tomorrow at 3pm"). */
  moveTo?: string;
}

/** Words too small to count in a snooze's length ("for a couple of hours"). */
const SMALL_WORDS: ReadonlySet<string> = new Set(["FOR", "A", "AN", "OF"]);

/** What a typed snooze asks the task service for: until the morning or a time, the minutes asked for, or the usual. */
export function snoozeOf(typed: Pick<TypedAnswer, "snoozeMinutes" | "snoozeUntil">): SnoozeAsked {
  return typed.snoozeUntil ?? typed.snoozeMinutes ?? SNOOZE_MINUTES;
}

/**
 * A chat message that is nothing but an answer: "done", "Done.", "ok", "snooze", "snooze for 10 min".
 * Anything longer ("done with the report by friday") is not one: in a chat it is a new reminder.
 */
export function typedAnswer(typed: string): TypedAnswer | null {
  const body = withoutWhatIsAnswered(withLengthsAndClocksPlain(typed));
  const said = answerWords(body);
  const { word, snoozeMinutes, snoozeUntil, moveTo } = replyOf(body, said);
  // The move reader took only a message that is nothing but the move ("move it to friday").
  if (moveTo !== null) return { answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo };
  const answer = ANSWER_REPLY_WORDS[word];
  if (!answer) return null;
  if (ANSWER_PHRASES[said.join(" ")] || said.length === 0) return { answer, snoozeMinutes: null, snoozeUntil: null };
  // A snooze until a time of day was read as nothing but a time ("snooze until half past 7 tonight"),
  // so it may run longer than a snooze for a length. The small words of a length are not counted ("snooze for a couple
  // of hours" is as long as "snooze 2 hours").
  const snoozeWords = typeof snoozeUntil === "object" && snoozeUntil !== null ? 8 : 5;
  const counted = said.filter((word) => !SMALL_WORDS.has(word)).length;
  const onlyTheAnswer = said.length === 1 || (answer === "snooze" && (snoozeMinutes !== null || snoozeUntil !== null) && counted <= snoozeWords);
  return onlyTheAnswer ? { answer, snoozeMinutes, snoozeUntil } : null;
}

/**
 * "make it 8pm", "actually tomorrow", "change it to friday" (correctionWordsIn, ADR 104) said about a reminder
 * whose answer is known (a text reply, an email reply about one reminder): a move of it to those words.
 */
export function correctionAnswer(text: string): TypedAnswer | null {
  const when = correctionWordsIn(text);
  return when ? { answer: "move", snoozeMinutes: null, moveTo: when } : null;
}
