/**
 * What the task screens read: the dashboard's list and its next pages, and the reminder screen. New
 * Task's forms are in task-create.server.ts, the cards' answers in task-answers.server.ts. Thin: every
 * rule lives in the task and escalation services, called here exactly as the /v1 routes call them; this
 * module only shapes their answers for the screens (texts on the user's clock, the spec's fallbacks).
 */
import type { PublicUser } from "../../worker/services/auth";
import type { Deps } from "../../worker/services/deps";
import { isAppError } from "../../worker/services/errors";
import { safeZone } from "../../worker/services/time-zone";
import { listTasks, PAGE_SIZE_DEFAULT, listActiveReminders, mostUrgentReminder, type TaskJson, type TaskPage } from "../../worker/services/tasks";
import { toTaskView, type TaskView } from "~/components/tasks/task-view";
import { resolveStrategyKey } from "../../worker/services/escalation";
import type { RemindersData, TaskListData, TaskPageData } from "~/components/tasks/types";
import { TASKS_LOAD_FAILED } from "./messages";
import { errorMessage } from "./action-errors.server";
import { settle, valueOf, type Settled } from "./settled";

export const PAGE_SIZE = PAGE_SIZE_DEFAULT;
/** The deepest `?page=N` the dashboard renders (a page past the list is simply empty). */
export const MAX_DASHBOARD_PAGE = 10_000;

type TaskDeps = Deps;

function views(tasks: Parameters<typeof toTaskView>[0][], user: PublicUser, now: Date, onBreak = false): TaskView[] {
  const zone = safeZone(user.timezone);
  const defaultStrategy = resolveStrategyKey(null, user.defaultEscalationStrategy);
  return tasks.map((task) => toTaskView(task, zone, now, { onBreak, defaultStrategy }));
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
  onBreak = false,
): Promise<TaskListData> {
  const now = deps.clock.now();
  try {
    const result = valueOf(read ?? (await readDashboardTasks(deps, user.id, at)));
    const next = result.hasMore && result.nextCursor ? { nextCursor: result.nextCursor } : {};
    return { tasks: views(result.tasks, user, now, onBreak), page: at.page, hasMore: result.hasMore, ...next, error: null };
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
export async function loadNextPage(deps: TaskDeps, user: PublicUser, request: Request, read?: Settled<NextPageRows>, onBreak = false): Promise<TaskPageData> {
  const { page } = nextPageParams(request);
  try {
    const result = valueOf(read ?? (await readNextPage(deps, user.id, request)));
    const next = result.hasMore && result.nextCursor ? { nextCursor: result.nextCursor } : {};
    return { tasks: views(result.tasks, user, deps.clock.now(), onBreak), page, hasMore: result.hasMore, ...next, error: null };
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
