import { ANSWER_REPLY_WORDS, type Answer } from "./answers";

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
  /** For a snooze: the minutes asked for (1 to 720), or null for the default. */
  snoozeMinutes: number | null;
}

/** Other words for the reply keywords; only words that cannot mean anything else in a reply. */
const SYNONYMS: Record<string, string> = { OKAY: "OK", FINISHED: "DONE", COMPLETED: "DONE", COMPLETE: "DONE" };

/** "10", "10 min", "for 15mins", "2 hours", "1h": a number and an optional unit of minutes or hours. */
const DURATION = /^(?:FOR\s+)?(\d{1,4})\s*(M|MIN|MINS|MINUTE|MINUTES|H|HR|HRS|HOUR|HOURS)?\b/;

const LONGEST_SNOOZE_MINUTES = 720;

/**
 * Words that only make an answer polite, and tokens with no letter or digit (an emoji, "!!"): "Thanks,
 * done 👍" is "done". In a chat, "done ✅" or "done, thanks" got "I couldn't find a time in that".
 */
const COURTESY = new Set(["THANKS", "THANK", "YOU", "THANKYOU", "THX", "TY", "TYSM", "PLEASE", "PLS", "CHEERS", "HI", "HEY"]);

/** The words that carry the answer: capitals, without punctuation, emoji-only tokens or courtesies. */
function answerWords(body: string): string[] {
  return body
    .trim()
    .toUpperCase()
    .split(/\s+/)
    .map((token) => token.replace(/[^A-Z0-9]/g, ""))
    .filter((token) => token !== "" && !COURTESY.has(token));
}

export function readTextReply(body: string): TextReply {
  const [bare = "", ...rest] = answerWords(body);
  const word = SYNONYMS[bare] ?? bare;
  const duration = DURATION.exec(rest.join(" "));
  if (word !== "SNOOZE" || !duration) return { word, snoozeMinutes: null };
  const amount = Number(duration[1]);
  const minutes = duration[2]?.startsWith("H") ? amount * 60 : amount;
  return { word, snoozeMinutes: Math.min(Math.max(minutes, 1), LONGEST_SNOOZE_MINUTES) };
}

export interface TypedAnswer {
  answer: Answer;
  /** For a snooze: the minutes asked for, or null for the default. */
  snoozeMinutes: number | null;
}

/**
 * A chat message that is nothing but an answer: "done", "Done.", "ok", "snooze", "snooze for 10 min".
 * Anything longer ("done with the report by friday") is not one: in a chat it is a new reminder.
 */
export function typedAnswer(body: string): TypedAnswer | null {
  const { word, snoozeMinutes } = readTextReply(body);
  const answer = ANSWER_REPLY_WORDS[word];
  if (!answer) return null;
  const words = answerWords(body).length;
  const onlyTheAnswer = words === 1 || (answer === "snooze" && snoozeMinutes !== null && words <= 4);
  return onlyTheAnswer ? { answer, snoozeMinutes } : null;
}
