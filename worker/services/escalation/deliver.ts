import { and, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { deliveries, emergencyContacts, escalations, escalationSteps, pushSubscriptions, tasks, users } from "../../../db/schema";
import type { OutboundMessage } from "../../channels/types";
import type { Deps } from "../deps";
import { nextOccurrenceStatements, type OccurrenceSource } from "../tasks/recurring";
import { getStrategy, isStrategyKey, type StepChannel } from "./catalogue";
import { createActionLinks, createBuddyUnsubscribeLink } from "./links";
import { buddyEmail, pushMessage, reminderEmail, smsMessage, telegramMessage, voiceMessage, type ReminderContext } from "./messages";
import { planDeliveries, type DeliveryPlan, type Reachability } from "./recipients";
import { LIVE_ESCALATION_STATES, runBatch, type Statement } from "./start";

/** How long a claim lasts before another tick may claim the step again. */
export const LEASE_MS = 5 * 60_000;
/**
 * How long one consumer holds a step in "sending" before another may take over. The consumer
 * extends it before EVERY send, so it only has to outlast one send: a provider call is aborted
 * after PROVIDER_TIMEOUT_MS (20 s), plus two small D1 writes. Two minutes leaves a wide margin, and
 * a step with many deliveries never runs out of lease half way (ADR 026).
 */
export const SENDING_LEASE_MS = 2 * 60_000;
/** After a failed attempt the lease is stretched past the longest queue retry delay (300 s). */
export const RETRY_LEASE_MS = 10 * 60_000;
/**
 * Attempts (a consumer taking the step) before a step is given up: the queue's first delivery plus
 * its max_retries (5, wrangler.toml). A step whose consumers keep dying without reaching the queue's
 * retry logic is buried by the tick once its lease runs out with this many attempts (claim.ts).
 */
export const MAX_STEP_ATTEMPTS = 6;

export interface StepJob {
  stepId: string;
  /** The id of the tick that claimed the step (escalation_steps.claimed_by). */
  claimId: string;
}

/**
 * What happened to one queued step:
 * - sent: every delivery of the step went out (now or in an earlier attempt), the chain moved on;
 * - stale: the step is no longer claimed by this message's live lease, or another copy of the
 *   message is sending it right now (duplicate or replayed message), or the step is gone, or it
 *   was snoozed, acknowledged or completed while this attempt was sending (it stopped there);
 * - missing: the task of the step vanished between two reads;
 * - cancelled: the task was acknowledged or completed, or its escalation ended: the step is cancelled;
 * - deferred: the task is snoozed past now: the step waits for the end of the snooze.
 */
export type StepOutcome = "sent" | "stale" | "missing" | "cancelled" | "deferred";

/** Thrown when a provider failed: the queue retries the message with a growing delay. */
export class StepDeliveryError extends Error {
  override name = "StepDeliveryError";
}

/**
 * The unique key of one delivery (ADR 021, ADR 027): escalation, step, the step's ROUND, medium
 * and recipient. The round is the step's due_at when it fired: a snooze that re-pends a step gives
 * it a new due_at, so the step fires again with new keys instead of finding its old deliveries
 * "sent" and sending nothing. Retries of one round share the keys (and so are deduplicated).
 */
export function deliveryKey(input: { escalationId: string; stepIndex: number; round: number; medium: string; recipient: string }): string {
  return `${input.escalationId}:${input.stepIndex}@${input.round}:${input.medium}:${input.recipient}`;
}

/**
 * Delivers one claimed escalation step, idempotently (queues deliver at least once):
 * 1. take the step (claimed -> sending, compare-and-set, attempts + 1), then read step + task +
 *    escalation + user in one query and re-check everything (acknowledged? done? snoozed?);
 * 2. resolve recipients per channel (fallback to email; one email per recipient per step);
 * 3. write each `deliveries` row with its unique key BEFORE calling the provider;
 *    a row already "sent" is never sent again, a "pending"/"failed" one is retried;
 * 4. for each delivery: extend the lease (which also checks the step is still ours), send, and
 *    record "sent" at once in its own statement, so no later failure can cause a resend;
 * 5. one batch: task.lastReminderSentAt, step sent, and either the next step made pending or the
 *    escalation exhausted (task.escalationHaltedAt, and a recurring task's next occurrence).
 * An unexpected error after the take (a D1 error) hands the step back to the queue's retry.
 */
export async function deliverStep(deps: Deps, job: StepJob): Promise<StepOutcome> {
  const { db } = deps;
  const now = deps.clock.now().getTime();

  // Take the step for this attempt (compare-and-set): "claimed" under this message's claim with a
  // live lease, or "sending" left behind by a consumer that died. A duplicate of this message
  // arriving while the first copy is sending loses here and is acked: if the first copy dies, its
  // short "sending" lease runs out and the next tick claims the step again. Attempts are counted
  // here, so an attempt that dies before recording anything still counts (ADR 026).
  const take = db
    .update(escalationSteps)
    .set({ state: "sending", leaseUntil: now + SENDING_LEASE_MS, attempts: sql`${escalationSteps.attempts} + 1` })
    .where(
      and(
        eq(escalationSteps.id, job.stepId),
        eq(escalationSteps.claimedBy, job.claimId),
        or(
          and(eq(escalationSteps.state, "claimed"), gte(escalationSteps.leaseUntil, now)),
          and(eq(escalationSteps.state, "sending"), lt(escalationSteps.leaseUntil, now)),
        ),
      ),
    )
    .returning({ id: escalationSteps.id });
  // Read in the same round trip (the batch is one transaction, the read runs after the update).
  const read = db
    .select({
      escalationId: escalationSteps.escalationId,
      stepIndex: escalationSteps.stepIndex,
      channels: escalationSteps.channels,
      round: sql<number>`${escalationSteps.dueAt}`.as("step_due_at"),
      taskId: escalationSteps.taskId,
      userId: tasks.userId,
      title: tasks.title,
      dueAt: sql<number>`${tasks.dueAt}`.as("task_due_at"),
      status: tasks.status,
      snoozedUntil: tasks.snoozedUntil,
      recurrence: sql<string | null>`${tasks.recurrence}`.as("task_recurrence"),
      taskStrategy: sql<string>`${tasks.strategyKey}`.as("task_strategy"),
      seriesId: sql<string | null>`${tasks.seriesId}`.as("task_series_id"),
      source: sql<string>`${tasks.source}`.as("task_source"),
      escalationState: sql<string>`${escalations.state}`.as("escalation_state"),
      strategyKey: sql<string>`${escalations.strategyKey}`.as("escalation_strategy"),
      name: users.name,
      email: users.email,
      timezone: users.timezone,
      telegramChatId: users.telegramChatId,
      phone: users.phone,
      phoneVerified: users.phoneVerified,
      lastIndex: sql<number>`(select max(s2.step_index) from escalation_steps as s2 where s2.escalation_id = ${escalationSteps.escalationId})`.as(
        "last_index",
      ),
    })
    .from(escalationSteps)
    .innerJoin(tasks, eq(tasks.id, escalationSteps.taskId))
    .innerJoin(escalations, eq(escalations.id, escalationSteps.escalationId))
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(eq(escalationSteps.id, job.stepId))
    .limit(1);
  const [taken, rows] = await db.batch([take, read]);
  if (taken.length === 0) return "stale";
  const row = rows[0];
  if (!row) {
    // Cannot happen while the foreign keys cascade; never leave a step "sending" for ever.
    await db.update(escalationSteps).set({ state: "cancelled", leaseUntil: null }).where(and(eq(escalationSteps.id, job.stepId), eq(escalationSteps.state, "sending")));
    return "missing";
  }

  const stillMine = and(eq(escalationSteps.id, job.stepId), eq(escalationSteps.state, "sending"), eq(escalationSteps.claimedBy, job.claimId));
  try {
    return await deliverTaken(deps, job, row, now, stillMine as SQL);
  } catch (error) {
    if (!(error instanceof StepDeliveryError)) await release(deps, stillMine as SQL, error);
    throw error;
  }
}

type StepRow = {
  escalationId: string;
  stepIndex: number;
  channels: string;
  round: number;
  taskId: string;
  userId: string;
  title: string;
  dueAt: number;
  status: string;
  snoozedUntil: number | null;
  recurrence: string | null;
  taskStrategy: string;
  seriesId: string | null;
  source: string;
  escalationState: string;
  strategyKey: string;
  name: string;
  email: string;
  timezone: string;
  telegramChatId: string | null;
  phone: string | null;
  phoneVerified: boolean;
  lastIndex: number;
};

async function deliverTaken(deps: Deps, job: StepJob, row: StepRow, now: number, stillMine: SQL): Promise<StepOutcome> {
  const { db } = deps;
  const live = (LIVE_ESCALATION_STATES as readonly string[]).includes(row.escalationState);
  if (row.status === "COMPLETED" || row.status === "ACKNOWLEDGED" || !live) {
    await db.update(escalationSteps).set({ state: "cancelled", leaseUntil: null }).where(stillMine);
    return "cancelled";
  }
  if (row.status === "SNOOZED" && row.snoozedUntil !== null && row.snoozedUntil > now) {
    // A new round at the end of the snooze: its attempts start again.
    await db
      .update(escalationSteps)
      .set({ state: "pending", dueAt: row.snoozedUntil, leaseUntil: null, claimedBy: null, attempts: 0 })
      .where(stillMine);
    return "deferred";
  }

  const stepChannels = JSON.parse(row.channels) as StepChannel[];
  const reach = await reachability(deps, row, stepChannels);
  const plans = planDeliveries(stepChannels, reach);
  const ctx: ReminderContext = {
    task: { id: row.taskId, title: row.title, dueAt: row.dueAt },
    user: { name: row.name, email: row.email, timezone: row.timezone },
    stepIndex: row.stepIndex,
    stepCount: row.lastIndex + 1,
    strategyName: isStrategyKey(row.strategyKey) ? getStrategy(row.strategyKey).name : row.strategyKey,
  };

  // Compose every message (and the link tokens it carries), then write the delivery rows.
  const prepared: Array<{ plan: DeliveryPlan; key: string; message: OutboundMessage }> = [];
  const writes: Statement[] = [];
  for (const plan of plans) {
    const key = deliveryKey({ escalationId: row.escalationId, stepIndex: row.stepIndex, round: row.round, medium: plan.medium, recipient: plan.recipient });
    const { message, statements } = await compose(deps, ctx, plan, row.userId, now, key);
    writes.push(...statements);
    prepared.push({ plan, key, message: { ...message, idempotencyKey: key } });
    writes.push(
      db
        .insert(deliveries)
        .values({
          id: crypto.randomUUID(),
          idempotencyKey: key,
          userId: row.userId,
          taskId: row.taskId,
          escalationStepId: job.stepId,
          channel: plan.medium,
          requestedChannel: plan.requested === plan.medium ? null : plan.requested,
          recipient: plan.recipient,
          status: "pending",
          createdAt: now,
        })
        .onConflictDoNothing(),
    );
  }
  const keys = prepared.map((p) => p.key);
  const existing = db
    .select({ key: deliveries.idempotencyKey, status: deliveries.status })
    .from(deliveries)
    .where(inArray(deliveries.idempotencyKey, keys.length > 0 ? keys : ["-"]));
  // The same round trip also stretches the lease and checks the step is still ours, which is what
  // the first send needs (one round trip less per step; later sends of the step check again).
  const extendLease = () =>
    db
      .update(escalationSteps)
      .set({ leaseUntil: deps.clock.now().getTime() + SENDING_LEASE_MS })
      .where(stillMine)
      .returning({ id: escalationSteps.id });
  const batch = [...writes, extendLease() as unknown as Statement, existing as unknown as Statement] as unknown as [Statement, ...Statement[]];
  const results = (await db.batch(batch)) as unknown[];
  const statusByKey = new Map((results[results.length - 1] as Array<{ key: string; status: string }>).map((r) => [r.key, r.status]));
  if ((results[results.length - 2] as unknown[]).length === 0) return "stale";
  let leaseFresh = true;

  // Send what has not been sent yet: a "pending" row from a crashed attempt is sent again (at least
  // once per provider; the idempotency key goes along for providers that dedupe, like Resend).
  const markSent = (key: string, providerMessageId: string, at: number) =>
    db
      .update(deliveries)
      .set({ status: "sent", providerMessageId, sentAt: at, error: null, attempts: sql`${deliveries.attempts} + 1` })
      .where(and(eq(deliveries.idempotencyKey, key), sql`${deliveries.status} <> 'sent'`));
  const unrecorded: Statement[] = [];
  const failed: Array<{ plan: DeliveryPlan; key: string; error: string }> = [];
  for (const item of prepared) {
    if (statusByKey.get(item.key) === "sent") continue;
    // Before each send: stretch the lease so this send cannot outlive it, and make sure the step is
    // still ours. A snooze, acknowledge or done (or a tick that took over) stops the rest here.
    // The first send uses the stretch made with the delivery rows just above.
    if (!leaseFresh && (await extendLease()).length === 0) return "stale";
    leaseFresh = false;
    let providerMessageId: string;
    try {
      providerMessageId = (await deps.channels[item.plan.medium].send(item.message)).providerMessageId;
    } catch (error) {
      failed.push({ plan: item.plan, key: item.key, error: errorText(error) });
      continue;
    }
    // Recorded at once, on its own: a failure of any later write can no longer cause a resend.
    const sentAt = deps.clock.now().getTime();
    try {
      await markSent(item.key, providerMessageId, sentAt);
    } catch (error) {
      console.warn(JSON.stringify({ level: "warn", event: "delivery.record_failed", key: item.key, error: errorText(error) }));
      unrecorded.push(markSent(item.key, providerMessageId, sentAt));
    }
  }

  if (failed.length > 0) {
    const summary = failed.map((f) => `${f.plan.medium}:${f.plan.recipient}: ${f.error}`).join("; ");
    await runBatch(db, [
      ...unrecorded,
      ...failed.map((f) =>
        db
          .update(deliveries)
          .set({ status: "failed", error: f.error, attempts: sql`${deliveries.attempts} + 1` })
          .where(and(eq(deliveries.idempotencyKey, f.key), sql`${deliveries.status} <> 'sent'`)),
      ),
      db
        .update(escalationSteps)
        // Back to "claimed" under the same claim, with a lease that outlives the queue's retry delay.
        .set({ state: "claimed", lastError: summary, leaseUntil: deps.clock.now().getTime() + RETRY_LEASE_MS })
        .where(stillMine),
    ]);
    throw new StepDeliveryError(`${failed.length} of ${prepared.length} deliveries failed: ${summary}`);
  }

  await runBatch(db, [
    ...unrecorded,
    // When a reminder last really went out: the newest sent delivery of the task. A retry that
    // found everything already sent, or a step with nothing to send, does not move it. (Unary "+"
    // keeps the planner on deliveries_task_idx: on the status index it read every sent delivery.)
    db
      .update(tasks)
      .set({
        lastReminderSentAt: sql`coalesce((select max(d.sent_at) from deliveries as d where d.task_id = ${row.taskId} and +d.status = 'sent'), ${tasks.lastReminderSentAt})`,
      })
      .where(eq(tasks.id, row.taskId)),
    // A snooze that has run out: the task is active again. Not one given while this step was
    // sending (its snoozed_until is in the future).
    ...(row.status === "SNOOZED"
      ? [
          db
            .update(tasks)
            .set({ status: "PENDING", snoozedUntil: null, updatedAt: now })
            .where(and(eq(tasks.id, row.taskId), eq(tasks.status, "SNOOZED"), sql`${tasks.snoozedUntil} <= ${now}`)),
        ]
      : []),
    db.update(escalationSteps).set({ state: "sent", sentAt: now, leaseUntil: null, lastError: null }).where(stillMine),
    ...(await advanceChainStatements(deps, {
      escalationId: row.escalationId,
      stepIndex: row.stepIndex,
      lastIndex: row.lastIndex,
      taskId: row.taskId,
      stepId: job.stepId,
      claimId: job.claimId,
      finishedState: "sent",
      now,
      paused: row.escalationState === "paused",
      series: seriesOf(row),
    })),
  ]);
  return "sent";
}

/** What the chain's end needs to continue a recurring series. */
export interface SeriesContext {
  task: OccurrenceSource;
  timezone: string;
}

function seriesOf(row: StepRow): SeriesContext | null {
  if (!row.recurrence) return null;
  return {
    task: { id: row.taskId, userId: row.userId, title: row.title, dueAt: row.dueAt, strategyKey: row.taskStrategy, recurrence: row.recurrence, seriesId: row.seriesId, source: row.source },
    timezone: row.timezone,
  };
}

/**
 * An unexpected error after the take (a D1 error, a bug): hand the step back to the queue's retry
 * (claimed under the same claim, retry lease) instead of leaving it "sending", where the retry
 * would be acked as stale and only the lease would bring it back. Best effort: if D1 is down this
 * fails too, and the lease path takes over.
 */
async function release(deps: Deps, stillMine: SQL, error: unknown) {
  try {
    await deps.db
      .update(escalationSteps)
      .set({ state: "claimed", lastError: errorText(error), leaseUntil: deps.clock.now().getTime() + RETRY_LEASE_MS })
      .where(stillMine);
  } catch (releaseError) {
    console.warn(JSON.stringify({ level: "warn", event: "escalation.step.release_failed", error: errorText(releaseError) }));
  }
}

/**
 * Moves the chain on after a step finished (sent, or dead after its retries): the next step becomes
 * pending (its due_at was fixed when the escalation started), or, after the last step, the
 * escalation is exhausted, the task's escalationHaltedAt is set and a recurring task gets its next
 * occurrence (ADR 028). Guarded by "the step really is in `finishedState` under this claim", so a
 * racing acknowledge or snooze is never overridden.
 */
export async function advanceChainStatements(
  deps: Pick<Deps, "db">,
  input: {
    escalationId: string;
    stepIndex: number;
    lastIndex: number;
    taskId: string;
    stepId: string;
    claimId: string;
    finishedState: "sent" | "dead";
    now: number;
    /** false when the escalation is known to be running (saves a statement). */
    paused?: boolean;
    /** The task, when it recurs: the chain's end creates its next occurrence. */
    series?: SeriesContext | null;
  },
): Promise<Statement[]> {
  const { db } = deps;
  const finished = sql`exists (select 1 from escalation_steps as cur where cur.id = ${input.stepId} and cur.state = ${input.finishedState} and cur.claimed_by = ${input.claimId})`;
  if (input.stepIndex < input.lastIndex) {
    const next: Statement[] = [
      db
        .update(escalationSteps)
        .set({ state: "pending" })
        .where(
          and(
            eq(escalationSteps.escalationId, input.escalationId),
            eq(escalationSteps.stepIndex, input.stepIndex + 1),
            eq(escalationSteps.state, "waiting"),
            finished,
          ),
        ),
    ];
    if (input.paused !== false) {
      next.push(
        db
          .update(escalations)
          .set({ state: "running" })
          .where(and(eq(escalations.id, input.escalationId), eq(escalations.state, "paused"), finished)),
      );
    }
    return next;
  }
  return [
    db
      .update(escalations)
      .set({ state: "exhausted", endedAt: input.now })
      .where(and(eq(escalations.id, input.escalationId), inArray(escalations.state, [...LIVE_ESCALATION_STATES]), finished)),
    db
      .update(tasks)
      .set({ escalationHaltedAt: sql`coalesce(${tasks.escalationHaltedAt}, ${input.now})` })
      .where(and(eq(tasks.id, input.taskId), finished)),
    ...(input.series ? await nextOccurrenceStatements(deps, input.series.task, input.series.timezone, input.now, finished) : []),
  ];
}

/** Where the user can be reached; push subscriptions and buddies are read only when the step needs them. */
async function reachability(
  deps: Deps,
  row: { userId: string; email: string; telegramChatId: string | null; phone: string | null; phoneVerified: boolean },
  channels: StepChannel[],
): Promise<Reachability> {
  const reach: Reachability = {
    email: row.email,
    telegramChatId: row.telegramChatId,
    phone: row.phone,
    phoneVerified: row.phoneVerified,
    pushEndpoints: [],
    emailBuddies: [],
  };
  if (channels.includes("push")) {
    const subs = await deps.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, row.userId));
    reach.pushEndpoints = subs.map((s) => s.endpoint);
  }
  if (channels.includes("buddies")) {
    const buddies = await deps.db
      .select({ id: emergencyContacts.id, name: emergencyContacts.name, contact: emergencyContacts.contact, type: emergencyContacts.type, verified: emergencyContacts.verified, optedOutAt: emergencyContacts.optedOutAt })
      .from(emergencyContacts)
      .where(eq(emergencyContacts.userId, row.userId))
      .orderBy(emergencyContacts.order);
    // Only verified, not opted-out email buddies get alerts for now; Telegram buddies come with the bot.
    reach.emailBuddies = buddies
      .filter((b) => b.type === "email" && b.verified && b.optedOutAt === null && b.contact)
      .map((b) => ({ id: b.id, name: b.name, email: b.contact as string }));
  }
  return reach;
}

