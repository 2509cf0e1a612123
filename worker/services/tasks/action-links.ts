import { and, eq, gt, isNull, or } from "drizzle-orm";
import { linkTokens, tasks, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { acknowledgedMessage, isAnswer, SNOOZE_MINUTES, type Answer } from "../answers";
import { isAppError } from "../errors";
import type { ActionLinkData } from "../escalation/links";
import { formatLocalDue, formatLocalTime } from "../escalation/messages";
import { errorFields, log } from "../log";
import { sha256Hex } from "../tokens";
import { acknowledgeTask, completeTask, snoozeTask } from "./actions";
import type { TaskStatus } from "./serialize";

/**
 * The one-click links of reminder emails (`/r/<token>`). GET only DESCRIBES what the link will do
 * (mail scanners and link previews open every link); POST REDEEMS it: the token is consumed with a
 * conditional update (so it acts once) and the same service the dashboard uses does the work.
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

interface TokenRow {
  id: string;
  userId: string | null;
  subjectId: string | null;
  data: string | null;
  expiresAt: number | null;
  consumedAt: number | null;
}

async function findToken(deps: Deps, rawToken: string): Promise<TokenRow | null> {
  if (!TOKEN_SHAPE.test(rawToken)) return null;
  const [row] = await deps.db
    .select({ id: linkTokens.id, userId: linkTokens.userId, subjectId: linkTokens.subjectId, data: linkTokens.data, expiresAt: linkTokens.expiresAt, consumedAt: linkTokens.consumedAt })
    .from(linkTokens)
    .where(and(eq(linkTokens.tokenHash, await sha256Hex(rawToken)), eq(linkTokens.purpose, "task_action")))
    .limit(1);
  return row ?? null;
}

function readData(row: TokenRow): ActionLinkData | null {
  try {
    const data = JSON.parse(row.data ?? "null") as ActionLinkData | null;
    return data && isAnswer(data.action) ? data : null;
  } catch {
    return null;
  }
}

async function loadTaskView(deps: Deps, row: TokenRow): Promise<ActionLinkTask | null> {
  if (!row.userId || !row.subjectId) return null;
  const [found] = await deps.db
    .select({ title: tasks.title, status: tasks.status, dueAt: tasks.dueAt, timezone: users.timezone })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(and(eq(tasks.id, row.subjectId), eq(tasks.userId, row.userId)))
    .limit(1);
  if (!found) return null;
  return { title: found.title, status: found.status as TaskStatus, dueLocal: formatLocalDue(found.dueAt, found.timezone) };
}

/** What GET /r/<token> shows. Changes nothing. */
export async function describeActionLink(deps: Deps, rawToken: string): Promise<ActionLinkView> {
  const row = await findToken(deps, rawToken);
  const data = row ? readData(row) : null;
  if (!row || !data) return { state: "invalid" };
  const task = await loadTaskView(deps, row);
  if (!task) return { state: "invalid" };
  if (row.consumedAt !== null) return { state: "used", action: data.action, task };
  if (row.expiresAt !== null && row.expiresAt <= deps.clock.now().getTime()) return { state: "invalid" };
  return { state: "ready", action: data.action, minutes: data.minutes, task };
}

/**
 * What POST /r/<token> does: consumes the token (once) and performs its action. If the action
 * fails with something other than an answer for the person (an AppError, shown as "failed"), e.g.
 * a D1 error, the token is given back before the error goes on (a 500 page): the action's writes
 * are one batch, so nothing was done and the link must still work (ADR 029). Should the failure
 * come after that batch, using the link again repeats an idempotent answer.
 */
export async function redeemActionLink(deps: Deps, rawToken: string): Promise<ActionLinkOutcome> {
  const row = await findToken(deps, rawToken);
  const data = row ? readData(row) : null;
  if (!row || !data || !row.userId || !row.subjectId) return { state: "invalid" };
  const now = deps.clock.now().getTime();
  const consumed = await deps.db
    .update(linkTokens)
    .set({ consumedAt: now })
    .where(and(eq(linkTokens.id, row.id), isNull(linkTokens.consumedAt), or(isNull(linkTokens.expiresAt), gt(linkTokens.expiresAt, now))))
    .returning({ id: linkTokens.id });
  const before = await loadTaskView(deps, row);
  if (!before) return { state: "invalid" };
  if (consumed.length === 0) {
    return row.consumedAt !== null || (row.expiresAt ?? Infinity) > now ? { state: "used", action: data.action, task: before } : { state: "invalid" };
  }
  try {
    let message: string;
    if (data.action === "done") {
      const result = await completeTask(deps, row.userId, row.subjectId);
      message = result.nextTask
        ? `"${result.title}" is done. The next one is on ${formatLocalDue(Date.parse(result.nextTask.dueDate), await zoneOf(deps, row.userId))}.`
        : `"${result.title}" is done. Well done!`;
    } else if (data.action === "snooze") {
      const minutes = data.minutes ?? SNOOZE_MINUTES;
      await snoozeTask(deps, row.userId, row.subjectId, { minutes });
      message = `Snoozed. We'll remind you about "${before.title}" again in ${minutes} minutes.`;
    } else {
      const acknowledged = await acknowledgeTask(deps, row.userId, row.subjectId);
      const checkBackAt = acknowledged.checkBackAt ? formatLocalTime(Date.parse(acknowledged.checkBackAt), await zoneOf(deps, row.userId)) : undefined;
      message = acknowledgedMessage(before.title, checkBackAt);
    }
    const after = (await loadTaskView(deps, row)) ?? before;
    return { state: "done", action: data.action, minutes: data.minutes, task: after, message };
  } catch (error) {
    if (isAppError(error)) return { state: "failed", action: data.action, task: before, message: error.message };
    await unconsume(deps, row.id, now);
    throw error;
  }
}

/** Gives a token back; only the consumption made by this request (consumed_at = its now). */
async function unconsume(deps: Deps, tokenId: string, consumedAt: number) {
  try {
    await deps.db
      .update(linkTokens)
      .set({ consumedAt: null })
      .where(and(eq(linkTokens.id, tokenId), eq(linkTokens.consumedAt, consumedAt)));
  } catch (error) {
    log.error("action_link.unconsume_failed", { tokenId, ...errorFields(error) });
  }
}

async function zoneOf(deps: Deps, userId: string): Promise<string> {
  const [user] = await deps.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.timezone ?? "UTC";
}
