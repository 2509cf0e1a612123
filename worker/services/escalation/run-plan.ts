import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { runBatch, runNamedBatch, type Statement } from "../../../db/batch";
import { deliveries, escalationSteps, tasks } from "../../../db/schema";
import type { OutboundMessage } from "../../channels/types";
import type { Deps } from "../deps";
import { advanceChainStatements } from "./chain";
import { composeMessage } from "./compose";
import { RETRY_LEASE_MS, SENDING_LEASE_MS } from "./leases";
import { errorText, StepDeliveryError, type StepOutcome } from "./outcomes";
import type { PlannedDelivery, StepPlan } from "./plan";

type SendPlan = Extract<StepPlan, { decision: "send" }>;

/**
 * Runs a "send" plan for a step this consumer holds ("sending" under its claim; `mine` says so in SQL):
 * 1. one batch: the link tokens and `deliveries` rows (ON CONFLICT DO NOTHING) BEFORE any send, the
 *    lease stretched (which also checks the step is still ours), and the rows' current status;
 * 2. each delivery not yet "sent": stretch the lease again (from the second send on), send through
 *    `deps.channels[medium]`, and mark it "sent" at once, on its own, so no later failure causes a
 *    resend. A "pending"/"failed" row from an earlier attempt is sent again (ADR 021, ADR 026);
 * 3. a failed send: the failures recorded and the step handed back to the queue's retry
 *    (StepDeliveryError); otherwise the final guarded batch moves the chain on.
 */
export async function runSendPlan(deps: Deps, plan: SendPlan, mine: SQL, now: number): Promise<StepOutcome> {
  const { db } = deps;
  const prepared: Array<{ delivery: PlannedDelivery; message: OutboundMessage }> = [];
  const writes: Statement[] = [];
  for (const delivery of plan.deliveries) {
    const { message, statements } = await composeMessage(deps, plan.context, delivery, plan.userId, now);
    writes.push(...statements, db.insert(deliveries).values({ id: crypto.randomUUID(), ...delivery.row }).onConflictDoNothing());
    // The key goes along for providers that dedupe retried requests (Resend's Idempotency-Key).
    prepared.push({ delivery, message: { ...message, idempotencyKey: delivery.key } });
  }
  const extendLease = () =>
    db
      .update(escalationSteps)
      .set({ leaseUntil: deps.clock.now().getTime() + SENDING_LEASE_MS })
      .where(mine)
      .returning({ id: escalationSteps.id });
  const keys = plan.deliveries.map((d) => d.key);
  // The same round trip stretches the lease and checks the step is still ours, which is what the
  // first send needs (one round trip less per step; later sends of the step check again).
  const { lease, existing } = await runNamedBatch(
    db,
    {
      lease: extendLease(),
      existing: db
        .select({ key: deliveries.idempotencyKey, status: deliveries.status })
        .from(deliveries)
        .where(inArray(deliveries.idempotencyKey, keys.length > 0 ? keys : ["-"])),
    },
    writes,
  );
  if (lease.length === 0) return "stale";
  const statusByKey = new Map(existing.map((row) => [row.key, row.status]));

  const markSent = (key: string, providerMessageId: string, at: number) =>
    db
      .update(deliveries)
      .set({ status: "sent", providerMessageId, sentAt: at, error: null, attempts: sql`${deliveries.attempts} + 1` })
      .where(and(eq(deliveries.idempotencyKey, key), sql`${deliveries.status} <> 'sent'`));
  const unrecorded: Statement[] = [];
  const failed: Array<{ delivery: PlannedDelivery; error: string }> = [];
  let leaseFresh = true;
  for (const { delivery, message } of prepared) {
    if (statusByKey.get(delivery.key) === "sent") continue;
    // Before each send: stretch the lease so this send cannot outlive it, and make sure the step is
    // still ours. A snooze, acknowledge or done (or a tick that took over) stops the rest here.
    if (!leaseFresh && (await extendLease()).length === 0) return "stale";
    leaseFresh = false;
    let providerMessageId: string;
    try {
      providerMessageId = (await deps.channels[delivery.medium].send(message)).providerMessageId;
    } catch (error) {
      failed.push({ delivery, error: errorText(error) });
      continue;
    }
    // Recorded at once, on its own: a failure of any later write can no longer cause a resend.
    const sentAt = deps.clock.now().getTime();
    try {
      await markSent(delivery.key, providerMessageId, sentAt);
    } catch (error) {
      console.warn(JSON.stringify({ level: "warn", event: "delivery.record_failed", key: delivery.key, error: errorText(error) }));
      unrecorded.push(markSent(delivery.key, providerMessageId, sentAt));
    }
  }

  if (failed.length > 0) {
    const summary = failed.map((f) => `${f.delivery.medium}:${f.delivery.recipient}: ${f.error}`).join("; ");
    await runBatch(db, [
      ...unrecorded,
      ...failed.map((f) =>
        db
          .update(deliveries)
          .set({ status: "failed", error: f.error, attempts: sql`${deliveries.attempts} + 1` })
          .where(and(eq(deliveries.idempotencyKey, f.delivery.key), sql`${deliveries.status} <> 'sent'`)),
      ),
      // Back to "claimed" under the same claim, with a lease that outlives the queue's retry delay.
      db
        .update(escalationSteps)
        .set({ state: "claimed", lastError: summary, leaseUntil: deps.clock.now().getTime() + RETRY_LEASE_MS })
        .where(mine),
    ]);
    throw new StepDeliveryError(`${failed.length} of ${prepared.length} deliveries failed: ${summary}`);
  }

  await runBatch(db, [...unrecorded, ...(await finishStatements(deps, plan, mine, now))]);
  return "sent";
}

/**
 * The final batch, every write guarded: the task's lastReminderSentAt, a run-out snooze ended, the
 * step sent, and the chain moved on (chain.ts).
 */
async function finishStatements(deps: Pick<Deps, "db">, plan: SendPlan, mine: SQL, now: number): Promise<Statement[]> {
  const { db } = deps;
  const taskId = plan.finish.chain.taskId;
  return [
    // When a reminder last really went out: the newest sent delivery of the task. A retry that
    // found everything already sent, or a step with nothing to send, does not move it. (Unary "+"
    // keeps the planner on deliveries_task_idx: on the status index it read every sent delivery.)
    db
      .update(tasks)
      .set({
        lastReminderSentAt: sql`coalesce((select max(d.sent_at) from deliveries as d where d.task_id = ${taskId} and +d.status = 'sent'), ${tasks.lastReminderSentAt})`,
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
    db.update(escalationSteps).set({ state: "sent", sentAt: now, leaseUntil: null, lastError: null }).where(mine),
    ...(await advanceChainStatements(deps, plan.finish.chain)),
  ];
}
