import { eq } from "drizzle-orm";
import { tasks } from "../../../db/schema";
import type { Deps } from "../deps";
import { makeNextStepDueNow } from "../escalation";
import { updateTask } from "./service";

export type DevAdvance = { stepIndex: number; madeDueNow: boolean } | null;

/**
 * The dev outbox's button (DEV_OUTBOX on only, POST /dev/escalation/advance), as a person trying Nudge
 * expects it. A reminder that is not due yet is made due now, through the same service as Edit Task
 * (its chain restarts at the new time, and a repeat keeps the new time of day, as an edit would): its first
 * step then says it was due now, and Active Reminders lists it. Sending that step early instead made the
 * messages say it "was due" at a time still ahead while Active Reminders stayed empty. A chain already
 * under way has its next step made due now.
 */
export async function advanceForTrial(deps: Deps, taskId: string): Promise<DevAdvance> {
  const [task] = await deps.db.select({ userId: tasks.userId, dueAt: tasks.dueAt, status: tasks.status }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!task) return null;
  const now = deps.clock.now().getTime();
  if (task.status === "PENDING" && task.dueAt > now) {
    await updateTask(deps, task.userId, taskId, { dueDate: new Date(now).toISOString() });
    return { stepIndex: 0, madeDueNow: true };
  }
  const advanced = await makeNextStepDueNow(deps, taskId);
  return advanced ? { ...advanced, madeDueNow: false } : null;
}
