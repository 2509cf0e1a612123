import { and, eq, gte } from "drizzle-orm";
import { deliveries, tasks, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { reactionAnswer } from "../reaction-answers";
import { answerFromChat, type ButtonReply } from "./chat";

/** How long after it was sent a reminder's message still answers to a reaction: as long as its email links work. */
export const REACTION_DAYS = 7;

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
