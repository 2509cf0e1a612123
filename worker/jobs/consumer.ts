import { eq, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { meteredD1, newMeter, type D1Meter } from "../../db/meter";
import { cronRuns } from "../../db/schema";
import { deliverSteps, markStepDead, type StepOutcome } from "../services/escalation";
import type { Deps } from "../services/deps";
import type { Job } from "../queue-payloads";

/** Retry delay after the n-th failed attempt: 10 s, 20 s, 40 s, 80 s, 160 s, then 300 s. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));
}

interface Tally {
  handled: number;
  sent: number;
  meter: D1Meter;
}

/**
 * Consumes a batch: the steps are delivered together (deliver-batch.ts: the batch's D1 work in a few
 * shared statements), then each message is acked on success and retried (with a growing delay) on
 * failure, so one bad message never holds back the others. After max_retries the queue moves it to
 * the DLQ. What D1 cost is added to the cron_runs rows of the ticks that claimed the steps.
 */
export async function consumeBatch(deps: Deps, batch: MessageBatch<Job>): Promise<void> {
  const meter = newMeter();
  const own: Deps = { ...deps, meter, db: createDb(meteredD1(deps.env.DB, meter)) };
  const results = await deliverSteps(
    own,
    batch.messages.map((message) => message.body),
  );
  const tallies = new Map<string, Tally>();
  const outcomes: Record<string, number> = {};
  batch.messages.forEach((message, i) => {
    const result = results[i]!;
    const outcome: StepOutcome | "retry" = "outcome" in result ? result.outcome : "retry";
    if ("outcome" in result) message.ack();
    else {
      const delaySeconds = retryDelaySeconds(message.attempts);
      console.error(
        JSON.stringify({ level: "error", event: "queue.retry", id: message.id, body: message.body, attempts: message.attempts, delaySeconds, error: String(result.error) }),
      );
      message.retry({ delaySeconds });
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    const tally = tallies.get(message.body.claimId) ?? { handled: 0, sent: 0, meter: newMeter() };
    tally.handled += 1;
    if (outcome === "sent") tally.sent += 1;
    tallies.set(message.body.claimId, tally);
  });
  // The batch's statements are shared: each tick's share is in proportion to its messages.
  for (const tally of tallies.values()) addMeter(tally.meter, meter, tally.handled / batch.messages.length);
  addMeter(deps.meter, meter);
  await recordConsumerCost(deps, tallies);
  console.log(
    JSON.stringify({
      level: "info",
      event: "queue.batch",
      queue: batch.queue,
      messages: batch.messages.length,
      outcomes,
      d1: { queries: deps.meter.queries, rowsRead: deps.meter.rowsRead, rowsWritten: deps.meter.rowsWritten },
    }),
  );
}

/** Deliveries of one dead-letter message before it is given up (acked and logged); below the DLQ consumer's max_retries. */
export const DEAD_LETTER_ATTEMPTS = 3;

/**
 * The dead-letter queue: a step that used up its retries is marked dead (with its deliveries) and
 * the chain moves on; each one is logged loudly. This consumer never throws: the DLQ has no DLQ of
 * its own, so a message that keeps failing here (D1 down) is retried a few times, then logged at
 * error level with its body and acked. Nothing is lost by that: the step is still claimed, so once
 * its lease runs out the tick claims it again, or buries it after MAX_STEP_ATTEMPTS (ADR 026).
 */
export async function consumeDeadLetters(deps: Deps, batch: MessageBatch<Job>): Promise<void> {
  for (const message of batch.messages) {
    try {
      const result = await markStepDead(deps, message.body);
      console.error(JSON.stringify({ level: "error", event: "queue.dead_letter", id: message.id, body: message.body, result }));
      message.ack();
    } catch (error) {
      const line = { level: "error", id: message.id, body: message.body, attempts: message.attempts, error: String(error) };
      if (message.attempts < DEAD_LETTER_ATTEMPTS) {
        console.error(JSON.stringify({ ...line, event: "queue.dead_letter.failed" }));
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      } else {
        console.error(JSON.stringify({ ...line, event: "queue.dead_letter.dropped", note: "The step stays claimed; the tick takes it again (or buries it) when its lease runs out." }));
        message.ack();
      }
    }
  }
}

/** One UPDATE per tick seen in the batch (usually one): the consumer's share of that tick's cost. */
async function recordConsumerCost(deps: Deps, tallies: Map<string, Tally>) {
  for (const [claimId, tally] of tallies) {
    try {
      await deps.db
        .update(cronRuns)
        .set({
          stepsHandled: sql`${cronRuns.stepsHandled} + ${tally.handled}`,
          stepsSent: sql`${cronRuns.stepsSent} + ${tally.sent}`,
          consumerQueries: sql`${cronRuns.consumerQueries} + ${tally.meter.queries}`,
          consumerRowsRead: sql`${cronRuns.consumerRowsRead} + ${tally.meter.rowsRead}`,
          consumerRowsWritten: sql`${cronRuns.consumerRowsWritten} + ${tally.meter.rowsWritten}`,
        })
        .where(eq(cronRuns.id, claimId));
    } catch (error) {
      // Bookkeeping only: never fail (and so re-deliver) a batch because of it.
      console.warn(JSON.stringify({ level: "warn", event: "queue.meter_failed", claimId, error: String(error) }));
    }
  }
}

function addMeter(into: D1Meter, from: D1Meter, share = 1) {
  into.queries += Math.round(from.queries * share);
  into.durationMs += from.durationMs * share;
  into.rowsRead += Math.round(from.rowsRead * share);
  into.rowsWritten += Math.round(from.rowsWritten * share);
}
