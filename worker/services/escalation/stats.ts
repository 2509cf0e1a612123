import { sql } from "drizzle-orm";
import type { Deps } from "../deps";

/**
 * Engine counters for development and the escalation benchmark (GET /dev/escalation.json, only
 * while DEV_OUTBOX is on): first steps by state, deliveries by status, and the D1 cost the ticks
 * and the queue consumer recorded in cron_runs (deps.meter, rows read/written as D1 reports them).
 */
export interface EscalationStats {
  firstSteps: Record<string, number>;
  firstStepLastSentAt: number | null;
  deliveries: Record<string, number>;
  ticks: {
    runs: number;
    firstScheduledAt: number | null;
    claimed: number;
    stepsHandled: number;
    stepsSent: number;
    tick: { queries: number; rowsRead: number; rowsWritten: number };
    consumer: { queries: number; rowsRead: number; rowsWritten: number };
  };
}

export async function escalationStats(deps: Pick<Deps, "db">): Promise<EscalationStats> {
  const [steps, lastSent, deliveries, runs] = await deps.db.batch([
    deps.db.all<{ state: string; n: number }>(sql`select state, count(*) as n from escalation_steps where step_index = 0 group by state`),
    deps.db.all<{ at: number | null }>(sql`select max(sent_at) as at from escalation_steps where step_index = 0`),
    deps.db.all<{ status: string; n: number }>(sql`select status, count(*) as n from deliveries group by status`),
    deps.db.all<Record<string, number | null>>(sql`select count(*) as runs, min(scheduled_at) as first_at, coalesce(sum(claimed), 0) as claimed,
      coalesce(sum(steps_handled), 0) as handled, coalesce(sum(steps_sent), 0) as sent,
      coalesce(sum(queries), 0) as tq, coalesce(sum(rows_read), 0) as tr, coalesce(sum(rows_written), 0) as tw,
      coalesce(sum(consumer_queries), 0) as cq, coalesce(sum(consumer_rows_read), 0) as cr, coalesce(sum(consumer_rows_written), 0) as cw
      from cron_runs`),
  ]);
  const r = runs[0] ?? {};
  const n = (key: string) => Number(r[key] ?? 0);
  return {
    firstSteps: Object.fromEntries(steps.map((s) => [s.state, Number(s.n)])),
    firstStepLastSentAt: lastSent[0]?.at ?? null,
    deliveries: Object.fromEntries(deliveries.map((d) => [d.status, Number(d.n)])),
    ticks: {
      runs: n("runs"),
      firstScheduledAt: r.first_at ?? null,
      claimed: n("claimed"),
      stepsHandled: n("handled"),
      stepsSent: n("sent"),
      tick: { queries: n("tq"), rowsRead: n("tr"), rowsWritten: n("tw") },
      consumer: { queries: n("cq"), rowsRead: n("cr"), rowsWritten: n("cw") },
    },
  };
}
