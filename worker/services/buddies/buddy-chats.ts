import { and, eq, isNull } from "drizzle-orm";
import { emergencyContacts, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { joinWithAnd } from "../recurrence";
import { firstName } from "./verification";

/**
 * The first names of the people whose nudge buddy this Telegram chat is (verified, not opted out), or [] (ADR 180).
 * A buddy who writes to the bot, often in answer to an alert ("on it, I'll call her"), is answered as a buddy: it was
 * offered to sign up for Nudge, as any stranger is.
 */
export async function buddyOwnersOfChat(deps: Pick<Deps, "db">, chatId: string): Promise<string[]> {
  const rows = await deps.db
    .select({ name: users.name })
    .from(emergencyContacts)
    .innerJoin(users, eq(users.id, emergencyContacts.userId))
    .where(and(eq(emergencyContacts.telegramChatId, chatId), eq(emergencyContacts.verified, true), isNull(emergencyContacts.optedOutAt)))
    .limit(5);
  return [...new Set(rows.map((row) => firstName(row.name)))];
}

/** What the bot answers a buddy's message: thanks, that it passes nothing on, and how the notes stop. */
export function buddyChatReply(owners: readonly string[]): string {
  const who = joinWithAnd([...owners]);
  return `Thank you for being ${who}'s nudge buddy. I don't pass messages on, so to check in, reach ${owners.length > 1 ? "them" : who} directly. Each note I send here has a link to stop them.`;
}
