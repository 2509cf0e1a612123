import type { D1Meter } from "../../db/meter";
import type { Env } from "../env";

/**
 * What one cron invocation may spend (issue 7 item 5, ADR 044). Workers count every D1 query and
 * every Queue `sendBatch` as a subrequest: 1,000 per invocation on the paid plan, 50 on the free
 * one. A tick that runs out mid-way throws "Too many API requests by single Worker invocation" and
 * stops wherever it was. So the tick keeps its own count (the D1 meter's queries plus its own
 * sendBatch calls), plans each claim chunk's full cost before making it, and always keeps enough
 * for what must come last (the run's record, the hourly clean-up). Steps it leaves are due and
 * pending: the next minute's tick takes them first.
 */

/** The default budget: the paid plan's 1,000 minus headroom for what the platform counts that we do not see. */
export const DEFAULT_TICK_CALL_BUDGET = 900;

/** Kept back for the end of every tick: the cron_runs update, and the retention sweep's statements on its minute. */
export const TICK_RESERVE = 12;

/**
 * Steps claimed but not yet taken by a consumer (their messages are still in the queue). Above this,
 * the tick claims nothing new: a queue that is this far behind gains nothing from more messages,
 * and a lease that runs out while its message waits would be claimed again and queued twice (lease
 * churn). The claims already made keep their leases; the expired pass still rescues lost messages.
 */
export const MAX_IN_FLIGHT = 20_000;

export interface TickBudget {
  readonly limit: number;
  /** Calls made so far in this invocation. */
  used(): number;
  /** Can `calls` more be made and still leave the reserve? */
  allows(calls: number): boolean;
  /** A sendBatch call (D1 queries are counted by the meter). */
  countSend(): void;
}

export function tickBudget(env: Pick<Env, "TICK_CALL_BUDGET">, meter: D1Meter): TickBudget {
  const configured = Number(env.TICK_CALL_BUDGET);
  const limit = Number.isInteger(configured) && configured >= 20 ? configured : DEFAULT_TICK_CALL_BUDGET;
  let sends = 0;
  const used = () => meter.queries + sends;
  return {
    limit,
    used,
    allows: (calls) => used() + calls + TICK_RESERVE <= limit,
    countSend: () => {
      sends += 1;
    },
  };
}
