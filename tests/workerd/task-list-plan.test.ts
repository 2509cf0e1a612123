import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tasks } from "../../db/schema";
import { createDb } from "../../db/client";
import { BAD_CURSOR, encodeCursor, listAfter, listPage, listPositionOf, listTasks } from "../../worker/services/tasks/list";
import { api, createUser, deleteUsers } from "./escalation-helpers";
import { testDeps } from "./helpers";

// The task list reads by an index that matches its order (issue 8): page 1 costs one page of rows,
// and the keyset cursor keeps every further page at one page too.

const DAY = 86_400_000;
const BASE = Date.parse("2031-01-01T09:00:00Z");

async function seedTasks(userId: string, count: number) {
  const db = createDb(env.DB);
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `list-${userId.slice(0, 8)}-${String(i).padStart(5, "0")}`,
    userId,
    title: `Task ${i}`,
    // Every third task shares its due time with the one before (ties broken by id); every fifth is done.
    dueAt: BASE + Math.floor(i / 3) * DAY,
    status: i % 5 === 0 ? "COMPLETED" : "PENDING",
    strategyKey: "standard",
    createdAt: BASE,
  }));
  for (let i = 0; i < rows.length; i += 10) await db.insert(tasks).values(rows.slice(i, i + 10));
}

/** Runs `body` with a new user holding `count` seeded tasks, and deletes the user afterwards, pass or fail. */
async function withSeededUser(count: number, body: (user: Awaited<ReturnType<typeof createUser>>) => Promise<void>) {
  const user = await createUser();
  try {
    await seedTasks(user.id, count);
    await body(user);
  } finally {
    await deleteUsers(user.id);
  }
}

async function queryPlan(sql: string, params: unknown[]): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((r) => r.detail).join("\n");
}

