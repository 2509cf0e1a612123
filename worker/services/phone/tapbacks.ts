import type { Answer } from "../answers";
import { titleInSmsReminder } from "../escalation";
import { reactionAnswer } from "../reaction-answers";

/**
 * An iPhone's tapback on a text from a number that is not on iMessage comes back as a text of its own (ADR 120):
 * `Liked “<the text>”` (also Loved, Disliked, Laughed at, Emphasized, Questioned); since iOS 18 an emoji one as
 * `Reacted 😴 to “…”`; one taken back as `Removed a like from “…”`. Read in English only: that is how iOS words it
 * on an English phone, and another language's words are read as before.
 */
const TAPBACK = /^\s*(Liked|Loved|Disliked|Laughed at|Emphasized|Questioned|Reacted\s+(\S+)\s+to|Removed\s+.{1,40}?\s+from)\s+[“"]([\s\S]*)[”"]\s*$/u;

export interface Tapback {
  /** 👍 (Liked) is OK, an emoji as a Telegram reaction is read (💯 done, 😴 snooze); ❤, 😂, ‼, ?, 👎 and a removal answer nothing. */
  answer: Answer | null;
  /** The title of the reminder whose text it reacts to, or null when that text is none of ours. */
  title: string | null;
}

/** The tapback a text is, or null when it is an ordinary text. */
export function tapbackIn(body: string): Tapback | null {
  const match = TAPBACK.exec(body);
  if (!match) return null;
  const [, kind = "", emoji, quoted = ""] = match;
  const answer: Answer | null = kind === "Liked" ? "acknowledge" : emoji ? reactionAnswer([emoji]) : null;
  return { answer, title: titleInSmsReminder(quoted) };
}

/** The tapbacks the dev phone offers under a text, written as an iPhone writes them (what tapbackIn reads). */
export const DEV_TAPBACKS = [
  { label: "👍 Like", text: (quoted: string) => `Liked “${quoted}”` },
  { label: "❤ Love", text: (quoted: string) => `Loved “${quoted}”` },
  { label: "😴 React", text: (quoted: string) => `Reacted 😴 to “${quoted}”` },
  { label: "💯 React", text: (quoted: string) => `Reacted 💯 to “${quoted}”` },
] as const;
