import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { tasks } from "../../../db/schema";
import { prebuiltSelect } from "../../../db/prebuilt-select";
import type { Deps } from "../deps";
import { badRequest } from "../errors";
import { base64Decode, base64UrlEncode } from "../tokens";
import { parseInput } from "../validation";
import { listTasksQuerySchema } from "./schemas";
import { toTaskJson, type TaskJson, type TaskJsonSource } from "./serialize";

export interface TaskPage {
  tasks: TaskJson[];
  hasMore: boolean;
  page: number;
  /**
   * Keyset paging only (the request had `after`, empty for the first page): where the next page
   * starts, opaque; pass it back as `after`. It costs one page of rows however deep the list goes.
   * Null on the last page. Left out in `?page=N` answers, which keep the spec's shape.
   */
  nextCursor?: string | null;
}

/** The list's order key of one task: open before completed, then `listDue` (see below), then id. */
type ListPosition = {
  completed: 0 | 1;
  /** The due time of an open task, minus the due time of a completed one (db/schema.ts `listDue`). */
  listDue: number;
  id: string;
};

export const BAD_CURSOR = "This list position is not valid any more. Please reload the list.";

/**
 * Open tasks first by due date (soonest first), completed tasks after them, latest due first (what was
 * just done, not what was done years ago; ADR 085); ties broken by id so pages never overlap. The order
 * is exactly the `tasks_user_list_idx` index (db/schema.ts): SQLite walks the index and stops after one
 * page, instead of sorting every task.
 */
export const listOrder = [asc(tasks.isCompleted), asc(tasks.listDue), asc(tasks.id)];

/** "Open" in the list index's second key, for reads that want only the open part of the list. */
export const openInListOrder = eq(tasks.isCompleted, 0);

/**
 * The due time as the list index holds it for an OPEN task (`list_due` equals `due_at` there): reads
 * of the open part range and order on it, so they walk the index instead of sorting.
 */
export const openDue = tasks.listDue;

/** Due date, then id: the list's order within open tasks, for rows merged in code. */
export function byDueThenId(a: { dueAt: number; id: string }, b: { dueAt: number; id: string }): number {
  return a.dueAt - b.dueAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * What a page of the list reads of each task: what its JSON is made of (toTaskJson) and its place in the
 * list (the cursor). Not the owner (the request's own), the series, the source or the time of the last edit:
 * on local D1 a page's cost above `select 1` grows with the values it carries back, 21 rows of them.
 */
const listColumns = {
  id: tasks.id,
  title: tasks.title,
  dueAt: tasks.dueAt,
  status: tasks.status,
  escalationHaltedAt: tasks.escalationHaltedAt,
  lastReminderSentAt: tasks.lastReminderSentAt,
  strategyKey: tasks.strategyKey,
  recurrence: tasks.recurrence,
  acknowledgedAt: tasks.acknowledgedAt,
  completedAt: tasks.completedAt,
  snoozedUntil: tasks.snoozedUntil,
  createdAt: tasks.createdAt,
  checkBackAt: tasks.checkBackAt,
  buddiesAlertedAt: tasks.buddiesAlertedAt,
  ignoreQuietHours: tasks.ignoreQuietHours,
  checkBackMinutes: tasks.checkBackMinutes,
  quietHeldUntil: tasks.quietHeldUntil,
  isCompleted: tasks.isCompleted,
} satisfies Record<keyof TaskJsonSource | "isCompleted", unknown>;

/**
 * Page mode (`?page=N`): the whole order, walked through the index, skipping `offset` rows. Built
 * once (db/prebuilt-select.ts): the list is the hottest read, and building its SQL cost as much as
 * reading its rows.
 */
export const listPage = prebuiltSelect<typeof listColumns, { userId: string; limit: number; offset: number }>(listColumns, (db, fields) =>
  db
    .select(fields)
    .from(tasks)
    .where(eq(tasks.userId, sql.placeholder("userId")))
    .orderBy(...listOrder)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset")),
);

/**
 * Keyset mode: the tasks after a position, in list order. The row value names the index's own
 * columns (is_completed is a generated column, migration 0028), so SQLite seeks straight to the
 * position and reads one page from there, whether the page stays among the open tasks, stays among
 * the completed ones or crosses from one into the other: one statement, one D1 round trip.
 */
export const listAfter = prebuiltSelect<typeof listColumns, ListPosition & { userId: string; limit: number }>(listColumns, (db, fields) =>
  db
    .select(fields)
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, sql.placeholder("userId")),
        sql`(${tasks.isCompleted}, ${tasks.listDue}, ${tasks.id}) > (${sql.placeholder("completed")}, ${sql.placeholder("listDue")}, ${sql.placeholder("id")})`,
      ),
    )
    .orderBy(...listOrder)
    .limit(sql.placeholder("limit")),
);

/** A position before every task: open, due dates are 2000-2100 and ids are never empty. */
const TOP: ListPosition = { completed: 0, listDue: Number.MIN_SAFE_INTEGER, id: "" };

