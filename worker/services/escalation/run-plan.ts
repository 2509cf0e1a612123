import { and, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { runBatch, runNamedBatch, type Statement } from "../../../db/batch";
import { deliveries, escalationSteps, linkTokens, tasks } from "../../../db/schema";
import { classifyFailure } from "../../channels/errors";
import type { OutboundMessage } from "../../channels/types";
import type { Deps } from "../deps";
import { advanceChainStatements } from "./chain";
import { composeMessage } from "./compose";
import { keyList, newestSentOr } from "./delivery-sql";
import type { LinkTokenRow } from "./links";
import { markStepDead } from "./dead-letter";
import { RETRY_LEASE_MS } from "./leases";
import { errorText, StepDeliveryError, type StepOutcome } from "./outcomes";
import { gaveUpOnProvider, nextProviderTry } from "./provider-retry";
import { rependAfterCatchUpStatements } from "./quiet-writes";
import { failedRowStatements, failureSummary, logRefusals, refusalFallback, type FailedSend } from "./send-failures";
import type { PlannedDelivery, StepPlan } from "./plan";

type SendPlan = Extract<StepPlan, { decision: "send" }>;

/**
 * A "send" plan of a step this consumer holds ("sending" under its claim; `mine` says so in SQL), in
 * the pieces deliver-batch.ts runs for every step of a queue batch:
 * 1. `prepareItem`: each delivery's message and the rows to write BEFORE any send (its link tokens
 *    and its `deliveries` row, ON CONFLICT DO NOTHING);
 * 2. `dueToSend` / `sendOne`: each delivery not yet "sent" (nor "refused") is sent through
 *    `deps.channels[medium]`; a "pending"/"failed" row from an earlier attempt is sent again (ADR 021,
 *    ADR 026); a reminder the provider refused for good gets one email instead (send-failures.ts, ADR 042);
 * 3. `concludeSend`: the failures (ADR 042): an unclassified one hands the step to the queue's retry
 *    (StepDeliveryError); a transient one reschedules the step in the same round, or gives it up past
 *    the retry window; permanent ones only mark their rows. Otherwise the final guarded batch moves
 *    the chain on.
 */

/** What one step's send has done so far. */
export interface SendState {
  deps: Deps;
  plan: SendPlan;
  mine: SQL;
  now: number;
  prepared: Prepared[];
  /** The rows' status as read before the first send (and for fallbacks, when they were added). */
  rows: Map<string, ExistingRow>;
  failed: FailedSend[];
  /** Deliveries whose refusal added an email instead. */
  fellBack: Set<string>;
  /** "Sent" records whose own write failed: written again in the final batch. */
  unrecorded: Statement[];
}

export type ExistingRow = { key: string; status: string; attempts: number; error: string | null; stepId: string | null };

export function newSendState(deps: Deps, plan: SendPlan, mine: SQL, now: number, prepared: Prepared[], existing: ExistingRow[]): SendState {
  return { deps, plan, mine, now, prepared, rows: new Map(existing.map((row) => [row.key, row])), failed: [], fellBack: new Set(), unrecorded: [] };
}

/**
 * The delivery at `i` if it is to be sent now, or null: already sent, another held step's catch-up
 * (ADR 064: that step sends it), or refused earlier (its email instead is added, to be sent later).
 */
export async function dueToSend(send: SendState, i: number): Promise<Prepared | null> {
  const item = send.prepared[i]!;
  const row = send.rows.get(item.delivery.key);
  if (row?.status === "sent") return null;
  if (row && row.stepId !== item.delivery.row.escalationStepId) return null;
  if (row?.status === "refused") {
    await addFallback(send, item.delivery, row.error ?? "The provider refused it.");
    return null;
  }
  return item;
}

/** Records one send as "sent" (deliver-batch.ts: with the rest of its chunk, in one statement). */
export type SentRecorder = (key: string, providerMessageId: string, at: number) => Promise<void>;

export function markSentStatement(deps: Pick<Deps, "db">, key: string, providerMessageId: string, at: number) {
  return deps.db
    .update(deliveries)
    .set({ status: "sent", providerMessageId, sentAt: at, error: null, attempts: sql`${deliveries.attempts} + 1` })
    .where(and(eq(deliveries.id, key), sql`${deliveries.status} <> 'sent'`));
}

/** Sends one delivery through its medium; a failure is kept (a permanent one adds the email instead). */
export async function sendOne(send: SendState, item: Prepared, record: SentRecorder): Promise<void> {
  const { delivery, message } = item;
  let providerMessageId: string;
  try {
    providerMessageId = (await send.deps.channels[delivery.medium].send(message)).providerMessageId;
  } catch (error) {
    const failure = classifyFailure(error);
    send.failed.push({ delivery, failure: { ...failure, reason: errorText(failure.reason) } });
    if (failure.kind === "permanent") await addFallback(send, delivery, failure.reason);
    return;
  }
  await record(delivery.key, providerMessageId, send.deps.clock.now().getTime());
}

/** A refused reminder's email is added while sending: written (and its status read) before it goes. */
async function addFallback(send: SendState, delivery: PlannedDelivery, reason: string) {
  const { deps, plan, now } = send;
  const fallback = refusalFallback(plan, delivery, reason, now);
  if (!fallback || send.prepared.some((p) => p.delivery.key === fallback.key)) return;
  const { item, statements } = await prepare(deps, plan, fallback, now);
  const { status } = await runNamedBatch(deps.db, { status: rowsOf(deps, [fallback.key]) }, statements);
  for (const row of status) send.rows.set(row.key, row);
  send.prepared.push(item);
  send.fellBack.add(delivery.key);
}

/** True when the step can finish with the batch's shared writes: nothing failed, no rewrite pending. */
export function finishedCleanly(send: SendState): boolean {
  return send.failed.length === 0 && send.unrecorded.length === 0;
}

/**
 * After the sends: the refusals logged; transient or unknown trouble retried (retryStep); otherwise
 * the final guarded batch moves the chain on.
 */
export async function concludeSend(send: SendState): Promise<StepOutcome> {
  const { deps, plan, mine, now, failed } = send;
  logRefusals(plan, failed, send.fellBack);
  const retrying = failed.filter((f) => f.failure.kind !== "permanent");
  if (retrying.length > 0) return retryStep(deps, plan, mine, { failed, retrying, unrecorded: send.unrecorded, rows: send.rows, total: send.prepared.length });
  const planned = send.prepared.map((p) => p.delivery.key);
  await runBatch(deps.db, [...send.unrecorded, ...failedRowStatements(deps, failed), supersededRowsStatement(deps, plan, mine, planned), ...(await finishStatements(deps, plan, mine, now))]);
  return "sent";
}

export interface Prepared {
  delivery: PlannedDelivery;
  message: OutboundMessage;
  /** Written before the send: the link tokens the message carries, and the delivery's row (with its answer links' hash). */
  tokens: LinkTokenRow[];
  row: typeof deliveries.$inferInsert;
}

/** A delivery's message and the writes before it is sent: its link tokens and its row (ON CONFLICT DO NOTHING). */
async function prepare(deps: Deps, plan: SendPlan, delivery: PlannedDelivery, now: number): Promise<{ item: Prepared; statements: Statement[] }> {
  const item = await prepareItem(deps, plan, delivery, now);
  const tokens = item.tokens.length > 0 ? [deps.db.insert(linkTokens).values(item.tokens).onConflictDoNothing()] : [];
  return { item, statements: [...tokens, deps.db.insert(deliveries).values(item.row).onConflictDoNothing()] };
}

/** A delivery's message with the rows to write before it is sent (the batch writes many at once). */
export async function prepareItem(deps: Deps, plan: SendPlan, delivery: PlannedDelivery, now: number): Promise<Prepared> {
  const { message, tokens, linkTokenHash } = await composeMessage(deps, plan.context, delivery, plan.userId, now);
  // The key goes along for providers that dedupe retried requests (Resend's Idempotency-Key).
  // The row's id IS its idempotency key (ADR 067): the primary key is the uniqueness that matters.
  return { delivery, message: { ...message, idempotencyKey: delivery.key }, tokens, row: { id: delivery.key, ...delivery.row, linkTokenHash } };
}

/** The rows of these keys as they stand (the keys as one JSON parameter: a batch may hold more than D1's 100). */
export function rowsOf(deps: Pick<Deps, "db">, keys: readonly string[]) {
  return deps.db
    .select({ key: deliveries.idempotencyKey, status: deliveries.status, attempts: deliveries.attempts, error: deliveries.error, stepId: deliveries.escalationStepId })
    .from(deliveries)
    .where(sql`${deliveries.id} in (select value from json_each(${JSON.stringify(keys)}))`);
}

/**
 * Some sends failed and may pass later. An unclassified error: the failed rows recorded and the step
 * handed back to the queue's retry (StepDeliveryError), as before ADR 042. Transient trouble only:
 * the step pending again at the next try's time in the SAME round (`round_at` keeps the keys), its
 * attempts anew, and the message acked; past the retry window the step is given up (dead-letter.ts).
 */
async function retryStep(
  deps: Deps,
  plan: SendPlan,
  mine: SQL,
  input: { failed: FailedSend[]; retrying: FailedSend[]; unrecorded: Statement[]; rows: Map<string, { attempts: number }>; total: number },
): Promise<StepOutcome> {
  const { db } = deps;
  const summary = failureSummary(input.retrying);
  const recorded = [...input.unrecorded, ...failedRowStatements(deps, input.failed)];
  const now = deps.clock.now().getTime();
  if (input.retrying.some((f) => f.failure.kind === "unknown")) {
    await runBatch(db, [
      ...recorded,
      // Back to "claimed" under the same claim, with a lease that outlives the queue's retry delay.
      db.update(escalationSteps).set({ state: "claimed", lastError: summary, leaseUntil: now + RETRY_LEASE_MS }).where(mine),
    ]);
    throw new StepDeliveryError(`${input.retrying.length} of ${input.total} deliveries failed: ${summary}`);
  }
  // The delivery tried most often sets the pace; the longest Retry-After is the floor.
  const tries = Math.max(...input.retrying.map((f) => (input.rows.get(f.delivery.key)?.attempts ?? 0) + 1));
  const retryAfterMs = Math.max(0, ...input.retrying.map((f) => (f.failure.kind === "transient" ? (f.failure.retryAfterMs ?? 0) : 0)));
  const at = nextProviderTry({ round: plan.round, nextDueAt: plan.nextDueAt, now, tries, retryAfterMs });
  if (at === null) {
    await runBatch(db, [...recorded, db.update(escalationSteps).set({ lastError: summary }).where(mine)]);
    const { stepId, claimId } = plan.finish.chain;
    const result = await markStepDead(deps, { stepId, claimId }, gaveUpOnProvider(plan.round, now));
    return result === "dead" ? "dead" : "stale";
  }
  await runBatch(db, [
    ...recorded,
    db
      .update(escalationSteps)
      .set({ state: "pending", dueAt: at, roundAt: sql`coalesce(${escalationSteps.roundAt}, ${escalationSteps.dueAt})`, claimedBy: null, leaseUntil: null, attempts: 0, lastError: summary })
      .where(mine),
  ]);
  console.log(JSON.stringify({ level: "info", event: "delivery.retry_scheduled", taskId: plan.finish.chain.taskId, stepIndex: plan.finish.chain.stepIndex, tries, at, reason: summary }));
  return "rescheduled";
}

/** Why a row of this round was not sent: a later try of the step planned another way. */
export const SUPERSEDED =
  "Superseded: a later try of this step sent it another way (its plan changed between tries, e.g. the daily cap on texts and calls was reached).";

/**
 * Rows of this step's round that an earlier try wrote (pending, or failed for a transient reason)
 * but this try did not plan: the plan changed between tries (the daily cap on texts and calls was
 * reached meanwhile, a buddy stopped consenting). They will never be sent, so they are closed as
 * "dead" with the reason instead of staying "failed" (and counting towards the cap) for ever.
 * Guarded like the rest of the final batch: only while the step is still this consumer's.
 */
export function supersededRowsStatement(deps: Pick<Deps, "db">, plan: SendPlan, mine: SQL, keys: string[]): Statement {
  const { escalationId, stepIndex, stepId } = plan.finish.chain;
  const roundPrefix = `${escalationId}:${stepIndex}@${plan.round}:`;
  return deps.db
    .update(deliveries)
    .set({ status: "dead", error: SUPERSEDED })
    .where(
      and(
        eq(deliveries.escalationStepId, stepId),
        inArray(deliveries.status, ["pending", "failed"]),
        // The round's keys are a range of the primary key: those starting with the prefix (":" + 1 is ";").
        sql`${deliveries.id} >= ${roundPrefix} and ${deliveries.id} < ${`${roundPrefix.slice(0, -1)};`}`,
        keys.length > 0 ? notInArray(deliveries.id, keys) : undefined,
        sql`exists (select 1 from "escalation_steps" where ${mine})`,
      ),
    );
}

/**
 * The final batch, every write guarded: the task's lastReminderSentAt, a run-out snooze ended, the
 * step sent, and the chain moved on (chain.ts).
 */
async function finishStatements(deps: Pick<Deps, "db">, plan: SendPlan, mine: SQL, now: number): Promise<Statement[]> {
  const { db } = deps;
  const taskId = plan.finish.chain.taskId;
  // The card's "Your nudge buddies were alerted" (issue 11): the first time a buddy's alert of this
  // step really went out (a refused one does not count). Folded into the same update, by unique key.
  const buddyKeys = plan.deliveries.filter((delivery) => delivery.kind === "buddy").map((delivery) => delivery.key);
  const buddiesAlerted =
    buddyKeys.length > 0
      ? {
          buddiesAlertedAt: sql`coalesce(${tasks.buddiesAlertedAt}, (select max(d.sent_at) from deliveries as d where d.id in ${keyList(buddyKeys)} and d.status = 'sent'))`,
        }
      : {};
  return [
    // When a reminder last really went out: the newest sent delivery of this step's round, by key. A
    // retry that found everything already sent, or a step with nothing to send, does not move it.
    db
      .update(tasks)
      .set({
        lastReminderSentAt: newestSentOr(keyList(plan.deliveries.map((delivery) => delivery.key)), sql`${tasks.lastReminderSentAt}`),
        ...buddiesAlerted,
      })
      .where(eq(tasks.id, taskId)),
    // A snooze that has run out: the task is active again. Not one given while this step was
    // sending (its snoozed_until is in the future).
    ...(plan.finish.endSnooze
      ? [
          db
            .update(tasks)
            .set({ status: "PENDING", snoozedUntil: null, updatedAt: now })
            .where(and(eq(tasks.id, taskId), eq(tasks.status, "SNOOZED"), sql`${tasks.snoozedUntil} <= ${now}`)),
        ]
      : []),
    ...(plan.catchUp?.rependAt
      ? // A held text, call or buddy alert fires after the catch-up's grace instead (ADR 064).
        rependAfterCatchUpStatements(db, { ...plan.finish.chain, round: plan.round }, mine, plan.catchUp.rependAt, plan.catchUp.heldUntil)
      : [
          db.update(escalationSteps).set({ state: "sent", sentAt: now, leaseUntil: null, lastError: null }).where(mine),
          ...(await advanceChainStatements(deps, plan.finish.chain)),
        ]),
  ];
}
