import { and, eq, gt, isNull } from "drizzle-orm";
import { linkTokens, tasks, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { ACTION_LINK_TTL_MS } from "../escalation/links";
import { randomToken, sha256Hex } from "../tokens";

/**
 * One-use links an email offers about one task, beside the reminder links (ADR 099): "Move it" (move-links.ts) and
 * "Delete it" (forget-links.ts). A link is a random token stored as its SHA-256 in link_tokens (its purpose, the
 * task as subject, what it does as JSON data), lasts a week like the reminder links, and acts once. Its task's row
 * is read with it: a deleted task's links stop working.
 */
export type TaskLinkPurpose = "task_move" | "task_forget";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export interface FoundTaskLink<Data> {
  id: string;
  userId: string;
  taskId: string;
  data: Data;
  consumed: boolean;
  task: { title: string; status: string; dueAt: number; recurrence: string | null; seriesId: string | null };
  /** The person's zone, for the times the page shows. */
  zone: string;
}

/** A new link of `purpose` for `taskId`: the raw token (only its hash is kept). */
export async function createTaskLink(deps: Deps, purpose: TaskLinkPurpose, userId: string, taskId: string, data: object): Promise<string> {
  const token = randomToken();
  const now = deps.clock.now().getTime();
  await deps.db.insert(linkTokens).values({
    id: crypto.randomUUID(),
    purpose,
    tokenHash: await sha256Hex(token),
    userId,
    subjectId: taskId,
    data: JSON.stringify(data),
    expiresAt: now + ACTION_LINK_TTL_MS,
    createdAt: now,
  });
  return token;
}

/** The link with its task and the person's zone, or null: no such token, expired, of another purpose, unreadable data, or the task gone. */
export async function findTaskLink<Data>(deps: Deps, purpose: TaskLinkPurpose, rawToken: string, read: (data: unknown) => Data | null): Promise<FoundTaskLink<Data> | null> {
  if (!TOKEN_SHAPE.test(rawToken)) return null;
  const now = deps.clock.now().getTime();
  const [row] = await deps.db
    .select({
      id: linkTokens.id,
      userId: linkTokens.userId,
      taskId: linkTokens.subjectId,
      data: linkTokens.data,
      consumedAt: linkTokens.consumedAt,
      title: tasks.title,
      status: tasks.status,
      dueAt: tasks.dueAt,
      recurrence: tasks.recurrence,
      seriesId: tasks.seriesId,
      zone: users.timezone,
    })
    .from(linkTokens)
    .innerJoin(tasks, and(eq(tasks.id, linkTokens.subjectId), eq(tasks.userId, linkTokens.userId)))
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(and(eq(linkTokens.tokenHash, await sha256Hex(rawToken)), eq(linkTokens.purpose, purpose), gt(linkTokens.expiresAt, now)))
    .limit(1);
  if (!row || !row.userId || !row.taskId) return null;
  const data = read(parseJson(row.data));
  if (data === null) return null;
  return {
    id: row.id,
    userId: row.userId,
    taskId: row.taskId,
    data,
    consumed: row.consumedAt !== null,
    task: { title: row.title, status: row.status, dueAt: row.dueAt, recurrence: row.recurrence, seriesId: row.seriesId },
    zone: row.zone,
  };
}

/** Marks the link used, once: false when it already was. */
export async function takeTaskLink(deps: Deps, link: { id: string }): Promise<boolean> {
  const taken = await deps.db
    .update(linkTokens)
    .set({ consumedAt: deps.clock.now().getTime() })
    .where(and(eq(linkTokens.id, link.id), isNull(linkTokens.consumedAt)))
    .returning({ id: linkTokens.id });
  return taken.length > 0;
}

function parseJson(text: string | null): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return null;
  }
}
