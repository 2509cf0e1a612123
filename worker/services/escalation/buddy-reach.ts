import { and, asc, eq, isNull } from "drizzle-orm";
import { emergencyContacts } from "../../../db/schema";
import type { Deps } from "../deps";
import type { Reachability } from "./recipients";

/**
 * The buddies a step may alert, read one way for the engine (step-read.ts) and for Settings' "For you
 * right now" (reach-preview.ts), so the preview can never promise a buddy the engine would skip.
 * Consent first (issue 11): only verified buddies who have not opted out, in the person's order.
 */
export function consentingBuddiesQuery(deps: Pick<Deps, "db">, userId: string) {
  const c = emergencyContacts;
  return deps.db
    .select({ id: c.id, name: c.name, contact: c.contact, type: c.type, chatId: c.telegramChatId })
    .from(c)
    .where(and(eq(c.userId, userId), eq(c.verified, true), isNull(c.optedOutAt)))
    .orderBy(asc(c.order));
}

type BuddyRow = Awaited<ReturnType<typeof consentingBuddiesQuery>>[number];

/** Those buddies as the planner takes them: by email, or by Telegram once their chat is known. */
export function buddyReach(rows: readonly BuddyRow[]): Required<Pick<Reachability, "emailBuddies" | "telegramBuddies">> {
  return {
    emailBuddies: rows.flatMap((b) => (b.type === "email" && b.contact ? [{ id: b.id, name: b.name, email: b.contact }] : [])),
    telegramBuddies: rows.flatMap((b) => (b.type !== "email" && b.chatId ? [{ id: b.id, name: b.name, chatId: b.chatId }] : [])),
  };
}
