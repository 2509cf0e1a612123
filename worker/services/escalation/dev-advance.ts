import { and, asc, eq } from "drizzle-orm";
import { escalationSteps } from "../../../db/schema";
import type { Deps } from "../deps";

/**
 * The local run's fast-forward (DEV_OUTBOX on only, POST /dev/escalation/advance): the task's next
 * step that waits for its time is made due now, so a person trying Nudge can watch the whole chain
 * (text, call, buddies) in a minute instead of an hour. The caller then runs a tick.
 */
export async function makeNextStepDueNow(deps: Pick<Deps, "db" | "clock">, taskId: string): Promise<{ stepIndex: number } | null> {
  const [next] = await deps.db
    .select({ id: escalationSteps.id, stepIndex: escalationSteps.stepIndex })
    .from(escalationSteps)
    .where(and(eq(escalationSteps.taskId, taskId), eq(escalationSteps.state, "pending")))
    .orderBy(asc(escalationSteps.dueAt))
    .limit(1);
  if (!next) return null;
  await deps.db.update(escalationSteps).set({ dueAt: deps.clock.now().getTime() }).where(and(eq(escalationSteps.id, next.id), eq(escalationSteps.state, "pending")));
  return { stepIndex: next.stepIndex };
}
