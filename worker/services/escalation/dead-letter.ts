import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { insertIfStatement, runBatch, type Statement } from "../../../db/batch";
import { deliveries, escalationSteps, tasks, users } from "../../../db/schema";
import type { StepJob } from "../../queue-payloads";
import type { Deps } from "../deps";
import { advanceChainStatements, seriesColumns, seriesContextOf, type SeriesContext } from "./chain";
import { catchUpDeliveries, stepDeliveries } from "./delivery-sql";
import { LEASED, MAX_STEP_ATTEMPTS } from "./leases";

/**
 * Giving up on a step. Two ways lead here:
 * - its queue message used up its retries and arrived on the dead-letter queue (`markStepDead`);
 * - its consumers kept dying (or the DLQ message was lost): the tick finds its lease run out with
 *   MAX_STEP_ATTEMPTS attempts and buries it instead of claiming it again (`buryExhaustedSteps`).
 * Either way the step becomes "dead" with the reason, its unsent deliveries "dead" (or, if it never
 * got as far as writing one, a "dead" delivery row records why nothing went out), and the chain
 * moves on, so one broken provider never silences the later steps (a phone call after a failed
 * email still happens). The last step's death ends the chain like a send would (ADR 028).
 */

const NO_ERROR_FROM_DLQ = "none recorded (the message kept failing before sending)";
const NO_ERROR_FROM_TICK = "none recorded (each attempt stopped before it could record one).";

function gaveUpAfter(attempts: number): string {
  return `Gave up after ${attempts} attempt${attempts === 1 ? "" : "s"}.`;
}

interface StepContext {
  escalationId: string;
  stepIndex: number;
  taskId: string;
  dueAt: number;
  channels: string;
  state: string;
  claimedBy: string | null;
  attempts: number;
  lastError: string | null;
  lastIndex: number;
  series: SeriesContext | null;
  userId: string;
}

/** The step with what giving up on it needs: the chain's length, and the task if it recurs. */
async function loadStep(deps: Pick<Deps, "db">, stepId: string): Promise<StepContext | null> {
  const s = escalationSteps;
  const [row] = await deps.db
    .select({
      escalationId: s.escalationId,
      stepIndex: s.stepIndex,
      dueAt: sql<number>`coalesce(${s.roundAt}, ${s.dueAt})`.as("step_round"),
      channels: s.channels,
      state: s.state,
      claimedBy: s.claimedBy,
      attempts: s.attempts,
      lastError: s.lastError,
      lastIndex: sql<number>`(select max(s2.step_index) from escalation_steps as s2 where s2.escalation_id = ${s.escalationId})`.as("last_index"),
      ...seriesColumns,
    })
    .from(s)
    .innerJoin(tasks, eq(tasks.id, s.taskId))
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(eq(s.id, stepId))
    .limit(1);
  if (!row) return null;
  const series = seriesContextOf(row);
  return { ...row, series };
}

/**
 * The writes after a step became dead under `claimId` (each guarded by that, so a step re-claimed
 * or answered meanwhile is left alone): its unsent deliveries dead, a dead delivery row if it has
 * none, and the chain moved on.
 */
async function afterDeathStatements(
  deps: Pick<Deps, "db">,
  stepId: string,
  claimId: string,
  step: StepContext,
  reason: string,
  now: number,
  gaveUp = gaveUpAfter(step.attempts),
): Promise<Statement[]> {
  const { db } = deps;
  const dead = sql`exists (select 1 from escalation_steps as cur where cur.id = ${stepId} and cur.state = 'dead' and cur.claimed_by = ${claimId})`;
  // The row's id is its idempotency key, as for every delivery (ADR 067).
  const unresolvedKey = `${step.escalationId}:${step.stepIndex}@${step.dueAt}:unresolved`;
  const closed = { status: "dead" as const, error: sql`${gaveUp} || ' Last error: ' || coalesce(${deliveries.error}, 'none recorded (never attempted)')` };
  const unsent = inArray(deliveries.status, ["pending", "failed"]);
  return [
    // The step's rows of every round: a range of the primary key (ADR 069).
    db.update(deliveries).set(closed).where(and(stepDeliveries(step.escalationId, step.stepIndex), eq(deliveries.escalationStepId, stepId), unsent, dead)),
    // A held step that fired as the quiet-hours catch-up wrote the person's catch-up rows instead (ADR 064): its
    // own of those close too, or they would stay "failed" under a dead step (chaos seed 15890).
    db.update(deliveries).set(closed).where(and(catchUpDeliveries(step.userId), eq(deliveries.escalationStepId, stepId), unsent, dead)),
    // Every attempt failed before writing a delivery row (e.g. a D1 error while composing): one
    // dead row still says, where deliveries are looked at, that this step sent nothing and why.
    insertIfStatement(
      db,
      deliveries,
      [
        {
          id: unresolvedKey,
          idempotencyKey: unresolvedKey,
          userId: step.userId,
          taskId: step.taskId,
          escalationStepId: stepId,
          channel: "none",
          requestedChannel: (JSON.parse(step.channels) as string[]).join(","),
          recipient: "(not resolved)",
          status: "dead",
          attempts: step.attempts,
          error: reason,
          createdAt: now,
        },
      ],
      sql`${dead} and not exists (select 1 from ${deliveries} where ${stepDeliveries(step.escalationId, step.stepIndex)} and ${deliveries.escalationStepId} = ${stepId})
        and not exists (select 1 from ${deliveries} where ${catchUpDeliveries(step.userId)} and ${deliveries.escalationStepId} = ${stepId})`,
    ),
    ...(await advanceChainStatements(deps, {
      escalationId: step.escalationId,
      stepIndex: step.stepIndex,
      lastIndex: step.lastIndex,
      taskId: step.taskId,
      stepId,
      claimId,
      finishedState: "dead",
      now,
      series: step.series,
    })),
  ];
}

