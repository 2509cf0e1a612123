import { and, eq, gte } from "drizzle-orm";
import { deliveries, tasks, users } from "../../../db/schema";
import type { Answer } from "../answers";
import type { Deps } from "../deps";
import { answerFromChat, type ButtonReply } from "./chat";

/**
 * A reaction put on a reminder's message in the chat answers it (ADR 119), the way the same emoji typed alone does
 * (typed-answers.ts, ADR 106), from the emoji Telegram lets a person react with (Bot API `ReactionTypeEmoji`; it
 * has no ✅, so "done" is 💯 or 🏆 there). 👍 is OK, the answer that stops the reminders and keeps the task open:
 * a thumbs-up under "Mum's birthday" must not close it.
 */
const REACTION_ANSWERS: ReadonlyArray<[ReadonlySet<string>, Answer]> = [
  [new Set(["💯", "🏆", "✅", "✔", "✔️", "☑", "☑️"]), "done"],
  [new Set(["😴", "🥱", "💤"]), "snooze"],
  [new Set(["👍", "👌", "🫡", "🆗"]), "acknowledge"],
];

/** How long after it was sent a reminder's message still answers to a reaction: as long as its email links work. */
export const REACTION_DAYS = 7;

/** The answer the newest of the emoji added means; null when none of them is an answer (❤, 🔥: feelings, not answers). */
export function reactionAnswer(emojiAdded: readonly string[]): Answer | null {
  for (const emoji of [...emojiAdded].reverse()) {
    const answer = REACTION_ANSWERS.find(([set]) => set.has(emoji))?.[1];
    if (answer) return answer;
  }
  return null;
}

/**
 * Emoji added to message `messageId` of a linked private chat: when the message is one of the owner's reminders
 * (a Telegram delivery of theirs to this chat, sent in the last REACTION_DAYS), the task is answered as the button
 * would answer it. Null when nothing is to be done: an emoji that is no answer, a message that is no reminder
 * (a confirmation, the help), a reminder already done, a chat linked to no one. Removing a reaction takes nothing back.
 */
export async function answerFromReaction(deps: Deps, chatId: string, messageId: number, emojiAdded: readonly string[]): Promise<ButtonReply | null> {
  const answer = reactionAnswer(emojiAdded);
  if (!answer) return null;
  const since = deps.clock.now().getTime() - REACTION_DAYS * 24 * 60 * 60 * 1000;
  // The chat's owner by its chat id, then their deliveries of the last week (deliveries_user_idx): the message's id
  // is the provider's id of one. A buddy's message is another person's delivery, so it is never found here.
  const [reminder] = await deps.db
    .select({ taskId: deliveries.taskId, status: tasks.status })
    .from(users)
    .innerJoin(deliveries, and(eq(deliveries.userId, users.id), gte(deliveries.createdAt, since)))
    .leftJoin(tasks, eq(tasks.id, deliveries.taskId))
    .where(and(eq(users.telegramChatId, chatId), eq(deliveries.channel, "telegram"), eq(deliveries.providerMessageId, `telegram:${chatId}:${messageId}`)))
    .limit(1);
  if (!reminder?.taskId) return null;
  // A done reminder's message says so, with "Not done yet" under it (ADR 116): a 👍 there is thanks, and an
  // "already done" in its place would take that button away.
  if (reminder.status === "COMPLETED") return null;
  return answerFromChat(deps, chatId, reminder.taskId, answer);
}
