import type { Deps } from "../services/deps";
import type { Job } from "./messages";
import { finishTick } from "./tick";

/** Handles one queue message. Must be idempotent: queues deliver at least once. */
export async function handleJob(deps: Deps, job: Job): Promise<void> {
  switch (job.type) {
    case "tick.finished":
      await finishTick(deps, job.cronRunId);
      return;
    case "escalation.step":
      // The escalation engine (tasks issue) delivers the step here.
      console.warn(JSON.stringify({ level: "warn", event: "escalation.step.unhandled", stepId: job.stepId }));
      return;
  }
}

/**
 * Consumes a batch: each message is acked on success and retried (with a growing delay) on failure,
 * so one bad message never holds back the others. After max_retries the queue moves it to the DLQ.
 */
export async function consumeBatch(deps: Deps, batch: MessageBatch<Job>) {
  for (const message of batch.messages) {
    try {
      await handleJob(deps, message.body);
      message.ack();
    } catch (error) {
      const delaySeconds = Math.min(300, 10 * 2 ** Math.max(0, message.attempts - 1));
      console.error(
        JSON.stringify({ level: "error", event: "queue.retry", id: message.id, attempts: message.attempts, delaySeconds, error: String(error) }),
      );
      message.retry({ delaySeconds });
    }
  }
}

/** The dead-letter queue: nothing is dropped silently; each dead message is logged loudly. */
export async function consumeDeadLetters(_deps: Deps, batch: MessageBatch<Job>) {
  for (const message of batch.messages) {
    console.error(JSON.stringify({ level: "error", event: "queue.dead_letter", id: message.id, body: message.body }));
    message.ack();
  }
}
