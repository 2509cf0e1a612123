import type { Env } from "./env";
import { consumeBatch, consumeDeadLetters } from "./jobs/consumer";
import type { Job } from "./queue-payloads";
import { runTick } from "./jobs/tick";
import { createDeps, type Deps } from "./services/deps";
import { handleInboundEmail } from "./services/inbound-email";

export const DEAD_LETTER_QUEUE = "nudge-escalation-dlq";

/**
 * The cron trigger: one tick, with the tick's own scheduledTime as "now". Tests may pass their own
 * deps (a fixed clock); the Worker entry passes none.
 */
export async function scheduled(controller: ScheduledController, env: Env, deps: Deps = createDeps(env)): Promise<void> {
  await runTick(deps, controller.scheduledTime, env.ESCALATION_QUEUE);
}

/** The escalation queue and its dead-letter queue share one consumer entry. */
export async function queue(batch: MessageBatch<Job>, env: Env, deps: Deps = createDeps(env)): Promise<void> {
  if (batch.queue === DEAD_LETTER_QUEUE) await consumeDeadLetters(deps, batch);
  else await consumeBatch(deps, batch);
}

/**
 * Mail to the assistant address (Cloudflare Email Routing -> this Worker, issue 12). The service
 * decides; a refusal is an SMTP rejection with its sentence (the sender's server tells them).
 */
export async function email(message: ForwardableEmailMessage, env: Env, deps: Deps = createDeps(env)): Promise<void> {
  const raw = await new Response(message.raw).arrayBuffer();
  const outcome = await handleInboundEmail(deps, raw, message.rawSize);
  if (outcome.kind === "rejected") message.setReject(outcome.reason);
}
