import { runBatch, runNamedBatch, type Statement } from "../../../db/batch";
import type { Medium } from "../../channels/types";
import type { StepJob } from "../../queue-payloads";
import type { Deps } from "../deps";
import { advanceChainStatements } from "./chain";
import {
  lastReminderStatement,
  nextStepsPendingStatement,
  preSendWrites,
  pushEndpointsStatement,
  recordSentStatement,
  rowsOfKeys,
  stepsSentStatement,
  stillOursStatement,
  stretchLeasesStatement,
  takeAndReadStatements,
  type NextStep,
  type SentRecord,
} from "./batch-sql";
import { cancelVanished, logFallbacks, mediaStatus, planTaken, release, runDecision } from "./deliver";
import { errorText, StepDeliveryError, type StepOutcome } from "./outcomes";
import { readsNeeded, type ClaimedStep, type StepPlan } from "./plan";
import {
  concludeSend,
  dueToSend,
  finishedCleanly,
  markSentStatement,
  newSendState,
  prepareItem,
  sendOne,
  supersededRowsStatement,
  type Prepared,
  type SendState,
} from "./run-plan";
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
 */

/** Sends started together; each chunk's leases are stretched first (a provider call lasts at most 20 s). */
export const SEND_CHUNK = 25;

/** What became of one message of the batch: an outcome, or an error (the queue retries it). */
export type BatchResult = { outcome: StepOutcome } | { error: unknown };

type SendPlan = Extract<StepPlan, { decision: "send" }>;

interface Sending {
  index: number;
  job: StepJob;
  step: ClaimedStep;
  plan: SendPlan;
  prepared: Prepared[];
  send?: SendState;
  /** The next of its deliveries to look at. */
  next: number;
  done: boolean;
}

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
  if (sending.length > 0) await sendAll(deps, sending, results, now);
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

async function sendAll(deps: Deps, sending: Sending[], results: BatchResult[], now: number) {
  const jobs = sending.map((s) => s.job);
  let ours: Set<string>;
  try {
    const tokens = sending.flatMap((s) => s.prepared.flatMap((p) => p.tokens));
    const rows = sending.flatMap((s) => s.prepared.map((p) => p.row));
    // Only a step tried before in this round can find rows of its keys (a catch-up's key is the
    // person's, shared by their held steps): the others' keys are new, so they are not read.
    const keys = sending.filter((s) => triedBefore(s.step) || s.plan.catchUp).flatMap((s) => s.prepared.map((p) => p.delivery.key));
    const answer = await runNamedBatch(deps.db, { ours: stillOursStatement(deps, jobs), existing: rowsOfKeys(deps, keys) }, preSendWrites(deps, tokens, rows));
    ours = new Set(answer.ours.map((row) => row.id));
    for (const s of sending) s.send = newSendState(deps, s.plan, stillMine(s.job), now, s.prepared, answer.existing);
  } catch (error) {
    await Promise.all(sending.map(async (s) => (results[s.index] = { error: await handBack(deps, s.job, error) })));
    return;
  }
  const live = sending.filter((s) => ours.has(s.job.stepId) || stop(s, results, { outcome: "stale" }));

  let leaseFresh = true;
  for (;;) {
    const wave = await nextWave(deps, live, results);
    if (wave.length === 0) break;
    for (let i = 0; i < wave.length; i += SEND_CHUNK) {
      let chunk = wave.slice(i, i + SEND_CHUNK);
      if (!leaseFresh) chunk = await stretchLeases(deps, chunk, results);
      leaseFresh = false;
      await sendChunk(deps, chunk, results);
    }
  }
  await conclude(deps, live.filter((s) => !s.done), results, now);
}

/** Marks a step finished with its result; false, so it can end a filter. */
function stop(s: Sending, results: BatchResult[], result: BatchResult): false {
  s.done = true;
  results[s.index] = result;
  return false;
}

/** Each live step's next delivery to send (skipping what is sent, or refused: its email is added instead). */
async function nextWave(deps: Deps, live: Sending[], results: BatchResult[]): Promise<Array<{ s: Sending; item: Prepared }>> {
  const wave: Array<{ s: Sending; item: Prepared }> = [];
  for (const s of live) {
    if (s.done) continue;
    try {
      while (s.next < s.send!.prepared.length) {
        const item = await dueToSend(s.send!, s.next++);
        if (item) {
          wave.push({ s, item });
          break;
        }
      }
    } catch (error) {
      stop(s, results, { error: await handBack(deps, s.job, error) });
    }
  }
  return wave;
}

/** One statement: the chunk's leases stretched; steps no longer ours (answered, or taken over) stop here, stale. */
async function stretchLeases(deps: Deps, chunk: Array<{ s: Sending; item: Prepared }>, results: BatchResult[]) {
  try {
    const ours = new Set((await stretchLeasesStatement(deps, chunk.map(({ s }) => s.job))).map((row) => row.id));
    return chunk.filter(({ s }) => ours.has(s.job.stepId) || stop(s, results, { outcome: "stale" }));
  } catch (error) {
    for (const { s } of chunk) stop(s, results, { error: await handBack(deps, s.job, error) });
    return [];
  }
}

/**
 * Texts and calls are recorded the moment the provider took them, each on its own: a call cannot be
 * taken back and Twilio has no idempotency key, so a consumer dying later in the chunk must not leave
 * them "pending" (to be placed again). Email carries its key (Resend dedupes); a repeated Telegram
 * message or push is a duplicate ping at worst. Those wait for the chunk's one record.
 */
