import { and, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { deliveries, escalations, escalationSteps, pushSubscriptions, tasks, users } from "../../../db/schema";
import type { StepJob } from "../../queue-payloads";
import type { Deps } from "../deps";
import { SENDING_LEASE_MS } from "./leases";
import { buddyReach, consentingBuddiesQuery } from "./buddy-reach";
import type { ClaimedStep } from "./plan";
import type { Reachability } from "./recipients";

/**
 * The consumer's reads: the take (claimed -> sending) and the columns read with it (batch-sql.ts
 * runs them for a whole queue batch in one round trip), and where the user can be reached.
 */

/** "The step is still sending under this message's claim": the guard of every later write. */
export function stillMine(job: StepJob): SQL {
  return sql`${and(eq(escalationSteps.id, job.stepId), eq(escalationSteps.state, "sending"), eq(escalationSteps.claimedBy, job.claimId))}`;
}

/**
 * The take (compare-and-set) of the steps `which` selects (by id and claim): "claimed" with a live
 * lease, or "sending" left behind by a consumer that died; returns the ids taken. A duplicate of a
 * message arriving while the first copy is sending loses here and is acked: if the first copy dies,
 * its short "sending" lease runs out and the next tick claims the step again. Attempts are counted
 * here, so an attempt that dies before recording anything still counts (ADR 026). The state and lease
 * are compared with a unary "+" so the planner finds the steps by id, never through the (state, lease)
 * index (whose every row in a state it would read when the ids come as a JSON list: batch-sql.ts).
 */
export function takeStatement(db: Db, which: SQL, now: number) {
  const s = escalationSteps;
  return db
    .update(s)
    .set({ state: "sending", leaseUntil: now + SENDING_LEASE_MS, attempts: sql`${s.attempts} + 1` })
    .where(and(which, sql`((+${s.state} = 'claimed' and +${s.leaseUntil} >= ${now}) or (+${s.state} = 'sending' and +${s.leaseUntil} < ${now}))`))
    .returning({ id: s.id });
}

/** The columns a consumer reads with the step it took: the step, its task, escalation and user. */
export function stepColumns() {
  const s = escalationSteps;
  return {
    escalationId: s.escalationId,
    stepIndex: s.stepIndex,
    channels: s.channels,
    // The round is due_at, or where a provider retry moved due_at on, the due_at it fired at (ADR 042).
    round: sql<number>`coalesce(${s.roundAt}, ${s.dueAt})`.as("step_round"),
    taskId: s.taskId,
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
    escalationKind: sql<string>`${escalations.kind}`.as("escalation_kind"),
    strategyKey: sql<string>`${escalations.strategyKey}`.as("escalation_strategy"),
    name: users.name,
    email: users.email,
    timezone: users.timezone,
    telegramChatId: users.telegramChatId,
    phone: users.phone,
    phoneVerified: users.phoneVerified,
    smsOptedOutAt: users.smsOptedOutAt,
    quietStart: users.quietStart,
    quietEnd: users.quietEnd,
    quietGentle: users.quietGentle,
    breakUntil: users.breakUntil,
    ignoreQuietHours: tasks.ignoreQuietHours,
    checkBackMinutes: tasks.checkBackMinutes,
    heldUntil: s.heldUntil,
    attempts: s.attempts,
    roundAt: s.roundAt,
    lastIndex: sql<number>`(select max(s2.step_index) from escalation_steps as s2 where s2.escalation_id = ${s.escalationId})`.as("last_index"),
    // When the next step is due: transient provider trouble is retried until then, never longer (ADR 042).
    nextDueAt: sql<number | null>`(select s3.due_at from escalation_steps as s3 where s3.escalation_id = ${s.escalationId} and s3.step_index = ${s.stepIndex} + 1)`.as("next_due_at"),
  };
}

/**
 * Where the user can be reached: the contact fields come with the step's row; push subscriptions and
 * buddies are read only when the plan needs them (plan.ts `readsNeeded`).
 */
export async function readReachability(
  deps: Pick<Deps, "db" | "env" | "clock">,
  step: ClaimedStep,
  needs: { push: boolean; buddies: boolean; phone?: boolean },
  stepId?: string,
): Promise<Reachability> {
  const reach: Reachability = {
    email: step.email,
    telegramChatId: step.telegramChatId,
    phone: step.phone,
    phoneVerified: step.phoneVerified,
    smsOptedOut: step.smsOptedOutAt != null,
    pushEndpoints: [],
    emailBuddies: [],
  };
  if (needs.phone) {
    reach.phoneSendsToday = await phoneSendsInLastDay(deps, step.userId, stepId);
    reach.phoneDailyCap = phoneDailyCap(deps.env);
    if (reach.phoneSendsToday >= reach.phoneDailyCap) reach.phoneCapToldToday = await cappedEmailInLastDay(deps, step.userId);
  }
  if (needs.push) {
    const subs = await deps.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, step.userId));
    reach.pushEndpoints = subs.map((sub) => sub.endpoint);
  }
  if (needs.buddies) {
    Object.assign(reach, buddyReach(await consentingBuddiesQuery(deps, step.userId)));
  }
  return reach;
}