describe("the task list reads one page through its index", () => {
  it("uses tasks_user_list_idx with no sort of its own, by page and by cursor", async () => {
    const statements = [
      [listPage.sql, listPage.params({ userId: "someone", limit: 21, offset: 0 })],
      [listPage.sql, listPage.params({ userId: "someone", limit: 21, offset: 40 })],
      [listAfter.sql, listAfter.params({ userId: "someone", completed: 0, listDue: Number.MIN_SAFE_INTEGER, id: "", limit: 21 })],
      [listAfter.sql, listAfter.params({ userId: "someone", completed: 1, listDue: -BASE, id: "x", limit: 21 })],
    ] as const;
    for (const [sql, params] of statements) {
      const plan = await queryPlan(sql, params);
      expect(plan).toContain("tasks_user_list_idx");
      expect(plan).not.toMatch(/TEMP B-TREE|SCAN tasks(?! USING)/);
    }
  });

  it("a cursor page seeks its position: one range of the index, no compound query", async () => {
    const plan = await queryPlan(listAfter.sql, listAfter.params({ userId: "someone", completed: 0, listDue: BASE, id: "x", limit: 21 }));
    // The whole position is the range's start (a row value over the index's own columns, which an
    // expression index cannot give): SQLite starts there instead of walking the user's list to it.
    expect(plan).toMatch(/^SEARCH tasks USING INDEX tasks_user_list_idx \(user_id=\? AND \(is_completed,list_due,id\)>\(\?,\?,\?\)\)$/);
  });

  it("a page deep in a long list reads one page of rows, among the open tasks, across into the completed ones and among them", async () => {
    // 300 tasks: 240 open (due days 0-99), then 60 completed. Positions near the end of the open part,
    // exactly at its end and deep in the completed part.
    await withSeededUser(300, async (user) => {
      const all = (await listTasks(testDeps(), user.id, { page: 1, limit: 100 })).tasks
        .concat((await listTasks(testDeps(), user.id, { page: 2, limit: 100 })).tasks)
        .concat((await listTasks(testDeps(), user.id, { page: 3, limit: 100 })).tasks);
      expect(all).toHaveLength(300);
      for (const at of [200, 230, 239, 250, 280]) {
        const from = all[at]!;
        const after = encodeCursor(listPositionOf({ completed: from.status === "COMPLETED", dueAt: Date.parse(from.dueDate), id: from.id }));
        const deps = testDeps();
        const page = await listTasks(deps, user.id, { after, limit: 20 });
        expect(page.tasks.map((t) => t.id)).toEqual(all.slice(at + 1, at + 21).map((t) => t.id));
        expect(page.hasMore).toBe(at + 21 < 300);
        expect(deps.meter.queries).toBe(1);
        // The page, the one row that tells whether more follow, and the position's own row, which the
        // seek lands on and passes over.
        expect(deps.meter.rowsRead).toBeLessThanOrEqual(20 + 1 + 1);
      }
    });
  });

  it("a first page that crosses into the completed tasks costs one query, and one that does not never reads them", async () => {
    // 8 tasks, every fifth done: 6 open, then 2 completed, all on one page.
    await withSeededUser(8, async (user) => {
      const deps = testDeps();
      const page = await listTasks(deps, user.id, { after: "", limit: 20 });
      // The done ones latest due first (ADR 085).
      expect(page.tasks.map((t) => t.id.slice(-5))).toEqual(["00001", "00002", "00003", "00004", "00006", "00007", "00005", "00000"]);
      expect(page).toMatchObject({ hasMore: false, nextCursor: null });
      expect(deps.meter.queries).toBe(1);
      expect(deps.meter.rowsRead).toBeLessThanOrEqual(8 + 2);
    });
    // 300 tasks, 240 open: the open part fills the page and the completed part is not read at all.
    await withSeededUser(300, async (user) => {
      const deps = testDeps();
      const page = await listTasks(deps, user.id, { after: "", limit: 20 });
      expect(page.tasks.every((t) => t.status !== "COMPLETED")).toBe(true);
      expect(page.hasMore).toBe(true);
      expect(deps.meter.queries).toBe(1);
      expect(deps.meter.rowsRead).toBeLessThanOrEqual(20 + 1);
    });
  });

  it("page 1 of a user with 300 tasks reads at most 2 x limit + 5 rows", async () => {
    await withSeededUser(300, async (user) => {
      const deps = testDeps();
      const page = await listTasks(deps, user.id, { page: 1, limit: 20 });
      expect(page.tasks).toHaveLength(20);
      expect(deps.meter.queries).toBe(1);
      expect(deps.meter.rowsRead).toBeLessThanOrEqual(2 * 20 + 5);
    });
  });

  it("walking by cursor gives the same order as walking by page, each cursor page costing one page", async () => {
    await withSeededUser(95, async (user) => {
      const byPage: string[] = [];
      for (let page = 1; page <= 5; page++) byPage.push(...(await listTasks(testDeps(), user.id, { page, limit: 20 })).tasks.map((t) => t.id));
      expect(byPage).toHaveLength(95);

      const byCursor: string[] = [];
      let after = "";
      for (;;) {
        const deps = testDeps();
        const page = await listTasks(deps, user.id, { after, limit: 20 });
        expect(deps.meter.rowsRead).toBeLessThanOrEqual(2 * 20 + 5);
        byCursor.push(...page.tasks.map((t) => t.id));
        // A cursor that pointed back into the list would walk round in circles: fail instead of hanging.
        expect(byCursor.length).toBeLessThanOrEqual(95);
        if (!page.nextCursor) {
          expect(page.hasMore).toBe(false);
          break;
        }
        after = page.nextCursor;
      }
      expect(byCursor).toEqual(byPage);
      // Open tasks first, completed after them.
      const firstDone = byPage.findIndex((id) => Number(id.slice(-5)) % 5 === 0);
      expect(byPage.slice(firstDone).every((id) => Number(id.slice(-5)) % 5 === 0)).toBe(true);
    });
  });

  it("lists the done part latest due first (ties by id), after every open task soonest first (ADR 085)", async () => {
    await withSeededUser(40, async (user) => {
      const all = (await listTasks(testDeps(), user.id, { page: 1, limit: 100 })).tasks;
      const open = all.filter((t) => t.status !== "COMPLETED");
      const done = all.filter((t) => t.status === "COMPLETED");
      expect(all).toEqual([...open, ...done]);
      const key = (t: { dueDate: string; id: string }) => [Date.parse(t.dueDate), t.id] as const;
      const inOrder = (list: typeof all, sign: 1 | -1) => list.every((t, i) => i === 0 || sign * (key(t)[0] - key(list[i - 1]!)[0]) > 0 || (key(t)[0] === key(list[i - 1]!)[0] && key(t)[1] > key(list[i - 1]!)[1]));
      expect(inOrder(open, 1)).toBe(true);
      expect(inOrder(done, -1)).toBe(true);
      expect(done.map((t) => t.id.slice(-5))).toEqual(["00035", "00030", "00025", "00020", "00015", "00010", "00005", "00000"]);
    });
  });

  it("answers by cursor over /v1 with nextCursor, keeps the spec's shape by page, and refuses a forged cursor", async () => {
    await withSeededUser(3, async (user) => {
      const first = await (await api("/v1/tasks?after=&limit=2", "GET", undefined, user.token)).json<{ tasks: unknown[]; hasMore: boolean; nextCursor: string }>();
      expect(first.tasks).toHaveLength(2);
      expect(first.hasMore).toBe(true);
      const second = await (await api(`/v1/tasks?after=${first.nextCursor}&limit=2`, "GET", undefined, user.token)).json<{ tasks: unknown[]; nextCursor: string | null }>();
      expect(second).toMatchObject({ nextCursor: null, hasMore: false });
      expect(second.tasks).toHaveLength(1);

      // The cursor of the format before ADR 085 ([completed, dueAt, id]) is refused, not read as another position.
      for (const forged of ["not-a-cursor", btoa("[2,1,\"x\"]"), btoa("{}"), btoa(`[1,${BASE},"x"]`), btoa(`[3,1,${BASE},"x"]`)]) {
        const response = await api(`/v1/tasks?after=${encodeURIComponent(forged)}`, "GET", undefined, user.token);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ message: BAD_CURSOR, code: "BAD_CURSOR" });
      }
    });
  });
});
