import { env } from "cloudflare:test";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { prebuiltSelect } from "../../db/prebuilt-select";
import { tasks } from "../../db/schema";
import { createUser, deleteUsers } from "./escalation-helpers";

// The task list's reads are built once (db/prebuilt-select.ts, issue 8): their rows must be exactly
// what Drizzle's own select gives, for every column kind (text, numbers, booleans, nulls, JSON text).

const BASE = Date.parse("2031-02-01T09:00:00Z");

const whole = getTableColumns(tasks);
const byUser = prebuiltSelect<typeof whole, { userId: string }>(whole, (db, fields) => db.select(fields).from(tasks).where(eq(tasks.userId, sql.placeholder("userId"))).orderBy(tasks.id));
// Chosen columns in an order of their own, a generated one among them (as the task list reads them).
const chosenFields = { title: tasks.title, isCompleted: tasks.isCompleted, id: tasks.id, checkBackMinutes: tasks.checkBackMinutes, ignoreQuietHours: tasks.ignoreQuietHours };
const chosenByUser = prebuiltSelect<typeof chosenFields, { userId: string }>(chosenFields, (db, fields) =>
  db.select(fields).from(tasks).where(eq(tasks.userId, sql.placeholder("userId"))).orderBy(tasks.id),
);

describe("prebuiltSelect", () => {
  it("returns the same rows as Drizzle's select, with every column filled in or left null", async () => {
    const user = await createUser();
    try {
      const db = createDb(env.DB);
      await db.insert(tasks).values([
        { id: "pre-a", userId: user.id, title: "Bare", dueAt: BASE, strategyKey: "standard", createdAt: BASE },
        {
          id: "pre-b",
          userId: user.id,
          title: "Everything set, even 'quotes'",
          dueAt: BASE + 1,
          status: "ACKNOWLEDGED",
          strategyKey: "gentle",
          recurrence: JSON.stringify({ freq: "daily" }),
          seriesId: "series-1",
          source: "telegram",
          escalationHaltedAt: BASE + 2,
          lastReminderSentAt: BASE + 3,
          buddiesAlertedAt: BASE + 4,
          acknowledgedAt: BASE + 5,
          ignoreQuietHours: true,
          quietHeldUntil: BASE + 6,
          checkBackAt: BASE + 7,
          checkBackMinutes: 0,
          completedAt: BASE + 8,
          snoozedUntil: BASE + 9,
          createdAt: BASE,
          updatedAt: BASE + 10,
        },
      ]);
      const viaDrizzle = await db.select().from(tasks).where(eq(tasks.userId, user.id)).orderBy(tasks.id);
      const prebuilt = await byUser.all(db, { userId: user.id });
      expect(prebuilt).toEqual(viaDrizzle);
      expect(prebuilt[1]).toMatchObject({ ignoreQuietHours: true, checkBackMinutes: 0, recurrence: '{"freq":"daily"}', updatedAt: BASE + 10 });
      expect(prebuilt[0]).toMatchObject({ ignoreQuietHours: false, checkBackMinutes: null, recurrence: null });
      expect(await byUser.all(db, { userId: "nobody" })).toEqual([]);
      const chosen = await chosenByUser.all(db, { userId: user.id });
      expect(chosen).toEqual(await db.select(chosenFields).from(tasks).where(eq(tasks.userId, user.id)).orderBy(tasks.id));
      expect(chosen).toEqual([
        { title: "Bare", isCompleted: 0, id: "pre-a", checkBackMinutes: null, ignoreQuietHours: false },
        { title: "Everything set, even 'quotes'", isCompleted: 0, id: "pre-b", checkBackMinutes: 0, ignoreQuietHours: true },
      ]);
    } finally {
      await deleteUsers(user.id);
    }
  });

  it("refuses a select of other fields than it was given, loudly, instead of mapping values onto the wrong keys", async () => {
    const user = await createUser();
    try {
      const db = createDb(env.DB);
      await db.insert(tasks).values({ id: "pre-c", userId: user.id, title: "One", dueAt: BASE, strategyKey: "standard", createdAt: BASE });
      const chosen = prebuiltSelect<typeof whole, { userId: string }>(whole, (d) => d.select({ id: tasks.id, title: tasks.title }).from(tasks).where(eq(tasks.userId, sql.placeholder("userId"))));
      await expect(chosen.all(db, { userId: user.id })).rejects.toThrow(`prebuiltSelect: 2 columns, ${Object.keys(getTableColumns(tasks)).length} expected`);
    } finally {
      await deleteUsers(user.id);
    }
  });
});

describe("a request's Drizzle client", () => {
  // Given the schema, drizzle() walks every table and relation on each call (issue 8); nothing uses
  // db.query.*, so the client is made without it.
  it("is made without the relational schema, and still reads and writes the tables", async () => {
    const db = createDb(env.DB);
    expect(db._.schema).toBeUndefined();
    expect(db._.fullSchema).toEqual({});
    const user = await createUser();
    try {
      await db.insert(tasks).values({ id: "pre-client", userId: user.id, title: "Plain", dueAt: BASE, strategyKey: "standard", createdAt: BASE });
      expect((await db.select({ title: tasks.title }).from(tasks).where(eq(tasks.id, "pre-client")))[0]).toEqual({ title: "Plain" });
    } finally {
      await deleteUsers(user.id);
    }
  });
});
