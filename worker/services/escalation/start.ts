import { and, eq, getTableColumns, inArray, is, SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { escalations, escalationSteps } from "../../../db/schema";
import { getStrategy, type EscalationStepSpec } from "./catalogue";

/** One statement of a D1 batch (D1 runs a batch as one transaction). */
export type Statement = BatchItem<"sqlite">;

export async function runBatch(db: Db, statements: Statement[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as [Statement, ...Statement[]]);
}

/**
 * INSERT ... SELECT <values> WHERE <condition> ON CONFLICT DO NOTHING: the rows are written only if
 * `condition` holds when the statement runs, i.e. after the statements before it in the same batch.
 * D1 has no interactive transactions; this is how one write of a batch depends on another (ADR 029).
 * Every column is written, in table order (what Drizzle's insert-select expects); a column a row
 * leaves out gets its default exactly as `.values()` would give it.
 */
export function insertIfStatement<T extends SQLiteTable>(db: Db, table: T, rows: Array<T["$inferInsert"]>, condition: SQL): Statement {
  // Drizzle leaves generated columns out of an insert (an internal method; none of our tables has one).
  const generated = (column: unknown) => (column as { shouldDisableInsert?: () => boolean }).shouldDisableInsert?.() === true;
  const columns = Object.entries(getTableColumns(table)).filter(([, column]) => !generated(column));
  const selects = rows.map((row) => {
    const values = columns.map(([key, column]) => {
      const value = (row as Record<string, unknown>)[key];
      if (value !== undefined) return sql.param(value, column);
      if (column.default !== undefined && column.default !== null) return is(column.default, SQL) ? column.default : sql.param(column.default, column);
      if (column.defaultFn) {
        const made = column.defaultFn();
        return is(made, SQL) ? made : sql.param(made, column);
      }
      return sql`null`;
    });
    return sql`select ${sql.join(values, sql`, `)} where ${condition}`;
  });
  return db.insert(table).select(sql.join(selects, sql` union all `)).onConflictDoNothing();
}

/** Step states that have not been sent yet (and may still be cancelled, shifted or claimed). */
export const UNSENT_STEP_STATES = ["waiting", "pending", "claimed", "sending"] as const;
/** Escalation states of a chain that is still going (or only paused by a snooze). */
export const LIVE_ESCALATION_STATES = ["running", "paused"] as const;

const MINUTE = 60_000;

export interface StartEscalation {
  taskId: string;
  strategyKey: string;
  dueAt: number;
  now: number;
  /** Pass a deterministic id when the same start may be written twice (a double "done"). */
  escalationId?: string;
  /** Write the escalation only if this holds when its statements run (see insertIfStatement). */
  onlyIf?: SQL;
}

/**
 * The writes that start an escalation: the strategy's steps copied into `escalations.steps`, and
 * one `escalation_steps` row per step with its absolute due time. The first step is "pending"
 * (the cron tick may claim it once due); later steps are "waiting" and become "pending" only when
 * the step before them has been sent, so a delayed step never lets the next one overtake it.
 *
 * The chain starts at the due time, or now if the due time has already passed (a task created or
 * moved into the past starts at once instead of firing every missed step in a burst).
 *
 * Every insert is ON CONFLICT DO NOTHING, so writing the same start twice is harmless.
 */
export function startEscalationStatements(db: Db, input: StartEscalation): { escalationId: string; statements: Statement[] } {
  const strategy = getStrategy(input.strategyKey);
  const escalationId = input.escalationId ?? crypto.randomUUID();
  const startAt = Math.max(input.dueAt, input.now);
  const snapshot: EscalationStepSpec[] = strategy.steps.map((s) => ({ afterMinutes: s.afterMinutes, channels: [...s.channels] }));
  const escalation = { id: escalationId, taskId: input.taskId, strategyKey: strategy.key, steps: JSON.stringify(snapshot), state: "running", startedAt: startAt, createdAt: input.now };
  const steps = snapshot.map((step, index) => ({
    id: crypto.randomUUID(),
    escalationId,
    taskId: input.taskId,
    stepIndex: index,
    channels: JSON.stringify(step.channels),
    dueAt: startAt + step.afterMinutes * MINUTE,
    state: index === 0 ? "pending" : "waiting",
    createdAt: input.now,
  }));
  const statements: Statement[] = input.onlyIf
    ? [insertIfStatement(db, escalations, [escalation], input.onlyIf), insertIfStatement(db, escalationSteps, steps, input.onlyIf)]
    : [db.insert(escalations).values(escalation).onConflictDoNothing(), db.insert(escalationSteps).values(steps).onConflictDoNothing()];
  return { escalationId, statements };
}

/**
 * The writes that stop a task's escalation: every unsent step cancelled (a claimed step in flight
 * is cancelled too; its consumer re-reads the step and skips it), the live escalation ended.
 */
export function haltEscalationStatements(
  db: Db,
  taskId: string,
  endState: "acknowledged" | "completed" | "cancelled",
  now: number,
): Statement[] {
  return [
    db
      .update(escalationSteps)
      .set({ state: "cancelled", leaseUntil: null })
      .where(and(eq(escalationSteps.taskId, taskId), inArray(escalationSteps.state, [...UNSENT_STEP_STATES]))),
    db
      .update(escalations)
      .set({ state: endState, endedAt: now })
      .where(and(eq(escalations.taskId, taskId), inArray(escalations.state, [...LIVE_ESCALATION_STATES]))),
  ];
}
