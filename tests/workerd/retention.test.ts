/**
 * Retention clean-up (worker/services/retention.ts).
 *
 * D1 is shared by every test file and pruning is global, so this file keeps to the year 2000: no
 * other file writes timestamps that early, so a prune at NOW deletes only this file's rows (a prune
 * in 2050 would delete every other file's rows, and more than RETENTION_BATCH of them, which would
 * make "exactly my old rows are gone" depend on the rest of the suite).
 */
import { env } from "cloudflare:test";
import { eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cronRuns,
  deliveries,
  escalations,
  escalationSteps,
  linkTokens,
  tasks,
  telegramMadeTasks,
  outboxMessages,
  processedUpdates,
  rateLimits,
  refreshSessions,
  telegramLinkCodes,
  users,
  verificationCodes,
} from "../../db/schema";
import { fixedClock } from "../../worker/services/clock";
import { createDeps } from "../../worker/services/deps";
import { HISTORY_DAYS, isRetentionMinute, PEOPLE_SLICES, peopleSlice, pruneExpired, RETENTION_BATCH, retentionRules } from "../../worker/services/retention";

const NOW = Date.parse("2001-01-01T12:00:00Z");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const deps = createDeps(env, { clock: fixedClock(NOW) });
const run = crypto.randomUUID().slice(0, 8);
const rid = (name: string) => `ret-${run}-${name}`;
const userId = rid("user");

beforeAll(async () => {
  await deps.db.insert(users).values({ id: userId, name: "Robin", email: `${userId}@example.com` });
});

afterAll(async () => {
  await deps.db.delete(users).where(eq(users.id, userId));
  for (const table of [linkTokens, verificationCodes, telegramLinkCodes, outboxMessages, cronRuns]) {
    await deps.db.delete(table).where(like(table.id, `ret-${run}-%`));
  }
  await deps.db.delete(rateLimits).where(like(rateLimits.key, `ret-${run}-%`));
  await deps.db.delete(processedUpdates).where(like(processedUpdates.key, `ret-${run}-%`));
});

async function idsLeft(table: typeof linkTokens | typeof verificationCodes | typeof refreshSessions | typeof telegramLinkCodes | typeof outboxMessages | typeof cronRuns) {
  const rows = await deps.db.select({ id: table.id }).from(table).where(like(table.id, `ret-${run}-%`));
  return rows.map((r) => r.id).sort();
}

async function keysLeft(table: typeof rateLimits | typeof processedUpdates) {
  const rows = await deps.db.select({ key: table.key }).from(table).where(like(table.key, `ret-${run}-%`));
  return rows.map((r) => r.key).sort();
}

const sorted = (...names: string[]) => names.map(rid).sort();

describe("isRetentionMinute", () => {
  it("is true at minute 17 of an hour and false at any other minute (not on the busy hour)", () => {
    expect(isRetentionMinute(Date.parse("2050-06-01T09:17:00Z"))).toBe(true);
    expect(isRetentionMinute(Date.parse("2050-06-01T09:17:59Z"))).toBe(true);
    expect(isRetentionMinute(Date.parse("2050-06-01T09:00:00Z"))).toBe(false);
    expect(isRetentionMinute(Date.parse("2050-06-01T09:16:00Z"))).toBe(false);
    expect(isRetentionMinute(Date.parse("2050-06-01T09:18:00Z"))).toBe(false);
  });
});

