import { and, eq, sql, type SQL } from "drizzle-orm";
import { insertManyStatement, type Statement } from "../../../db/batch";
import { deliveries, escalations, escalationSteps, linkTokens, pushSubscriptions, tasks, users } from "../../../db/schema";
import type { StepJob } from "../../queue-payloads";
import type { Deps } from "../deps";
import { SENDING_LEASE_MS } from "./leases";
import { newestSentOr } from "./delivery-sql";
import type { LinkTokenRow } from "./links";
import { stepColumns, takeStatement } from "./step-read";

/**
 * The statements a queue batch of steps shares (deliver-batch.ts): each does for every step of the
 * batch what run-plan.ts's per-step statements do for one, in ONE statement with the batch's data as
 * ONE JSON parameter (D1 allows 100 bound parameters per statement). Every write keeps the per-step
 * guard: "still sending under this message's claim" (step-read.ts `stillMine`).
 * The state and lease columns are compared with a unary "+" so the planner looks the steps up by
 * id: the JSON list's size is unknown to it, and on the (state, lease) index it read every step in
 * that state (42,855 rows per step in the engine test's batch of 130).
 */

/**
 * "These steps, each under its message's claim", grouped by claim (a batch usually carries one
 * tick's claim): per claim, the ids as one JSON list and the claim itself. A correlated lookup of
 * each step's claim in the JSON instead would read the whole list once per step (D1 counts those
 * reads: 130 x 130 in a batch of 130).
 */
function stepsUnderClaims(jobs: readonly StepJob[]): SQL {
  const byClaim = new Map<string, string[]>();
  for (const job of jobs) byClaim.set(job.claimId, [...(byClaim.get(job.claimId) ?? []), job.stepId]);
  const groups = [...byClaim].map(
    ([claimId, ids]) => sql`(${escalationSteps.id} in (select value from json_each(${JSON.stringify(ids)})) and ${escalationSteps.claimedBy} = ${claimId})`,
  );
  return sql`(${sql.join(groups, sql` or `)})`;
}

/** "Each of these steps is still sending under its message's claim": the guard of the batch's writes. */
export function stillMineAll(jobs: readonly StepJob[]): SQL {
  return sql`${and(stepsUnderClaims(jobs), sql`+${escalationSteps.state} = 'sending'`)}`;
}

/**
 * The take of every step (step-read.ts `takeStatement`, compare-and-set per step), returning the ids
 * taken, and the taken steps' rows read after it in the same batch.
 */
export function takeAndReadStatements(deps: Pick<Deps, "db">, jobs: readonly StepJob[], now: number) {
  const { db } = deps;
  const s = escalationSteps;
  const take = takeStatement(db, stepsUnderClaims(jobs), now);
  const read = db
    .select({ ...stepColumns(), stepId: s.id })
    .from(s)
    .innerJoin(tasks, eq(tasks.id, s.taskId))
    .innerJoin(escalations, eq(escalations.id, s.escalationId))
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(sql`${s.id} in (select value from json_each(${JSON.stringify(jobs.map((job) => job.stepId))}))`);
  return { take, read };
}

/** The push subscriptions of these people, in one read (step-read.ts reads one person's). */
export function pushEndpointsStatement(deps: Pick<Deps, "db">, userIds: readonly string[]) {
  return deps.db
    .select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(sql`${pushSubscriptions.userId} in (select value from json_each(${JSON.stringify([...new Set(userIds)])}))`);
}

/** Which of the steps are still ours (a read: the take set their lease moments ago). */
export function stillOursStatement(deps: Pick<Deps, "db">, jobs: readonly StepJob[]) {
  return deps.db.select({ id: escalationSteps.id }).from(escalationSteps).where(stillMineAll(jobs));
}

/** Stretches the "sending" lease of the steps still ours, and says which they are. */
export function stretchLeasesStatement(deps: Pick<Deps, "db" | "clock">, jobs: readonly StepJob[]) {
  return deps.db
    .update(escalationSteps)
    .set({ leaseUntil: deps.clock.now().getTime() + SENDING_LEASE_MS })
    .where(stillMineAll(jobs))
    .returning({ id: escalationSteps.id });
}

