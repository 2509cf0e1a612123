/**
 * What the task screens (dashboard list, task creator, reminder screen, default strategy block,
 * floating Create Task button) need from the server. Thin: every rule lives in the task and
 * escalation services (worker/services/tasks, worker/services/escalation), called here exactly as
 * the /v1 routes call them; this module only shapes their answers for the screens (texts on the
 * user's clock, the spec's fallback messages).
 */
import { recurrenceFor } from "~/components/tasks/repeat-choice";
import { DateTime } from "luxon";
import type { PublicUser } from "../../worker/services/auth";
import type { Deps } from "../../worker/services/deps";
import { acknowledgedMessage, SNOOZE_MINUTES } from "../../worker/services/answers";
import { isAppError } from "../../worker/services/errors";
import { errorFields, log } from "../../worker/services/log";
import { safeZone } from "../../worker/services/time-zone";
import {
  acknowledgeTask,
  completeTask,
  createTask,
  createTaskFromPrompt,
  deleteTask,
  listTasks,
  PAGE_SIZE_DEFAULT,
  listActiveReminders,
  mostUrgentReminder,
  snoozeTask,
  type TaskJson,
  type TaskPage,
} from "../../worker/services/tasks";
import { formatClock } from "~/components/tasks/task-format";
import { toTaskView, type TaskView } from "~/components/tasks/task-view";
import {
  MORE_SNOOZE_MINUTES,
  TASK_INTENTS,
  type CreateTaskResult,
  type PromptResult,
  type RemindersData,
  type TaskActionResult,
  type TaskIntent,
  type TaskListData,
  type TaskPageData,
} from "~/components/tasks/types";
import {
  CREATE_AUTH_FAILED,
  CREATE_FAILED,
  CREATE_INVALID,
  CREATE_SUCCESS,
  NL_FAILED,
  TASK_DELETE_FAILED,
  TASK_UPDATE_FAILED,
  TASKS_LOAD_FAILED,
} from "./messages";
import { errorMessage } from "./action-errors.server";
import { field } from "./forms.server";
import { settle, valueOf, type Settled } from "./settled";

export const PAGE_SIZE = PAGE_SIZE_DEFAULT;
/** The deepest `?page=N` the dashboard renders (a page past the list is simply empty). */
export const MAX_DASHBOARD_PAGE = 10_000;

type TaskDeps = Deps;

function views(tasks: Parameters<typeof toTaskView>[0][], user: PublicUser, now: Date): TaskView[] {
  const zone = safeZone(user.timezone);
  return tasks.map((task) => toTaskView(task, zone, now));
}

/* ------------------------------------------------------------------ the list */


/**
 * The tasks from `offset` on (at most `size`), with pages of `size` from listTasks. The offset
 * need not be a multiple of the page size: after the client deleted (or completed, which moves a
 * task to the end) some tasks, the next page starts that many places earlier, or those tasks would
 * be skipped. Two pages are read then, and the overlap is dropped by the client by id.
 */
export async function loadTaskWindow(deps: TaskDeps, userId: string, offset: number, size = PAGE_SIZE) {
  const start = Math.max(0, offset);
  const page = Math.floor(start / size) + 1;
  const skip = start % size;
  const first = await listTasks(deps, userId, { page, limit: size });
  let tasks = first.tasks;
  let hasMore = first.hasMore;
  if (skip > 0 && first.hasMore) {
    const second = await listTasks(deps, userId, { page: page + 1, limit: size });
    tasks = tasks.concat(second.tasks);
    hasMore = second.hasMore;
  }
  return { tasks: tasks.slice(skip, skip + size), hasMore: hasMore || tasks.length > skip + size };
}

/**
 * Which page of the dashboard a URL asks for: `?page=N` (1..MAX_DASHBOARD_PAGE), and the keyset
 * cursor the no-JavaScript "Load more" link carries (`&after=`), so that page costs one page of rows.
 */
export function dashboardPageParam(request: Request): { page: number; after: string | null } {
  const params = new URL(request.url).searchParams;
  const raw = Number(params.get("page") ?? "1");
  const page = Number.isInteger(raw) ? Math.min(Math.max(raw, 1), MAX_DASHBOARD_PAGE) : 1;
  const after = params.get("after");
  return { page, after: page > 1 && after ? after : null };
}

/**
 * Reads a dashboard page for a verified user id, its failure kept as a value: the loader starts it
 * while the person's row is read (requireUserWith) and shows a failure as the list's message.
 */
export function readDashboardTasks(deps: TaskDeps, userId: string, at: { page: number; after: string | null }) {
  return settle(readDashboardPage(deps, userId, at));
}

/**
 * One page of the user's tasks for the dashboard loader: page 1, or the page a "Load more" link
 * names (issue 8: whatever the URL says, the server reads and renders one page). Never throws; a
 * cursor that does not parse reads as the page number alone. `read` is the page already read for
 * this user (readDashboardTasks); without it the page is read now.
 */
export async function loadDashboardTasks(
  deps: TaskDeps,
  user: PublicUser,
  at: { page: number; after: string | null } = { page: 1, after: null },
  read?: Settled<TaskPage>,
): Promise<TaskListData> {
  const now = deps.clock.now();
  try {
    const result = valueOf(read ?? (await readDashboardTasks(deps, user.id, at)));
    const next = result.hasMore && result.nextCursor ? { nextCursor: result.nextCursor } : {};
    return { tasks: views(result.tasks, user, now), page: at.page, hasMore: result.hasMore, ...next, error: null };
  } catch (error) {
    return { tasks: [], page: 0, hasMore: false, error: errorMessage(error, TASKS_LOAD_FAILED) };
  }
}

