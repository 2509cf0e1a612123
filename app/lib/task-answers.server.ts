/**
 * The answers on the task screens (a card's Acknowledge / Done / Snooze, its delete): the form's intent read,
 * then the same services as /v1/tasks, and their result shaped for the screen (a calm sentence, the card's
 * view on the person's clock, the spec's fallback sentence when it fails).
 */
import type { PublicUser } from "../../worker/services/auth";
import type { Deps } from "../../worker/services/deps";
import { acknowledgedMessage, SNOOZE_MINUTES, SNOOZE_TIME_MISSING } from "../../worker/services/answers";
import { safeZone } from "../../worker/services/time-zone";
import { acknowledgeTask, completeTask, deleteTask, parseTimeOfDay, reopenedMessage, reopenTask, snoozeTask, stillOpenMessage } from "../../worker/services/tasks";
import { formatClock, formatClockWithDay } from "~/components/tasks/task-format";
import { toTaskView } from "~/components/tasks/task-view";
import { resolveStrategyKey } from "../../worker/services/escalation";
import { MORE_SNOOZE_MINUTES, SNOOZE_MORNING_INTENT, SNOOZE_UNTIL_INTENT, TASK_INTENTS, type TaskActionResult, type TaskIntent } from "~/components/tasks/types";
import { TASK_DELETE_FAILED, TASK_UPDATE_FAILED } from "./messages";
import { errorMessage } from "./action-errors.server";
import { field, timeField } from "./forms.server";

type TaskDeps = Deps;

export function readIntent(form: FormData): TaskIntent | null {
  const intent = field(form, "intent");
  if (snoozeMinutesOf(intent) !== null || intent === SNOOZE_MORNING_INTENT || intent === SNOOZE_UNTIL_INTENT) return "snooze";
  return (TASK_INTENTS as readonly string[]).includes(intent) ? (intent as TaskIntent) : null;
}

/** `snooze:<minutes>`, one of the card's other snooze times: those minutes; anything else is not one. */
function snoozeMinutesOf(intent: string): number | null {
  const minutes = Number(/^snooze:(\d{1,4})$/.exec(intent)?.[1]);
  return (MORE_SNOOZE_MINUTES as readonly number[]).includes(minutes) ? minutes : null;
}

/** How long a snooze posted by the form lasts: one of the other times, or the usual 30 minutes. */
export function readSnoozeMinutes(form: FormData): number {
  return snoozeMinutesOf(field(form, "intent")) ?? SNOOZE_MINUTES;
}

/**
 * A snooze until a time rather than for a length: "Tomorrow morning" (intent `snooze:morning`) or the
 * card's time field (intent `snooze:until`, `until` as a time field sends it: "19:00", or "19:00:00"
 * with seconds). An empty or unreadable field is passed on as it is and refused by runTaskAction.
 */
export function readSnoozeUntil(form: FormData): string | undefined {
  const intent = field(form, "intent");
  if (intent === SNOOZE_MORNING_INTENT) return "morning";
  if (intent !== SNOOZE_UNTIL_INTENT) return undefined;
  return timeField(form, "until");
}

/** Acknowledge / done / snooze (30 minutes, or one of the card's other times) / delete / reopen, with the same services as /v1/tasks. */
export async function runTaskAction(
  deps: TaskDeps,
  user: PublicUser,
  intent: TaskIntent,
  taskId: string,
  options: { series?: boolean; snoozeMinutes?: number; snoozeUntil?: string } = {},
): Promise<TaskActionResult> {
  const zone = safeZone(user.timezone);
  const base = { kind: "task" as const, intent, taskId, task: null, nextTask: null };
  const defaultStrategy = resolveStrategyKey(null, user.defaultEscalationStrategy);
  const view = (task: Parameters<typeof toTaskView>[0]) => toTaskView(task, zone, deps.clock.now(), { defaultStrategy });
  try {
    switch (intent) {
      case "delete":
        await deleteTask(deps, user.id, taskId, { series: options.series === true });
        return { ...base, ok: true, message: options.series ? "Task deleted, and its repeats stopped." : "Task deleted." };
      case "acknowledge": {
        const task = await acknowledgeTask(deps, user.id, taskId);
        return { ...base, ok: true, task: view(task), message: acknowledgedMessage(task.title, task.checkBackAt ? formatClock(task.checkBackAt, zone) : undefined) };
      }
      case "done": {
        const { nextTask, ...task } = await completeTask(deps, user.id, taskId);
        const next = nextTask ? view(nextTask) : null;
        const message = next ? `Well done: "${task.title}" is done. The next one is due ${next.dueLabel}.` : `Well done: "${task.title}" is done.`;
        return { ...base, ok: true, task: view(task), nextTask: next, message };
      }
      case "reopen": {
        const { removedNextTaskId, reopened, ...task } = await reopenTask(deps, user.id, taskId);
        const message = reopened ? reopenedMessage(task.title, Date.parse(task.dueDate) > deps.clock.now().getTime()) : stillOpenMessage(task.title);
        return { ...base, ok: true, task: view(task), removedTaskId: removedNextTaskId, message };
      }
      case "snooze": {
        const minutes = options.snoozeMinutes ?? SNOOZE_MINUTES;
        // The API's sentence for a bad `until` speaks of a 24-hour clock; the card's field has its own.
        if (options.snoozeUntil !== undefined && options.snoozeUntil !== "morning" && !parseTimeOfDay(options.snoozeUntil)) {
          return { ...base, ok: false, message: SNOOZE_TIME_MISSING };
        }
        const task = await snoozeTask(deps, user.id, taskId, options.snoozeUntil ? { until: options.snoozeUntil } : { minutes });
        const until = task.snoozedUntil ? formatClockWithDay(task.snoozedUntil, zone, deps.clock.now()) : null;
        return {
          ...base,
          ok: true,
          task: view(task),
          message: until ? `Snoozed. We'll remind you about "${task.title}" again at ${until}.` : `Snoozed for ${minutes} minutes.`,
        };
      }
    }
  } catch (error) {
    return { ...base, ok: false, message: errorMessage(error, intent === "delete" ? TASK_DELETE_FAILED : TASK_UPDATE_FAILED) };
  }
}