/** Every link token and delivery row of the batch, before any send (ON CONFLICT DO NOTHING). */
export function preSendWrites(deps: Pick<Deps, "db">, tokens: LinkTokenRow[], rows: Array<typeof deliveries.$inferInsert>): Statement[] {
  return [...(tokens.length > 0 ? [insertManyStatement(deps.db, linkTokens, tokens)] : []), ...(rows.length > 0 ? [insertManyStatement(deps.db, deliveries, rows)] : [])];
}

/** A send's record: its key, the provider's id for it, when it went. */
export interface SentRecord {
  key: string;
  providerMessageId: string;
  at: number;
}

/**
 * Many sends recorded as "sent" in one statement (run-plan.ts `markSentStatement`, per row): an
 * UPDATE ... FROM the JSON list, so each record finds its row by the unique key.
 */
export function recordSentStatement(deps: Pick<Deps, "db">, records: readonly SentRecord[]) {
  const data = JSON.stringify(records.map((r) => [r.key, r.providerMessageId, r.at]));
  return deps.db
    .update(deliveries)
    .set({ status: "sent", providerMessageId: sql`json_extract(j.value, '$[1]')`, sentAt: sql`json_extract(j.value, '$[2]')`, error: null, attempts: sql`${deliveries.attempts} + 1` })
    .from(sql`json_each(${data}) as j`)
    .where(and(sql`${deliveries.id} = json_extract(j.value, '$[0]')`, sql`${deliveries.status} <> 'sent'`));
}

/**
 * The tasks' lastReminderSentAt (run-plan.ts `finishStatements`, per task): the newest of its sent
 * deliveries among this batch's keys for it, never moving back (a retry that found everything
 * already sent leaves it as it was). By key, as a primary-key lookup per delivery: deliveries have
 * no task index (ADR 069).
 */
export function lastReminderStatement(deps: Pick<Deps, "db">, sent: readonly { taskId: string; keys: readonly string[] }[]) {
  const keysByTask = new Map<string, string[]>();
  for (const { taskId, keys } of sent) keysByTask.set(taskId, [...(keysByTask.get(taskId) ?? []), ...keys]);
  const data = JSON.stringify([...keysByTask]);
  return deps.db
    .update(tasks)
    .set({ lastReminderSentAt: newestSentOr(sql`(select value from json_each(json_extract(j.value, '$[1]')))`, sql`${tasks.lastReminderSentAt}`) })
    .from(sql`json_each(${data}) as j`)
    .where(sql`${tasks.id} = json_extract(j.value, '$[0]')`);
}

/** The steps sent, where still ours. */
export function stepsSentStatement(deps: Pick<Deps, "db">, jobs: readonly StepJob[], now: number) {
  return deps.db.update(escalationSteps).set({ state: "sent", sentAt: now, leaseUntil: null, lastError: null }).where(stillMineAll(jobs));
}

/** A finished step whose chain goes on: its escalation, the next index, and the claim it finished under. */
export interface NextStep {
  escalationId: string;
  nextIndex: number;
  stepId: string;
  claimId: string;
}

/**
 * The next step of each chain becomes pending (chain.ts `nextStepPendingStatement`), only where the
 * step before it really is "sent" under this batch's claim.
 */
export function nextStepsPendingStatement(deps: Pick<Deps, "db">, next: readonly NextStep[]) {
  const data = JSON.stringify(next.map((n) => [n.escalationId, n.nextIndex, n.stepId, n.claimId]));
  return deps.db
    .update(escalationSteps)
    .set({ state: "pending" })
    .from(sql`json_each(${data}) as j`)
    .where(
      and(
        sql`${escalationSteps.escalationId} = json_extract(j.value, '$[0]') and ${escalationSteps.stepIndex} = json_extract(j.value, '$[1]')`,
        sql`+${escalationSteps.state} = 'waiting'`,
        sql`exists (select 1 from escalation_steps as cur where cur.id = json_extract(j.value, '$[2]') and +cur.state = 'sent' and cur.claimed_by = json_extract(j.value, '$[3]'))`,
      ),
    );
}