describe("pruneExpired", () => {
  it("deletes exactly the rows past their retention and keeps the rest", async () => {
    const tokenHash = (name: string) => `${rid(name)}-hash`;
    await deps.db.insert(linkTokens).values([
      { id: rid("lt-expired-8d"), purpose: "magic_link", tokenHash: tokenHash("lt1"), expiresAt: NOW - 8 * DAY },
      { id: rid("lt-consumed-8d"), purpose: "magic_link", tokenHash: tokenHash("lt2"), consumedAt: NOW - 8 * DAY },
      { id: rid("lt-expired-6d"), purpose: "magic_link", tokenHash: tokenHash("lt3"), expiresAt: NOW - 6 * DAY },
      { id: rid("lt-consumed-6d"), purpose: "magic_link", tokenHash: tokenHash("lt4"), expiresAt: NOW + DAY, consumedAt: NOW - 6 * DAY },
      { id: rid("lt-no-expiry"), purpose: "task_action", tokenHash: tokenHash("lt5") },
    ]);
    const code = { purpose: "email_verify", target: "x@example.com", codeHash: "h" };
    await deps.db.insert(verificationCodes).values([
      { id: rid("vc-expired-2d"), ...code, expiresAt: NOW - 2 * DAY },
      { id: rid("vc-expired-12h"), ...code, expiresAt: NOW - 12 * HOUR },
      { id: rid("vc-expired-locked"), ...code, expiresAt: NOW - 2 * DAY, lockedUntil: NOW + HOUR },
    ]);
    const session = { userId, familyId: rid("family") };
    await deps.db.insert(refreshSessions).values([
      { id: rid("rs-expired"), ...session, tokenHash: tokenHash("rs1"), expiresAt: NOW - 1 },
      { id: rid("rs-revoked-8d"), ...session, tokenHash: tokenHash("rs2"), expiresAt: NOW + 30 * DAY, revokedAt: NOW - 8 * DAY },
      { id: rid("rs-revoked-6d"), ...session, tokenHash: tokenHash("rs3"), expiresAt: NOW + 30 * DAY, revokedAt: NOW - 6 * DAY },
      // Rotated long ago but unexpired: still detects reuse of its token, so it stays.
      { id: rid("rs-rotated-30d"), ...session, tokenHash: tokenHash("rs4"), expiresAt: NOW + DAY, rotatedAt: NOW - 30 * DAY },
      { id: rid("rs-active"), ...session, tokenHash: tokenHash("rs5"), expiresAt: NOW + 30 * DAY },
    ]);
    await deps.db.insert(rateLimits).values([
      { key: rid("rl-old"), count: 3, windowStartedAt: NOW - 3 * DAY },
      { key: rid("rl-old-block-ended"), count: 9, windowStartedAt: NOW - 3 * DAY, blockedUntil: NOW - 1 },
      { key: rid("rl-old-blocked"), count: 9, windowStartedAt: NOW - 3 * DAY, blockedUntil: NOW + HOUR },
      { key: rid("rl-recent"), count: 1, windowStartedAt: NOW - DAY },
    ]);
    await deps.db.insert(telegramLinkCodes).values([
      { id: rid("tl-expired-2d"), userId, codeHash: tokenHash("tl1"), expiresAt: NOW - 2 * DAY },
      { id: rid("tl-expired-12h"), userId, codeHash: tokenHash("tl2"), expiresAt: NOW - 12 * HOUR },
    ]);
    await deps.db.insert(processedUpdates).values([
      { key: rid("pu-8d"), receivedAt: NOW - 8 * DAY },
      { key: rid("pu-6d"), receivedAt: NOW - 6 * DAY },
    ]);
    // A task made by writing to the bot, and its message by the message (ADR 107): three days, then gone.
    await deps.db.insert(tasks).values({ id: rid("t-chat"), userId, title: "Chat", dueAt: NOW + DAY, strategyKey: "standard", createdAt: NOW - 4 * DAY });
    await deps.db.insert(telegramMadeTasks).values([
      { chatId: rid("chat"), messageId: 1, taskId: rid("t-chat"), madeAt: NOW - 3 * DAY - 1 },
      { chatId: rid("chat"), messageId: 2, taskId: rid("t-chat"), madeAt: NOW - 3 * DAY + HOUR },
    ]);
    const message = { channel: "email", to: "x@example.com", text: "hi" };
    await deps.db.insert(outboxMessages).values([
      { id: rid("om-15d"), ...message, createdAt: NOW - 15 * DAY },
      { id: rid("om-13d"), ...message, createdAt: NOW - 13 * DAY },
    ]);
    await deps.db.insert(cronRuns).values([
      { id: rid("cr-8d"), scheduledAt: NOW - 8 * DAY },
      { id: rid("cr-6d"), scheduledAt: NOW - 6 * DAY },
    ]);

    const deleted = await pruneExpired(deps, NOW);

    expect(deleted).toEqual({
      finished_chains: 0,
      deliveries: 0,
      deliveries_without_person: 0,
      link_tokens: 2,
      verification_codes: 1,
      refresh_sessions: 2,
      rate_limits: 2,
      telegram_link_codes: 1,
      processed_updates: 1,
      telegram_made_tasks: 1,
      outbox_messages: 1,
      cron_runs: 1,
    });
    const madeLeft = await deps.db.select({ messageId: telegramMadeTasks.messageId }).from(telegramMadeTasks).where(eq(telegramMadeTasks.chatId, rid("chat")));
    expect(madeLeft).toEqual([{ messageId: 2 }]);
    await deps.db.delete(tasks).where(eq(tasks.id, rid("t-chat")));
    expect(await idsLeft(linkTokens)).toEqual(sorted("lt-expired-6d", "lt-consumed-6d", "lt-no-expiry"));
    expect(await idsLeft(verificationCodes)).toEqual(sorted("vc-expired-12h", "vc-expired-locked"));
    expect(await idsLeft(refreshSessions)).toEqual(sorted("rs-revoked-6d", "rs-rotated-30d", "rs-active"));
    expect(await keysLeft(rateLimits)).toEqual(sorted("rl-old-blocked", "rl-recent"));
    expect(await idsLeft(telegramLinkCodes)).toEqual(sorted("tl-expired-12h"));
    expect(await keysLeft(processedUpdates)).toEqual(sorted("pu-6d"));
    expect(await idsLeft(outboxMessages)).toEqual(sorted("om-13d"));
    expect(await idsLeft(cronRuns)).toEqual(sorted("cr-6d"));
  });

  it(`deletes at most ${RETENTION_BATCH} rows per table per run; the next run takes the rest`, async () => {
    const prefix = rid("bulk-");
    await deps.db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${RETENTION_BATCH + 5})
      INSERT INTO processed_updates (key, received_at) SELECT ${prefix} || i, ${NOW - 8 * DAY} FROM n`);

    expect((await pruneExpired(deps, NOW)).processed_updates).toBe(RETENTION_BATCH);
    const left = await deps.db.select({ key: processedUpdates.key }).from(processedUpdates).where(like(processedUpdates.key, `${prefix}%`));
    expect(left).toHaveLength(5);

    expect((await pruneExpired(deps, NOW)).processed_updates).toBe(5);
    const keys = left.map((r) => r.key);
    expect(await deps.db.select().from(processedUpdates).where(inArray(processedUpdates.key, keys))).toEqual([]);
  });
});

describe("finished chains and old deliveries (docs/scale.md)", () => {
  it(`deletes a completed task's chain (with its steps) and deliveries ${HISTORY_DAYS} days after it ended; open tasks' chains and recent rows stay`, async () => {
    const task = (name: string, status: string) => ({ id: rid(name), userId, title: name, dueAt: NOW - 60 * DAY, status, strategyKey: "standard", createdAt: NOW - 60 * DAY });
    await deps.db.insert(tasks).values([task("t-done-old", "COMPLETED"), task("t-done-recent", "COMPLETED"), task("t-open-old", "PENDING")]);
    const chain = (name: string, taskName: string, state: string, endedAt: number) => ({
      id: rid(name),
      taskId: rid(taskName),
      strategyKey: "standard",
      steps: "[]",
      state,
      startedAt: NOW - 60 * DAY,
      endedAt,
      createdAt: NOW - 60 * DAY,
    });
    await deps.db.insert(escalations).values([
      chain("e-done-31d", "t-done-old", "completed", NOW - 31 * DAY),
      chain("e-done-29d", "t-done-recent", "completed", NOW - 29 * DAY),
      // An open task's chain that ran out long ago: a snooze may bring it back, so it stays.
      chain("e-open-40d", "t-open-old", "exhausted", NOW - 40 * DAY),
    ]);
    const step = (name: string, chainName: string, taskName: string) => ({
      id: rid(name),
      escalationId: rid(chainName),
      taskId: rid(taskName),
      stepIndex: 0,
      channels: "[]",
      dueAt: NOW - 60 * DAY,
      state: "sent",
      createdAt: NOW - 60 * DAY,
    });
    await deps.db.insert(escalationSteps).values([step("s-done-31d", "e-done-31d", "t-done-old"), step("s-done-29d", "e-done-29d", "t-done-recent"), step("s-open-40d", "e-open-40d", "t-open-old")]);
    const delivery = (name: string, createdAt: number, status = "sent") => ({
      id: rid(name),
      idempotencyKey: rid(name),
      userId,
      taskId: rid("t-done-old"),
      channel: "email",
      recipient: "x@example.com",
      status,
      createdAt,
    });
    await deps.db.insert(deliveries).values([
      delivery("d-31d", NOW - 31 * DAY),
      delivery("d-31d-dead", NOW - 31 * DAY, "dead"),
      delivery("d-29d", NOW - 29 * DAY),
      { ...delivery("d-31d-no-person", NOW - 31 * DAY), userId: null },
    ]);

    const left = async (table: typeof escalations | typeof escalationSteps | typeof deliveries | typeof tasks) =>
      (await deps.db.select({ id: table.id }).from(table).where(like(table.id, `ret-${run}-%`))).map((r) => r.id).sort();
    // A person's old deliveries go in the hourly run of their slice of people: exactly one of PEOPLE_SLICES runs.
    const personsLeft = async () => (await left(deliveries)).filter((id) => id !== rid("d-31d-no-person")).length;
    let count = await personsLeft();
    const hoursThatPruned: number[] = [];
    const runs: Record<string, number>[] = [];
    for (let hour = 0; hour < PEOPLE_SLICES; hour++) {
      runs.push(await pruneExpired(deps, NOW + hour * HOUR));
      const now = await personsLeft();
      if (now < count) hoursThatPruned.push(hour);
      count = now;
    }
    expect(hoursThatPruned).toHaveLength(1);
    // D1 counts the steps deleted by the cascade in the statement's changes too: one chain and its one step.
    expect(runs[0]!.finished_chains).toBe(2);
    expect(runs[0]!.deliveries_without_person).toBe(1);
    expect(await left(escalations)).toEqual(sorted("e-done-29d", "e-open-40d"));
    expect(await left(escalationSteps)).toEqual(sorted("s-done-29d", "s-open-40d"));
    expect(await left(deliveries)).toEqual(sorted("d-29d"));
    // The tasks themselves are the person's history: all three stay.
    expect(await left(tasks)).toEqual(sorted("t-done-old", "t-done-recent", "t-open-old"));
  });
});

describe("every rule reads by an index on the tables that grow with people's data", () => {
  it("finished chains by escalations_ended_idx, deliveries by deliveries_user_idx in every slice of people: no scan of either table", async () => {
    for (let hour = 0; hour < PEOPLE_SLICES; hour++) {
      const plans = new Map<string, string>();
      for (const { name, table, where, key } of retentionRules(NOW + hour * HOUR)) {
        const rowKey = key ? sql`${key}` : sql`rowid`;
        const rows = await deps.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN SELECT ${rowKey} FROM ${table} WHERE ${where} LIMIT ${RETENTION_BATCH}`);
        plans.set(name, rows.map((row) => row.detail).join("\n"));
      }
      expect(plans.get("finished_chains")).toMatch(/escalations_ended_idx/);
      expect(plans.get("finished_chains")).not.toMatch(/SCAN escalations(?! USING)/);
      for (const rule of ["deliveries", "deliveries_without_person"]) {
        expect(plans.get(rule)).toMatch(/deliveries_user_idx/);
        expect(plans.get(rule)).not.toMatch(/SCAN deliveries(?! USING)/);
      }
      // The people of the slice by primary key, never all of them.
      expect(plans.get("deliveries")).not.toMatch(/SCAN users\b/);
    }
  });

  it("puts every id in exactly one slice of people, whatever its shape", async () => {
    const ids = ["00000000-aaaa", "0", "-dash", "1abc", "9zz", "A-upper", "Zed", "a1", "bcd", "f", "ffff", "g-after-hex", "zzz", "~tilde", ""];
    for (const id of ids) {
      const slices: number[] = [];
      for (let hour = 0; hour < PEOPLE_SLICES; hour++) {
        // The slice's condition names "users"."id": a one-row table of that name stands in.
        const rows = await deps.db.all(sql`select 1 from (select ${id} as id) as users where ${peopleSlice(NOW + hour * HOUR)}`);
        if (rows.length > 0) slices.push(hour);
      }
      expect(slices, id).toHaveLength(1);
    }
  });
});
