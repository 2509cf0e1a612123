import type { linkTokens } from "../../../db/schema";
import type { Env } from "../../env";
import { ANSWERS, type Answer } from "../answers";
import { appLink } from "../app-url";
import { subKey } from "../auth/keys";
import { sha256Hex } from "../tokens";
import { derivedToken } from "./ids";

/**
 * The answer links carried in reminder emails and push notifications: one 256-bit token per message,
 * the answer in the path (`${APP_URL}/r/<token>/done`, `/snooze`, `/acknowledge`). GET only shows a
 * page (mail scanners open every link); POST acts, once per answer.
 *
 * Only the token's SHA-256 is stored, on the message's own `deliveries` row (link_token_hash; which
 * answers were used, in link_uses): the row is written before the send anyway, so the links cost one
 * index entry instead of three link_tokens rows (ADR 067). The token is derived from the delivery's
 * idempotency key (HMAC under a sub-key of JWT_SECRET, ADR 027): a retried delivery writes the same
 * row (ON CONFLICT DO NOTHING) and sends a byte-identical message, so a provider that dedupes by key
 * (Resend) sees the same request twice, not two bodies, and every copy's links work.
 *
 * Links of the earlier shape (`/r/<token>`, one link_tokens row per answer) are still honoured
 * until they expire (services/tasks/link-lookup.ts).
 */
/** Reminder links stay usable for a week. */
export const ACTION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** An earlier link's stored answer (link_tokens.data of purpose "task_action"). */
export interface ActionLinkData {
  action: Answer;
  minutes?: number;
}

type LinkEnv = Pick<Env, "APP_URL" | "JWT_SECRET">;

/** A link_tokens row as written (ON CONFLICT DO NOTHING: a retry derives the same token hashes). */
export type LinkTokenRow = (typeof linkTokens)["$inferInsert"];

/**
 * The token for `label`, derived under a sub-key of the Worker's secret, which production always
 * has (sign-in needs it too). Without it this throws, as sign-in does: a token derived from a
 * missing or short secret could be guessed from the label.
 */
async function linkToken(env: LinkEnv, label: string): Promise<string> {
  return derivedToken(await subKey(env, "links"), label);
}

/** The URL of each answer of a message's links, and the hash its row stores. */
export async function createActionLinks(env: LinkEnv, deliveryKey: string): Promise<{ urls: Record<Answer, string>; linkTokenHash: string }> {
  const token = await linkToken(env, `reminder:${deliveryKey}`);
  const urls = Object.fromEntries(ANSWERS.map((action) => [action, appLink(env, `/r/${token}/${action}`)])) as Record<Answer, string>;
  return { urls, linkTokenHash: await sha256Hex(token) };
}

/**
 * The opt-out link in every nudge-buddy alert. The token is real (purpose "buddy_unsubscribe",
 * subject = the contact) so the buddies work can redeem it at /unsubscribe?token=... later.
 */
export async function createBuddyUnsubscribeLink(
  env: LinkEnv,
  input: { userId: string; contactId: string; now: number; deliveryKey: string },
): Promise<{ url: string; tokens: LinkTokenRow[] }> {
  const token = await linkToken(env, `buddy_unsubscribe:${input.deliveryKey}`);
  const row: LinkTokenRow = {
    id: crypto.randomUUID(),
    purpose: "buddy_unsubscribe",
    tokenHash: await sha256Hex(token),
    userId: input.userId,
    subjectId: input.contactId,
    createdAt: input.now,
  };
  // Written with the message's delivery row, before the send (batch-sql.ts preSendWrites).
  return { url: appLink(env, "/unsubscribe", { token }), tokens: [row] };
}
