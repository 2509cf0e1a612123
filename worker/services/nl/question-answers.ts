import { MONTH_WORD } from "./month-words";
import type { ParseFailureReason } from "./messages";
import { failureMessage } from "./messages";
import { personsDay } from "./period-examples";
import { parseReminder } from "./parse-reminder";
import { PERIOD_WITHOUT_A_DAY } from "./vague-phrases";

/**
 * A reminder the reader could not set because a when was missing or unclear, and the question it asked: "call mum
 * next week" asked "Which day next week?" (ADR 164). The person's next message may answer it ("monday at 9"); the
 * prompt and the words asked about are what the answer is fitted into.
 */
export interface AskedQuestion {
  /** The words the reminder was asked for, as typed: "call mum next week". */
  prompt: string;
  reason: ParseFailureReason;
  /** The words asked about, when the reader named them ("next week", "later", "in 10", "sat or sun at 5"). */
  phrase?: string;
  otherPhrase?: string;
}

/**
 * The failures that ask for a when, so that an answer that is only a when can complete them. Not "past" (the words
 * hold a when already, and which part to drop nobody can tell) nor the refusals of what the product cannot set.
 */
const ASKS_FOR_A_WHEN: ReadonlySet<ParseFailureReason> = new Set(["no_time", "no_time_today", "no_unit", "vague_time", "several_times", "unknown_moment", "unknown_here", "weekday_mismatch"]);

/** Whether this failure is a question a next message can answer with a when alone. */
export function asksForAWhen(reason: ParseFailureReason, otherPhrase?: string): boolean {
  // "several_times" is a question only as a choice ("sat or sun?"); "monday, wednesday and friday" is a refusal.
  if (reason === "several_times") return otherPhrase === "or";
  return ASKS_FOR_A_WHEN.has(reason);
}

/** The sentence that asks it, as the reader says it now (its examples are days still to come). */
export function questionText(asked: AskedQuestion, now: Date, zone: string): string {
  return failureMessage(asked.reason, asked.phrase, asked.otherPhrase, personsDay(now, zone));
}

/** The question a failed reading asks, or null when it is a refusal no when can mend ("every few years"). */
export function askedQuestionOf(prompt: string, failed: { reason: ParseFailureReason; phrase?: string; otherPhrase?: string }): AskedQuestion | null {
  if (!asksForAWhen(failed.reason, failed.otherPhrase)) return null;
  return { prompt, reason: failed.reason, ...(failed.phrase ? { phrase: failed.phrase } : {}), ...(failed.otherPhrase ? { otherPhrase: failed.otherPhrase } : {}) };
}

/** The question `prompt` asks when read now (an email's reply carries the prompt, not the question), or null. */
export function questionOfPrompt(prompt: string, now: Date, zone: string): AskedQuestion | null {
  const parsed = parseReminder(prompt, now, zone);
  return parsed.ok ? null : askedQuestionOf(prompt, parsed);
}

/** An answer that is a when but does not fit the question ("monday" to "Which day in January?"): said, and the question again. */
export function answerDoesNotFitText(answer: string, prompt: string, question: string): string {
  return `I couldn't fit "${answer}" into "${prompt}". ${question}`;
}

/** What a next message does to the question: answers it (the whole reminder to make), asks a new one, or is no answer. */
export type AnswerFit =
  /** The prompt with the answer fitted in, which reads as a reminder whose title is the prompt's own words. */
  | { kind: "fits"; prompt: string }
  /** Fitted in, it still lacks something ("call mum" + "next week": "Which day next week?"): the new question. */
  | { kind: "asks"; asked: AskedQuestion }
  /** Only a when, but it does not fit the question ("in january" answered "monday"): the question stands. */
  | { kind: "does_not_fit" }
  /** Not only a when ("buy milk at 5", "thanks"): read as usual, as if nothing were asked. */
  | { kind: "not_an_answer" };

/**
 * Fits a message into the question it may answer. The message must be only a when (nothing of it may end up in the
 * title), and it is tried where it belongs: in place of the words asked about ("later" + "at 6pm"), after the period
 * ("next week" + "monday at 9" is "next week on monday at 9", not this Monday) or after the whole prompt ("buy milk" +
 * "tomorrow at 5"). The first reading whose title is made only of the prompt's words wins.
 */
