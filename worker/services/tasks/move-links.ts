import { and, eq, gt, isNull } from "drizzle-orm";
import { linkTokens, tasks, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { ACTION_LINK_TTL_MS } from "../escalation/links";
import { formatLocalDue } from "../escalation/messages";
import { randomToken, sha256Hex } from "../tokens";
import { moveTaskToInstant, pickedPastMessage } from "./move";

/**
 * "Move it" links (ADR 099): an email asking 'Move "Call the dentist" from ... to ...?' carries one link per
 * reminder it offers to move. A link names its task, the moment shown, and the due time the task had when
 * asked; it is stored as the SHA-256 of a random token in link_tokens (purpose "task_move"), lasts a week as
 * the reminder links do, and acts once. GET describes (mail scanners open every link), POST moves.
 */
const PURPOSE = "task_move";
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

interface MoveLinkData {
  /** Where the reminder moves (ms since the epoch). */
  at: number;
  /** Its due time when the email asked: a reminder changed since is not moved on an old question. */
  from: number;
}

export interface MoveLinkTask {
  title: string;
  /** "10:00 AM on Wednesday, 9 March (Europe/London)": where it is now. */
  fromLocal: string;
  /** Where the link moves it. */
  toLocal: string;
}

export type MoveLinkView = { state: "ready"; task: MoveLinkTask } | { state: "used"; task: MoveLinkTask } | { state: "invalid" };

export type MoveLinkOutcome =
  | { state: "moved"; task: MoveLinkTask; message: string }
  /** Nothing moved, and the sentence says why: done since, changed since, the moment gone by. */
  | { state: "refused"; task: MoveLinkTask; message: string }
  | { state: "used"; task: MoveLinkTask }
  | { state: "invalid" };

export const MOVE_LINK_TEXTS = {
  changed: (title: string, dueLocal: string) => `"${title}" has changed since this email: it is due at ${dueLocal} now. Nothing was moved.`,
  done: (title: string) => `"${title}" is already done, so nothing moved.`,
} as const;

/** A new "Move it" link for `task`, to `at`: its full URL path (`/move/<token>`). */
export async function createMoveLink(deps: Deps, userId: string, task: { id: string; dueAt: number }, at: number): Promise<string> {
  const token = randomToken();
  const now = deps.clock.now().getTime();
  const data: MoveLinkData = { at, from: task.dueAt };
  await deps.db.insert(linkTokens).values({
    id: crypto.randomUUID(),
    purpose: PURPOSE,
    tokenHash: await sha256Hex(token),
    userId,
    subjectId: task.id,
    data: JSON.stringify(data),
    expiresAt: now + ACTION_LINK_TTL_MS,
    createdAt: now,
  });
  return `/move/${token}`;
}

interface FoundLink {
  id: string;
  userId: string;
  taskId: string;
  data: MoveLinkData;
  consumed: boolean;
  task: { title: string; status: string; dueAt: number };
  zone: string;
}

/** The link with its task and the person's zone, or null: no such token, expired, not a move link, or the task gone. */
async function findMoveLink(deps: Deps, rawToken: string): Promise<FoundLink | null> {
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
      zone: users.timezone,
    })
    .from(linkTokens)
    .innerJoin(tasks, and(eq(tasks.id, linkTokens.subjectId), eq(tasks.userId, linkTokens.userId)))
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(and(eq(linkTokens.tokenHash, await sha256Hex(rawToken)), eq(linkTokens.purpose, PURPOSE), gt(linkTokens.expiresAt, now)))
    .limit(1);
  const data = row ? readData(row.data) : null;
  if (!row || !row.userId || !row.taskId || !data) return null;
  return { id: row.id, userId: row.userId, taskId: row.taskId, data, consumed: row.consumedAt !== null, task: { title: row.title, status: row.status, dueAt: row.dueAt }, zone: row.zone };
}

function readData(text: string | null): MoveLinkData | null {
  try {
    const value = JSON.parse(text ?? "") as Partial<MoveLinkData>;
    return Number.isSafeInteger(value.at) && Number.isSafeInteger(value.from) ? { at: value.at!, from: value.from! } : null;
  } catch {
    return null;
  }
}

function shown(link: FoundLink): MoveLinkTask {
  return { title: link.task.title, fromLocal: formatLocalDue(link.task.dueAt, link.zone), toLocal: formatLocalDue(link.data.at, link.zone) };
}

/** What the link will do (GET): nothing changes. */
export async function describeMoveLink(deps: Deps, rawToken: string): Promise<MoveLinkView> {
  const link = await findMoveLink(deps, rawToken);
  if (!link) return { state: "invalid" };
  return { state: link.consumed ? "used" : "ready", task: shown(link) };
}

/**
 * The move (POST), once. Refused without using the link when the task is done, was moved or edited since the
 * email asked (its due time is not the one the email showed), or the moment has gone by.
 */
export async function redeemMoveLink(deps: Deps, rawToken: string): Promise<MoveLinkOutcome> {
  const link = await findMoveLink(deps, rawToken);
  if (!link) return { state: "invalid" };
  const task = shown(link);
  if (link.consumed) return { state: "used", task };
  if (link.task.status === "COMPLETED") return { state: "refused", task, message: MOVE_LINK_TEXTS.done(link.task.title) };
  if (link.task.dueAt !== link.data.from) return { state: "refused", task, message: MOVE_LINK_TEXTS.changed(link.task.title, task.fromLocal) };
  const now = deps.clock.now().getTime();
  if (link.data.at <= now) return { state: "refused", task, message: pickedPastMessage(link.task.title) };
  const taken = await deps.db
    .update(linkTokens)
    .set({ consumedAt: now })
    .where(and(eq(linkTokens.id, link.id), isNull(linkTokens.consumedAt)))
    .returning({ id: linkTokens.id });
  if (taken.length === 0) return { state: "used", task };
  try {
    const moved = await moveTaskToInstant(deps, link.userId, link.taskId, link.data.at);
    return moved.state === "moved" ? { state: "moved", task, message: moved.message } : { state: "refused", task, message: moved.message };
  } catch (error) {
    // Done or deleted between the checks and the move: what the move says (the link stays used).
    if (isAppError(error) && (error.status === 400 || error.status === 404)) return { state: "refused", task, message: error.message };
    throw error;
  }
}
