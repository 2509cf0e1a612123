import type { Answer } from "./answers";

/**
 * What a reaction put on a reminder answers (ADR 119): in Telegram (`message_reaction`) and in an iPhone's tapback
 * sent as a text ("Reacted 😴 to “...”", ADR 120). The same emoji as typed alone (typed-answers.ts, ADR 106), and
 * those a reaction list offers: Telegram's (Bot API `ReactionTypeEmoji`) has no ✅, so "done" is 💯 or 🏆 there.
 * 👍 is OK, the answer that stops the reminders and keeps the task open: a thumbs-up under "Mum's birthday" must
 * not close it. Every other emoji (❤, 🔥, 😂) is a feeling, not an answer.
 */
const REACTION_ANSWERS: ReadonlyArray<[ReadonlySet<string>, Answer]> = [
  [new Set(["💯", "🏆", "✅", "✔", "✔️", "☑", "☑️"]), "done"],
  [new Set(["😴", "🥱", "💤"]), "snooze"],
  [new Set(["👍", "👌", "🫡", "🆗"]), "acknowledge"],
];

/** The answer the newest of the emoji added means (skin tones aside); null when none of them is an answer. */
export function reactionAnswer(emojiAdded: readonly string[]): Answer | null {
  for (const emoji of [...emojiAdded].reverse()) {
    const bare = emoji.replace(/[\u{1F3FB}-\u{1F3FF}]/gu, "");
    const answer = REACTION_ANSWERS.find(([set]) => set.has(bare))?.[1];
    if (answer) return answer;
  }
  return null;
}
