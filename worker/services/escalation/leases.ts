import { sql } from "drizzle-orm";

/**
 * How long a step is held, and how often it is tried, at each stage (ADR 020, ADR 026).
 */

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

/**
 * The WHERE of escalation_steps_leased_idx (claimed or sending steps, by lease), word for word: a
 * query meant to read that partial index must say it so, with literals, or SQLite cannot use it (ADR 067).
 */
export const LEASED = sql.raw(`"state" in ('claimed', 'sending')`);
