import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Deps } from "../deps";
import { errorFields, log } from "../log";
import { BOT_TEXTS } from "./texts";

/**
 * Greets a chat that was just linked from the web side (pairing completed): by name, with what the bot
 * can do. Best effort: the link stands even if Telegram cannot be reached right now.
 */
export async function greetLinkedChat(deps: Pick<Deps, "db" | "channels">, chatId: string, userId: string): Promise<void> {
  try {
    const [user] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    if (!deps.channels.telegram.status.available) return;
    await deps.channels.telegram.send({ to: chatId, text: BOT_TEXTS.welcomeLinked(user?.name ?? "there") });
  } catch (error) {
    log.warn("telegram.greeting_failed", { userId, ...errorFields(error) });
  }
}
