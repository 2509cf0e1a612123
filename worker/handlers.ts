import type { Env } from "./env";
import { consumeBatch, consumeDeadLetters } from "./jobs/consumer";
import type { Job } from "./jobs/messages";
import { runTick } from "./jobs/tick";
import { createDeps } from "./services/deps";

export const DEAD_LETTER_QUEUE = "nudge-escalation-dlq";

/** The cron trigger: one tick, with the tick's own scheduledTime as "now". */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  await runTick(createDeps(env), controller.scheduledTime, env.ESCALATION_QUEUE);
}

/** The escalation queue and its dead-letter queue share one consumer entry. */
export async function queue(batch: MessageBatch<Job>, env: Env): Promise<void> {
  const deps = createDeps(env);
  if (batch.queue === DEAD_LETTER_QUEUE) await consumeDeadLetters(deps, batch);
  else await consumeBatch(deps, batch);
}