export function fitAnswer(asked: AskedQuestion, message: string, now: Date, zone: string): AnswerFit {
  const answer = message.trim().replace(/[.!]+$/, "").trim();
  if (LEFT_TO_US.test(answer)) return pickedForThem(asked, now, zone);
  if (answer === "" || !isOnlyAWhen(asked, answer, now, zone)) return { kind: "not_an_answer" };
  const tries = candidatePrompts(asked, answer);
  const titleWords = wordsOutsideThePeriod(asked);
  for (const prompt of tries) {
    const parsed = parseReminder(prompt, now, zone);
    if (parsed.ok && titleIsThePrompts(parsed.reminder.title, titleWords) && !leavesItsOwnDay(asked, answer, parsed.reminder.dueAt, now, zone)) {
      return { kind: "fits", prompt };
    }
  }
  const first = tries[0];
  const again = first === undefined ? null : parseReminder(first, now, zone);
  const next = first !== undefined && again && !again.ok ? askedQuestionOf(first, again) : null;
  // The same question again ("call mum next week" + "at 9": still which day) is the question standing.
  if (next && questionText(next, now, zone) !== questionText(asked, now, zone)) return { kind: "asks", asked: next };
  return { kind: "does_not_fit" };
}

/**
 * "you pick", "any day", "doesn't matter", "whenever": the day left to the assistant (ADR 179). For "Which day next
 * week?" the question's first example that fits is taken (its days are still to come, period-examples.ts), and the
 * confirmation says which it is. They were no answer, read as a new reminder ("I couldn't find a time in that").
 * Other questions ("When is later?", "What time?") want what only the person knows, so they stay unanswered.
 */
const LEFT_TO_US = /^(?:(?:it\s+)?(?:doesn'?t|does\s+not)\s+matter|any\s*(?:day|time|one)(?:\s+(?:is\s+)?(?:fine|ok|okay|works))?|you\s+(?:pick|choose|decide)(?:\s+(?:one|for\s+me))?|up\s+to\s+you|whenever|(?:i\s+)?don'?t\s+mind|no\s+preference|surprise\s+me|(?:just\s+)?pick\s+(?:one|a\s+day|for\s+me))$/i;

function pickedForThem(asked: AskedQuestion, now: Date, zone: string): AnswerFit {
  const question = questionText(asked, now, zone);
  if (!/^Which day\b/.test(question)) return { kind: "not_an_answer" };
  for (const [, example] of question.matchAll(/"([^"]+)"/g)) {
    const fit = example ? fitAnswer(asked, example, now, zone) : null;
    if (fit?.kind === "fits") return fit;
  }
  return { kind: "not_an_answer" };
}

/** "pm", "a.m.": the half of the day alone, in answer to 'Is "5" the time? Say it with am or pm'. */
const HALF_OF_THE_DAY = /^[ap]\.?m\.?$/i;

/** A probe title no answer shares: "zzqx monday at 9" reads as a reminder titled "zzqx" only if the rest is a when. */
const PROBE = "zzqx";
/** "minutes", "mins", "hours": the unit a "minutes or hours?" question asks for, alone. */
const A_UNIT = /^(?:minutes?|mins?|m|hours?|hrs?|h)$/i;
/** "today", "later today": a day alone, which asks the time next (no_time_today). */
const TODAY_ALONE = /^(?:later\s+)?today$/i;

/**
 * Is the message only a when? It reads as a reminder about the probe alone ("zzqx tomorrow at 5"), or it is itself the
 * words a question is asked about ("next week", "later"), or the unit or the option that the question asks for.
 */
function isOnlyAWhen(asked: AskedQuestion, answer: string, now: Date, zone: string): boolean {
  if (asked.reason === "no_unit" && A_UNIT.test(answer)) return true;
  if (asked.reason === "no_time" && asked.phrase && HALF_OF_THE_DAY.test(answer)) return true;
  if (choiceIn(asked, answer)) return true;
  const probe = parseReminder(`${PROBE} ${answer}`, now, zone);
  if (probe.ok) return probe.reminder.title.trim().toLowerCase() === PROBE;
  if (probe.reason === "no_time_today") return TODAY_ALONE.test(answer);
  // "next week", "sometime in january", "later": a vague when, whose question comes next.
  return asksForAWhen(probe.reason, probe.otherPhrase) && probe.phrase !== undefined && sameWords(withoutSometime(answer), withoutSometime(probe.phrase));
}

