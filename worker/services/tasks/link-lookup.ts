import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { deliveries, linkTokens } from "../../../db/schema";
import { isAnswer, SNOOZE_MINUTES, type Answer } from "../answers";
import type { Deps } from "../deps";
import { ACTION_LINK_TTL_MS, type ActionLinkData } from "../escalation/links";
import { sha256Hex } from "../tokens";

/**
 * Where a reminder's answer link is kept, and how one answer is marked used (action-links.ts says
 * what the link does). Since ADR 067 a message's links are one token, its hash on the message's
 * delivery row and the answers used in `link_uses`; links sent before are one link_tokens row per
 * answer (purpose "task_action"), honoured until they expire.
 */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * One answer of one message, wherever it is stored: `take` marks it used (once: false when it
 * already was, or the link has expired meanwhile) and `giveBack` undoes exactly that use (false when
 * it was given back already: two "Not done yet" presses at once, ADR 087).
 */
export interface AnswerLink {
  userId: string;
  taskId: string;
  action: Answer;
  minutes?: number;
  usedAt: number | null;
  expiresAt: number | null;
  take(now: number): Promise<boolean>;
  giveBack(usedAt: number): Promise<boolean>;
}

/** A link as the path gives it: `/r/<token>/<answer>` (ADR 067), or an earlier `/r/<token>`. */
export async function findLink(deps: Deps, rawToken: string, answer: string | undefined): Promise<AnswerLink | null> {
  if (!TOKEN_SHAPE.test(rawToken)) return null;
  if (answer === undefined) return findEarlierLink(deps, rawToken);
  return isAnswer(answer) ? findMessageLink(deps, rawToken, answer) : null;
}

/** A message's links: its delivery row by the token's hash; the answers used are in link_uses. */
async function findMessageLink(deps: Deps, rawToken: string, action: Answer): Promise<AnswerLink | null> {
  const d = deliveries;
  const [row] = await deps.db
    .select({ id: d.id, userId: d.userId, taskId: d.taskId, createdAt: d.createdAt, usedAt: sql<number | null>`json_extract(${d.linkUses}, ${`$.${action}`})`.as("used_at") })
    .from(d)
    .where(eq(d.linkTokenHash, await sha256Hex(rawToken)))
    .limit(1);
  if (!row?.userId || !row.taskId) return null;
  const path = `$.${action}`;
  const expiresAt = row.createdAt + ACTION_LINK_TTL_MS;
  return {
    userId: row.userId,
    taskId: row.taskId,
    action,
    minutes: action === "snooze" ? SNOOZE_MINUTES : undefined,
    usedAt: row.usedAt,
    expiresAt,
    async take(now) {
      if (expiresAt <= now) return false;
      const taken = await deps.db
        .update(d)
        .set({ linkUses: sql`json_set(coalesce(${d.linkUses}, '{}'), ${path}, ${now})` })
        .where(and(eq(d.id, row.id), sql`json_extract(${d.linkUses}, ${path}) is null`))
        .returning({ id: d.id });
      return taken.length > 0;
    },
    async giveBack(usedAt) {
      const given = await deps.db
        .update(d)
        .set({ linkUses: sql`json_remove(${d.linkUses}, ${path})` })
        .where(and(eq(d.id, row.id), sql`json_extract(${d.linkUses}, ${path}) = ${usedAt}`))
        .returning({ id: d.id });
      return given.length > 0;
    },
  };
}

/** A link sent before ADR 067: one link_tokens row per answer (purpose "task_action", data {action}). */
async function findEarlierLink(deps: Deps, rawToken: string): Promise<AnswerLink | null> {
  const t = linkTokens;
  const [row] = await deps.db
    .select({ id: t.id, userId: t.userId, subjectId: t.subjectId, data: t.data, expiresAt: t.expiresAt, consumedAt: t.consumedAt })
    .from(t)
    .where(and(eq(t.tokenHash, await sha256Hex(rawToken)), eq(t.purpose, "task_action")))
    .limit(1);
  const data = row ? readData(row.data) : null;
  if (!row?.userId || !row.subjectId || !data) return null;
  return {
    userId: row.userId,
    taskId: row.subjectId,
    action: data.action,
    minutes: data.minutes,
    usedAt: row.consumedAt,
    expiresAt: row.expiresAt,
    async take(now) {
      const taken = await deps.db
        .update(t)
        .set({ consumedAt: now })
        .where(and(eq(t.id, row.id), isNull(t.consumedAt), or(isNull(t.expiresAt), gt(t.expiresAt, now))))
        .returning({ id: t.id });
      return taken.length > 0;
    },
    async giveBack(usedAt) {
      const given = await deps.db.update(t).set({ consumedAt: null }).where(and(eq(t.id, row.id), eq(t.consumedAt, usedAt))).returning({ id: t.id });
      return given.length > 0;
    },
  };
}

function readData(json: string | null): ActionLinkData | null {
  try {
    const data = JSON.parse(json ?? "null") as ActionLinkData | null;
    return data && isAnswer(data.action) ? data : null;
  } catch {
    return null;
  }
}