/**
 * GET /v1/tasks?page&limit (the spec's paging) or ?after=<cursor>&limit (keyset: the dashboard's
 * infinite scroll; `after=` empty starts at the top). With `after`, `page` only labels the answer.
 */
export async function listTasks(deps: Deps, userId: string, query: unknown): Promise<TaskPage> {
  const { page, limit, after } = parseInput(listTasksQuerySchema, query);
  const keyset = after !== undefined;
  const rows = keyset
    ? await listAfter.all(deps.db, { userId, ...(after ? decodeCursor(after) : TOP), limit: limit + 1 })
    : await listPage.all(deps.db, { userId, limit: limit + 1, offset: (page - 1) * limit });
  const now = deps.clock.now().getTime();
  const shown = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = shown[shown.length - 1];
  return {
    tasks: shown.map((t) => toTaskJson(t, now)),
    hasMore,
    page,
    ...(keyset ? { nextCursor: hasMore && last ? encodeCursor(positionOf(last)) : null } : {}),
  };
}

/** A row's place in the list: its status (is_completed, SQLite's own) and due time give list_due as SQLite derives it. */
function positionOf(row: { isCompleted: number | null; dueAt: number; id: string }): ListPosition {
  return listPositionOf({ completed: row.isCompleted === 1, dueAt: row.dueAt, id: row.id });
}

/** The position of a task in the list, from its status and due time (as SQLite derives it). */
export function listPositionOf(task: { completed: boolean; dueAt: number; id: string }): ListPosition {
  return { completed: task.completed ? 1 : 0, listDue: task.completed ? -task.dueAt : task.dueAt, id: task.id };
}

const encoder = new TextEncoder();
/**
 * The cursor's format. 2 since the done part reads latest first (ADR 085): a cursor of the earlier format
 * held a done task's due time where the list now keeps minus it, so it is refused (BAD_CURSOR: "reload
 * the list") rather than silently read as another position.
 */
const CURSOR_FORMAT = 2;

export function encodeCursor(position: ListPosition): string {
  return base64UrlEncode(encoder.encode(JSON.stringify([CURSOR_FORMAT, position.completed, position.listDue, position.id])));
}

export function decodeCursor(cursor: string): ListPosition {
  try {
    const json = new TextDecoder().decode(base64Decode(cursor));
    const value = JSON.parse(json) as unknown;
    if (Array.isArray(value) && value.length === 4 && value[0] === CURSOR_FORMAT) {
      const [, completed, listDue, id] = value as unknown[];
      if ((completed === 0 || completed === 1) && typeof listDue === "number" && Number.isSafeInteger(listDue) && typeof id === "string" && id.length <= 64) {
        return { completed, listDue, id };
      }
    }
  } catch {
    // falls through to the error below
  }
  throw badRequest(BAD_CURSOR, "BAD_CURSOR");
}

/** A task as the chat assistant names it: enough to list it, or to ask before deleting it. */
export interface TaskLine {
  id: string;
  title: string;
  dueAt: number;
  status: string;
  /** Until when a SNOOZED one is put off: "what did I miss?" leaves out those snoozed to a time still to come. */
  snoozedUntil: number | null;
  recurrence: string | null;
  seriesId: string | null;
  /** When it was made: a chat's Undo acts at once only on a reminder just made (ADR 104). */
  createdAt: number;
}

/** The columns of a TaskLine, for a select. */
export const taskLine = { id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, status: tasks.status, snoozedUntil: tasks.snoozedUntil, recurrence: tasks.recurrence, seriesId: tasks.seriesId, createdAt: tasks.createdAt };

/**
 * The person's open tasks due before `before` (and at or after `from`, when given), soonest first, at
 * most `limit`: the open part of the list index, read from its start or from `from`, stopping at the
 * limit ("what's on today?" in a chat).
 */
export async function openTasksDue(deps: Pick<Deps, "db">, userId: string, range: { from?: number; before: number }, limit: number): Promise<TaskLine[]> {
  return deps.db
    .select(taskLine)
    .from(tasks)
    .where(and(eq(tasks.userId, userId), openInListOrder, range.from === undefined ? undefined : gte(openDue, range.from), lt(openDue, range.before)))
    .orderBy(...listOrder)
    .limit(limit);
}

/** One of the person's own tasks as a line, or null (not theirs, or gone). */
export async function ownTaskLine(deps: Pick<Deps, "db">, userId: string, taskId: string): Promise<TaskLine | null> {
  const [line] = await deps.db.select(taskLine).from(tasks).where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  return line ?? null;
}

/** The open occurrence of a series (after one was skipped, its next), or null. By the series index. */
export async function openOfSeries(deps: Pick<Deps, "db">, userId: string, seriesId: string): Promise<TaskLine | null> {
  const [line] = await deps.db
    .select(taskLine)
    .from(tasks)
    .where(and(eq(tasks.seriesId, seriesId), eq(tasks.userId, userId), openInListOrder))
    .limit(1);
  return line ?? null;
}