/** Where the answer may go, best first. */
function candidatePrompts(asked: AskedQuestion, answer: string): string[] {
  const { prompt, phrase } = asked;
  const append = `${prompt} ${answer}`;
  const found = phrase ? findWords(prompt, phrase) : null;
  if (!phrase || !found) return [append];
  const replaced = replaceAt(prompt, found, answer);
  if (asked.reason === "several_times") return unique([choiceMade(asked, answer), replaced].filter(isString));
  if (asked.reason === "no_unit") return [replaceAt(prompt, found, unitCompleted(phrase, answer))];
  // "call mom 5" + "5pm", "at 5pm", "tomorrow at 5pm", or "pm" alone: in the hour's place (ADR 192). Added after it
  // ("call mom 5 5pm"), the hour was kept in the title.
  if (asked.reason === "no_time") return [replaceAt(prompt, found, HALF_OF_THE_DAY.test(answer) ? `at ${phrase}${answer.replace(/\./g, "").toLowerCase()}` : answer)];
  const period = periodIn(phrase);
  // "this week" + "tomorrow at 6pm": the answer's own day ("this week on tomorrow" read as today). Next week holds no
  // tomorrow: that stays a reading of its own, which leavesItsOwnDay refuses.
  if (period && A_DAY_OF_ITS_OWN.test(answer) && /^(?:late\s+)?this\b/i.test(period)) return [replaced];
  if (period) {
    // "next week" + "monday at 9": that Monday of next week. A month or the period itself in the answer says it whole.
    const periodFirst = replaceAt(prompt, found, `${phrase} on ${answer.replace(/^on\s+/i, "").replace(/^(\d{1,2}(?:st|nd|rd|th))\b/i, "the $1")}`);
    if (NAMES_A_MONTH.test(answer) || findWords(answer, period)) return [replaced, periodFirst];
    return NAMES_A_DATE.test(answer) ? [periodFirst, replaced] : [periodFirst];
  }
  // "on her birthday" + "march 3": kept in the title ("call nan on her birthday"); "later" + "at 6" reads either way.
  return findWords(answer, phrase) ? [replaced, append] : [append, replaced];
}

const NAMES_A_MONTH = new RegExp(String.raw`\b${MONTH_WORD}\b`, "i");
/** "the 5th", "5th", "12/3": a day of a month, which stands on its own in any period. */
const NAMES_A_DATE = /\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}[/.-]\d{1,2}\b/i;
const PERIOD_AT_THE_END = new RegExp(String.raw`\b${PERIOD_WITHOUT_A_DAY}$`, "i");

function periodIn(phrase: string): string | null {
  return PERIOD_AT_THE_END.exec(phrase)?.[0] ?? null;
}

/** "in 10" + "minutes" is "in 10 minutes"; "10 minutes" is "in 10 minutes" where the question's words began with "in". */
function unitCompleted(phrase: string, answer: string): string {
  if (A_UNIT.test(answer)) return `${phrase} ${answer}`;
  return /^in\s/i.test(phrase) && !/^in\s/i.test(answer) ? `in ${answer}` : answer;
}

/** The two options around "or" in the question's words ("sat or sun", "5 or 6"), and where they are in the prompt. */
function choiceParts(asked: AskedQuestion): { options: string[]; words: string } | null {
  if (asked.reason !== "several_times" || !asked.phrase) return null;
  const choice = /(\S+)\s+or\s+(\S+)/i.exec(asked.phrase);
  return choice ? { options: [choice[1] ?? "", choice[2] ?? ""], words: choice[0] } : null;
}

/** The answer is one of the options offered ("sat" to "sat or sun at 5"). */
function choiceIn(asked: AskedQuestion, answer: string): boolean {
  return choiceParts(asked)?.options.some((option) => sameWords(option, answer)) ?? false;
}