const RECORDED_AT_ONCE: ReadonlySet<Medium> = new Set(["sms", "voice"]);

async function recordAtOnce(deps: Deps, s: Sending, record: SentRecord) {
  try {
    await markSentStatement(deps, record.key, record.providerMessageId, record.at);
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", event: "delivery.record_failed", keys: [record.key], error: errorText(error) }));
    s.send!.unrecorded.push(markSentStatement(deps, record.key, record.providerMessageId, record.at));
  }
}

/**
 * The chunk's sends, started together, then ONE statement recording those that went as "sent" (texts
 * and calls are recorded at once instead). If that write fails, each step writes its records again in
 * its final batch.
 */
async function sendChunk(deps: Deps, chunk: Array<{ s: Sending; item: Prepared }>, results: BatchResult[]) {
  const records: Array<SentRecord & { s: Sending }> = [];
  await Promise.all(
    chunk.map(async ({ s, item }) => {
      try {
        await sendOne(s.send!, item, async (key, providerMessageId, at) => {
          if (RECORDED_AT_ONCE.has(item.delivery.medium)) await recordAtOnce(deps, s, { key, providerMessageId, at });
          else records.push({ key, providerMessageId, at, s });
        });
      } catch (error) {
        stop(s, results, { error: await handBack(deps, s.job, error) });
      }
    }),
  );
  if (records.length === 0) return;
  try {
    await recordSentStatement(deps, records);
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", event: "delivery.record_failed", keys: records.map((r) => r.key), error: errorText(error) }));
    for (const r of records) r.s.send!.unrecorded.push(markSentStatement(deps, r.key, r.providerMessageId, r.at));
  }
}

/**
 * The steps whose sends all went and that need nothing of their own finish in one batch; the others
 * conclude on their own (failures, refusals, catch-ups, buddy alerts, run-out snoozes).
 */
async function conclude(deps: Deps, live: Sending[], results: BatchResult[], now: number) {
  const shared = live.filter((s) => finishedCleanly(s.send!) && finishesPlainly(s.plan));
  const own = live.filter((s) => !shared.includes(s));
  await Promise.all(
    own.map(async (s) => {
      try {
        results[s.index] = { outcome: await concludeSend(s.send!) };
      } catch (error) {
        results[s.index] = { error: await handBack(deps, s.job, error) };
      }
    }),
  );
  if (shared.length === 0) return;
  try {
    await runBatch(deps.db, await finishTogether(deps, shared, now));
    for (const s of shared) results[s.index] = { outcome: "sent" };
  } catch (error) {
    await Promise.all(shared.map(async (s) => (results[s.index] = { error: await handBack(deps, s.job, error) })));
  }
}

/** A plain reminder step: no catch-up, no buddy alert, no snooze to end (their final writes are their own). */
function finishesPlainly(plan: SendPlan): boolean {
  return !plan.catchUp && !plan.finish.endSnooze && plan.deliveries.every((d) => d.kind === "reminder");
}

/**
 * The final batch of the plain steps, each write guarded per step as in run-plan.ts `finishStatements`:
 * rows an earlier try planned otherwise closed (only a step tried before in this round can have
 * them), the tasks' lastReminderSentAt, the steps sent, the next steps pending; a chain's end or a
 * paused escalation goes through chain.ts per step.
 */
async function finishTogether(deps: Deps, shared: Sending[], now: number): Promise<Statement[]> {
  const jobs = shared.map((s) => s.job);
  const retried = shared.filter((s) => triedBefore(s.step));
  const next: NextStep[] = [];
  const ownAdvance: Statement[] = [];
  for (const s of shared) {
    const chain = s.plan.finish.chain;
    if (chain.stepIndex < chain.lastIndex && chain.paused === false) next.push({ escalationId: chain.escalationId, nextIndex: chain.stepIndex + 1, stepId: chain.stepId, claimId: chain.claimId });
    else ownAdvance.push(...(await advanceChainStatements(deps, chain)));
  }
  return [
    ...retried.map((s) => supersededRowsStatement(deps, s.plan, stillMine(s.job), s.prepared.map((p) => p.delivery.key))),
    lastReminderStatement(
      deps,
      shared.map((s) => s.plan.finish.chain.taskId),
    ),
    stepsSentStatement(deps, jobs, now),
    ...(next.length > 0 ? [nextStepsPendingStatement(deps, next)] : []),
    ...ownAdvance,
  ];
}

/**
 * Whether an earlier try of this round may have written rows: a take after the first, or a provider
 * retry within the round (attempts start again there, but round_at is set). A step's first take of a
 * round cannot: its keys carry the round, and every new round (a snooze, quiet hours) starts at 0.
 */
function triedBefore(step: ClaimedStep): boolean {
  return (step.attempts ?? 1) > 1 || step.roundAt != null;
}

/** An unexpected error: the step back to the queue's retry (deliver.ts `release`); the error is the message's result. */
async function handBack(deps: Deps, job: StepJob, error: unknown): Promise<unknown> {
  // A send failure no provider classified has already handed the step back (run-plan.ts retryStep).
  if (!(error instanceof StepDeliveryError)) await release(deps, stillMine(job), error);
  return error;
}
