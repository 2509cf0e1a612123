import { and, desc, eq, gt, isNotNull } from "drizzle-orm";
import { deliveries, tasks } from "../../../db/schema";
import type { Deps } from "../deps";
import { listActiveReminders, mostUrgentReminder } from "./active-reminders";
import { listOrder, openInListOrder } from "./list";
import { toTaskJson, type TaskJson } from "./serialize";

/**
 * Which reminder a typed answer without a thread is for ("DONE" by text, "done" in the Telegram chat,
 * "done" in a reply to a reminder email):
 * the one whose reminder reached the person last on that medium, while it still waits for an answer or
 * is acknowledged and not done (a check-back asks about it), otherwise the one waiting longest.
 * Each message says "Reply DONE" about its own reminder, so with two reminders out the answer belongs
 * to the last one sent; answering the older one instead could mark pills taken that were not. Null
 * when nothing waits. With `named` (a mail whose subject names its reminder), that one while it is open, else
 * none: never another (ADR 105).
 */
export async function reminderToAnswer(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  medium: "sms" | "telegram" | "email",
  /** The title the answer names, when its medium carries one (an email reply's "Re: Reminder: <title>"). */
  named?: string | null,
): Promise<TaskJson | null> {
  return (await answerTarget(deps, userId, medium, named)).task;
}

/**
 * The task a lone "yes" answers Done for, or null: only a check-back's "Is it done yet?", i.e. the
 * reminder it is about (the one replied to, else the last message on this medium) is an acknowledged
 * task that message asked about. To a first reminder a "yes" may only mean "I saw it", so it answers
 * nothing there.
 */
export async function taskAYesAnswers(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  medium: "sms" | "telegram" | "email",
  target: { taskId?: string | null; named?: string | null } = {},
): Promise<string | null> {
  if (target.taskId) {
    const [task] = await deps.db.select({ status: tasks.status }).from(tasks).where(and(eq(tasks.id, target.taskId), eq(tasks.userId, userId))).limit(1);
    return task?.status === "ACKNOWLEDGED" ? target.taskId : null;
  }
  const { task, checkedBack } = await answerTarget(deps, userId, medium, target.named);
  return checkedBack && task ? task.id : null;
}

/** The reminder an answer is for, and whether the message it answers was a check-back. */
async function answerTarget(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  medium: string,
  named: string | null | undefined,
): Promise<{ task: TaskJson | null; checkedBack: boolean }> {
  const [active, lastSent] = await Promise.all([listActiveReminders(deps, userId), lastReminderSent(deps, userId, medium)]);
  if (named) return namedTarget(deps, userId, named, active, lastSent);
  const waiting = active.find((task) => task.id === lastSent?.taskId);
  if (waiting) return { task: waiting, checkedBack: false };
  // An acknowledged task is not "waiting" (the list leaves it out), but the last message on this medium
  // may be about it: a check-back (issue 13, "Is it done yet?") or its own reminder before the
  // Acknowledge. The answer is about it: before, a "DONE" to "Checking in: File the taxes" went to
  // another reminder that was waiting ("Take pills"), or to none.
  const acknowledged = lastSent ? await acknowledgedTask(deps, userId, lastSent.taskId) : null;
  if (acknowledged && lastSent) return { task: toTaskJson(acknowledged, deps.clock.now().getTime()), checkedBack: lastSent.at > (acknowledged.acknowledgedAt ?? Infinity) };
  return { task: mostUrgentReminder(active), checkedBack: false };
}

/**
 * The reminder a mail names ("Re: Reminder: Take pills", "Re: Reminder set: Call bob"): the waiting one of that
 * title, else the open one (due later, snoozed, acknowledged), else none. Never another reminder: a "done" to the
 * email about the pills once answered Done for whichever other reminder waited (ADR 105).
 */
async function namedTarget(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  named: string,
  active: TaskJson[],
  lastSent: LastSent | null,
): Promise<{ task: TaskJson | null; checkedBack: boolean }> {
  // Two reminders may share a title ("Take pills" at 8am and at 8pm): the one emailed last is the one replied to.
  const waiting = active.find((task) => task.title === named && task.id === lastSent?.taskId) ?? active.find((task) => task.title === named);
  if (waiting) return { task: waiting, checkedBack: false };
  const open = await openTaskTitled(deps, userId, named);
  if (!open) return { task: null, checkedBack: false };
  const askedSinceAcknowledged = open.status === "ACKNOWLEDGED" && lastSent?.taskId === open.id && lastSent.at > (open.acknowledgedAt ?? Infinity);
  return { task: toTaskJson(open, deps.clock.now().getTime()), checkedBack: askedSinceAcknowledged };
}

/** The person's nearest open task with exactly this title, walking the open part of the list index. */
async function openTaskTitled(deps: Pick<Deps, "db">, userId: string, title: string) {
  const [task] = await deps.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), openInListOrder, eq(tasks.title, title)))
    .orderBy(...listOrder)
    .limit(1);
  return task ?? null;
}

interface LastSent {
  taskId: string;
  at: number;
}

/** The last reminder sent to this person on `medium` in the last day (deliveries_user_idx, newest first). */
async function lastReminderSent(deps: Pick<Deps, "db" | "clock">, userId: string, medium: string): Promise<LastSent | null> {
  const since = deps.clock.now().getTime() - 24 * 60 * 60_000;
  const [row] = await deps.db
    .select({ taskId: deliveries.taskId, at: deliveries.createdAt })
    .from(deliveries)
    .where(and(eq(deliveries.userId, userId), eq(deliveries.channel, medium), gt(deliveries.createdAt, since), isNotNull(deliveries.taskId)))
    .orderBy(desc(deliveries.createdAt))
    .limit(1);
  return row?.taskId ? { taskId: row.taskId, at: row.at } : null;
}

/**
 * Was a reminder sent to this person on `medium` after `since`? A question the chat asked before a reminder came is no
 * longer the last thing said there (ADR 164): "in 10 minutes" then answers the reminder, not the question.
 */
export async function reminderSentSince(deps: Pick<Deps, "db" | "clock">, userId: string, medium: string, since: number): Promise<boolean> {
  const last = await lastReminderSent(deps, userId, medium);
  return last !== null && last.at > since;
}

/** The person's task `taskId` if it is acknowledged (open, not done), by primary key. */
async function acknowledgedTask(deps: Pick<Deps, "db">, userId: string, taskId: string) {
  const [task] = await deps.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId), eq(tasks.status, "ACKNOWLEDGED")))
    .limit(1);
  return task ?? null;
}
