import { and, asc, eq, sql } from "drizzle-orm";
import { escalationSteps, tasks, users } from "../../../db/schema";
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

export interface WaitingChain {
  taskId: string;
  title: string;
  ownerEmail: string;
  stepIndex: number;
  channels: string[];
  dueAt: string;
  /** The task itself is not due yet: the button makes it due now (services/tasks/dev-advance.ts). */
  notDueYet: boolean;
}

/**
 * The chains the outbox page offers to fast-forward: each task's next step that waits for its time
 * (one row per task, soonest first, at most `limit`); with `ownerEmail`, only that person's chains, so
 * a chain can be found however many others wait. DEV_OUTBOX only, like the advance itself.
 */
export async function listWaitingChains(deps: Pick<Deps, "db" | "clock">, options: { ownerEmail?: string; limit?: number } = {}): Promise<WaitingChain[]> {
  const limit = options.limit ?? 10;
  const now = deps.clock.now().getTime();
  const rows = await deps.db
    .select({
      taskId: escalationSteps.taskId,
      title: tasks.title,
      ownerEmail: users.email,
      stepIndex: escalationSteps.stepIndex,
      channels: escalationSteps.channels,
      dueAt: escalationSteps.dueAt,
      // Aliased: the steps have a due_at and a status too, and D1 gives the joined row's columns by name,
      // so unaliased the task's values came back in the wrong fields.
      taskDueAt: sql<number>`${tasks.dueAt}`.as("task_due_at"),
      taskStatus: sql<string>`${tasks.status}`.as("task_status"),
    })
    .from(escalationSteps)
    .innerJoin(tasks, eq(tasks.id, escalationSteps.taskId))
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(and(eq(escalationSteps.state, "pending"), options.ownerEmail ? eq(users.email, options.ownerEmail) : undefined))
    .orderBy(asc(escalationSteps.dueAt))
    .limit(limit * 4);
  const seen = new Set<string>();
  const chains: WaitingChain[] = [];
  for (const row of rows) {
    if (seen.has(row.taskId) || chains.length >= limit) continue;
    seen.add(row.taskId);
    const { taskDueAt, taskStatus, ...chain } = row;
    chains.push({ ...chain, channels: JSON.parse(row.channels) as string[], dueAt: new Date(row.dueAt).toISOString(), notDueYet: taskStatus === "PENDING" && taskDueAt > now });
  }
  return chains;
}
