import type { Task } from "../../../db/schema";
import type { Recurrence } from "../recurrence";
import { readStoredRule } from "../series/stored-rule";

/**
 * A task as the API returns it: every field of spec 02 section 3 (id, title, dueDate, status,
 * escalationHaltedAt, lastReminderSentAt) plus strategy, recurrence, acknowledgedAt, completedAt,
 * snoozedUntil and createdAt. Instants are ISO 8601 strings in UTC, or null.
 */
export interface TaskJson {
  id: string;
  title: string;
  dueDate: string;
  /** "PENDING" | "ACKNOWLEDGED" | "SNOOZED" | "COMPLETED" */
  status: TaskStatus;
  escalationHaltedAt: string | null;
  lastReminderSentAt: string | null;
  strategy: string;
  recurrence: Recurrence | null;
  acknowledgedAt: string | null;
  completedAt: string | null;
  snoozedUntil: string | null;
  createdAt: string;
  /** When Nudge checks on an acknowledged task again (issue 13); present only while one is ahead. */
  checkBackAt?: string;
  /** When a nudge buddy was first alerted about this task (issue 11); present only once one was. */
  buddiesAlertedAt?: string;
  /** "Remind me even during quiet hours" (issue 13); present (true) only when set, so the spec's shape stays as it is. */
  ignoreQuietHours?: true;
  /** The task's own check-back after an Acknowledge (issue 13): 0 = never, N = after N minutes; absent = the sequence's. */
  checkBackMinutes?: number;
  /** Until when its texts, calls and buddy alerts wait for the person's quiet hours to end (issue 13); present only while ahead. */
  quietHeldUntil?: string;
}

export type TaskStatus = "PENDING" | "ACKNOWLEDGED" | "SNOOZED" | "COMPLETED";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The columns a task's JSON is made of: whole rows do, and so does the list's narrower read (list.ts `listColumns`). */
export type TaskJsonSource = Pick<
  Task,
  | "id"
  | "title"
  | "dueAt"
  | "status"
  | "escalationHaltedAt"
  | "lastReminderSentAt"
  | "strategyKey"
  | "recurrence"
  | "acknowledgedAt"
  | "completedAt"
  | "snoozedUntil"
  | "createdAt"
  | "checkBackAt"
  | "buddiesAlertedAt"
  | "ignoreQuietHours"
  | "checkBackMinutes"
  | "quietHeldUntil"
>;

/**
 * A snooze that has run out reads as PENDING even before the tick has resumed the escalation
 * (at most a minute later), so clients never show "snoozed until" a time in the past.
 */
export function toTaskJson(task: TaskJsonSource, now: number): TaskJson {
  const snoozeOver = task.status === "SNOOZED" && task.snoozedUntil !== null && task.snoozedUntil <= now;
  return {
    id: task.id,
    title: task.title,
    dueDate: new Date(task.dueAt).toISOString(),
    status: (snoozeOver ? "PENDING" : task.status) as TaskStatus,
    escalationHaltedAt: iso(task.escalationHaltedAt),
    lastReminderSentAt: iso(task.lastReminderSentAt),
    strategy: task.strategyKey,
    recurrence: task.recurrence ? readStoredRule(task.recurrence).rule : null,
    acknowledgedAt: iso(task.acknowledgedAt),
    completedAt: iso(task.completedAt),
    snoozedUntil: snoozeOver ? null : iso(task.snoozedUntil),
    createdAt: new Date(task.createdAt).toISOString(),
    ...(task.status === "ACKNOWLEDGED" && task.checkBackAt !== null && task.checkBackAt > now ? { checkBackAt: iso(task.checkBackAt)! } : {}),
    ...(task.buddiesAlertedAt !== null ? { buddiesAlertedAt: iso(task.buddiesAlertedAt)! } : {}),
    ...(task.ignoreQuietHours ? { ignoreQuietHours: true as const } : {}),
    ...(task.checkBackMinutes !== null ? { checkBackMinutes: task.checkBackMinutes } : {}),
    ...((task.status === "PENDING" || snoozeOver) && task.quietHeldUntil !== null && task.quietHeldUntil > now ? { quietHeldUntil: iso(task.quietHeldUntil)! } : {}),
  };
}
