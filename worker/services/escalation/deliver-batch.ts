import { runNamedBatch } from "../../../db/batch";
import type { StepJob } from "../../queue-payloads";
import type { Deps } from "../deps";
import { pushEndpointsStatement, takeAndReadStatements } from "./batch-sql";
import { concludeBatch } from "./batch-finish";
import { sendBatch } from "./batch-send";
import { handBack, type BatchResult, type Sending } from "./batch-step";
import { cancelVanished, logFallbacks, mediaStatus, planTaken, runDecision } from "./deliver";
import { readsNeeded, type ClaimedStep } from "./plan";
import { prepareItem } from "./run-plan";
import { stillMine } from "./step-read";

/**
 * Delivers a queue batch of claimed steps together (issue 8, ADR 065): the engine's steps and
 * guarantees for each step, with the D1 work of the whole batch in a few shared statements:
 * 1. one round trip: every step taken (compare-and-set per step) and the taken steps' rows read;
 * 2. each step planned on its own (plan.ts); a cancel, defer or hold is written on its own, as before;
 * 3. one round trip for every send plan: all link tokens and delivery rows written BEFORE any send,
 *    which steps are still ours, and the rows' status (a retry skips what was already sent);
 * 4. the sends, at most SEND_CHUNK at a time: before each chunk but the first, one statement
 *    stretches the leases of the chunk's steps and drops those no longer ours (a snooze, an answer or
 *    a tick took them); after each chunk one statement records its sends as "sent";
 * 5. the steps whose every send went: one final batch (tasks, steps sent, chains moved on), each write
 *    guarded per step. A step with a failed or refused send, a catch-up, a buddy alert or a run-out
 *    snooze concludes on its own (run-plan.ts `concludeSend`).
 * An unexpected error hands the steps it touched back to the queue's retry (deliver.ts `release`).
 * The sends are batch-send.ts, the conclusion batch-finish.ts.
 */

export { SEND_CHUNK } from "./batch-send";
export type { BatchResult } from "./batch-step";

export async function deliverSteps(deps: Deps, jobs: readonly StepJob[]): Promise<BatchResult[]> {
  const now = deps.clock.now().getTime();
  const results: BatchResult[] = jobs.map(() => ({ outcome: "stale" }));
  // A step is taken once: a second copy of its message in the same batch is stale, like a late copy.
  const firstOf = new Map<string, number>();
  jobs.forEach((job, index) => firstOf.has(job.stepId) || firstOf.set(job.stepId, index));
  const unique = [...firstOf.values()].map((index) => ({ index, job: jobs[index]! }));
  if (unique.length === 0) return results;

  let taken: Map<string, ClaimedStep>;
  try {
    const { take, read } = takeAndReadStatements(deps, unique.map((u) => u.job), now);
    const answer = await runNamedBatch(deps.db, { take, read });
    const ids = new Set(answer.take.map((row) => row.id));
    taken = new Map(answer.read.filter((row) => ids.has(row.stepId)).map((row) => [row.stepId, row]));
    for (const { index, job } of unique) if (ids.has(job.stepId) && !taken.has(job.stepId)) results[index] = { outcome: await cancelVanished(deps, job) };
  } catch (error) {
    // Nothing was taken (a batch is one transaction): every message is retried.
    for (const { index } of unique) results[index] = { error };
    return results;
  }

  let push: Map<string, string[]>;
  try {
    push = await pushEndpointsByUser(deps, [...taken.values()], now);
  } catch (error) {
    for (const { index, job } of unique) if (taken.has(job.stepId)) results[index] = { error: await handBack(deps, job, error) };
    return results;
  }
  const sending: Sending[] = [];
  await Promise.all(
    unique.map(async ({ index, job }) => {
      const step = taken.get(job.stepId);
      if (!step) return;
      try {
        const plan = await planTaken(deps, job, step, now, push.get(step.userId) ?? []);
        if (plan.decision !== "send") {
          results[index] = { outcome: await runDecision(deps, plan, stillMine(job), job) };
          return;
        }
        logFallbacks(plan);
        const prepared = [];
        for (const delivery of plan.deliveries) prepared.push(await prepareItem(deps, plan, delivery, now));
        sending.push({ index, job, step, plan, prepared, next: 0, done: false });
      } catch (error) {
        results[index] = { error: await handBack(deps, job, error) };
      }
    }),
  );
  if (sending.length > 0) await concludeBatch(deps, await sendBatch(deps, sending, results, now), results, now);
  return results;
}

/** The push subscriptions of every person whose step will push, in one read (none when no step pushes). */
async function pushEndpointsByUser(deps: Deps, steps: ClaimedStep[], now: number): Promise<Map<string, string[]>> {
  const media = mediaStatus(deps);
  const userIds = steps.filter((step) => readsNeeded(step, media, now).push).map((step) => step.userId);
  const byUser = new Map<string, string[]>();
  if (userIds.length === 0) return byUser;
  for (const row of await pushEndpointsStatement(deps, userIds)) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.endpoint]);
  return byUser;
}
