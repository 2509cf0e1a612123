/**
 * Every query the product runs, read by an index and reading only what it returns (issue 8): a walk
 * through the API, the engine and the pages' loaders records each distinct SQL statement with the
 * values it ran with and what each run read (D1's rows_read) against what it returned. A plan that
 * scans a table or sorts in a temp B-tree fails (unless the sort is listed below with why it is
 * bounded), and so does a read that reads far more rows than it returns: the walking person has a
 * long done history (HISTORY tasks, each with a delivery), so a read that walks it shows.
 *
 * The walk covers: registration, sign-in, refresh and the profile; tasks created (one recurring),
 * listed by page and by cursor, read, edited, acknowledged, snoozed, done and deleted; a nudge buddy
 * added, listed, verified, alerted by a chain's last step, thanked and removed; a push device; the calendar feed; Telegram's link code; quiet
 * hours, a break and onboarding; reminder steps delivered by the queue consumer (one retried) and answered by
 * a link; what the signed-in pages' loaders read (the dashboard, the reminder screen, settings); the
 * Telegram bot (a reminder in words, /list, a button, a reaction, a buddy's chat), a text reply and an email to the assistant.
 * The tick's claims and the retention sweep have their own plan tests (escalation-engine.test.ts,
 * retention.test.ts): they would take other test files' due steps here.
 *
 * System time faked into 2033 (docs/testing.md, "Calendar years").
 */
