import { and, asc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { escalationSteps } from "../../../db/schema";
import type { Deps } from "../deps";
import { buryExhaustedSteps } from "./dead-letter";
import { MAX_STEP_ATTEMPTS } from "./leases";

/**
 * Claims due steps with compare-and-set: one UPDATE whose WHERE repeats the condition the rows were
 * chosen by, so of two overlapping ticks only one can move a row from "pending" (or an expired
 * "claimed"/"sending") to "claimed" under its own claim id and lease. RETURNING gives the ids it won.
 *
 * The rows are chosen by an index range, 500 at a time, in due order, without sorting:
 * - "due": state "pending" and due_at <= now (index state, due_at);
 * - "expired": "claimed" or "sending" whose lease ran out, i.e. its message was lost or its consumer
 *   died mid-send (index state, lease_until). One that has already been taken MAX_STEP_ATTEMPTS
 *   times is not claimed again: it is buried first (dead-letter.ts), so a step whose consumer keeps
 *   dying is given up like one whose provider keeps failing, never re-sent for ever (ADR 026).
 * The repeated condition in the outer WHERE is written with SQLite's unary "+" so the planner
 * cannot use an index for it: the UPDATE then visits only the 500 chosen rows by primary key
 * instead of walking the whole due range again for every chunk (which made a 10,000-step backlog
 * cost rows read quadratic in its size).
 */
export async function claimSteps(
  deps: Pick<Deps, "db">,
  input: { kind: "due" | "expired"; now: number; claimId: string; leaseUntil: number; limit: number },
): Promise<string[]> {
  const { db } = deps;
  const s = escalationSteps;
  if (input.kind === "expired") await buryExhaustedSteps(deps, { now: input.now, claimId: input.claimId, limit: input.limit });
  const chosen =
    input.kind === "due"
      ? db.select({ id: s.id }).from(s).where(and(eq(s.state, "pending"), lte(s.dueAt, input.now))).orderBy(asc(s.dueAt)).limit(input.limit)
      : db
          .select({ id: s.id })
          .from(s)
          .where(and(inArray(s.state, ["claimed", "sending"]), lt(s.leaseUntil, input.now), lt(s.attempts, MAX_STEP_ATTEMPTS)))
          .orderBy(asc(s.leaseUntil))
          .limit(input.limit);
  const stillAsRead =
    input.kind === "due"
      ? sql`+${s.state} = 'pending' and +${s.dueAt} <= ${input.now}`
      : sql`+${s.state} in ('claimed', 'sending') and +${s.leaseUntil} < ${input.now} and +${s.attempts} < ${MAX_STEP_ATTEMPTS}`;
  const won = await db
    .update(s)
    .set({ state: "claimed", claimedBy: input.claimId, leaseUntil: input.leaseUntil })
    .where(and(inArray(s.id, chosen), stillAsRead))
    .returning({ id: s.id });
  return won.map((r) => r.id);
}
