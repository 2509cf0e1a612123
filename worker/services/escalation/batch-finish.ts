import { runBatch, type Statement } from "../../../db/batch";
import type { Deps } from "../deps";
import { lastReminderStatement, nextStepsPendingStatement, stepsSentStatement, type NextStep } from "./batch-sql";
import { handBack, triedBefore, type BatchResult, type SendPlan, type Sending } from "./batch-step";
import { advanceChainStatements } from "./chain";
import { concludeSend, finishedCleanly, supersededRowsStatement } from "./run-plan";
import { stillMine } from "./step-read";

/**
 * The steps whose sends all went and that need nothing of their own finish in one batch; the others
 * conclude on their own (failures, refusals, catch-ups, buddy alerts, run-out snoozes).
 */
export async function concludeBatch(deps: Deps, live: Sending[], results: BatchResult[], now: number) {
  const shared = live.filter((s) => finishedCleanly(s.send!) && finishesPlainly(s.plan));
  const own = live.filter((s) => !shared.includes(s));
  await Promise.all(
    own.map(async (s) => {
      try {
        results[s.index] = { outcome: await concludeSend(s.send!) };
      } catch (error) {
        results[s.index] = { error: await handBack(deps, s.job, error) };
      }
    }),
  );
  if (shared.length === 0) return;
  try {
    await runBatch(deps.db, await finishTogether(deps, shared, now));
    for (const s of shared) results[s.index] = { outcome: "sent" };
  } catch (error) {
    await Promise.all(shared.map(async (s) => (results[s.index] = { error: await handBack(deps, s.job, error) })));
  }
}

/** A plain reminder step: no catch-up, no buddy alert, no snooze to end (their final writes are their own). */
function finishesPlainly(plan: SendPlan): boolean {
  return !plan.catchUp && !plan.finish.endSnooze && plan.deliveries.every((d) => d.kind === "reminder");
}

/**
 * The final batch of the plain steps, each write guarded per step as in run-plan.ts `finishStatements`:
 * rows an earlier try planned otherwise closed (only a step tried before in this round can have
 * them), the tasks' lastReminderSentAt, the steps sent, the next steps pending; a chain's end or a
 * paused escalation goes through chain.ts per step.
 */
async function finishTogether(deps: Deps, shared: Sending[], now: number): Promise<Statement[]> {
  const jobs = shared.map((s) => s.job);
  const retried = shared.filter((s) => triedBefore(s.step));
  const next: NextStep[] = [];
  const ownAdvance: Statement[] = [];
  for (const s of shared) {
    const chain = s.plan.finish.chain;
    if (chain.stepIndex < chain.lastIndex && chain.paused === false) next.push({ escalationId: chain.escalationId, nextIndex: chain.stepIndex + 1, stepId: chain.stepId, claimId: chain.claimId });
    else ownAdvance.push(...(await advanceChainStatements(deps, chain)));
  }
  return [
    ...retried.map((s) => supersededRowsStatement(deps, s.plan, stillMine(s.job), s.prepared.map((p) => p.delivery.key))),
    lastReminderStatement(
      deps,
      shared.map((s) => ({ taskId: s.plan.finish.chain.taskId, keys: s.plan.deliveries.map((d) => d.key) })),
    ),
    stepsSentStatement(deps, jobs, now),
    ...(next.length > 0 ? [nextStepsPendingStatement(deps, next)] : []),
    ...ownAdvance,
  ];
}
