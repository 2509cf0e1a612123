import type { Db } from "../../../db/client";
import { linkTokens } from "../../../db/schema";
import type { Env } from "../../env";
import { ANSWERS, SNOOZE_MINUTES, type Answer } from "../answers";
import { appLink } from "../app-url";
import { randomToken, sha256Hex } from "../tokens";
import { derivedToken } from "./ids";
import type { Statement } from "../../../db/batch";

/**
 * Links carried in reminder emails. Each is a 256-bit token stored only as its SHA-256
 * (link_tokens, purpose "task_action", data {action}); the link opens `${APP_URL}/r/<token>`, whose
 * GET only shows a page (mail scanners open every link) and whose POST acts.
 *
 * The tokens of a delivery are derived from its idempotency key (HMAC under JWT_SECRET, ADR 027):
 * a retried delivery writes the same rows (ON CONFLICT DO NOTHING) and sends a byte-identical
 * email, so a provider that dedupes by key (Resend) sees the same request twice, not two bodies.
 */
/** Reminder links stay usable for a week. */
export const ACTION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface ActionLinkData {
  action: Answer;
  minutes?: number;
}

type LinkEnv = Pick<Env, "APP_URL" | "JWT_SECRET">;

/** A link_tokens row as written (ON CONFLICT DO NOTHING: a retry derives the same token hashes). */
export type LinkTokenRow = (typeof linkTokens)["$inferInsert"];

/**
 * The token for `label`: derived when the Worker has its secret (always in production, where
 * sign-in needs it too); random otherwise, because a token derived from a missing or short secret
 * could be guessed from the label.
 */
async function linkToken(env: LinkEnv, label: string): Promise<string> {
  const secret = env.JWT_SECRET ?? "";
  return secret.length >= 16 ? derivedToken(secret, `link:${label}`) : randomToken();
}

export async function createActionLinks(
  db: Db,
  env: LinkEnv,
  input: { userId: string; taskId: string; now: number; deliveryKey: string },
): Promise<{ urls: Record<Answer, string>; tokens: LinkTokenRow[]; statements: Statement[] }> {
  const urls = {} as Record<Answer, string>;
  const rows: LinkTokenRow[] = [];
  for (const action of ANSWERS) {
    const token = await linkToken(env, `task_action:${input.deliveryKey}:${action}`);
    const data: ActionLinkData = action === "snooze" ? { action, minutes: SNOOZE_MINUTES } : { action };
    rows.push({
      id: crypto.randomUUID(),
      purpose: "task_action",
      tokenHash: await sha256Hex(token),
      userId: input.userId,
      subjectId: input.taskId,
      data: JSON.stringify(data),
      expiresAt: input.now + ACTION_LINK_TTL_MS,
      createdAt: input.now,
    });
    urls[action] = appLink(env, `/r/${token}`);
  }
  // A retry writes the same token hashes: the rows (and the first attempt's expiry) are kept.
  return { urls, tokens: rows, statements: [db.insert(linkTokens).values(rows).onConflictDoNothing()] };
}

/**
 * The opt-out link in every nudge-buddy alert. The token is real (purpose "buddy_unsubscribe",
 * subject = the contact) so the buddies work can redeem it at /unsubscribe?token=... later.
 */
export async function createBuddyUnsubscribeLink(
  db: Db,
  env: LinkEnv,
  input: { userId: string; contactId: string; now: number; deliveryKey: string },
): Promise<{ url: string; tokens: LinkTokenRow[]; statements: Statement[] }> {
  const token = await linkToken(env, `buddy_unsubscribe:${input.deliveryKey}`);
  const row: LinkTokenRow = {
    id: crypto.randomUUID(),
    purpose: "buddy_unsubscribe",
    tokenHash: await sha256Hex(token),
    userId: input.userId,
    subjectId: input.contactId,
    createdAt: input.now,
  };
  return { url: appLink(env, "/unsubscribe", { token }), tokens: [row], statements: [db.insert(linkTokens).values(row).onConflictDoNothing()] };
}
