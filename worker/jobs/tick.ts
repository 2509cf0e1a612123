import { eq } from "drizzle-orm";
import { cronRuns } from "../../db/schema";
import type { Deps } from "../services/deps";
import type { Job } from "./messages";

/**
 * One cron tick. "Now" is the tick's scheduledTime, never the wall clock, so a late or replayed
 * tick decides exactly what it would have decided on time.
 */
export async function runTick(deps: Deps, scheduledTime: number, queue: Queue<Job>) {
  const cronRunId = crypto.randomUUID();
  await deps.db.insert(cronRuns).values({ id: cronRunId, scheduledAt: scheduledTime, claimed: 0 });
  await queue.send({ type: "tick.finished", cronRunId });
  console.log(
    JSON.stringify({ level: "info", event: "cron.tick", scheduledTime: new Date(scheduledTime).toISOString(), cronRunId }),
  );
  return { cronRunId, claimed: 0 };
}

export async function finishTick(deps: Deps, cronRunId: string) {
  await deps.db
    .update(cronRuns)
    .set({ finishedAt: deps.clock.now().getTime() })
    .where(eq(cronRuns.id, cronRunId));
}
