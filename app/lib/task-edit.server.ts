import type { PublicUser } from "../../worker/services/auth";
import type { Deps } from "../../worker/services/deps";
import { isAppError } from "../../worker/services/errors";
import { describeRecurrence } from "../../worker/services/recurrence";
import { STRATEGIES } from "../../worker/services/escalation";
import { getTask, strategyChangeNote, updateTask, type TaskJson } from "../../worker/services/tasks";
import { safeZone } from "../../worker/services/time-zone";
import { choiceOf, followsDueDate, KEEP_RULE, recurrenceFor } from "~/components/tasks/repeat-choice";
import { datetimeLocalValue } from "~/components/tasks/task-format";
import { errorMessage } from "./action-errors.server";
import { field } from "./forms.server";
import { TASK_SAVE_FAILED, TASK_SAVED } from "./messages";
import { localInputToUtcIso, taskFieldOf } from "./task-create.server";

/**
 * Edit Task (/tasks/:id/edit): the person's own task as its form shows it, and the form's changes sent
 * through the same service as PUT /v1/tasks/:id (updateTask). Only what the person changed is sent: the
 * due date in particular, since the form shows minutes and a task made "in 20 minutes" has seconds; an
 * untouched field must not move the reminder and restart its escalation.
 */
export interface EditableTask {
  id: string;
  title: string;
  /** The due date as the form's datetime-local value, on the person's clock. */
  dueLocal: string;
  /** The task's own check-back ("" = the sequence's, "0" = never, minutes). */
  checkBack: string;
  /** The key of the sequence the task escalates by (ADR 111). */
  strategy: string;
  /** What saving each other sequence would do to its reminders now (ADR 113), where there is something to say. */
  strategyNotes: Record<string, string>;
  ignoreQuietHours: boolean;
  /** "every day": the rule of a repeating task, for the note that a new time applies to the ones after it. */
  repeats: string | null;
  /** The Repeat select's value for the task's rule: a simple choice, "" for none, or KEEP_RULE. */
  repeatChoice: string;
  completed: boolean;
}

export type EditLoad = { found: true; task: EditableTask } | { found: false };

/**
 * The person's own task, or null when it is gone or another person's. By id only, so the page reads it
 * alongside the session's read of the person (requireUserWith): one D1 wait.
 */
export async function readOwnTask(deps: Deps, userId: string, taskId: string): Promise<TaskJson | null> {
  try {
    return await getTask(deps, userId, taskId);
  } catch (error) {
    if (isAppError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The task as the form shows it, on the person's clock. */
export function editLoad(task: TaskJson | null, user: Pick<PublicUser, "timezone">, now: number): EditLoad {
  if (!task) return { found: false };
  const dueLocal = datetimeLocalValue(new Date(task.dueDate), safeZone(user.timezone));
  return {
    found: true,
    task: {
      id: task.id,
      title: task.title,
      dueLocal,
      checkBack: task.checkBackMinutes === undefined ? "" : String(task.checkBackMinutes),
      strategy: task.strategy,
      strategyNotes: strategyNotesOf(task, user.timezone, now),
      ignoreQuietHours: task.ignoreQuietHours === true,
      repeats: task.recurrence ? describeRecurrence(task.recurrence) : null,
      repeatChoice: choiceOf(task.recurrence, dueLocal),
      completed: task.status === "COMPLETED",
    },
  };
}

function strategyNotesOf(task: TaskJson, zone: string, now: number): Record<string, string> {
  const read = { status: task.status, dueAt: Date.parse(task.dueDate), snoozedUntil: task.snoozedUntil ? Date.parse(task.snoozedUntil) : null, strategyKey: task.strategy };
  const notes: Record<string, string> = {};
  for (const { key } of STRATEGIES) {
    const note = strategyChangeNote(read, key, zone, now);
    if (note) notes[key] = note;
  }
  return notes;
}

export interface EditTaskResult {
  ok: boolean;
  message: string;
  field?: "title" | "dueDate";
}

/** The form's changes: the title, the due date if its minute changed, the check-back, and the quiet-hours box when shown. */
export async function updateTaskFromForm(deps: Deps, user: PublicUser, taskId: string, form: FormData): Promise<EditTaskResult> {
  const dueLocal = field(form, "dueDate");
  const changes: Record<string, unknown> = { title: field(form, "title") };
  if (dueLocal !== field(form, "dueWas")) changes.dueDate = dueLocal ? localInputToUtcIso(dueLocal, user.timezone) : "";
  const checkBack = field(form, "checkBackMinutes");
  changes.checkBackMinutes = checkBack ? Number(checkBack) : null;
  // Repeat: sent when the person picked another choice, or moved the due date of a repeat read from it
  // (weekly on its weekday, monthly on its date); a kept rule ("every other Friday") is left alone.
  const repeat = form.has("repeat") ? field(form, "repeat") : KEEP_RULE;
  if (repeat !== KEEP_RULE && (repeat !== field(form, "repeatWas") || (followsDueDate(repeat) && "dueDate" in changes))) {
    changes.recurrence = recurrenceFor(repeat, dueLocal);
  }
  if (field(form, "quietShown") === "true") changes.ignoreQuietHours = field(form, "ignoreQuietHours") === "true";
  // Another sequence restarts the reminders by it (PUT /v1/tasks/:id): sent only when the person picked one.
  const strategy = field(form, "strategy");
  if (form.has("strategy") && strategy !== field(form, "strategyWas")) changes.strategy = strategy;
  try {
    await updateTask(deps, user.id, taskId, changes);
    return { ok: true, message: TASK_SAVED };
  } catch (error) {
    if (isAppError(error) && error.status === 400) {
      return { ok: false, message: error.message, field: taskFieldOf(error.message) };
    }
    return { ok: false, message: errorMessage(error, TASK_SAVE_FAILED) };
  }
}
