import { getStrategy, isStrategyKey, type StrategyKey } from "../../../worker/services/escalation";
import { describeRecurrence } from "../../../worker/services/recurrence";
import type { TaskJson, TaskStatus } from "../../../worker/services/tasks";
import { taskUrgency, type TaskTone } from "./task-colour";
import { sectionOf, type TaskSection } from "./task-sections";
import { formatBuddiesAlerted, formatClock, formatClockWithDay, formatDue, formatLastReminder } from "./task-format";

/**
 * A task as the screens show it: the service's TaskJson plus every text already formatted on the
 * user's clock (see task-format.ts for why that happens on the server).
 */
export interface TaskView {
  id: string;
  title: string;
  status: TaskStatus;
  /** ISO instant (UTC), for machines (datetime attributes). */
  dueDate: string;
  /** "Today, 9:00 AM", "Mon, Mar 2, 9:00 AM" ... */
  dueLabel: string;
  /** 'Last reminder: 9:15 AM today' or 'No reminders sent yet'. */
  lastReminderLabel: string;
  tone: TaskTone;
  /** 'Overdue', 'Due today', 'Tomorrow', 'In 2 days', 'Done', ... (colour is never the only signal). */
  toneLabel: string;
  /** "Snoozed until 9:45 AM" while snoozed ("... 9:00 AM tomorrow" past midnight), else null. */
  snoozeLabel: string | null;
  completed: boolean;
  acknowledged: boolean;
  /** The dashboard's heading it sits under (Earlier, Today, Tomorrow, Later, Done); see task-sections.ts. */
  section: TaskSection;
  /** Present (true) on a recurring task: deleting asks whether the repeats stop too (ADR 043). */
  repeats?: true;
  /** "Repeats every other day" on a recurring task, so a series is never a surprise. */
  repeatsLabel?: string;
  /** "Acknowledged — I'll check back at 2:30 PM" while a check-back is ahead (issue 13). */
  checkBackLabel?: string;
  /** "Your nudge buddies were alerted at 10:15 AM today" once a buddy was (issue 11). */
  buddiesLabel?: string;
  /** "Resting: texts and calls wait until 8:00 AM" while quiet hours hold its reminders (issue 13). */
  quietLabel?: string;
  /** "Rings even in quiet hours" on a task marked so (issue 13). */
  ignoresQuiet?: true;
  /** "Nudging: Urgent (call early)" on an open task whose sequence is not the person's default (ADR 112). */
  strategyLabel?: string;
}

export interface TaskViewOptions {
  /** The person is on a break (ADR 095), so a held card says so rather than naming quiet hours. */
  onBreak?: boolean;
  /**
   * The sequence new tasks take now (the person's default, else the product's). A task made another way ("...
   * urgently", the form's "How hard to nudge") says so on its card. Unknown: no card says it.
   */
  defaultStrategy?: StrategyKey;
}

/** The dashboard's banner says until when a break lasts and how to end it; a held card only says it waits. */
export function toTaskView(task: TaskJson, zone: string, now: Date, { onBreak = false, defaultStrategy }: TaskViewOptions = {}): TaskView {
  const urgency = taskUrgency(task, now, zone);
  return {
    id: task.id,
    title: task.title,
    status: task.status,
    dueDate: task.dueDate,
    dueLabel: formatDue(task.dueDate, zone, now),
    lastReminderLabel: formatLastReminder(task.lastReminderSentAt, zone, now),
    tone: urgency.tone,
    toneLabel: urgency.label,
    snoozeLabel: task.status === "SNOOZED" && task.snoozedUntil ? `Snoozed until ${formatClockWithDay(task.snoozedUntil, zone, now)}` : null,
    completed: task.status === "COMPLETED",
    section: sectionOf(urgency.daysUntilDue, task.status === "COMPLETED"),
    ...(task.recurrence ? { repeats: true as const, repeatsLabel: `Repeats ${describeRecurrence(task.recurrence)}` } : {}),
    acknowledged: task.status === "ACKNOWLEDGED",
    ...(task.checkBackAt ? { checkBackLabel: `Acknowledged — I'll check back at ${formatClock(task.checkBackAt, zone)}` } : {}),
    ...(task.buddiesAlertedAt ? { buddiesLabel: formatBuddiesAlerted(task.buddiesAlertedAt, zone, now) } : {}),
    ...(task.quietHeldUntil ? { quietLabel: `${onBreak ? "On a break" : "Quiet hours"}: reminders wait until ${formatClock(task.quietHeldUntil, zone)}` } : {}),
    ...(task.ignoreQuietHours && !task.completedAt ? { ignoresQuiet: true as const } : {}),
    ...strategyLabelOf(task, defaultStrategy),
  };
}

/** Said only where it differs from what the person would expect (their default), and only while it can still nudge. */
function strategyLabelOf(task: TaskJson, defaultStrategy: StrategyKey | undefined): { strategyLabel?: string } {
  if (!defaultStrategy || task.status === "COMPLETED" || !isStrategyKey(task.strategy) || task.strategy === defaultStrategy) return {};
  return { strategyLabel: `Nudging: ${getStrategy(task.strategy).name}` };
}
