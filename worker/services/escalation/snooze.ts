import { and, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { insertIfStatement, type Statement } from "../../../db/batch";
import type { Db } from "../../../db/client";
import { escalations, escalationSteps } from "../../../db/schema";
import { LIVE_ESCALATION_STATES, UNSENT_STEP_STATES } from "./states";

/**
 * A snooze's writes to a chain (ADR 022, ADR 041). The chain resumes at its CURRENT step (the first
 * unsent one, even one being sent right now: its consumer sees it is no longer its own and stops):
 * that step fires at `until` (or its own time if later), as a new round with its attempts anew
 * (new due_at, so new delivery keys, ADR 027), and the steps after it keep their spacing. With
 * nothing left to send (acknowledged, or ran out) one more ping is added at `until`.
 *
 * Which step is current, and how far the chain moves, is decided INSIDE the statements, when the
 * batch runs, never from an earlier read: the consumer's final batch (step sent, next step pending)
 * or another snooze may land between the caller's read and this write. A choice made from the read
 * put the next step back to "waiting" with nothing to ever resume it, or shifted the chain twice.
 */
export interface SnoozeChain {
  escalationId: string;
  taskId: string;
  until: number;
  now: number;
  /** The channels of the extra ping (the strategy's first step). */
  extraChannels: string[];
  /** The chain's highest step index when the caller read it (steps are added only by a snooze). */
  lastIndex: number;
  /** Holds when the snooze's own task update took (e.g. "the task is SNOOZED"). */
  snoozed: SQL;
}

const unsentList = sql.join(
  UNSENT_STEP_STATES.map((state) => sql`${state}`),
  sql`, `
);

export function snoozeChainStatements(db: Db, input: SnoozeChain): Statement[] {
  const { escalationId } = input;
  const current = sql`(select min(c.step_index) from escalation_steps as c where c.escalation_id = ${escalationId} and c.state in (${unsentList}))`;
  // The current step's own time: its round, if a provider retry moved its due_at on (ADR 042).
  const currentDue = sql`(select coalesce(c.round_at, c.due_at) from escalation_steps as c where c.escalation_id = ${escalationId} and c.step_index = ${current})`;
  // Every write below also needs the pause and the task's snooze to have taken (a done that landed
  // first leaves the chain alone).
  const paused = sql`exists (select 1 from escalations as e where e.id = ${escalationId} and e.state = 'paused') and ${input.snoozed}`;
  const unsent = [...UNSENT_STEP_STATES];
  return [
    db
      .update(escalations)
      .set({ state: "paused", endedAt: null })
      .where(
        and(
          eq(escalations.id, escalationId),
          inArray(escalations.state, [
            ...LIVE_ESCALATION_STATES,
            "acknowledged",
            "exhausted",
          ])
        )
      ),
    // The steps after the current one first, while the current one still has its old due_at.
    db
      .update(escalationSteps)
      .set({
        state: "waiting",
        dueAt: sql`${escalationSteps.dueAt} + max(0, ${input.until} - ${currentDue})`,
        leaseUntil: null,
        claimedBy: null,
      })
      .where(
        and(
          eq(escalationSteps.escalationId, escalationId),
          gt(escalationSteps.stepIndex, current),
          inArray(escalationSteps.state, unsent),
          paused
        )
      ),
    db
      .update(escalationSteps)
      .set({
        state: "pending",
        dueAt: sql`max(coalesce(${escalationSteps.roundAt}, ${escalationSteps.dueAt}), ${input.until})`,
        roundAt: null,
        // A step held for quiet hours that end after the snooze keeps its catch-up (ADR 064).
        heldUntil: sql`case when ${input.until} >= coalesce(${escalationSteps.roundAt}, ${escalationSteps.dueAt}) then null else ${escalationSteps.heldUntil} end`,
        leaseUntil: null,
        claimedBy: null,
        attempts: 0,
        lastError: null,
      })
      .where(
        and(
          eq(escalationSteps.escalationId, escalationId),
          eq(escalationSteps.stepIndex, current),
          paused
        )
      ),
    // Nothing left to send: one more reminder. Two snoozes at once add it once (same step index).
    insertIfStatement(
      db,
      escalationSteps,
      [
        {
          id: crypto.randomUUID(),
          escalationId,
          taskId: input.taskId,
          stepIndex: input.lastIndex + 1,
          channels: JSON.stringify(input.extraChannels),
          dueAt: input.until,
          state: "pending",
          createdAt: input.now,
        },
      ],
      sql`${paused} and not exists (select 1 from escalation_steps as c where c.escalation_id = ${escalationId} and c.state in (${unsentList}))`
    ),
  ];
}