function logDead(stepId: string, step: StepContext, reason: string, via: "dead_letter_queue" | "tick" | "provider_retries") {
  console.error(JSON.stringify({ level: "error", event: "escalation.step.dead", via, stepId, taskId: step.taskId, stepIndex: step.stepIndex, reason }));
}

/**
 * The dead-letter consumer's work for one message; also the consumer's, when a provider's transient
 * trouble outlasted the retry window (`gaveUp` then says so: "Gave up after 6 hours of provider
 * trouble.", ADR 042).
 */
export async function markStepDead(deps: Deps, job: StepJob, gaveUp?: string): Promise<"dead" | "stale" | "missing"> {
  const now = deps.clock.now().getTime();
  const step = await loadStep(deps, job.stepId);
  if (!step) return "missing";
  // Only the claim this message carried may be buried; a step re-claimed or finished since is left alone.
  if ((step.state !== "claimed" && step.state !== "sending") || step.claimedBy !== job.claimId) return "stale";

  const why = gaveUp ?? gaveUpAfter(step.attempts);
  const reason = `${why} Last error: ${step.lastError ?? NO_ERROR_FROM_DLQ}`;
  await runBatch(deps.db, [
    deps.db
      .update(escalationSteps)
      .set({ state: "dead", leaseUntil: null, lastError: reason })
      .where(and(eq(escalationSteps.id, job.stepId), inArray(escalationSteps.state, ["claimed", "sending"]), eq(escalationSteps.claimedBy, job.claimId))),
    ...(await afterDeathStatements(deps, job.stepId, job.claimId, step, reason, now, why)),
  ]);
  logDead(job.stepId, step, reason, gaveUp ? "provider_retries" : "dead_letter_queue");
  return "dead";
}

/**
 * For the tick, before it claims expired leases again: every "claimed"/"sending" step whose lease
 * ran out after MAX_STEP_ATTEMPTS attempts becomes dead under this tick's claim id (compare-and-set,
 * like the claim itself), instead of being claimed, and re-sent, for ever. Returns how many.
 *
 * Each step's burial and its chain moving on are ONE batch (ADR 041): a D1 failure between them
 * used to leave the step dead and its chain with no step that could ever fire. Now a failed batch
 * leaves the step as it was, and the next tick buries it again.
 */
/** Leased steps run out with MAX_STEP_ATTEMPTS attempts, oldest lease first (escalation_steps_leased_idx). */
export function exhaustedStepsStatement(deps: Pick<Deps, "db">, input: { now: number; limit: number }) {
  const s = escalationSteps;
  return deps.db
    .select({ id: sql<string>`${s.id}`.as("id") })
    .from(sql`"escalation_steps" indexed by "escalation_steps_leased_idx"`)
    .where(and(LEASED, lt(s.leaseUntil, input.now), gte(s.attempts, MAX_STEP_ATTEMPTS)))
    .orderBy(asc(s.leaseUntil))
    .limit(input.limit);
}

export async function buryExhaustedSteps(deps: Pick<Deps, "db">, input: { now: number; claimId: string; limit: number }): Promise<number> {
  const { db } = deps;
  const s = escalationSteps;
  const chosen = await exhaustedStepsStatement(deps, input);
  let buried = 0;
  for (const { id } of chosen) {
    const step = await loadStep(deps, id);
    if (!step) continue;
    const reason = `${gaveUpAfter(step.attempts)} Last error: ${step.lastError ?? NO_ERROR_FROM_TICK}`;
    const bury = db
      .update(s)
      .set({ state: "dead", claimedBy: input.claimId, leaseUntil: null, lastError: reason })
      // Still as read (compare-and-set): a consumer that took the step meanwhile keeps it.
      .where(and(eq(s.id, id), inArray(s.state, ["claimed", "sending"]), lt(s.leaseUntil, input.now), eq(s.attempts, step.attempts), gte(s.attempts, MAX_STEP_ATTEMPTS)))
      .returning({ id: s.id });
    const [took] = await db.batch([bury, ...(await afterDeathStatements(deps, id, input.claimId, step, reason, input.now))]);
    if (took.length === 0) continue;
    logDead(id, step, reason, "tick");
    buried += 1;
  }
  return buried;
}
