import type { deliveries } from "../../../db/schema";
import type { StepJob } from "../../queue-payloads";
import { getStrategy, isStrategyKey, type StepChannel } from "./catalogue";
import type { ChainAdvance } from "./chain";
import type { ReminderContext } from "./messages";
import { planDeliveries, type DeliveryPlan, type FallbackReason, type MediaStatus, type Reachability } from "./recipients";
import { isLiveEscalationState } from "./states";
import { oneLine } from "../one-line";
import { quietWindowOf, restUntil, type Rest } from "../quiet-hours/window";
import { CATCH_UP_CHANNELS, catchUpKey, catchUpRepend, gentleEnough } from "./quiet";

/**
 * The engine's pure core: given the step a consumer has just taken (with its task, escalation and
 * user), where the user can be reached, which media this server can use, and the clock, it decides
 * what happens to the step and, for a send, every delivery and write. No D1, no fetch: the shell
 * (deliver.ts, run-plan.ts) reads what it needs, asks for a plan, and runs it. Its imports are
 * pure modules and types only, so it is unit-tested without D1 (tests/workerd/escalation-plan.test.ts).
 */

/** The taken step as read in the same round trip as the take (step-read.ts). */
export interface ClaimedStep {
  escalationId: string;
  stepIndex: number;
  /** The step's channels as stored (a JSON array of StepChannel). */
  channels: string;
  /** The step's due_at when it fired: the delivery round (ADR 027). */
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
  /** "reminder", or "check_back": the pings after an Acknowledge (issue 13), which fire while the task is ACKNOWLEDGED. */
  escalationKind: string;
  strategyKey: string;
  name: string;
  email: string;
  timezone: string;
  telegramChatId: string | null;
  phone: string | null;
  phoneVerified: boolean;
  /** When the number texted STOP (null when it did not). */
  smsOptedOutAt?: number | null;
  /** The index of the chain's last step. */
  lastIndex: number;
  /** Quiet hours (issue 13): the person's window (minutes after local midnight; null = off) and whether gentle pings may go. */
  quietStart?: number | null;
  quietEnd?: number | null;
  quietGentle?: boolean;
  /** A break the person took (ADR 095): nothing goes until then, gentle pings included. */
  breakUntil?: number | null;
  /** The task's "remind me even during quiet hours" (and during a break). */
  ignoreQuietHours?: boolean;
  /** The task's own check-back (null: the sequence's), carried to a series' next occurrence. */
  checkBackMinutes?: number | null;
  /** The quiet end this step was held for; a step firing at exactly that time is the catch-up. */
  heldUntil?: number | null;
  /** When the next step of the chain is due (null on the last step): the end of provider retries. */
  nextDueAt: number | null;
  /** Takes of the step so far, this one included (a first take of a first round has no earlier rows). */
  attempts?: number;
  /** Set once a provider retry moved due_at on within the round (ADR 042). */
  roundAt?: number | null;
}

/** A deliveries row as the plan wants it written (the shell adds the row id). */
export type DeliveryRow = Omit<(typeof deliveries)["$inferInsert"], "id">;

/** One delivery of a send: what to send to whom on which medium, its unique key, and its row. */
export interface PlannedDelivery extends DeliveryPlan {
  key: string;
  row: DeliveryRow;
}

export type StepPlan =
  /** The task was acknowledged or completed, or its escalation ended: the step is cancelled. */
  | { decision: "cancel" }
  /** The task is snoozed past now: the step is pending again at `until`, a new round. */
  | { decision: "defer"; until: number }
  /**
   * It is the person's quiet hours and the step is louder than they allow (issue 13): the step is
   * pending again at `until`, the quiet hours' end, marked as held for it, and the later steps keep
   * their spacing after it.
   */
  | { decision: "hold"; until: number; round: number; taskId: string; escalationId: string; stepIndex: number }
  | {
      decision: "send";
      /** Whose reminder it is (the owner of the link tokens the messages carry). */
      userId: string;
      /** The step's delivery round (ADR 027): the keys of a fallback added while sending, and the retry window (ADR 042). */
      round: number;
      /** When the next step is due (null on the last step): transient trouble is retried until then (ADR 042). */
      nextDueAt: number | null;
      context: ReminderContext;
      deliveries: PlannedDelivery[];
      /** Channels that fell back because this server cannot use their medium (for the log). */
      unavailable: FallbackReason[];
      /**
       * The person's catch-up after quiet hours (ADR 064) instead of the step's own channels. A step
       * with a text, call or buddy alert is pending again at `rependAt` (the person gets a calm
       * half hour to answer the catch-up first); a gentler one is replaced by it (null).
       */
      catchUp?: { heldUntil: number; rependAt: number | null };
      /** The writes after every delivery went out. */
      finish: {
        /** The task is SNOOZED with its snooze run out: it becomes PENDING (if still so then). */
        endSnooze: boolean;
        chain: ChainAdvance;
      };
    };