/** The prompt with "sat or sun" made the one chosen ("saturday", "6pm"), the rest ("at 5") kept. */
function choiceMade(asked: AskedQuestion, answer: string): string | null {
  const parts = choiceParts(asked);
  const found = parts ? findWords(asked.prompt, parts.words) : null;
  if (!found) return null;
  // "at 5 or 6" answered "at 6": the "at" is in the prompt already.
  const before = asked.prompt.slice(0, found.at).trimEnd().split(/\s+/).pop()?.toLowerCase();
  const said = before && answer.toLowerCase().startsWith(`${before} `) ? answer.slice(before.length + 1) : answer;
  return replaceAt(asked.prompt, found, inTheOthersHalfOfDay(said, parts?.options ?? []));
}

/**
 * "tomorrow at 5 or 6" answered "6": the afternoon's 6, as the 5 beside it is (a bare 1 to 5 is the afternoon's, ADR
 * 121), not 6 AM, which a bare 6 with a day would be alone. Hours offered side by side are in the same half of the day.
 */
function inTheOthersHalfOfDay(chosen: string, options: readonly string[]): string {
  const hour = /^(\d{1,2})(?::[0-5]\d)?$/.exec(chosen.trim())?.[1];
  const othersInTheAfternoon = options.some((option) => /^[1-5]$/.test(option.trim()) && !sameWords(option, chosen));
  return hour && Number(hour) >= 6 && Number(hour) <= 11 && othersInTheAfternoon ? `${chosen.trim()}pm` : chosen;
}

/** "today", "tonight", "tomorrow": a day of its own, which a period may hold ("this week") or not ("next week"). */
const A_DAY_OF_ITS_OWN = /\b(?:today|tonight|tomorrow)\b/i;

/**
 * "tomorrow at 9" to "Which day next week?": the fitted words read as some day next week, but the answer named
 * tomorrow, which is not in it. It fits only where both readings are the same moment ("this week" + "tomorrow").
 */
function leavesItsOwnDay(asked: AskedQuestion, answer: string, dueAt: Date, now: Date, zone: string): boolean {
  if (!asked.phrase || !periodIn(asked.phrase) || !A_DAY_OF_ITS_OWN.test(answer)) return false;
  const alone = parseReminder(`${PROBE} ${answer}`, now, zone);
  return !alone.ok || alone.reminder.dueAt.getTime() !== dueAt.getTime();
}

/**
 * The words a fitted reminder's title may have: the prompt's, less the period asked about, which is a when however
 * the reader splits the fitted words ("call mum late this month on the 28th" must not be "call mum late", ADR 165).
 */
function wordsOutsideThePeriod({ prompt, phrase }: AskedQuestion): string {
  const found = phrase && periodIn(phrase) ? findWords(prompt, phrase) : null;
  return found ? replaceAt(prompt, found, "") : prompt;
}

/** Every word of the title is one of the prompt's: nothing of the answer was read as what to do. */
function titleIsThePrompts(title: string, prompt: string): boolean {
  const own = new Set(wordsOf(prompt));
  const words = wordsOf(title);
  return words.length > 0 && words.every((word) => own.has(word));
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function sameWords(a: string, b: string): boolean {
  return wordsOf(a).join(" ") === wordsOf(b).join(" ");
}

function withoutSometime(text: string): string {
  return text.replace(/^\s*(?:sometime|some\s+time|at\s+some\s+point)\s+/i, "");
}

interface Span {
  at: number;
  length: number;
}

/** Where `words` stand in `text` as whole words, case and spacing aside; null when they do not. */
function findWords(text: string, words: string): Span | null {
  const escaped = words.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
  const found = new RegExp(String.raw`(?<![\p{L}\p{N}])${escaped}(?![\p{L}\p{N}])`, "iu").exec(text);
  return found ? { at: found.index, length: found[0].length } : null;
}

function replaceAt(text: string, { at, length }: Span, by: string): string {
  return `${text.slice(0, at)}${by}${text.slice(at + length)}`.replace(/\s+/g, " ").trim();
}

function unique(texts: string[]): string[] {
  return [...new Set(texts)];
}

function isString(text: string | null): text is string {
  return text !== null;
}
