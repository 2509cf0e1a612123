import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { deliveries, linkTokens, tasks, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { acknowledgedMessage, isAnswer, SNOOZE_MINUTES, type Answer } from "../answers";
import { isAppError } from "../errors";
import { ACTION_LINK_TTL_MS, type ActionLinkData } from "../escalation/links";
import { formatLocalDue, formatLocalTime } from "../escalation/messages";
import { errorFields, log } from "../log";
import { sha256Hex } from "../tokens";
import { acknowledgeTask, completeTask, snoozeTask } from "./actions";
import type { TaskStatus } from "./serialize";

/**
 * The one-click links of reminder emails and push notifications (`/r/<token>/<answer>`). GET only
 * DESCRIBES what the link will do (mail scanners and link previews open every link); POST REDEEMS
 * it: the answer is marked used with a conditional update (so each answer of a message acts once)
 * and the same service the dashboard uses does the work.
 *
 * A message's token is stored as its SHA-256 on the message's delivery row (ADR 067). Links of the
 * earlier shape, `/r/<token>` with one link_tokens row per answer, still work until they expire: no
 * answer in the path means such a link.
 */
export interface ActionLinkTask {
  title: string;
  status: TaskStatus;
  /** The due time on the user's own clock, e.g. "9:00 AM on Monday, 2 March (Europe/London)". */
  dueLocal: string;
}

export type ActionLinkView =
  | { state: "ready"; action: Answer; minutes?: number; task: ActionLinkTask }
  | { state: "used"; action: Answer; task: ActionLinkTask }
  | { state: "invalid" };

export type ActionLinkOutcome =
  | { state: "done"; action: Answer; minutes?: number; task: ActionLinkTask; message: string }
  | { state: "used"; action: Answer; task: ActionLinkTask }
  | { state: "failed"; action: Answer; task: ActionLinkTask; message: string }
  | { state: "invalid" };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * One answer of one message, wherever it is stored: `take` marks it used (once: false when it
 * already was, or the link has expired meanwhile) and `giveBack` undoes exactly that use.
 */
interface AnswerLink {
  userId: string;
  taskId: string;
  action: Answer;
  minutes?: number;
  usedAt: number | null;
  expiresAt: number | null;
  take(now: number): Promise<boolean>;
  giveBack(usedAt: number): Promise<void>;
}

/** A link as the path gives it: `/r/<token>/<answer>` (ADR 067), or an earlier `/r/<token>`. */
async function findLink(deps: Deps, rawToken: string, answer: string | undefined): Promise<AnswerLink | null> {
  if (!TOKEN_SHAPE.test(rawToken)) return null;
  if (answer === undefined) return findEarlierLink(deps, rawToken);
  return isAnswer(answer) ? findMessageLink(deps, rawToken, answer) : null;
}

/** A message's links: its delivery row by the token's hash; the answers used are in link_uses. */
async function findMessageLink(deps: Deps, rawToken: string, action: Answer): Promise<AnswerLink | null> {
  const d = deliveries;
  const [row] = await deps.db
    .select({ id: d.id, userId: d.userId, taskId: d.taskId, createdAt: d.createdAt, usedAt: sql<number | null>`json_extract(${d.linkUses}, ${`$.${action}`})` })
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
      await deps.db
        .update(d)
        .set({ linkUses: sql`json_remove(${d.linkUses}, ${path})` })
        .where(and(eq(d.id, row.id), sql`json_extract(${d.linkUses}, ${path}) = ${usedAt}`));
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
      await deps.db.update(t).set({ consumedAt: null }).where(and(eq(t.id, row.id), eq(t.consumedAt, usedAt)));
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

async function loadTaskView(deps: Deps, link: AnswerLink): Promise<ActionLinkTask | null> {
  const [found] = await deps.db
    .select({ title: tasks.title, status: tasks.status, dueAt: tasks.dueAt, timezone: users.timezone })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(and(eq(tasks.id, link.taskId), eq(tasks.userId, link.userId)))
    .limit(1);
  if (!found) return null;
  return { title: found.title, status: found.status as TaskStatus, dueLocal: formatLocalDue(found.dueAt, found.timezone) };
}

/** What GET /r/<token>/<answer> (or an earlier /r/<token>) shows. Changes nothing. */
export async function describeActionLink(deps: Deps, rawToken: string, answer?: string): Promise<ActionLinkView> {
  const link = await findLink(deps, rawToken, answer);
  if (!link) return { state: "invalid" };
  const task = await loadTaskView(deps, link);
  if (!task) return { state: "invalid" };
  if (link.usedAt !== null) return { state: "used", action: link.action, task };
  if (link.expiresAt !== null && link.expiresAt <= deps.clock.now().getTime()) return { state: "invalid" };
  return { state: "ready", action: link.action, minutes: link.minutes, task };
}

/**
 * What POST /r/<token> does: consumes the token (once) and performs its action. If the action
 * fails with something other than an answer for the person (an AppError, shown as "failed"), e.g.
 * a D1 error, the token is given back before the error goes on (a 500 page): the action's writes
 * are one batch, so nothing was done and the link must still work (ADR 029). Should the failure
 * come after that batch, using the link again repeats an idempotent answer.
 */
export async function redeemActionLink(deps: Deps, rawToken: string, answer?: string): Promise<ActionLinkOutcome> {
  const link = await findLink(deps, rawToken, answer);
  if (!link) return { state: "invalid" };
  const { userId, taskId, action } = link;
  const now = deps.clock.now().getTime();
  const taken = await link.take(now);
  const before = await loadTaskView(deps, link);
  if (!before) return { state: "invalid" };
  if (!taken) {
    return link.usedAt !== null || (link.expiresAt ?? Infinity) > now ? { state: "used", action, task: before } : { state: "invalid" };
  }
  try {
    let message: string;
    if (action === "done") {
      const result = await completeTask(deps, userId, taskId);
      message = result.nextTask
        ? `"${result.title}" is done. The next one is on ${formatLocalDue(Date.parse(result.nextTask.dueDate), await zoneOf(deps, userId))}.`
        : `"${result.title}" is done. Well done!`;
    } else if (action === "snooze") {
      const minutes = link.minutes ?? SNOOZE_MINUTES;
      await snoozeTask(deps, userId, taskId, { minutes });
      message = `Snoozed. We'll remind you about "${before.title}" again in ${minutes} minutes.`;
    } else {
      const acknowledged = await acknowledgeTask(deps, userId, taskId);
      const checkBackAt = acknowledged.checkBackAt ? formatLocalTime(Date.parse(acknowledged.checkBackAt), await zoneOf(deps, userId)) : undefined;
      message = acknowledgedMessage(before.title, checkBackAt);
    }
    const after = (await loadTaskView(deps, link)) ?? before;
    return { state: "done", action, minutes: link.minutes, task: after, message };
  } catch (error) {
    if (isAppError(error)) return { state: "failed", action, task: before, message: error.message };
    await giveBack(link, now);
    throw error;
  }
}

/** Gives an answer back; only the use made by this request (used at its now). */
async function giveBack(link: AnswerLink, usedAt: number) {
  try {
    await link.giveBack(usedAt);
  } catch (error) {
    log.error("action_link.unconsume_failed", { taskId: link.taskId, action: link.action, ...errorFields(error) });
  }
}

async function zoneOf(deps: Deps, userId: string): Promise<string> {
  const [user] = await deps.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.timezone ?? "UTC";
}