/** Page 1 and cursor pages by keyset; a bare `?page=N` (an old bookmark, a bad cursor) by its number. */
async function readDashboardPage(deps: TaskDeps, userId: string, at: { page: number; after: string | null }) {
  if (at.page === 1) return listTasks(deps, userId, { after: "", limit: PAGE_SIZE });
  if (at.after) {
    try {
      return await listTasks(deps, userId, { after: at.after, limit: PAGE_SIZE });
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
  }
  return listTasks(deps, userId, { page: at.page, limit: PAGE_SIZE });
}

/**
 * One more page for the infinite scroll: page N after the cursor the page before gave (`after`),
 * or, from a client that has no cursor, page N moved up by the `shift` it reports.
 */
export async function loadNextPage(deps: TaskDeps, user: PublicUser, request: Request, read?: Settled<NextPageRows>): Promise<TaskPageData> {
  const { page } = nextPageParams(request);
  try {
    const result = valueOf(read ?? (await readNextPage(deps, user.id, request)));
    const next = result.hasMore && result.nextCursor ? { nextCursor: result.nextCursor } : {};
    return { tasks: views(result.tasks, user, deps.clock.now()), page, hasMore: result.hasMore, ...next, error: null };
  } catch (error) {
    return { tasks: [], page: page - 1, hasMore: true, error: errorMessage(error, TASKS_LOAD_FAILED) };
  }
}

type NextPageRows = Pick<TaskPage, "tasks" | "hasMore" | "nextCursor">;

function nextPageParams(request: Request) {
  const params = new URL(request.url).searchParams;
  return {
    page: Math.max(1, Math.trunc(Number(params.get("page")) || 1)),
    shift: Math.max(0, Math.trunc(Number(params.get("shift")) || 0)),
    after: params.get("after"),
  };
}

/** The rows of loadNextPage's page for a verified user id, its failure kept as a value (requireUserWith). */
export function readNextPage(deps: TaskDeps, userId: string, request: Request): Promise<Settled<NextPageRows>> {
  const { page, shift, after } = nextPageParams(request);
  if (after) return settle(listTasks(deps, userId, { after, limit: PAGE_SIZE }));
  return settle(loadTaskWindow(deps, userId, (page - 1) * PAGE_SIZE - shift));
}

/* ------------------------------------------------------------------ the answers */



export function readIntent(form: FormData): TaskIntent | null {
  const intent = field(form, "intent");
  if (snoozeMinutesOf(intent) !== null) return "snooze";
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

/** Acknowledge / done / snooze (30 minutes, or one of the card's other times) / delete, with the same services as /v1/tasks. */
export async function runTaskAction(
  deps: TaskDeps,
  user: PublicUser,
  intent: TaskIntent,
  taskId: string,
  options: { series?: boolean; snoozeMinutes?: number } = {},
): Promise<TaskActionResult> {
  const zone = safeZone(user.timezone);
  const base = { kind: "task" as const, intent, taskId, task: null, nextTask: null };
  const view = (task: Parameters<typeof toTaskView>[0]) => toTaskView(task, zone, deps.clock.now());
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
      case "snooze": {
        const minutes = options.snoozeMinutes ?? SNOOZE_MINUTES;
        const task = await snoozeTask(deps, user.id, taskId, { minutes });
        const until = task.snoozedUntil ? formatClock(task.snoozedUntil, zone) : null;
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

/* ------------------------------------------------------------------ creating */


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
    await createTask(deps, user.id, {
      title,
      dueDate: dueLocal ? localInputToUtcIso(dueLocal, user.timezone) : "",
      ...(recurrence ? { recurrence } : {}),
      ...(ignoreQuietHours ? { ignoreQuietHours } : {}),
      ...(checkBack ? { checkBackMinutes: Number(checkBack) } : {}),
    });
    return { intent: "create", ok: true, message: CREATE_SUCCESS };
  } catch (error) {
    if (!isAppError(error)) return { intent: "create", ok: false, message: errorMessage(error, CREATE_FAILED) };
    if (error.status === 401) return { intent: "create", ok: false, message: CREATE_AUTH_FAILED };
    if (error.status === 400) {
      const message = error.message || CREATE_INVALID;
      const fieldName = /title/i.test(message) ? "title" : /due date/i.test(message) ? "dueDate" : undefined;
      return { intent: "create", ok: false, message, field: fieldName };
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
    return { intent: "nl", ok: result.success, message: result.message, failed: false };
  } catch (error) {
    if (isAppError(error) && error.status === 400) return { intent: "nl", ok: false, message: error.message, failed: false };
    if (!isAppError(error)) log.error("task_from_text_failed", errorFields(error));
    return { intent: "nl", ok: false, message: NL_FAILED, failed: true };
  }
}

/* ------------------------------------------------------------------ reminders screen */


/** The person's active reminders for a verified user id, their failure kept as a value (requireUserWith). */
export function readActiveReminders(deps: TaskDeps, userId: string) {
  return settle(listActiveReminders(deps, userId));
}

export async function loadActiveReminders(deps: TaskDeps, user: PublicUser, read?: Settled<TaskJson[]>): Promise<RemindersData> {
  try {
    const reminders = valueOf(read ?? (await readActiveReminders(deps, user.id)));
    return { reminders: views(reminders, user, deps.clock.now()), urgentId: mostUrgentReminder(reminders)?.id ?? null, error: null };
  } catch (error) {
    return { reminders: [], urgentId: null, error: errorMessage(error, "Failed to load your reminders. Please try again.") };
  }
}
