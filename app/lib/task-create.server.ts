/**
 * New Task's two ways in: the form (title, due date on the person's clock, repeat, check-back, quiet hours)
 * and "Or just type it", each through the same service as the API, with the spec's sentences by status.
 */
import { DateTime } from "luxon";
import type { PublicUser } from "../../worker/services/auth";
import type { Deps } from "../../worker/services/deps";
import { isAppError } from "../../worker/services/errors";
import { errorFields, log } from "../../worker/services/log";
import { safeZone } from "../../worker/services/time-zone";
import { createTask, createTaskFromPrompt, MOST_JOINED_TIMES, undoNewTask, undoNewTasks } from "../../worker/services/tasks";
import { recurrenceFor } from "~/components/tasks/repeat-choice";
import type { CreateTaskResult, PromptResult, UndoPromptResult } from "~/components/tasks/types";
import { CREATE_AUTH_FAILED, CREATE_FAILED, CREATE_INVALID, CREATE_SUCCESS, NL_FAILED, UNDO_FAILED } from "./messages";
import { errorMessage } from "./action-errors.server";
import { field } from "./forms.server";

type TaskDeps = Deps;

/** Which field of the task form a service's 400 sentence is about, so it shows under that field. */
export function taskFieldOf(message: string): "title" | "dueDate" | undefined {
  return /title/i.test(message) ? "title" : /due date/i.test(message) ? "dueDate" : undefined;
}

/** A datetime-local value ("2026-03-02T09:00") read on the user's clock, as a UTC ISO string. */
export function localInputToUtcIso(value: string, zone: string): string {
  const local = DateTime.fromISO(value, { zone: safeZone(zone) });
  return local.isValid ? (local.toUTC().toISO() ?? value) : value;
}

/** The New Task form: createTask with the messages of spec 02 section 8 by status. */
export async function createTaskFromForm(deps: TaskDeps, user: PublicUser, form: FormData): Promise<CreateTaskResult> {
  const title = field(form, "title");
  const dueLocal = field(form, "dueDate");
  try {
    // The checkbox shows only while quiet hours are on (issue 13); unchecked sends nothing.
    const ignoreQuietHours = field(form, "ignoreQuietHours") === "true";
    // "" is the sequence's own check-back; the select's other values are minutes (0 = never).
    const checkBack = field(form, "checkBackMinutes");
    const recurrence = recurrenceFor(field(form, "repeat"), dueLocal);
    // "" is the person's default sequence, as POST /v1/tasks without a strategy (ADR 111).
    const strategy = field(form, "strategy");
    await createTask(deps, user.id, {
      title,
      dueDate: dueLocal ? localInputToUtcIso(dueLocal, user.timezone) : "",
      ...(recurrence ? { recurrence } : {}),
      ...(ignoreQuietHours ? { ignoreQuietHours } : {}),
      ...(checkBack ? { checkBackMinutes: Number(checkBack) } : {}),
      ...(strategy ? { strategy } : {}),
    });
    return { intent: "create", ok: true, message: CREATE_SUCCESS };
  } catch (error) {
    if (!isAppError(error)) return { intent: "create", ok: false, message: errorMessage(error, CREATE_FAILED) };
    if (error.status === 401) return { intent: "create", ok: false, message: CREATE_AUTH_FAILED };
    if (error.status === 400) {
      const message = error.message || CREATE_INVALID;
      return { intent: "create", ok: false, message, field: taskFieldOf(message) };
    }
    // 403 is the spec's own sentence ('You must verify your email address before creating tasks.').
    if (error.status === 403) return { intent: "create", ok: false, message: error.message };
    return { intent: "create", ok: false, message: CREATE_FAILED };
  }
}


/** "Or just type it": createTaskFromPrompt. A blank prompt is the service's 400 sentence. */
export async function createTaskFromText(deps: TaskDeps, user: PublicUser, form: FormData): Promise<PromptResult> {
  try {
    const result = await createTaskFromPrompt(deps, user.id, { prompt: field(form, "prompt") });
    const several = result.tasks && result.tasks.length > 1 ? { taskIds: result.tasks.map((task) => task.id) } : {};
    return { intent: "nl", ok: result.success, message: result.message, failed: false, ...(result.task ? { taskId: result.task.id } : {}), ...several };
  } catch (error) {
    if (isAppError(error) && error.status === 400) return { intent: "nl", ok: false, message: error.message, failed: false };
    if (!isAppError(error)) log.error("task_from_text_failed", errorFields(error));
    return { intent: "nl", ok: false, message: NL_FAILED, failed: true };
  }
}

/** The Undo under the box's confirmation (ADR 109): the reminder just made is deleted, or the sentence says why not. */
export async function undoTaskFromText(deps: TaskDeps, user: PublicUser, form: FormData): Promise<UndoPromptResult> {
  const taskId = field(form, "taskId");
  // Several made from one prompt (ADR 181) come back as one taskId each; no more than one prompt can make.
  const taskIds = form.getAll("taskId").filter((value): value is string => typeof value === "string").slice(0, MOST_JOINED_TIMES);
  try {
    const outcome = taskIds.length > 1 ? await undoNewTasks(deps, user.id, taskIds) : await undoNewTask(deps, user.id, taskId);
    return { intent: "undo-nl", taskId, ok: outcome.state === "deleted", message: outcome.message };
  } catch (error) {
    log.error("task_undo_failed", errorFields(error));
    return { intent: "undo-nl", taskId, ok: false, message: UNDO_FAILED };
  }
}