export interface PlanInput {
  job: StepJob;
  step: ClaimedStep;
  reach: Reachability;
  media: MediaStatus;
  now: number;
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

export function stepChannels(step: Pick<ClaimedStep, "channels">): StepChannel[] {
  return JSON.parse(step.channels) as StepChannel[];
}

/** A check-back step (issue 13) asks about an acknowledged task: that is the state it is for. */
function checkingBack(step: ClaimedStep): boolean {
  return step.escalationKind === "check_back" && step.status === "ACKNOWLEDGED";
}

function decide(step: ClaimedStep, now: number): StepPlan | null {
  const answered = step.status === "COMPLETED" || (step.status === "ACKNOWLEDGED" && !checkingBack(step));
  if (answered || !isLiveEscalationState(step.escalationState)) return { decision: "cancel" };
  if (step.status === "SNOOZED" && step.snoozedUntil !== null && step.snoozedUntil > now) return { decision: "defer", until: step.snoozedUntil };
  return null;
}

/**
 * The reads a plan needs beyond the step row: push subscriptions and buddies, only when the step
 * will send and asks for them (and, for push, when this server can push at all).
 */
export function readsNeeded(step: ClaimedStep, media: MediaStatus, now: number): { push: boolean; buddies: boolean; phone: boolean } {
  if (decide(step, now)) return { push: false, buddies: false, phone: false };
  const channels = channelsToPlan(step, restAround(step, now)?.until ?? null);
  const phone = (channels.includes("sms") && media.sms.available) || (channels.includes("voice") && media.voice.available);
  return { push: channels.includes("push") && media.push.available, buddies: channels.includes("buddies"), phone: phone && step.phoneVerified };
}

/**
 * The rest around `now` (a break, or the quiet hours) and when it ends, if the step is subject to it:
 * a task marked "remind me even during quiet hours" rings through both.
 */
function restAround(step: ClaimedStep, now: number): Rest | null {
  if (step.ignoreQuietHours) return null;
  return restUntil(quietWindowOf({ quietStart: step.quietStart ?? null, quietEnd: step.quietEnd ?? null }), step.timezone, now, step.breakUntil ?? null);
}

/** The step fires at exactly the quiet end it was held for: it is the catch-up (ADR 064). */
function catchingUp(step: ClaimedStep): step is ClaimedStep & { heldUntil: number } {
  return step.heldUntil != null && step.round === step.heldUntil;
}

/** What the step sends through, quiet hours considered: the catch-up's channels once they are over. */
function channelsToPlan(step: ClaimedStep, quietEnd: number | null): readonly StepChannel[] {
  return quietEnd === null && catchingUp(step) ? CATCH_UP_CHANNELS : stepChannels(step);
}

export function planStep({ job, step, reach, media, now }: PlanInput): StepPlan {
  const stop = decide(step, now);
  if (stop) return stop;

  const rest = restAround(step, now);
  const quietEnd = rest?.until ?? null;
  const catchUp = quietEnd === null && catchingUp(step) ? { heldUntil: step.heldUntil, rependAt: catchUpRepend(stepChannels(step), now) } : null;
  const planned = planDeliveries(channelsToPlan(step, quietEnd), reach, media).map((delivery): PlannedDelivery => {
    const plan = catchUp ? { ...delivery, kind: "catch_up" as const } : delivery;
    const key = catchUp
      ? catchUpKey({ userId: step.userId, heldUntil: catchUp.heldUntil, medium: plan.medium, recipient: plan.recipient })
      : deliveryKey({ escalationId: step.escalationId, stepIndex: step.stepIndex, round: step.round, medium: plan.medium, recipient: plan.recipient });
    const row: DeliveryRow = {
      idempotencyKey: key,
      userId: step.userId,
      taskId: step.taskId,
      escalationStepId: job.stepId,
      channel: plan.medium,
      requestedChannel: plan.requested === plan.medium ? null : plan.requested,
      recipient: plan.recipient,
      status: "pending",
      createdAt: now,
    };
    return { ...plan, key, row };
  });
  // During a break nothing goes, not even a gentle ping: the person asked for rest.
  if (quietEnd !== null && !gentleEnough(planned, (step.quietGentle ?? true) && !rest?.onBreak)) {
    return { decision: "hold", until: quietEnd, round: step.round, taskId: step.taskId, escalationId: step.escalationId, stepIndex: step.stepIndex };
  }
  const { taskId, userId, title, dueAt, recurrence, seriesId, source } = step;
  return {
    decision: "send",
    userId,
    round: step.round,
    nextDueAt: step.nextDueAt,
    context: {
      // One line again where messages are composed: rows written before titles were cleaned (ADR 043).
      task: { id: taskId, title: oneLine(title), dueAt },
      user: { name: oneLine(step.name), email: step.email, timezone: step.timezone },
      stepIndex: step.stepIndex,
      stepCount: step.lastIndex + 1,
      strategyName: isStrategyKey(step.strategyKey) ? getStrategy(step.strategyKey).name : step.strategyKey,
      ...(checkingBack(step) ? { checkBack: true } : {}),
      ...(catchUp ? { catchUp: { heldUntil: catchUp.heldUntil } } : {}),
    },
    ...(catchUp ? { catchUp } : {}),
    deliveries: planned,
    unavailable: planned.flatMap((p) => p.fallbacks.filter((f) => f.cause === "unavailable")),
    finish: {
      endSnooze: step.status === "SNOOZED",
      chain: {
        escalationId: step.escalationId,
        stepIndex: step.stepIndex,
        lastIndex: step.lastIndex,
        taskId,
        stepId: job.stepId,
        claimId: job.claimId,
        finishedState: "sent",
        now,
        paused: step.escalationState === "paused",
        series: recurrence ? { task: { id: taskId, userId, title, dueAt, strategyKey: step.taskStrategy, recurrence, seriesId, source, ignoreQuietHours: step.ignoreQuietHours ?? false, checkBackMinutes: step.checkBackMinutes ?? null }, timezone: step.timezone } : null,
      },
    },
  };
}