/** One delivery's message. Its links derive from the delivery key, so a retry composes the same bytes. */
async function compose(
  deps: Deps,
  ctx: ReminderContext,
  plan: DeliveryPlan,
  userId: string,
  now: number,
  deliveryKey: string,
): Promise<{ message: OutboundMessage; statements: Statement[] }> {
  switch (plan.medium) {
    case "email": {
      if (plan.kind === "buddy" && plan.buddy) {
        const link = await createBuddyUnsubscribeLink(deps.db, deps.env, { userId, contactId: plan.buddy.id, now, deliveryKey });
        const email = buddyEmail(ctx, plan.buddy.name, link.url);
        return { message: { to: plan.recipient, subject: email.subject, text: email.text, html: email.html }, statements: link.statements };
      }
      const links = await createActionLinks(deps.db, deps.env, { userId, taskId: ctx.task.id, now, deliveryKey });
      const email = reminderEmail(ctx, links.urls, plan.fallbacks);
      return { message: { to: plan.recipient, subject: email.subject, text: email.text, html: email.html, meta: { taskId: ctx.task.id } }, statements: links.statements };
    }
    case "telegram":
      return { message: telegramMessage(ctx, plan.recipient), statements: [] };
    case "push":
      return { message: pushMessage(ctx, plan.recipient), statements: [] };
    case "sms":
      return { message: smsMessage(ctx, plan.recipient), statements: [] };
    case "voice":
      return { message: voiceMessage(ctx, plan.recipient), statements: [] };
  }
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}
