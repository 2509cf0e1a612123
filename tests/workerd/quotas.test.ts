/**
 * Per-account caps and the registration limit per IP (issue 7 item 8, ADR 043).
 * System time faked into 2045 (docs/testing.md, "Calendar years"): the rows written here are due
 * in 2045, which the engine's ticks (2027-2028) never reach.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ESCALATION_LIMIT_MESSAGE, LIVE_ESCALATIONS_MAX, OPEN_TASKS_MAX, TASK_LIMIT_MESSAGE, TITLE_REQUIRED } from "../../worker/services/tasks";
import { assertRoom, readTaskRoom } from "../../worker/services/tasks/quotas";
import { testDeps } from "./helpers";
import { registerBlockedMessage } from "../../worker/services/auth/throttle";
import { api, testEra } from "./escalation-helpers";
import { json, registration, uniqueEmail } from "./auth-support";

const NOW = new Date("2045-03-01T12:00:00Z");
const { user } = testEra(NOW);
const DUE = Date.parse("2045-06-01T09:00:00Z");

/**
 * `count` open tasks of one user, written in one batch; with `live`, each has a running escalation
 * and its first step pending (due in 2045, so a chain the auditor finds healthy).
 */
async function bulkTasks(userId: string, count: number, live: boolean) {
  const prefix = crypto.randomUUID();
  const n = `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${count - 1})`;
  const statements = [
    env.DB.prepare(`${n} insert into tasks (id, user_id, title, due_at, status, strategy_key, source, created_at) select '${prefix}-t-' || i, ?, 'Bulk', ?, 'PENDING', 'gentle', 'api', ? from n`).bind(userId, DUE, DUE),
  ];
  if (live) {
    statements.push(
      env.DB.prepare(`${n} insert into escalations (id, task_id, strategy_key, steps, state, started_at, created_at) select '${prefix}-e-' || i, '${prefix}-t-' || i, 'gentle', '[]', 'running', ?, ? from n`).bind(DUE, DUE),
      env.DB.prepare(
        `${n} insert into escalation_steps (id, escalation_id, task_id, step_index, channels, due_at, state, created_at) select '${prefix}-s-' || i, '${prefix}-e-' || i, '${prefix}-t-' || i, 0, '["email"]', ?, 'pending', ? from n`,
      ).bind(DUE, DUE),
    );
  }
  await env.DB.batch(statements);
}

async function create(token: string, title = "Water the plants") {
  const response = await api("/v1/tasks", "POST", { title, dueDate: "2045-06-01T09:00:00Z" }, token);
  return { status: response.status, body: await response.json<{ message?: string; code?: string; success?: boolean }>() };
}

