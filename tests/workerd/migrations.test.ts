import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

// A migration that changes a table must carry its rows over. Here on a database of its own
// (MIGRATION_DB), migrated up to the one before, filled, then migrated the rest of the way.

/** MIGRATION_DB with every migration before `name` applied; `finish()` applies the rest. */
async function migratedUpTo(name: string) {
  const db = env.MIGRATION_DB;
  const at = env.TEST_MIGRATIONS.findIndex((m) => m.name === name);
  expect(at, name).toBeGreaterThan(0);
  await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
  return { db, finish: () => applyD1Migrations(db, env.TEST_MIGRATIONS) };
}

const REBUILD = "0027_deliveries_without_rowid.sql";

describe(`migration ${REBUILD} (ADR 069)`, () => {
  it("keeps every delivery and its fields, drops the task and age indexes, and makes the table WITHOUT ROWID", async () => {
    const { db, finish } = await migratedUpTo(REBUILD);

    await db.batch([
      db.prepare("INSERT INTO users (id, name, email, created_at) VALUES ('m-user', 'Mo', 'mo@example.com', 1)"),
      db.prepare("INSERT INTO tasks (id, user_id, title, due_at, strategy_key, created_at) VALUES ('m-task', 'm-user', 'Pills', 2, 'standard', 1)"),
      db.prepare(
        `INSERT INTO deliveries (id, idempotency_key, user_id, task_id, escalation_step_id, channel, requested_channel, recipient, status, attempts, provider_message_id, error, created_at, sent_at, link_token_hash, link_uses)
         VALUES ('e1:0@2:email:mo@example.com', 'e1:0@2:email:mo@example.com', 'm-user', 'm-task', 's1', 'email', 'telegram', 'mo@example.com', 'sent', 2, 'prov-1', NULL, 3, 4, 'hash-1', '{"done":5}'),
                ('e1:1@9:sms:+15550001', 'e1:1@9:sms:+15550001', 'm-user', 'm-task', 's2', 'sms', NULL, '+15550001', 'failed', 1, NULL, 'Carrier said no', 6, NULL, NULL, NULL)`,
      ),
    ]);
    const before = (await db.prepare("SELECT * FROM deliveries ORDER BY id").all()).results;
    expect(before).toHaveLength(2);

    await finish();

    expect((await db.prepare("SELECT * FROM deliveries ORDER BY id").all()).results).toEqual(before);
    const ddl = await db.prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'deliveries' ORDER BY name").all<{ type: string; name: string; sql: string | null }>();
    expect(ddl.results.find((row) => row.type === "table")?.sql).toMatch(/WITHOUT ROWID\s*$/);
    expect(ddl.results.filter((row) => row.type === "index" && row.sql !== null).map((row) => row.name)).toEqual(["deliveries_link_token_unique", "deliveries_user_idx"]);
    // task_id is history now: deleting the task leaves the rows; deleting the person removes them.
    await db.prepare("DELETE FROM tasks WHERE id = 'm-task'").run();
    expect((await db.prepare("SELECT task_id FROM deliveries").all()).results).toEqual([{ task_id: "m-task" }, { task_id: "m-task" }]);
    await db.prepare("DELETE FROM users WHERE id = 'm-user'").run();
    expect((await db.prepare("SELECT count(*) AS n FROM deliveries").first<{ n: number }>())?.n).toBe(0);
  });
});

/** A person `<prefix>-user` with task `<prefix>-open` (PENDING) and `<prefix>-done` (COMPLETED), due at the given times. */
async function onePersonWithAnOpenAndADoneTask(db: D1Database, prefix: string, due: { open: number; done: number }) {
  await db.batch([
    db.prepare("INSERT INTO users (id, name, email, created_at) VALUES (?, 'Lu', ?, 1)").bind(`${prefix}-user`, `${prefix}@example.com`),
    db
      .prepare(
        `INSERT INTO tasks (id, user_id, title, due_at, status, strategy_key, created_at)
         VALUES (?1 || '-open', ?1 || '-user', 'Pills', ?2, 'PENDING', 'standard', 1), (?1 || '-done', ?1 || '-user', 'Bins', ?3, 'COMPLETED', 'standard', 1)`,
      )
      .bind(prefix, due.open, due.done),
  ]);
}

const LIST_COLUMN = "0028_task_list_done_column.sql";

describe(`migration ${LIST_COLUMN} (issue 8)`, () => {
  it("gives every task, old and new, is_completed from its status, and rebuilds the list index on that column", async () => {
    const { db, finish } = await migratedUpTo(LIST_COLUMN);
    await onePersonWithAnOpenAndADoneTask(db, "l", { open: 2, done: 1 });

    await finish();

    const read = async () => (await db.prepare("SELECT id, is_completed FROM tasks ORDER BY id").all()).results;
    expect(await read()).toEqual([
      { id: "l-done", is_completed: 1 },
      { id: "l-open", is_completed: 0 },
    ]);
    // Generated, never written: a change of status is reflected at once, and a write of the column is refused.
    await db.prepare("UPDATE tasks SET status = 'COMPLETED' WHERE id = 'l-open'").run();
    expect(await read()).toEqual([
      { id: "l-done", is_completed: 1 },
      { id: "l-open", is_completed: 1 },
    ]);
    await expect(db.prepare("UPDATE tasks SET is_completed = 0 WHERE id = 'l-open'").run()).rejects.toThrow(/generated column/);
    // The index's second key is this column (0029 then changed its third key, below).
    const index = await db.prepare("SELECT sql FROM sqlite_master WHERE name = 'tasks_user_list_idx'").first<{ sql: string }>();
    expect(index?.sql).toMatch(/^CREATE INDEX `tasks_user_list_idx` ON `tasks` \(`user_id`, `is_completed`, /);
  });
});

const DONE_NEWEST_FIRST = "0029_task_list_done_newest_first.sql";

describe(`migration ${DONE_NEWEST_FIRST} (ADR 085)`, () => {
  it("gives every task list_due (its due time open, minus it done), following the status, and rebuilds the list index on it", async () => {
    const { db, finish } = await migratedUpTo(DONE_NEWEST_FIRST);
    await onePersonWithAnOpenAndADoneTask(db, "n", { open: 2000, done: 1000 });

    await finish();

    const read = async () => (await db.prepare("SELECT id, list_due FROM tasks WHERE user_id = 'n-user' ORDER BY id").all()).results;
    expect(await read()).toEqual([
      { id: "n-done", list_due: -1000 },
      { id: "n-open", list_due: 2000 },
    ]);
    await db.prepare("UPDATE tasks SET status = 'PENDING' WHERE id = 'n-done'").run();
    await db.prepare("UPDATE tasks SET status = 'COMPLETED' WHERE id = 'n-open'").run();
    expect(await read()).toEqual([
      { id: "n-done", list_due: 1000 },
      { id: "n-open", list_due: -2000 },
    ]);
    await expect(db.prepare("UPDATE tasks SET list_due = 0 WHERE id = 'n-open'").run()).rejects.toThrow(/generated column/);
    const index = await db.prepare("SELECT sql FROM sqlite_master WHERE name = 'tasks_user_list_idx'").first<{ sql: string }>();
    expect(index?.sql).toBe("CREATE INDEX `tasks_user_list_idx` ON `tasks` (`user_id`, `is_completed`, `list_due`, `id`)");
  });
});
