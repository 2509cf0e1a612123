import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Deps } from "../deps";
import { ownTaskLine } from "../tasks";
import type { ChatOwner } from "./chats";

/**
 * The reminder just made in the chat (ADR 104): "make it 8pm", "actually tomorrow" or "undo" soon after making
 * one are about it. Ten minutes: a correction comes at once; later, "it" is more likely a reminder that arrived.
 */
export const JUST_MADE_MINUTES = 10;

/** Whether a moment is within the last ten minutes: a reminder made then counts as "just made". */
export function isJustNow(deps: Pick<Deps, "clock">, at: number): boolean {
  return deps.clock.now().getTime() - at <= JUST_MADE_MINUTES * 60_000;
}

/** Remembers the reminder made by a message in the chat, on the owner's row (read with every message). */
export async function rememberMadeInChat(deps: Pick<Deps, "db" | "clock">, ownerId: string, taskId: string): Promise<void> {
  await deps.db.update(users).set({ telegramLastMadeTaskId: taskId, telegramLastMadeAt: deps.clock.now().getTime() }).where(eq(users.id, ownerId));
}

/** The id of the reminder made in the chat in the last ten minutes, while it is open; else null. */
export async function justMadeInChat(deps: Pick<Deps, "db" | "clock">, owner: ChatOwner): Promise<string | null> {
  if (!owner.lastMadeTaskId || owner.lastMadeAt === null) return null;
  if (!isJustNow(deps, owner.lastMadeAt)) return null;
  const task = await ownTaskLine(deps, owner.id, owner.lastMadeTaskId);
  return task && task.status !== "COMPLETED" ? task.id : null;
}