import { readReachExtras } from "../../worker/services/escalation";
import { createExecutionContext, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { escalationSteps, tasks } from "../../db/schema";
import { queue } from "../../worker/handlers";
import type { Job } from "../../worker/queue-payloads";
import { createDeps } from "../../worker/services/deps";
import { fixedClock } from "../../worker/services/clock";
import { agendaText, madeTogetherWith, describeActionLink, describeForgetLink, describeMoveLink, redeemActionLink, redeemForgetLink, redeemMoveLink } from "../../worker/services/tasks";
import { ProviderError } from "../../worker/channels/errors";
import type { Deps } from "../../worker/services/deps";
import { createFakePush } from "../fakes/push";
import { loadBuddies } from "../../app/lib/buddies.server";
import { loadCalendarRow } from "../../app/lib/calendar.server";
import { loadPhonePanel } from "../../app/lib/phone.server";
import { loadPushRow } from "../../app/lib/push.server";
import { loadActiveReminders, loadDashboardTasks, loadTaskWindow } from "../../app/lib/tasks.server";
import { getOnboardingStatus, getProfile } from "../../worker/services/auth";
import { composeDevMessage, handleInboundEmail } from "../../worker/services/inbound-email";
import { replyToText, SMS_TEXTS } from "../../worker/services/phone";
import { answerFromChat, findChatOwner, nextReminderLines, reminderFromChat } from "../../worker/services/telegram/chat";
import { buddyOwnersOfChat } from "../../worker/services/buddies";
import { replyToChatEdit } from "../../worker/services/telegram/edits";
import { answerFromReaction } from "../../worker/services/telegram/reactions";
import { registration } from "./auth-support";
import { FakeQueue, MINUTE, ORIGIN, outboxTo, stepsOf, testEra } from "./escalation-helpers";
import { request } from "./helpers";

const ERA = new Date("2033-03-01T09:00:00Z");
const { user } = testEra(ERA);

/** A statement the walk ran: the values of its first run, and the most rows one run read beyond what it returned. */
interface Ran {
  values: unknown[];
  /** rows_read minus rows returned, the worst run (reads only). */
  overread: number;
  rowsRead: number;
  returned: number;
}

/** The statements run through `db`, by SQL, with what each read (D1's meta) against what it returned. */
function recording(db: D1Database, seen: Map<string, Ran>): D1Database {
  const note = (query: string, values: unknown[], result?: D1Result) => {
    const ran = seen.get(query) ?? { values, overread: 0, rowsRead: 0, returned: 0 };
    if (result) {
      const returned = (result.results?.length ?? 0) + (result.meta?.changes ?? 0);
      const rowsRead = result.meta?.rows_read ?? 0;
      if (rowsRead - returned > ran.overread) Object.assign(ran, { overread: rowsRead - returned, rowsRead, returned });
    }
    seen.set(query, ran);
  };
  const wrap = (stmt: D1PreparedStatement, query: string, values: unknown[]): D1PreparedStatement => {
    const measured = async () => {
      const result = await stmt.all();
      note(query, values, result);
      return result;
    };
    const wrapped = {
      inner: stmt,
      query,
      values,
      bind: (...bound: unknown[]) => wrap(stmt.bind(...bound), query, bound),
      first: async (column?: string) => {
        const row = (await measured()).results[0] as Record<string, unknown> | undefined;
        return row === undefined ? null : column === undefined ? row : (row[column] ?? null);
      },
      all: measured,
      run: measured,
      // As db/meter.ts does: through all(), for its meta; rows as arrays of their values.
      raw: async (options?: { columnNames?: boolean }) => {
        const result = await measured();
        const rows = result.results.map((row) => Object.values(row as object));
        return options?.columnNames ? [Object.keys((result.results[0] as object) ?? {}), ...rows] : rows;
      },
    };
    return wrapped as unknown as D1PreparedStatement;
  };
  return {
    prepare: (query: string) => wrap(db.prepare(query), query, []),
    batch: async (statements: D1PreparedStatement[]) => {
      const inner = statements as unknown as Array<{ inner: D1PreparedStatement; query: string; values: unknown[] }>;
      const results = await db.batch(inner.map((s) => s.inner));
      results.forEach((result, i) => note(inner[i]!.query, inner[i]!.values, result));
      return results;
    },
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (...args: Parameters<D1Database["withSession"]>) => db.withSession(...args),
  } as D1Database;
}

/**
 * How many rows a read may read beyond those it returns: the entries that end its ranges, a count's
 * rows (the walking person has a handful of open tasks), a lookup that finds nothing. The walking
 * person also has HISTORY done tasks and old deliveries: a read that walks their history reads
 * hundreds more and fails.
 */
const OVERREAD_ALLOWED = 40;
const HISTORY = 300;

/**
 * Sorts that are bounded by what the statement looks up, each with why. A temp B-tree anywhere else
 * fails: it sorts rows that grow with people's data.
 */
const BOUNDED_SORTS: Array<{ query: RegExp; why: string }> = [
  {
    query: /^select "id", "steps", \(select max\(s\.step_index\).* from "escalations" where \("escalations"\."task_id" = \? and exists \(select 1 from tasks as t where t\.id = \? and t\.user_id = \?\)\) order by/,
    why: "a snooze finds the task's newest live chain (only if the task is the person's, read beside it): it sorts that one task's chains (one, or a few after snoozes), found by escalations_task_idx",
  },
];

/** What a plan line may say: a search by key or index, a multi-row VALUES, the JSON lists the batch statements carry. */
function problemsIn(query: string, plan: string[]): string[] {
  // A subquery run as a co-routine is read back by a SCAN of its own name: that walks the rows the
  // subquery yields (its own plan lines, checked here too), not a table.
  const coroutines = new Set(plan.flatMap((line) => /^CO-ROUTINE (\S+)/.exec(line)?.[1] ?? []));
  return plan.filter((line) => {
    if (/VIRTUAL TABLE|SCAN CONSTANT ROW|^SCAN \d+-ROW VALUES CLAUSE/.test(line)) return false;
    if (coroutines.has(/^SCAN (\S+)$/.exec(line)?.[1] ?? "")) return false;
    if (/USE TEMP B-TREE/.test(line)) return !BOUNDED_SORTS.some((sort) => sort.query.test(query));
    return /^SCAN /.test(line);
  });
}

describe("every query the product runs reads by an index", () => {
  it("the walk through the API and the engine: no scan of a growing table, no sort of its own", { timeout: 60_000 }, async () => {
    const seen = new Map<string, Ran>();
    const DB = recording(env.DB, seen);
    const call = async (path: string, method = "GET", body?: unknown, token?: string, expected = [200, 201]) => {
      const headers: Record<string, string> = { Origin: ORIGIN };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const response = await request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, { DB });
      expect(expected, `${method} ${path}: ${await response.clone().text()}`).toContain(response.status);
      return response;
    };

    // Accounts.
    const signUp = registration();
    const registered = await (await call("/v1/users", "POST", signUp)).json<{ refreshToken: string }>();
    await call("/v1/auth/login", "POST", { email: signUp.email, password: signUp.password });
    await call("/v1/auth/refresh", "POST", { refreshToken: registered.refreshToken });
    await call("/v1/auth/forgot-password", "POST", { email: signUp.email });
    // Your account (ADR 080): the name, a new password, then the account deleted with its cascades.
    const own = (registered as unknown as { accessToken: string }).accessToken;
    await call("/v1/users/me/name", "PUT", { name: "Walk Renamed" }, own);
    const renewed = await (await call("/v1/users/me/password", "PUT", { currentPassword: signUp.password, newPassword: "Walk-New-Secret-5" }, own)).json<{ accessToken: string }>();
    await call("/v1/users/me", "DELETE", { password: "Walk-New-Secret-5" }, renewed.accessToken);

    const u = await user({ timezone: "Europe/London" });
    // A long history: done tasks, the oldest first, each with a sent delivery (as a year of reminders leaves).
    const history = `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${HISTORY - 1})`;
    await env.DB.batch([
      env.DB.prepare(`${history} insert into tasks (id, user_id, title, due_at, status, strategy_key, source, completed_at, last_reminder_sent_at, created_at) select ? || '-h-' || i, ?, 'Done long ago', ? + i * 3600000, 'COMPLETED', 'gentle', 'web', ? + i * 3600000, ? + i * 3600000, ? from n`).bind(u.id, u.id, ERA.getTime() - 400 * 86_400_000, ERA.getTime() - 400 * 86_400_000, ERA.getTime() - 400 * 86_400_000, ERA.getTime() - 400 * 86_400_000),
      env.DB.prepare(`${history} insert into deliveries (id, idempotency_key, user_id, task_id, channel, recipient, status, attempts, created_at, sent_at) select ? || '-d-' || i, ? || '-d-' || i, ?, ? || '-h-' || i, 'email', ?, 'sent', 1, ? + i * 3600000, ? + i * 3600000 from n`).bind(u.id, u.id, u.id, u.id, u.email, ERA.getTime() - 400 * 86_400_000, ERA.getTime() - 400 * 86_400_000),
    ]);
    await call("/v1/auth/profile", "GET", undefined, u.token);
    // Download My Data (ADR 080): every task of a long history, in the list index's order.
    await call("/v1/users/me/export", "GET", undefined, u.token);
    await call("/v1/users/me/onboarding", "GET", undefined, u.token);
    await call("/v1/users/me/quiet-hours", "PUT", { enabled: true, start: "22:00", end: "7:00", gentlePings: true }, u.token);
    // A break (ADR 095), made shorter, then ended: each moves the steps it held by the held-steps index.
    await call("/v1/users/me/break", "PUT", { minutes: 120 }, u.token);
    await call("/v1/users/me/break", "PUT", { minutes: 60 }, u.token);
    await call("/v1/users/me/break", "GET", undefined, u.token);
    await call("/v1/users/me/break", "DELETE", undefined, u.token);
    await call("/v1/telegram/generate-otp", "GET", undefined, u.token);

    // Tasks.
    const due = ERA.getTime() + 60 * MINUTE;
    const created = [];
    for (let i = 0; i < 3; i++) {
      created.push(await (await call("/v1/tasks", "POST", { title: `Task ${i}`, dueDate: new Date(due + i * MINUTE).toISOString() }, u.token)).json<{ id: string }>());
    }
    const daily = await (await call("/v1/tasks", "POST", { title: "Pills", dueDate: new Date(due).toISOString(), recurrence: { freq: "daily" } }, u.token)).json<{ id: string }>();
    // A change of zone moves the daily one with its chain (and back, so the rest of the walk is in London).
    await call(`/v1/users/${u.id}`, "PUT", { timezone: "Europe/Paris" }, u.token);
    await call(`/v1/users/${u.id}`, "PUT", { timezone: "Europe/London" }, u.token);
    const page = await (await call("/v1/tasks?page=1&limit=2", "GET", undefined, u.token)).json<{ tasks: unknown[] }>();
    expect(page.tasks).toHaveLength(2);
    const first = await (await call("/v1/tasks?after=&limit=2", "GET", undefined, u.token)).json<{ nextCursor: string }>();
    await call(`/v1/tasks?after=${encodeURIComponent(first.nextCursor)}&limit=2`, "GET", undefined, u.token);
    await call(`/v1/tasks/${created[0]!.id}`, "GET", undefined, u.token);
    await call(`/v1/tasks/${created[0]!.id}`, "PUT", { title: "Task 0, renamed" }, u.token);
    await call(`/v1/tasks/${created[0]!.id}/acknowledge`, "POST", undefined, u.token);
    await call(`/v1/tasks/${created[1]!.id}/snooze`, "POST", { minutes: 30 }, u.token);
    await call(`/v1/tasks/${daily.id}/done`, "POST", undefined, u.token);
    await call(`/v1/tasks/${created[2]!.id}`, "DELETE", undefined, u.token);

    // A nudge buddy, asked and verified by code (removed after the buddy alert below).
    const address = `buddy-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const buddy = await (await call("/v1/emergency-contacts/", "POST", { name: "Sam", type: "email", order: 1, contact: address }, u.token)).json<{ id: string }>();
    const [ask] = await outboxTo(address, "email");
    await call("/v1/emergency-contacts/", "GET", undefined, u.token);
    await call(`/v1/emergency-contacts/${buddy.id}/verify`, "PATCH", { code: /\b(\d{6})\b/.exec(ask!.text)![1] }, u.token);

    // A push device, and the calendar feed.
    const subscription = await createFakePush().subscribe();
    const device = await (await call("/v1/push/devices", "POST", { ...subscription, label: "Phone" }, u.token)).json<{ id: string }>();
    await call("/v1/push/devices", "GET", undefined, u.token);
    await call(`/v1/push/devices/${device.id}`, "DELETE", undefined, u.token, [204]);
    const feed = await (await call(`/v1/users/${u.id}/ics-token`, "POST", undefined, u.token)).json<{ icsFeedToken: string }>();
    await call(`/v1/tasks/ics/${feed.icsFeedToken}`, "GET");

    // Reminder steps through the queue consumer (claimed by hand, as a tick would): one sent and answered
    // by its link; one whose provider fails for a moment, then is tried again (its rows read, the rows it no
    // longer plans closed).
    const deliver = async (taskId: string, at: number, email?: Deps["channels"]["email"]) => {
      const [step] = (await stepsOf(taskId)).filter((s) => s.state === "pending");
      const deps = createDeps({ ...env, DB }, { clock: fixedClock(at) });
      await deps.db.update(escalationSteps).set({ state: "claimed", claimedBy: "plans", leaseUntil: at + 5 * MINUTE }).where(eq(escalationSteps.id, step!.id));
      const fake = new FakeQueue();
      fake.pending.push({ type: "escalation.step", stepId: step!.id, claimId: "plans" } satisfies Job);
      const batch = fake.take();
      await queue(batch, { ...env, DB }, { ...deps, channels: { ...deps.channels, ...(email ? { email } : {}) } });
      getQueueResult(batch, createExecutionContext());
      return deps;
    };
    const newTask = async (title: string) => (await (await call("/v1/tasks", "POST", { title, dueDate: new Date(due).toISOString() }, u.token)).json<{ id: string }>()).id;
    const deps = await deliver(await newTask("Stretch"), due);
    const flaky = await newTask("Water the plants");
    await deliver(flaky, due, { medium: "email", status: deps.channels.email.status, send: () => Promise.reject(new ProviderError("transient", "Resend answered 503")) });
    const [again] = await stepsOf(flaky);
    expect(again).toMatchObject({ state: "pending", lastError: expect.stringContaining("503") });
    await deliver(flaky, again!.dueAt);
    expect((await stepsOf(flaky))[0]!.state).toBe("sent");
    // The rest of its chain: the text and call steps (no phone: by email), then the buddy alert; then
    // Done, which thanks the alerted buddy; then the buddy is removed.
    for (let i = 1; i < 4; i++) {
      const pending = (await stepsOf(flaky)).find((s) => s.state === "pending");
      await deliver(flaky, pending!.dueAt);
    }
    expect((await stepsOf(flaky)).map((s) => s.state)).toEqual(["sent", "sent", "sent", "sent"]);
    expect(await outboxTo(address, "email")).toHaveLength(2);
    await call(`/v1/tasks/${flaky}/done`, "POST", undefined, u.token);
    expect(await outboxTo(address, "email")).toHaveLength(3);
    await call(`/v1/emergency-contacts/${buddy.id}`, "DELETE", undefined, u.token);
    const mails = (await outboxTo(u.email, "email")).filter((mail) => mail.subject?.includes("Stretch"));
    const link = /\/r\/([A-Za-z0-9_-]+)\/(done)/.exec(mails.at(-1)!.text)!;
    expect((await describeActionLink(deps, link[1]!, link[2]!)).state).toBe("ready");
    expect((await redeemActionLink(deps, link[1]!, link[2]!)).state).toBe("done");

    // What the signed-in pages' loaders read (app/lib/*.server.ts): the person, the dashboard's first
    // and next page, the reminder screen, the settings rows.
    const pageDeps = createDeps({ ...env, DB }, { clock: fixedClock(due + 5 * MINUTE) });
    const person = await getProfile(pageDeps, u.id);
    await getOnboardingStatus(pageDeps, u.id);
    const dashboard = await loadDashboardTasks(pageDeps, person);
    expect(dashboard.error).toBeNull();
    await loadDashboardTasks(pageDeps, person, { page: 2, after: dashboard.nextCursor ?? null });
    await loadTaskWindow(pageDeps, u.id, 3, 2);
    expect((await loadActiveReminders(pageDeps, person)).error).toBeNull();
    await loadBuddies(pageDeps, u.id);
    await loadPushRow(pageDeps, u.id);
    await loadCalendarRow(pageDeps, u.id);
    await loadPhonePanel(pageDeps, u.id);
    // Settings' "For you right now": the person's devices and the buddies who said yes.
    await readReachExtras(pageDeps, u.id);

    // The other ways in: the Telegram bot (a reminder in words, /list, a button), a text reply, an email
    // to the assistant; as a person with a linked chat and a verified number.
    const chatter = await user({ timezone: "Europe/London", telegramChatId: "424242", phone: "+15551230000", phoneVerified: true });
    const owner = (await findChatOwner(pageDeps.db, "424242"))!;
    expect((await reminderFromChat(pageDeps, owner, "water the plants tomorrow at 9am", { chatId: "424242", messageId: 7 })).text).toMatch(/water the plants/i);
    expect(await nextReminderLines(pageDeps, owner)).toHaveLength(1);
    // "what's on today?" and "what did I miss?" (ADR 185): open tasks by the list index, up to a time.
    expect(await agendaText(pageDeps, owner, "today")).toMatch(/^Nothing is due today\./);
    expect(await agendaText(pageDeps, owner, "missed")).toMatch(/^You haven't missed anything/);
    // A chat that is no account's is looked up as a buddy's before the sign-up offer (ADR 180): by its chat id.
    expect(await buddyOwnersOfChat(pageDeps, "434343")).toEqual([]);
    // Editing that message (ADR 107): the reminder it made is found by the message's key, then rewritten.
    const edited = { message: { chatId: "424242", messageId: 7 }, text: "water the plants tomorrow at 10am", sentAt: new Date(due), repliedTaskId: null };
    expect((await replyToChatEdit(pageDeps, owner, edited)).text).toMatch(/^Changed it:/);
    const [chatTask] = await pageDeps.db.select().from(tasks).where(eq(tasks.userId, chatter.id));
    // Several from one message (ADR 181), then what a change said about one of them is about (ADR 187): by the partial index.
    expect((await reminderFromChat(pageDeps, owner, "feed the cat at 8am and 6pm every day", { chatId: "424242", messageId: 8 })).text).toMatch(/That's 2 reminders/);
    const cat = (await pageDeps.db.select().from(tasks).where(eq(tasks.userId, chatter.id))).find((task) => task.title === "Feed the cat");
    expect(await madeTogetherWith(pageDeps, chatter.id, cat!.id)).toHaveLength(2);
    expect(await madeTogetherWith(pageDeps, chatter.id, chatTask!.id)).toEqual([chatTask!.id]);
    await answerFromChat(pageDeps, "424242", chatTask!.id, "snooze");
    // A reaction on a message of the chat (ADR 119): the chat's owner, then their last week of deliveries by its message id.
    expect(await answerFromReaction(pageDeps, "424242", 999_999, ["👍"])).toBeNull();
    // Snoozed before it was due, it is the only reminder waiting, and a snoozed one is not answered by text.
    expect(await replyToText(pageDeps, "+15551230000", "DONE")).toBe(SMS_TEXTS.nothingOpen);
    const mail = composeDevMessage({ from: chatter.email, to: "assistant@nudge.example.com", subject: "Call the dentist tomorrow at 10am", body: "", senderCheck: "pass" });
    expect((await handleInboundEmail(pageDeps, mail, new TextEncoder().encode(mail).length)).kind).toBe("created");
    // A reply to "Reminder set: ..." is about that reminder (ADR 105): found by its title in the open part of the list.
    const plants = composeDevMessage({ from: chatter.email, to: "assistant@nudge.example.com", subject: "Feed the fish tomorrow at 9am", body: "", senderCheck: "pass" });
    expect((await handleInboundEmail(pageDeps, plants, new TextEncoder().encode(plants).length)).kind).toBe("created");
    const correction = composeDevMessage({ from: chatter.email, to: "assistant@nudge.example.com", subject: "Re: Reminder set: Feed the fish", body: "make it 11am", senderCheck: "pass" });
    expect((await handleInboundEmail(pageDeps, correction, new TextEncoder().encode(correction).length)).kind).toBe("replied");
    // Moving it by its name by email asks with a link (ADR 099); the link is read and redeemed by its hash.
    const move = composeDevMessage({ from: chatter.email, to: "assistant@nudge.example.com", subject: "Move the dentist to friday", body: "", senderCheck: "pass" });
    expect((await handleInboundEmail(pageDeps, move, new TextEncoder().encode(move).length)).kind).toBe("replied");
    const moveToken = /\/move\/([\w-]+)$/m.exec((await outboxTo(chatter.email, "email")).at(-1)!.text)?.[1] ?? "";
    expect((await describeMoveLink(pageDeps, moveToken)).state).toBe("ready");
    expect((await redeemMoveLink(pageDeps, moveToken)).state).toBe("moved");
    // Deleting it by its name by email asks with a link too (ADR 100).
    const cancel = composeDevMessage({ from: chatter.email, to: "assistant@nudge.example.com", subject: "Cancel the dentist", body: "", senderCheck: "pass" });
    expect((await handleInboundEmail(pageDeps, cancel, new TextEncoder().encode(cancel).length)).kind).toBe("replied");
    const deleteToken = /\/delete\/([\w-]+)$/m.exec((await outboxTo(chatter.email, "email")).at(-1)!.text)?.[1] ?? "";
    expect((await describeForgetLink(pageDeps, deleteToken)).state).toBe("ready");
    expect((await redeemForgetLink(pageDeps, deleteToken)).state).toBe("deleted");
    // A break by text (ADR 098).
    expect(await replyToText(pageDeps, "+15551230000", "pause for 2 hours")).toMatch(/^You're on a break until /);

    // Deleting the account (by an operator: the product has no self-service deletion yet) is planned, not
    // run: its cascades find each table's rows by an index on the column that references users.
    seen.set(`delete from "users" where "users"."id" = ?`, { values: [u.id], overread: 0, rowsRead: 0, returned: 0 });

    // Every statement the walk ran, planned with the values it ran with. (The walk reached the statements
    // that matter most: the cursor page, the batch's delivery rows, a retry's superseded rows, a link's answer.)
    expect(seen.size).toBeGreaterThan(60);
    const ran = [...seen.keys()];
    for (const part of ['("tasks"."is_completed", "tasks"."list_due", "tasks"."id") > (?, ?, ?)', 'insert into "deliveries"', '"deliveries"."id" >= ?', 'json_set(coalesce("deliveries"."link_uses"', '"deliveries"."provider_message_id" = ?']) {
      expect(ran.some((query) => query.includes(part)), part).toBe(true);
    }
    const failures: string[] = [];
    for (const [query, { values, overread, rowsRead, returned }] of seen) {
      if (!/^\s*(select|insert|update|delete|with)\b/i.test(query)) continue;
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).bind(...values).all<{ detail: string }>();
      const problems = problemsIn(query, results.map((r) => r.detail));
      if (overread > OVERREAD_ALLOWED) problems.push(`read ${rowsRead} rows to return or change ${returned}`);
      if (problems.length > 0) failures.push(`${problems.join(" | ")}\n    ${query}`);
    }
    expect(failures, failures.join("\n\n")).toEqual([]);
  });
});
