import { and, asc, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Statement } from "../../../db/batch";
import type { Db } from "../../../db/client";
import { cronRuns, escalations, escalationSteps, tasks, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { chainEndStatements, nextStepPendingStatement, seriesColumns, seriesContextOf } from "./chain";

/**
 * The active-escalation auditor (ADR 041; Grafana OnCall's check_escalation_finished is the model):
 * the net under every race nobody has thought of. Every write of the engine keeps a live chain
 * (running or paused) with exactly one step that can still fire (pending, claimed or sending) until
 * the chain ends; a chain without one is stuck for ever, as the snooze race of issue 7 left them.
 *
 * Each tick examines at most AUDIT_BATCH live chains that have started, in (started_at, id) order
 * from where the previous tick stopped (`cron_runs.audit_cursor`), by the partial index
 * escalations_live_idx, so a tick reads a bounded number of rows however many chains there are, and
 * every live chain is examined once per round. A stuck chain is repaired with the engine's own
 * guarded statements, each guarded by "still stuck" (so a chain that moved meanwhile is left
 * alone), and the repair is logged at error level: it means a bug to find.
 */

/** Live chains examined per tick. */
export const AUDIT_BATCH = 100;

export interface AuditCursor {
  startedAt: number;
  id: string;
}

export interface AuditResult {
  examined: number;
  repaired: number;
  /** Where the next tick goes on; null once the sweep went round (the next one starts again). */
  next: AuditCursor | null;
}

const ACTIVE = sql`('pending', 'claimed', 'sending')`;

/** A live chain with no step that can fire. */
function stuckGuard(escalationId: string) {
  return sql`exists (select 1 from escalations as e where e.id = ${escalationId} and e.state in ('running', 'paused'))
    and not exists (select 1 from escalation_steps as s where s.escalation_id = ${escalationId} and s.state in ${ACTIVE})`;
}

export async function auditEscalations(deps: Pick<Deps, "db">, input: { now: number; after: AuditCursor | null; limit: number }): Promise<AuditResult> {
  const rows = await liveChainsQuery(deps.db, input);
  let repaired = 0;
  for (const row of rows) {
    if (!row.active && (await repair(deps, row.id, input.now))) repaired += 1;
  }
  const last = rows.at(-1);
  return { examined: rows.length, repaired, next: rows.length === input.limit && last ? { startedAt: last.startedAt, id: last.id } : null };
}

/** The sweep's one read: live chains that have started, after the cursor, with "has a step that can fire". */
export function liveChainsQuery(db: Db, input: { now: number; after: AuditCursor | null; limit: number }) {
  const e = escalations;
  return db
    .select({
      id: e.id,
      startedAt: e.startedAt,
      active: sql<number>`exists (select 1 from escalation_steps as s where s.escalation_id = "escalations"."id" and s.state in ${ACTIVE})`.as("active"),
    })
    .from(e)
    .where(
      and(
        // Word for word the partial index's WHERE (literal states), so SQLite can use it.
        sql`"escalations"."state" in ('running', 'paused')`,
        lte(e.startedAt, input.now),
        input.after ? sql`("escalations"."started_at", "escalations"."id") > (${input.after.startedAt}, ${input.after.id})` : undefined,
      ),
    )
    .orderBy(asc(e.startedAt), asc(e.id))
    .limit(input.limit);
}

type Repair = "next_step_pending" | "chain_ended" | "chain_closed";

/** Repairs one stuck chain; true if a repair took. */
async function repair(deps: Pick<Deps, "db">, escalationId: string, now: number): Promise<boolean> {
  const { db } = deps;
  const [chain] = await db
    .select({ ...seriesColumns, status: tasks.status })
    .from(escalations)
    .innerJoin(tasks, eq(tasks.id, escalations.taskId))
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(eq(escalations.id, escalationId))
    .limit(1);
  if (!chain) return false;
  const [next] = await db
    .select({ id: escalationSteps.id, stepIndex: escalationSteps.stepIndex })
    .from(escalationSteps)
    .where(and(eq(escalationSteps.escalationId, escalationId), eq(escalationSteps.state, "waiting")))
    .orderBy(asc(escalationSteps.stepIndex))
    .limit(1);
  const stuck = stuckGuard(escalationId);

  let kind: Repair;
  let statements: Statement[];
  if (chain.status === "COMPLETED" || chain.status === "ACKNOWLEDGED") {
    // The answer ended the task but not its chain: end the chain the way the answer would have.
    kind = "chain_closed";
    const closed = sql`${stuck} and exists (select 1 from tasks as t where t.id = ${chain.taskId} and t.status = ${chain.status})`;
    statements = [
      db.update(escalationSteps).set({ state: "cancelled", leaseUntil: null }).where(and(eq(escalationSteps.escalationId, escalationId), eq(escalationSteps.state, "waiting"), closed)),
      db
        .update(escalations)
        .set({ state: chain.status === "COMPLETED" ? "completed" : "acknowledged", endedAt: now })
        .where(and(eq(escalations.id, escalationId), closed))
        .returning({ id: escalations.id }),
    ];
  } else if (next) {
    // The next step was left waiting behind a finished one: it fires at its own due time.
    kind = "next_step_pending";
    statements = [nextStepPendingStatement(db, { escalationId, stepIndex: next.stepIndex, onlyIf: stuck })];
  } else {
    // Nothing is left to send: the chain ends as if its last step had just finished.
    kind = "chain_ended";
    statements = await chainEndStatements(deps, { escalationId, taskId: chain.taskId, now, series: seriesContextOf(chain), onlyIf: stuck });
  }
  // The last statement shows whether the repair took: its `returning` lists the row it changed.
  const [first, ...rest] = statements;
  if (!first) return false;
  const results: unknown[] = await db.batch([first, ...rest]);
  const took = results.at(-1);
  if (!Array.isArray(took) || took.length === 0) return false;
  console.error(
    JSON.stringify({ level: "error", event: "escalation.audit_repaired", repair: kind, escalationId, taskId: chain.taskId, stepId: kind === "next_step_pending" ? next?.id : undefined }),
  );
  return true;
}

/**
 * Where the previous tick's sweep stopped: the newest run (up to `now`) that recorded a cursor.
 * A tick that failed before recording one is skipped; overlapping ticks may audit the same chains,
 * which is harmless (every repair is guarded).
 */
export async function readAuditCursor(deps: Pick<Deps, "db">, now: number): Promise<AuditCursor | null> {
  const [run] = await deps.db
    .select({ cursor: cronRuns.auditCursor })
    .from(cronRuns)
    .where(and(lte(cronRuns.scheduledAt, now), isNotNull(cronRuns.auditCursor)))
    .orderBy(desc(cronRuns.scheduledAt))
    .limit(1);
  const [startedAt, id] = (run?.cursor ?? "").split(":");
  return startedAt && id ? { startedAt: Number(startedAt), id } : null;
}

/** The cursor as `cron_runs.audit_cursor` keeps it ("" once the sweep went round). */
export function encodeAuditCursor(cursor: AuditCursor | null): string {
  return cursor ? `${cursor.startedAt}:${cursor.id}` : "";
}

/**
 * The tick's audit: one bounded sweep from where the previous tick stopped. Returns what it did and
 * the cursor to record (null if it failed: logged, never thrown, since the claims after it must
 * still run).
 */
export async function auditForTick(deps: Pick<Deps, "db">, now: number, cronRunId: string): Promise<{ cursor: string | null; examined: number; repaired: number }> {
  try {
    const result = await auditEscalations(deps, { now, after: await readAuditCursor(deps, now), limit: AUDIT_BATCH });
    return { cursor: encodeAuditCursor(result.next), examined: result.examined, repaired: result.repaired };
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "escalation.audit_failed", cronRunId, error: String(error) }));
    return { cursor: null, examined: 0, repaired: 0 };
  }
}
