import { and, eq, sql } from "drizzle-orm";
import type { Statement } from "../../../db/batch";
import { deliveries } from "../../../db/schema";
import type { Failure } from "../../channels/errors";
import type { Deps } from "../deps";
import { deliveryKey, type PlannedDelivery, type StepPlan } from "./plan";

/**
 * What a failed send means for its delivery (ADR 042):
 * - permanent (the provider refused it for good): the row becomes "refused" with the reason and is
 *   never tried again; the step goes on. A non-email reminder falls back to ONE email to the user,
 *   saying why (`refusalFallback`); a refused email has nothing to fall back to and is logged loudly;
 * - transient: the row stays "failed" with the error and its tries counted; the step is rescheduled;
 * - unknown (not a provider's verdict): as before, "failed" and the queue's retry.
 */

type SendPlan = Extract<StepPlan, { decision: "send" }>;

export interface FailedSend {
  delivery: PlannedDelivery;
  failure: Failure;
}

/** Where a delivery was refused, the email that goes instead, or null (email, a buddy's alert, or the step already emails the user). */
export function refusalFallback(plan: SendPlan, delivery: PlannedDelivery, reason: string, now: number): PlannedDelivery | null {
  if (delivery.medium === "email" || delivery.kind !== "reminder" || delivery.requested === "email" || delivery.requested === "buddies") return null;
  const recipient = plan.context.user.email;
  const { escalationId, stepIndex } = plan.finish.chain;
  const key = deliveryKey({ escalationId, stepIndex, round: plan.round, medium: "email", recipient });
  // The step's own email to the user (asked for, or another fallback) already goes: nothing more.
  if (plan.deliveries.some((d) => d.key === key)) return null;
  return {
    medium: "email",
    recipient,
    requested: delivery.requested,
    kind: "reminder",
    fallbacks: [{ channel: delivery.requested, cause: "refused", reason }],
    key,
    row: { ...delivery.row, idempotencyKey: key, channel: "email", requestedChannel: delivery.requested, recipient, status: "pending", createdAt: now },
  };
}

/** The rows of failed sends: refused for good, or failed with the tries counted. */
export function failedRowStatements(deps: Pick<Deps, "db">, failed: readonly FailedSend[]): Statement[] {
  return failed.map(({ delivery, failure }) =>
    deps.db
      .update(deliveries)
      .set({ status: failure.kind === "permanent" ? "refused" : "failed", error: failure.reason, attempts: sql`${deliveries.attempts} + 1` })
      .where(and(eq(deliveries.id, delivery.key), sql`${deliveries.status} <> 'sent'`)),
  );
}

/** Every permanent failure at error level: someone should look (a bad address, a bad key). */
export function logRefusals(plan: SendPlan, failed: readonly FailedSend[], fallbackKeys: ReadonlySet<string>) {
  for (const { delivery, failure } of failed) {
    if (failure.kind !== "permanent") continue;
    console.error(
      JSON.stringify({
        level: "error",
        event: "delivery.permanent_failure",
        taskId: plan.finish.chain.taskId,
        stepIndex: plan.finish.chain.stepIndex,
        medium: delivery.medium,
        key: delivery.key,
        reason: failure.reason,
        fallback: fallbackKeys.has(delivery.key) ? "email" : "none",
      }),
    );
  }
}

/** "email:ana@example.com: Resend is having trouble (503): ..." for the step's last_error. */
export function failureSummary(failed: readonly FailedSend[]): string {
  return failed.map((f) => `${f.delivery.medium}:${f.delivery.recipient}: ${f.failure.reason}`).join("; ");
}
