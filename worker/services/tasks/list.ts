import { and, asc, eq, sql } from "drizzle-orm";
import { tasks } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { prebuiltSelect } from "../../../db/prebuilt-select";
import type { Deps } from "../deps";
import { badRequest } from "../errors";
import { base64Decode, base64UrlEncode } from "../tokens";
import { parseInput } from "../validation";
import { listTasksQuerySchema } from "./schemas";
import { toTaskJson, type TaskJson } from "./serialize";

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

/** The list's order key of one task: open before completed, then due date, then id. */
interface ListPosition {
  completed: 0 | 1;
  dueAt: number;
  id: string;
}

export const BAD_CURSOR = "This list position is not valid any more. Please reload the list.";

/**
 * Open tasks first by due date (soonest first), completed tasks after them, also by due date; ties
 * broken by id so pages never overlap. The order is exactly the `tasks_user_list_idx` index
 * (db/schema.ts): SQLite walks the index and stops after one page, instead of sorting every task.
 */
export const completedFirstKey = sql`(${tasks.status} = 'COMPLETED')`;

/** "Open" in the list index's second key, for reads that want only the open part of the list. */
export const openInListOrder = sql`${completedFirstKey} = 0`;

/** Due date, then id: the list's order within open (or completed) tasks, for rows merged in code. */
export function byDueThenId(a: { dueAt: number; id: string }, b: { dueAt: number; id: string }): number {
  return a.dueAt - b.dueAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Page mode (`?page=N`): the whole order, walked through the index, skipping `offset` rows. Built
 * once (db/prebuilt-select.ts): the list is the hottest read, and building its SQL cost as much as
 * reading its rows.
 */
export const listPage = prebuiltSelect<typeof tasks, { userId: string; limit: number; offset: number }>(tasks, (db) =>
  db
    .select()
    .from(tasks)
    .where(eq(tasks.userId, sql.placeholder("userId")))
    .orderBy(completedFirstKey, asc(tasks.dueAt), asc(tasks.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset")),
);

/**
 * One part of the order (open or completed tasks) after a position. The part is fixed by equality,
 * so SQLite seeks straight to the position in the index and orders by (due_at, id) without a sort; a
 * row value over all three keys would make it scan the user's whole list. Each value is a
 * placeholder or a constant.
 */
function segmentAfter(db: Db, completed: unknown, dueAt: unknown, id: unknown) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, sql.placeholder("userId")), sql`${completedFirstKey} = ${completed}`, sql`(${tasks.dueAt}, ${tasks.id}) > (${dueAt}, ${id})`))
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .limit(sql.placeholder("limit"));
}

/** Keyset mode within one part: a segment after a position. From the top of a part, the position is TOP. */
export const listSegment = prebuiltSelect<typeof tasks, { userId: string; completed: 0 | 1; dueAt: number; id: string; limit: number }>(tasks, (db) =>
  segmentAfter(db, sql.placeholder("completed"), sql.placeholder("dueAt"), sql.placeholder("id")),
);

/** A position before every task of a part: due dates are 2000-2100 and ids are never empty. */
const TOP = { dueAt: Number.MIN_SAFE_INTEGER, id: "" };

/**
 * Keyset mode from a position among the open tasks: the open tasks after it, then the completed ones
 * from their top, in ONE statement. Most people have fewer open tasks than a page, so the first page
 * crosses into the completed ones; as two reads that was two D1 round trips one after the other, which
 * on Cloudflare is a network wait each. SQLite runs a UNION ALL's arms in order and stops at the outer
 * LIMIT, so the completed part is not even read when the open part fills the page (rows read as
 * before; tests/workerd/task-list-plan.test.ts holds the plan, the order and the rows read).
 */
export const listOpenThenDone = prebuiltSelect<typeof tasks, { userId: string; dueAt: number; id: string; limit: number }>(tasks, (db) =>
  db
    .select()
    .from(segmentAfter(db, 0, sql.placeholder("dueAt"), sql.placeholder("id")).as("open_part"))
    .unionAll(db.select().from(segmentAfter(db, 1, TOP.dueAt, TOP.id).as("done_part")))
    .limit(sql.placeholder("limit")),
);

/** Up to `limit` tasks after `position` (from the top when null): open ones, then completed ones. */
async function readAfter(db: Db, userId: string, position: ListPosition | null, limit: number) {
  const { completed, dueAt, id } = position ?? { completed: 0 as const, ...TOP };
  if (completed === 1) return listSegment.all(db, { userId, completed, dueAt, id, limit });
  return listOpenThenDone.all(db, { userId, dueAt, id, limit });
}

/**
 * GET /v1/tasks?page&limit (the spec's paging) or ?after=<cursor>&limit (keyset: the dashboard's
 * infinite scroll; `after=` empty starts at the top). With `after`, `page` only labels the answer.
 */
export async function listTasks(deps: Deps, userId: string, query: unknown): Promise<TaskPage> {
  const { page, limit, after } = parseInput(listTasksQuerySchema, query);
  const keyset = after !== undefined;
  const rows = keyset
    ? await readAfter(deps.db, userId, after ? decodeCursor(after) : null, limit + 1)
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

function positionOf(task: { status: string; dueAt: number; id: string }): ListPosition {
  return { completed: task.status === "COMPLETED" ? 1 : 0, dueAt: task.dueAt, id: task.id };
}

const encoder = new TextEncoder();

export function encodeCursor(position: ListPosition): string {
  return base64UrlEncode(encoder.encode(JSON.stringify([position.completed, position.dueAt, position.id])));
}

export function decodeCursor(cursor: string): ListPosition {
  try {
    const json = new TextDecoder().decode(base64Decode(cursor));
    const value = JSON.parse(json) as unknown;
    if (Array.isArray(value) && value.length === 3) {
      const [completed, dueAt, id] = value as unknown[];
      if ((completed === 0 || completed === 1) && typeof dueAt === "number" && Number.isSafeInteger(dueAt) && typeof id === "string" && id.length <= 64) {
        return { completed, dueAt, id };
      }
    }
  } catch {
    // falls through to the error below
  }
  throw badRequest(BAD_CURSOR, "BAD_CURSOR");
}
