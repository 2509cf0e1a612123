import { and, sql, type SQL } from "drizzle-orm";
import type { Statement } from "../../../db/batch";
import type { Deps } from "../deps";
import { deterministicUuid } from "../escalation/ids";
import { nextOccurrence } from "../recurrence";
import { newTaskStatements, type NewTask, type TaskSource } from "./new-task";
import { readStoredRule, storedRuleJson } from "./stored-rule";

/**
 * The next occurrence of a recurring task (ADR 023, ADR 028). It is created when an occurrence is
 * done, when it is acknowledged, and when its chain runs out unanswered (the last step sent or
 * dead), so a medication or habit series never stops because one occurrence was left open.
 *
 * Whichever comes first creates it; the others write nothing: its task id and escalation id are
 * derived from the occurrence's id and every insert is ON CONFLICT DO NOTHING. `onlyIf` ties the
 * inserts to the write that triggered them (the task really acknowledged / completed, the step
 * really finished under this claim), so a lost race or a deleted task creates nothing.
 *
 * A series has one next occurrence at a time (ADR 043): nothing is created while the series already
 * holds an occurrence due after this one. So an occurrence the user deleted stays deleted: its
 * deletion created the one after it (deleteTask), and a late answer to an older occurrence (done
 * after acknowledge, the chain running out) finds that later one and creates nothing.
 */
export type OccurrenceSource = Pick<NewTask, "userId" | "title" | "dueAt" | "strategyKey" | "recurrence" | "seriesId" | "ignoreQuietHours" | "checkBackMinutes"> & { id: string; source: string };

export function nextOccurrenceId(taskId: string): Promise<string> {
  return deterministicUuid(`${taskId}:next-occurrence`);
}

/**
 * The next due time: the first occurrence after both the task's due time and now (a late answer
 * never creates a reminder in the past), on the user's clock so 08:00 stays 08:00 across DST. An
 * occurrence left behind by a change of zone has its time of day read in the zone it was set in
 * (stored-rule.ts), so the next one keeps that time of day on the new clock.
 */
export function nextOccurrenceDueAt(task: Pick<OccurrenceSource, "dueAt" | "recurrence">, timezone: string, now: number): number | null {
  if (!task.recurrence) return null;
  const { rule, wallZone } = readStoredRule(task.recurrence);
  return nextOccurrence(rule, new Date(task.dueAt), new Date(Math.max(task.dueAt, now)), timezone, wallZone ?? timezone).getTime();
}

export async function nextOccurrenceStatements(
  deps: Pick<Deps, "db">,
  task: OccurrenceSource,
  timezone: string,
  now: number,
  onlyIf: SQL,
): Promise<Statement[]> {
  const dueAt = nextOccurrenceDueAt(task, timezone, now);
  if (dueAt === null) return [];
  const nextId = await nextOccurrenceId(task.id);
  const seriesId = task.seriesId ?? task.id;
  // The new occurrence itself is left out: the escalation's inserts run after the task's, in the same batch.
  const noLaterOccurrence = sql`not exists (select 1 from tasks as later where later.series_id = ${seriesId} and later.due_at > ${task.dueAt} and later.id <> ${nextId})`;
  return newTaskStatements(deps, {
    id: nextId,
    escalationId: await deterministicUuid(`${nextId}:escalation`),
    userId: task.userId,
    title: task.title,
    dueAt,
    strategyKey: task.strategyKey,
    // The next occurrence is set on the person's present clock: the rule alone, without a wallZone.
    recurrence: storedRuleJson(readStoredRule(task.recurrence as string).rule),
    seriesId,
    source: task.source as TaskSource,
    ignoreQuietHours: task.ignoreQuietHours ?? false,
    checkBackMinutes: task.checkBackMinutes ?? null,
    now,
    onlyIf: and(onlyIf, noLaterOccurrence),
  }).statements;
}
