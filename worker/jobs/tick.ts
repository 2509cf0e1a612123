import { eq } from "drizzle-orm";
import { cronRuns } from "../../db/schema";
import { auditForTick, claimSteps, LEASE_MS, takeTurnsByOwner, type WonStep } from "../services/escalation";
import type { Deps } from "../services/deps";
import { isRetentionMinute, pruneExpired } from "../services/retention";
import type { Job } from "../queue-payloads";

/** Rows claimed per UPDATE statement. */
export const CLAIM_CHUNK = 500;
/** At most this many chunks per pass (expired, first pings, later steps) per tick: 50,000 steps each; the rest waits for the next minute. */
export const MAX_CHUNKS = 100;
/** Queues accept at most 100 messages per sendBatch call. */
export const SEND_BATCH_MAX = 100;

export interface TickResult {
  cronRunId: string;
  claimed: number;
}

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
 */
export async function runTick(deps: Deps, scheduledTime: number, queue: Queue<Job>): Promise<TickResult> {
  const cronRunId = crypto.randomUUID();
  const leaseUntil = Math.max(scheduledTime, deps.clock.now().getTime()) + LEASE_MS;
  await deps.db.insert(cronRuns).values({ id: cronRunId, scheduledAt: scheduledTime, claimed: 0 });

  // First the auditor, so a chain it repairs is claimed by this very tick when its step is due.
  const audit = await auditForTick(deps, scheduledTime, cronRunId);

  let claimed = 0;
  for (const kind of ["expired", "first", "due"] as const) {
    const won: WonStep[] = [];
    for (let chunk = 0; chunk < MAX_CHUNKS; chunk++) {
      const steps = await claimSteps(deps, { kind, now: scheduledTime, claimId: cronRunId, leaseUntil, limit: CLAIM_CHUNK });
      won.push(...steps);
      if (steps.length < CLAIM_CHUNK) break;
    }
    if (won.length === 0) continue;
    await enqueue(queue, takeTurnsByOwner(won), cronRunId);
    claimed += won.length;
  }

  if (isRetentionMinute(scheduledTime)) await pruneSafely(deps, scheduledTime, cronRunId);

  const { queries, rowsRead, rowsWritten } = deps.meter;
  await deps.db
    .update(cronRuns)
    .set({ claimed, finishedAt: deps.clock.now().getTime(), queries, rowsRead, rowsWritten, ...(audit.cursor === null ? {} : { auditCursor: audit.cursor }) })
    .where(eq(cronRuns.id, cronRunId));
  console.log(
    JSON.stringify({
      level: "info",
      event: "cron.tick",
      scheduledTime: new Date(scheduledTime).toISOString(),
      cronRunId,
      claimed,
      audit: { examined: audit.examined, repaired: audit.repaired },
      d1: { queries, rowsRead, rowsWritten, ms: Math.round(deps.meter.durationMs) },
    }),
  );
  return { cronRunId, claimed };
}

async function enqueue(queue: Queue<Job>, stepIds: string[], claimId: string) {
  for (let i = 0; i < stepIds.length; i += SEND_BATCH_MAX) {
    const slice = stepIds.slice(i, i + SEND_BATCH_MAX);
    await queue.sendBatch(slice.map((stepId) => ({ body: { type: "escalation.step", stepId, claimId } satisfies Job })));
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