describe("caps per account", () => {
  it("several reminders from one prompt (ADR 181) fit whole or not at all", async () => {
    const u = await user();
    await bulkTasks(u.id, OPEN_TASKS_MAX - 2, false);
    const three = await api("/v1/tasks/nl", "POST", { prompt: "drink water tomorrow at 8am, 12pm and 6pm" }, u.token);
    expect(three.status).toBe(409);
    expect(await three.json()).toEqual({ message: TASK_LIMIT_MESSAGE, code: "TASK_LIMIT_REACHED" });
    expect((await readTaskRoom(testDeps(), u.id)).openTasks).toBe(OPEN_TASKS_MAX - 2);
    const two = await api("/v1/tasks/nl", "POST", { prompt: "drink water tomorrow at 8am and 6pm" }, u.token);
    expect(two.status).toBe(201);
    expect((await readTaskRoom(testDeps(), u.id)).openTasks).toBe(OPEN_TASKS_MAX);
  });

  it(`a user with ${OPEN_TASKS_MAX} open tasks gets 409 TASK_LIMIT_REACHED with a sentence, from the API and from plain language`, async () => {
    const u = await user();
    await bulkTasks(u.id, OPEN_TASKS_MAX - 1, false);
    expect((await create(u.token)).status).toBe(201);
    expect(await create(u.token)).toEqual({ status: 409, body: { message: TASK_LIMIT_MESSAGE, code: "TASK_LIMIT_REACHED" } });
    const nl = await api("/v1/tasks/nl", "POST", { prompt: "call mom tomorrow at 5pm" }, u.token);
    expect(nl.status).toBe(409);
    expect(await nl.json()).toEqual({ message: TASK_LIMIT_MESSAGE, code: "TASK_LIMIT_REACHED" });
    // The counts are read with the person, but checked last (spec 02 section 5's order): a form error
    // and a prompt that cannot be read still get their own answers at the cap.
    expect(await create(u.token, "")).toMatchObject({ status: 400, body: { message: TITLE_REQUIRED } });
    const unreadable = await api("/v1/tasks/nl", "POST", { prompt: "purple" }, u.token);
    expect(unreadable.status).toBe(200);
    expect(await unreadable.json()).toMatchObject({ success: false });
  });

  it("completed tasks do not count", async () => {
    const u = await user();
    await bulkTasks(u.id, OPEN_TASKS_MAX, false);
    await env.DB.prepare("update tasks set status = 'COMPLETED' where user_id = ? and rowid in (select rowid from tasks where user_id = ? limit 1)").bind(u.id, u.id).run();
    expect((await create(u.token)).status).toBe(201);
  });

  it("the check reads the person's open tasks only, never their done history", async () => {
    const u = await user();
    await bulkTasks(u.id, 2000, false);
    await env.DB.prepare("update tasks set status = 'COMPLETED' where user_id = ?").bind(u.id).run();
    await bulkTasks(u.id, 5, true);
    const deps = testDeps();
    assertRoom(await readTaskRoom(deps, u.id));
    // The 5 open tasks (read by both counts), their chains and the ends of the ranges: 32 rows when
    // written; reading the 2,000 done tasks' index entries, as before, cost 4,029.
    expect(deps.meter.rowsRead).toBeLessThanOrEqual(50);
  });

  it(`a user with ${LIVE_ESCALATIONS_MAX} escalations running gets 409 ESCALATION_LIMIT_REACHED`, async () => {
    const u = await user();
    await bulkTasks(u.id, LIVE_ESCALATIONS_MAX, true);
    expect(await create(u.token)).toEqual({ status: 409, body: { message: ESCALATION_LIMIT_MESSAGE, code: "ESCALATION_LIMIT_REACHED" } });
  });

  it("\"Not done yet\" on a done task is held to the same caps: 409 with the sentence, and the task stays done", async () => {
    const u = await user();
    const created = await api("/v1/tasks", "POST", { title: "Post the letter", dueDate: "2045-06-01T09:00:00Z" }, u.token);
    const { id } = await created.json<{ id: string }>();
    expect((await api(`/v1/tasks/${id}/done`, "POST", undefined, u.token)).status).toBe(200);
    await bulkTasks(u.id, LIVE_ESCALATIONS_MAX, true);
    const reopened = await api(`/v1/tasks/${id}/reopen`, "POST", undefined, u.token);
    expect(reopened.status).toBe(409);
    expect(await reopened.json()).toEqual({ message: ESCALATION_LIMIT_MESSAGE, code: "ESCALATION_LIMIT_REACHED" });
    expect(await (await api(`/v1/tasks/${id}`, "GET", undefined, u.token)).json()).toMatchObject({ status: "COMPLETED" });
  });

  it("another user is not affected by someone else's full account", async () => {
    const full = await user();
    await bulkTasks(full.id, LIVE_ESCALATIONS_MAX, true);
    const other = await user();
    expect((await create(other.token)).status).toBe(201);
  });
});

describe("registration per IP", () => {
  it("10 accounts an hour from one IP; the 11th gets 429 with a sentence and Retry-After; another IP still registers", async () => {
    // A fresh address per run: the counter lives in D1, keyed by the IP.
    const headers = { "CF-Connecting-IP": `2001:db8::${crypto.randomUUID().slice(0, 4)}` };
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await json("/v1/users", "POST", registration({ email: uniqueEmail("ipcap") }), headers);
      expect(response.status, await response.clone().text()).toBe(201);
      ids.push((await response.json<{ user: { id: string } }>()).user.id);
    }
    const refused = await json("/v1/users", "POST", registration({ email: uniqueEmail("ipcap") }), headers);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("3600");
    expect(await refused.json()).toEqual({ message: registerBlockedMessage(3600), code: "REGISTER_THROTTLED" });
    expect(registerBlockedMessage(3600)).toBe("Too many accounts were created from this network. Please wait 60 minutes and try again.");

    const elsewhere = await json("/v1/users", "POST", registration({ email: uniqueEmail("ipcap") }), { "CF-Connecting-IP": `2001:db8::${crypto.randomUUID().slice(0, 4)}:1` });
    expect(elsewhere.status).toBe(201);
    ids.push((await elsewhere.json<{ user: { id: string } }>()).user.id);
    await env.DB.prepare(`delete from users where id in (${ids.map(() => "?").join(",")})`).bind(...ids).run();
  });
});
