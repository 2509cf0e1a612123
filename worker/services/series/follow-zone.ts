import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Statement } from "../../../db/batch";
import { escalations, escalationSteps, tasks } from "../../../db/schema";
import type { Deps } from "../deps";
import { LIVE_ESCALATION_STATES } from "../escalation/states";
import { nextOccurrence } from "../recurrence";
import { readStoredRule, storedRuleJson } from "./stored-rule";

/**
 * When a person's time zone changes, their repeating reminders keep their time of day on the new
 * clock: "take pills every day at 9", set in New York, reminds at 9 in Paris after the move, as the
 * settings page says ("Reminders now follow Europe/Paris time"). Without this the series kept the
 * New York instant and reminded at 15:00 every day. One-off reminders keep their moment: an
 * appointment does not move because its owner travelled.
 *
 * - An occurrence not yet due (PENDING, due in the future) moves to the same date and time of day on
 *   the new clock; if that moment has already passed (a move east), to the rule's next one after now.
 *   Its unsent steps and its escalation's start move by the same amount, as a snooze moves them.
 * - An occurrence already due (reminding, snoozed, acknowledged) keeps its moment, and its rule
 *   remembers the zone its time of day was set in (`wallZone`, stored-rule.ts), so the occurrence
 *   after it lands on that time of day on the new clock.
 *
 * The writes are four statements whatever the number of series (the changes travel as one JSON list),
 * and each holds only where the task is still as it was read: an answer that lands in between wins.
 */
export interface OpenRecurring {
  id: string;
  dueAt: number;
  status: string;
  recurrence: string | null;
}

/**
 * The person's open repeating occurrences. "Open" as the list index's second key (is_completed = 0),
 * so the read walks the open part of tasks_user_list_idx and never the done history.
 */
export function openRecurringQuery(deps: Pick<Deps, "db">, userId: string) {
  return deps.db
    .select({ id: tasks.id, dueAt: tasks.dueAt, status: tasks.status, recurrence: tasks.recurrence })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.isCompleted, 0), isNotNull(tasks.recurrence)));
}

/** [task id, due before, due after, stored rule] */
type Move = [string, number, number, string];
/** [task id, stored rule before, stored rule after] */
type Stamp = [string, string, string];

/** The writes that keep `open`'s times of day when the zone changes from `from` to `to`. */
export function followZoneStatements(deps: Pick<Deps, "db">, open: readonly OpenRecurring[], from: string, to: string, now: number): Statement[] {
  if (from === to) return [];
  const moves: Move[] = [];
  const stamps: Stamp[] = [];
  for (const task of open) {
    if (!task.recurrence) continue;
    const { rule, wallZone } = readStoredRule(task.recurrence);
    const setIn = wallZone ?? from;
    if (task.status === "PENDING" && task.dueAt > now) {
      const sameTimeOfDay = DateTime.fromMillis(task.dueAt, { zone: setIn }).setZone(to, { keepLocalTime: true }).toMillis();
      const dueAt = sameTimeOfDay > now ? sameTimeOfDay : nextOccurrence(rule, new Date(task.dueAt), new Date(now), to, setIn).getTime();
      const stored = storedRuleJson(rule);
      if (dueAt !== task.dueAt || stored !== task.recurrence) moves.push([task.id, task.dueAt, dueAt, stored]);
    } else if (!wallZone) {
      stamps.push([task.id, task.recurrence, storedRuleJson(rule, from)]);
    }
  }
  return [...moveStatements(deps, moves, now), ...stampStatements(deps, stamps, now)];
}

const field = (index: number) => sql.raw(`json_extract(j.value, '$[${index}]')`);

function moveStatements(deps: Pick<Deps, "db">, moves: readonly Move[], now: number): Statement[] {
  if (moves.length === 0) return [];
  const list = sql`json_each(${JSON.stringify(moves)}) as j`;
  const [id, before, after, stored] = [field(0), field(1), field(2), field(3)];
  // The task moved (this batch's first write took): the chain's writes below hold only then.
  const moved = sql`exists (select 1 from tasks as t where t.id = ${id} and t.due_at = ${after} and t.status = 'PENDING')`;
  return [
    deps.db
      .update(tasks)
      .set({ dueAt: sql`${after}`, recurrence: sql`${stored}`, updatedAt: now })
      .from(list)
      .where(and(sql`${tasks.id} = ${id}`, eq(tasks.status, "PENDING"), sql`${tasks.dueAt} = ${before}`)),
    // No step of a chain not yet due has been sent or claimed: every one of them moves.
    deps.db
      .update(escalationSteps)
      .set({ dueAt: sql`${escalationSteps.dueAt} + (${after} - ${before})` })
      .from(list)
      .where(and(sql`${escalationSteps.taskId} = ${id}`, inArray(escalationSteps.state, ["pending", "waiting"]), moved)),
    deps.db
      .update(escalations)
      .set({ startedAt: sql`${escalations.startedAt} + (${after} - ${before})` })
      .from(list)
      .where(and(sql`${escalations.taskId} = ${id}`, inArray(escalations.state, [...LIVE_ESCALATION_STATES]), moved)),
  ];
}

function stampStatements(deps: Pick<Deps, "db">, stamps: readonly Stamp[], now: number): Statement[] {
  if (stamps.length === 0) return [];
  const [id, before, after] = [field(0), field(1), field(2)];
  return [
    deps.db
      .update(tasks)
      .set({ recurrence: sql`${after}`, updatedAt: now })
      .from(sql`json_each(${JSON.stringify(stamps)}) as j`)
      .where(and(sql`${tasks.id} = ${id}`, ne(tasks.status, "COMPLETED"), sql`${tasks.recurrence} = ${before}`)),
  ];
}
