import { and, gte, inArray, sql, type SQL } from "drizzle-orm";
import { escalationSteps } from "../../../db/schema";
import type { Deps } from "../deps";
import { buryExhaustedSteps } from "./dead-letter";
import { LEASED, MAX_STEP_ATTEMPTS } from "./leases";

/**
 * Claims due steps with compare-and-set: one UPDATE whose WHERE repeats the condition the rows were
 * chosen by, so of two overlapping ticks only one can move a row from "pending" (or an expired
 * "claimed"/"sending") to "claimed" under its own claim id and lease. RETURNING gives the ids it won.
 *
 * The rows are chosen by an index range, 500 at a time, in due order, without sorting, each from a
 * partial index that holds only the rows it can choose (ADR 067; the queries repeat the index's WHERE
 * word for word, with literals, and name the index, or SQLite cannot use it):
 * - "due": state "pending" and due_at <= now (escalation_steps_pending_due_idx);
 * - "expired": "claimed" or "sending" whose lease ran out, i.e. its message was lost or its consumer
 *   died mid-send (escalation_steps_leased_idx). One that has already been taken MAX_STEP_ATTEMPTS
 *   times is not claimed again: it is buried first (dead-letter.ts), so a step whose consumer keeps
 *   dying is given up like one whose provider keeps failing, never re-sent for ever (ADR 026).
 * - "first": the "due" rows that are a chain's first ping (step_index 0), from their own partial
 *   index (escalation_steps_first_due_idx). The tick claims these before any later step, so one
 *   account's thousands of due follow-ups never hold back someone else's first reminder (ADR 043).
 * The repeated condition in the outer WHERE is written with SQLite's unary "+" so the planner
 * cannot use an index for it: the UPDATE then visits only the 500 chosen rows by primary key
 * instead of walking the whole due range again for every chunk (which made a 10,000-step backlog
 * cost rows read quadratic in its size).
 */
export type ClaimKind = "expired" | "first" | "due";

/** A step won by a claim, with the owner of its task (the tick takes turns between owners, ADR 043). */
export interface WonStep {
  id: string;
  userId: string;
}

export async function claimSteps(
  deps: Pick<Deps, "db">,
  input: { kind: ClaimKind; now: number; claimId: string; leaseUntil: number; limit: number },
): Promise<WonStep[]> {
  const { db } = deps;
  const s = escalationSteps;
  if (input.kind === "expired") await buryExhaustedSteps(deps, { now: input.now, claimId: input.claimId, limit: input.limit });
  const { chosen, stillAsRead } = claimConditions(input);
  const won = await db
    .update(s)
    .set({ state: "claimed", claimedBy: input.claimId, leaseUntil: input.leaseUntil })
    .where(and(inArray(s.id, chosen), stillAsRead))
    // One primary-key read of the task per row won: the owner, for the tick's turns.
    .returning({ id: s.id, userId: sql<string>`(select t.user_id from tasks as t where t.id = ${s.taskId})` });
  return won;
}

/** The rows a claim chooses (an index range, in order, no sort) and its compare-and-set condition. */
function claimConditions(input: { kind: ClaimKind; now: number; limit: number }): { chosen: SQL; stillAsRead: SQL } {
  const s = escalationSteps;
  const { now, limit } = input;
  if (input.kind === "expired") {
    return {
      chosen: chosenIds("escalation_steps_leased_idx", sql`${LEASED} and "lease_until" < ${now} and "attempts" < ${MAX_STEP_ATTEMPTS}`, "lease_until", limit),
      stillAsRead: sql`+${s.state} in ('claimed', 'sending') and +${s.leaseUntil} < ${now} and +${s.attempts} < ${MAX_STEP_ATTEMPTS}`,
    };
  }
  const pendingDue = sql`+${s.state} = 'pending' and +${s.dueAt} <= ${now}`;
  // The first pings name their own partial index: without statistics SQLite may prefer the wider
  // pending index and filter step_index row by row.
  return input.kind === "first"
    ? { chosen: chosenIds("escalation_steps_first_due_idx", sql`"state" = 'pending' and "step_index" = 0 and "due_at" <= ${now}`, "due_at", limit), stillAsRead: pendingDue }
    : { chosen: chosenIds("escalation_steps_pending_due_idx", sql`"state" = 'pending' and "due_at" <= ${now}`, "due_at", limit), stillAsRead: pendingDue };
}

/**
 * Up to `limit` step ids from `index` in `order`: INDEXED BY makes the plan certain (a query that
 * stops matching the partial index's WHERE fails instead of scanning); `where` repeats that WHERE
 * word for word, with literals.
 */
function chosenIds(index: string, where: SQL, order: "due_at" | "lease_until", limit: number): SQL {
  return sql`(select "id" from "escalation_steps" indexed by ${sql.identifier(index)} where ${where} order by ${sql.identifier(order)} limit ${limit})`;
}

/**
 * Steps claimed and still leased but not yet taken by a consumer: their messages wait in the queue.
 * The tick's backpressure (worker/jobs/tick-budget.ts, MAX_IN_FLIGHT) reads it; one count over a
 * range of escalation_steps_leased_idx (the leases not yet run out).
 */
export async function countInFlight(deps: Pick<Deps, "db">, now: number): Promise<number> {
  const [row] = await inFlightStatement(deps, now);
  return row?.n ?? 0;
}

export function inFlightStatement(deps: Pick<Deps, "db">, now: number) {
  const s = escalationSteps;
  return deps.db
    .select({ n: sql<number>`count(*)`.as("n") })
    .from(sql`"escalation_steps" indexed by "escalation_steps_leased_idx"`)
    .where(and(LEASED, gte(s.leaseUntil, now), sql`+${s.state} = 'claimed'`));
}
