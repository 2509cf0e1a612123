import { eq } from "drizzle-orm";
import { cronRuns } from "../../db/schema";
import { auditForTick, claimSteps, countInFlight, LEASE_MS, takeTurnsByOwner, type WonStep } from "../services/escalation";
import type { Deps } from "../services/deps";
import { isRetentionMinute, pruneExpired } from "../services/retention";
import type { Job } from "../queue-payloads";
import { MAX_IN_FLIGHT, tickBudget, type TickBudget } from "./tick-budget";

/** Rows claimed per UPDATE statement. */
export const CLAIM_CHUNK = 500;
/** At most this many chunks per pass (expired, first pings, later steps) per tick; the call budget (tick-budget.ts) usually stops it first. */
export const MAX_CHUNKS = 100;
/** Queues accept at most 100 messages per sendBatch call. */
export const SEND_BATCH_MAX = 100;

export interface TickResult {
  cronRunId: string;
  claimed: number;
  /** Why claiming stopped before every due step was taken, if it did. */
  stoppedBy: "budget" | "backpressure" | null;
  /** Calls (D1 queries + sendBatch) this tick made, against `budget.limit`. */
  calls: number;
}

/** The sendBatch calls that queue `steps` ids. */
const sendsFor = (steps: number) => Math.ceil(steps / SEND_BATCH_MAX);

/**
 * One cron tick. "Now" is the tick's scheduledTime, never the wall clock, so a late or replayed
 * tick decides exactly what it would have decided on time, and a missed tick is caught up by the
 * next one (everything with due_at <= now is still pending).
 *
 * It first audits a bounded slice of the live chains (audit.ts: a chain left with no step that
 * can fire is repaired and logged), then claims due steps in chunks (compare-and-set + a 5-minute
 * lease under its own id) and queues their ids. If queueing fails after a claim, nothing is lost:
 * the lease runs out and a later tick claims the step again.
 *
 * Fairness (ADR 043): expired leases first (they are late already), then every due FIRST ping, then
 * the later steps; within each pass the ids are queued taking turns by owner, so one account's
 * thousands of due steps never push everyone else's first reminder to the back of the queue.
 *
 * Limits (ADR 044, tick-budget.ts): every D1 query and sendBatch counts against the invocation's
 * budget; a chunk is claimed only if its whole cost (claim + sends) fits, keeping a reserve for the
 * end. Claiming also stops while MAX_IN_FLIGHT steps wait in the queue (no lease churn). Each part
 * (audit, each pass, each send, clean-up, the run's record) fails alone: it is logged and the rest
 * of the tick goes on.
 */
export async function runTick(deps: Deps, scheduledTime: number, queue: Queue<Job>): Promise<TickResult> {
  const cronRunId = crypto.randomUUID();
  const budget = tickBudget(deps.env, deps.meter);
  const leaseUntil = Math.max(scheduledTime, deps.clock.now().getTime()) + LEASE_MS;
  await deps.db.insert(cronRuns).values({ id: cronRunId, scheduledAt: scheduledTime, claimed: 0 });

  // First the auditor, so a chain it repairs is claimed by this very tick when its step is due.
  const audit = await safely(cronRunId, "cron.audit_failed", () => auditForTick(deps, scheduledTime, cronRunId));

  let claimed = 0;
  let stoppedBy: TickResult["stoppedBy"] = null;
  const inFlight = (await safely(cronRunId, "cron.in_flight_failed", () => countInFlight(deps, scheduledTime))) ?? 0;
  for (const kind of ["expired", "first", "due"] as const) {
    if (stoppedBy) break;
    const won: WonStep[] = [];
    // What one claim costs in D1 calls, as measured on the last one (the expired pass buries first).
    let claimCalls = 2;
    for (let chunk = 0; chunk < MAX_CHUNKS; chunk++) {
      // This chunk's claim and sends, plus the sends still owed for the chunks before it in this pass.
      if (!budget.allows(claimCalls + sendsFor(won.length + CLAIM_CHUNK))) {
        stoppedBy = "budget";
        break;
      }
      // Expired leases are rescued whatever the backlog: their messages were lost or their consumer died.
      if (kind !== "expired" && inFlight + claimed + won.length >= MAX_IN_FLIGHT) {
        stoppedBy = "backpressure";
        break;
      }
      const before = budget.used();
      const steps = await safely(cronRunId, "cron.claim_failed", () => claimSteps(deps, { kind, now: scheduledTime, claimId: cronRunId, leaseUntil, limit: CLAIM_CHUNK }), { kind });
      claimCalls = Math.max(claimCalls, budget.used() - before);
      if (!steps) break; // this pass failed; its steps stay due (or leased) for the next tick
      won.push(...steps);
      if (steps.length < CLAIM_CHUNK) break;
    }
    if (won.length === 0) continue;
    await enqueue(queue, takeTurnsByOwner(won), cronRunId, budget);
    claimed += won.length;
  }
  if (stoppedBy) console.warn(JSON.stringify({ level: "warn", event: `cron.claim_stopped_${stoppedBy}`, cronRunId, claimed, inFlight, calls: budget.used(), budget: budget.limit }));

  if (isRetentionMinute(scheduledTime)) await pruneSafely(deps, scheduledTime, cronRunId);

  const { queries, rowsRead, rowsWritten } = deps.meter;
  await safely(cronRunId, "cron.record_failed", () =>
    deps.db
      .update(cronRuns)
      .set({ claimed, finishedAt: deps.clock.now().getTime(), queries, rowsRead, rowsWritten, ...(audit && audit.cursor !== null ? { auditCursor: audit.cursor } : {}) })
      .where(eq(cronRuns.id, cronRunId)),
  );
  console.log(
    JSON.stringify({
      level: "info",
      event: "cron.tick",
      scheduledTime: new Date(scheduledTime).toISOString(),
      cronRunId,
      claimed,
      stoppedBy,
      calls: budget.used(),
      audit: audit ? { examined: audit.examined, repaired: audit.repaired } : null,
      d1: { queries, rowsRead, rowsWritten, ms: Math.round(deps.meter.durationMs) },
    }),
  );
  return { cronRunId, claimed, stoppedBy, calls: budget.used() };
}

/**
 * Queues the ids 100 per sendBatch. A failed call is logged and the next one still tried: the
 * steps of the failed call keep their lease, and when it runs out the expired pass takes them again.
 */
async function enqueue(queue: Queue<Job>, stepIds: string[], claimId: string, budget: TickBudget) {
  for (let i = 0; i < stepIds.length; i += SEND_BATCH_MAX) {
    const slice = stepIds.slice(i, i + SEND_BATCH_MAX);
    budget.countSend();
    await safely(claimId, "cron.enqueue_failed", () => queue.sendBatch(slice.map((stepId) => ({ body: { type: "escalation.step", stepId, claimId } satisfies Job }))), { steps: slice.length });
  }
}

/** Runs one part of the tick; a failure is logged loudly (with `extra`) and answered with null. */
async function safely<T>(cronRunId: string, event: string, part: () => Promise<T>, extra: Record<string, unknown> = {}): Promise<T | null> {
  try {
    return await part();
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event, cronRunId, ...extra, error: String(error) }));
    return null;
  }
}

/** Hourly clean-up of the tables that only grow. Runs after claiming; a failure is logged, never thrown. */
async function pruneSafely(deps: Deps, now: number, cronRunId: string) {
  try {
    const deleted = await pruneExpired(deps, now);
    console.log(JSON.stringify({ level: "info", event: "cron.retention", cronRunId, deleted }));
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "cron.retention_failed", cronRunId, error: String(error) }));
  }
}