/** Texts and calls per person per 24 hours before steps go by email instead (issue 10's cost guard). */
export const PHONE_DAILY_CAP_DEFAULT = 12;

export function phoneDailyCap(env: Pick<Deps["env"], "PHONE_DAILY_CAP">): number {
  const value = Number(env.PHONE_DAILY_CAP);
  return Number.isInteger(value) && value >= 0 ? value : PHONE_DAILY_CAP_DEFAULT;
}

/**
 * The person's texts and calls sent (or on their way) in the last 24 hours. The step's own rows are
 * left out: a retry of a text that failed is the same text, not one more (without this, the retry of
 * the 12th text of the day found the cap reached by itself and went by email instead).
 */
async function phoneSendsInLastDay(deps: Pick<Deps, "db" | "clock">, userId: string, stepId?: string): Promise<number> {
  const [row] = await phoneSendsStatement(deps, userId, stepId);
  return row?.n ?? 0;
}

/** The count behind phoneSendsInLastDay: the person's deliveries of the last day (deliveries_user_idx). */
export function phoneSendsStatement(deps: Pick<Deps, "db" | "clock">, userId: string, stepId?: string) {
  const since = deps.clock.now().getTime() - 24 * 60 * 60_000;
  const notThisStep = stepId ? sql`coalesce(${deliveries.escalationStepId}, '') <> ${stepId}` : undefined;
  return deps.db
    .select({ n: sql<number>`count(*)`.as("n") })
    .from(deliveries)
    .where(and(eq(deliveries.userId, userId), inArray(deliveries.channel, ["sms", "voice"]), gt(deliveries.createdAt, since), inArray(deliveries.status, ["sent", "pending", "failed"]), notThisStep));
}

/**
 * Whether an email already stood in for a text or call in the last 24 hours (the cap's note is said once).
 * A verified, not stopped number whose text went by email was capped (or the provider was missing).
 */
async function cappedEmailInLastDay(deps: Pick<Deps, "db" | "clock">, userId: string): Promise<boolean> {
  const [row] = await cappedEmailStatement(deps, userId);
  return Boolean(row);
}

/** The read behind cappedEmailInLastDay: the person's deliveries of the last day (deliveries_user_idx). */
export function cappedEmailStatement(deps: Pick<Deps, "db" | "clock">, userId: string) {
  const since = deps.clock.now().getTime() - 24 * 60 * 60_000;
  return deps.db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.userId, userId), eq(deliveries.channel, "email"), inArray(deliveries.requestedChannel, ["sms", "voice"]), gt(deliveries.createdAt, since)))
    .limit(1);
}
