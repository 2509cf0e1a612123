/**
 * The /v1/tasks contract (spec 02 sections 3, 5, 7): every endpoint's success and error texts.
 * The system time is faked into 2041 so every step these tests create is due long after the
 * engine tests' ticks (see escalation-helpers.ts).
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { escalations } from "../../db/schema";
import { createDeps } from "../../worker/services/deps";
import { completeTask, updateTask } from "../../worker/services/tasks";
import { api, dbWithRaceBeforeFirstBatch, stepsOf, testEra } from "./escalation-helpers";

const NOW = new Date("2041-04-01T10:00:00Z");
const { user } = testEra(NOW);

interface TaskBody {
  id: string;
  title: string;
  dueDate: string;
  status: string;
  escalationHaltedAt: string | null;
  lastReminderSentAt: string | null;
  strategy: string;
  recurrence: unknown;
  acknowledgedAt: string | null;
  completedAt: string | null;
  snoozedUntil: string | null;
  createdAt: string;
}

async function expectError(response: Response, status: number, message: string) {
  const body = await response.json<{ message: string; code: string }>();
  expect({ status: response.status, message: body.message }).toEqual({ status, message });
  expect(body.code).toBeTruthy();
}

async function createOk(token: string, input: Record<string, unknown>): Promise<TaskBody> {
  const response = await api("/v1/tasks", "POST", input, token);
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json<TaskBody>();
}

describe("POST /v1/tasks", () => {
  it("creates a task with every field of the spec, its escalation copied from the catalogue", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "  Take pills  ", dueDate: "2041-04-02T08:00:00Z" });
    expect(Object.keys(task).sort()).toEqual(
      ["acknowledgedAt", "completedAt", "createdAt", "dueDate", "escalationHaltedAt", "id", "lastReminderSentAt", "recurrence", "snoozedUntil", "status", "strategy", "title"].sort(),
    );
    expect(task).toMatchObject({
      title: "Take pills",
      dueDate: "2041-04-02T08:00:00.000Z",
      status: "PENDING",
      escalationHaltedAt: null,
      lastReminderSentAt: null,
      strategy: "standard",
      recurrence: null,
      acknowledgedAt: null,
      completedAt: null,
      snoozedUntil: null,
      createdAt: NOW.toISOString(),
    });
    const steps = await stepsOf(task.id);
    const due = Date.parse(task.dueDate);
    expect(steps.map((s) => [s.stepIndex, s.state, (s.dueAt - due) / 60_000, JSON.parse(s.channels)])).toEqual([
      [0, "pending", 0, ["telegram", "push"]],
      [1, "waiting", 15, ["sms", "email"]],
      [2, "waiting", 30, ["voice"]],
      [3, "waiting", 60, ["buddies"]],
    ]);
    const [esc] = await createDeps(env).db.select().from(escalations).where(eq(escalations.taskId, task.id));
    expect(esc).toMatchObject({ strategyKey: "standard", state: "running", startedAt: due });
    expect(JSON.parse(esc!.steps)).toHaveLength(4);
  });

  it("uses the user's default strategy, or the task's own, and keeps a recurrence", async () => {
    const u = await user({ defaultEscalationStrategy: "gentle" });
    expect((await createOk(u.token, { title: "Stretch", dueDate: "2041-04-02T08:00:00Z" })).strategy).toBe("gentle");
    const own = await createOk(u.token, { title: "Call mom", dueDate: "2041-04-02T08:00:00Z", strategy: "urgent", recurrence: { freq: "weekly", days: [1, 4] } });
    expect(own).toMatchObject({ strategy: "urgent", recurrence: { freq: "weekly", days: [1, 4] } });
    expect((await stepsOf(own.id)).map((s) => (s.dueAt - Date.parse(own.dueDate)) / 60_000)).toEqual([0, 5, 15, 30]);
  });

  it("reads a due date without an offset on the user's own clock", async () => {
    const u = await user({ timezone: "Europe/Berlin" });
    expect((await createOk(u.token, { title: "Water plants", dueDate: "2041-07-01T09:00" })).dueDate).toBe("2041-07-01T07:00:00.000Z");
    expect((await createOk(u.token, { title: "Water plants", dueDate: "2041-12-01T09:00:00+02:00" })).dueDate).toBe("2041-12-01T07:00:00.000Z");
  });

  it("answers 401 with the spec's sentence when logged out, 403 before anything else when the email is not verified", async () => {
    // Spec 02 section 5: 'You must be logged in to create a task.'
    await expectError(await api("/v1/tasks", "POST", { title: "x", dueDate: "2041-04-02T08:00:00Z" }), 401, "You must be logged in to create a task.");
    await expectError(await api("/v1/tasks", "POST", { title: "x", dueDate: "2041-04-02T08:00:00Z" }, "not-a-token"), 401, "You must be logged in to create a task.");
    await expectError(await api("/v1/tasks", "POST", "{not json"), 401, "You must be logged in to create a task.");
    const unverified = await user({ isVerified: false });
    await expectError(await api("/v1/tasks", "POST", { title: "Take pills", dueDate: "2041-04-02T08:00:00Z" }, unverified.token), 403, "You must verify your email address before creating tasks.");
    await expectError(await api("/v1/tasks", "POST", { title: "" }, unverified.token), 403, "You must verify your email address before creating tasks.");
  });

  it("answers 400 with the spec's sentences for a bad title or due date, and creates nothing", async () => {
    const u = await user();
    const cases: Array<[unknown, string]> = [
      [{ dueDate: "2041-04-02T08:00:00Z" }, "Task title is required."],
      [{ title: "   ", dueDate: "2041-04-02T08:00:00Z" }, "Task title is required."],
      [{ title: 42, dueDate: "2041-04-02T08:00:00Z" }, "Task title is required."],
      [{ title: "x".repeat(201), dueDate: "2041-04-02T08:00:00Z" }, "Task title must be 200 characters or fewer."],
      [{ title: "Take pills" }, "Due date is required."],
      [{ title: "Take pills", dueDate: "" }, "Due date is required."],
      [{ title: "Take pills", dueDate: null }, "Due date is required."],
      [{ title: "Take pills", dueDate: "next tuesday-ish" }, "Due date is not a valid date and time. Send it as ISO 8601, for example 2026-03-01T09:00:00Z."],
      [{ title: "Take pills", dueDate: "2041-02-30T08:00:00Z" }, "Due date is not a valid date and time. Send it as ISO 8601, for example 2026-03-01T09:00:00Z."],
      [{ title: "Take pills", dueDate: 1_900_000_000_000 }, "Due date is not a valid date and time. Send it as ISO 8601, for example 2026-03-01T09:00:00Z."],
      [{ title: "Take pills", dueDate: "1999-12-31T08:00:00Z" }, "Due date must be between the years 2000 and 2100."],
      [{ title: "Take pills", dueDate: "2041-04-02T08:00:00Z", strategy: "panic" }, 'Unknown escalation strategy "panic". Choose one of: gentle, standard, urgent, no_buddies.'],
      [{ title: "Take pills", dueDate: "2041-04-02T08:00:00Z", recurrence: { freq: "hourly" } }, 'The repeat must be "daily", "weekdays", "weekly", "monthly" or "yearly".'],
      [{ title: "Take pills", dueDate: "2041-04-02T08:00:00Z", recurrence: { freq: "yearly", month: 2, dayOfMonth: 30 } }, "February has no day 30: choose a day from 1 to 29."],
      [{ title: "Take pills", dueDate: "2041-04-02T08:00:00Z", recurrence: { freq: "weekly", days: [] } }, "A weekly repeat needs at least one weekday."],
      [[], "Send the task as a JSON object with a title and a dueDate."],
      ["{not json", "The request body could not be read. Please send valid JSON."],
    ];
    for (const [body, message] of cases) {
      await expectError(await api("/v1/tasks", "POST", body, u.token), 400, message);
    }
    const list = await (await api("/v1/tasks", "GET", undefined, u.token)).json<{ tasks: unknown[] }>();
    expect(list.tasks).toEqual([]);
  });
});

describe("GET, PUT and DELETE /v1/tasks/:id", () => {
  it("GET returns the task; another user's task and an unknown id are 404; logged out is 401", async () => {
    const owner = await user();
    const other = await user();
    const task = await createOk(owner.token, { title: "Take pills", dueDate: "2041-04-02T08:00:00Z" });
    const response = await api(`/v1/tasks/${task.id}`, "GET", undefined, owner.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(task);
    const notFound = "We couldn't find that task. It may have been deleted.";
    await expectError(await api(`/v1/tasks/${task.id}`, "GET", undefined, other.token), 404, notFound);
    await expectError(await api(`/v1/tasks/${crypto.randomUUID()}`, "GET", undefined, owner.token), 404, notFound);
    await expectError(await api(`/v1/tasks/${task.id}`, "GET"), 401, "Please sign in to continue.");
  });

  it("PUT changes the title without touching the escalation; a new due date restarts it", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2041-04-02T08:00:00Z" });
    const before = await stepsOf(task.id);

    let response = await api(`/v1/tasks/${task.id}`, "PUT", { title: " Take vitamins ", status: "COMPLETED", id: "hijack" }, u.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: task.id, title: "Take vitamins", status: "PENDING", dueDate: task.dueDate });
    expect((await stepsOf(task.id)).map((s) => s.id)).toEqual(before.map((s) => s.id));

    response = await api(`/v1/tasks/${task.id}`, "PUT", { dueDate: "2041-04-03T09:30:00Z", strategy: "gentle", recurrence: { freq: "daily" } }, u.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ dueDate: "2041-04-03T09:30:00.000Z", strategy: "gentle", recurrence: { freq: "daily" }, status: "PENDING" });
    const after = await stepsOf(task.id);
    expect(after.filter((s) => s.state === "cancelled")).toHaveLength(4);
    const live = after.filter((s) => s.state !== "cancelled");
    expect(live.map((s) => [s.state, s.dueAt - Date.parse("2041-04-03T09:30:00Z")])).toEqual([
      ["pending", 0],
      ["waiting", 30 * 60_000],
      ["waiting", 120 * 60_000],
    ]);
    const runs = await createDeps(env).db.select().from(escalations).where(eq(escalations.taskId, task.id));
    expect(runs.map((r) => [r.strategyKey, r.state]).sort()).toEqual([
      ["gentle", "running"],
      ["standard", "cancelled"],
    ]);
  });

  it("PUT with a new due date that loses a race with done leaves the task completed and restarts nothing", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2041-04-02T08:00:00Z" });
    const deps = createDeps(env);
    // "done" lands between the PUT's read of the task and its write.
    const racing = { ...deps, db: dbWithRaceBeforeFirstBatch(deps.db, () => completeTask(createDeps(env), u.id, task.id)) };
    const answer = await updateTask(racing, u.id, task.id, { dueDate: "2041-04-05T08:00:00Z", strategy: "urgent", title: "Take vitamins" });
    expect(answer).toMatchObject({ status: "COMPLETED", completedAt: NOW.toISOString(), title: "Take vitamins", dueDate: "2041-04-05T08:00:00.000Z" });
    const stored = await (await api(`/v1/tasks/${task.id}`, "GET", undefined, u.token)).json<TaskBody>();
    expect(stored).toEqual(answer);
    // The chain that done stopped stays stopped, and no new one started.
    const runs = await createDeps(env).db.select().from(escalations).where(eq(escalations.taskId, task.id));
    expect(runs.map((r) => r.state)).toEqual(["completed"]);
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
  });

  it("PUT answers 400 for bad fields (nothing changes) and 404 for another user's task", async () => {
    const u = await user();
    const other = await user();
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2041-04-02T08:00:00Z" });
    const cases: Array<[unknown, string]> = [
      [{}, "Send at least one of title, dueDate, strategy, recurrence, ignoreQuietHours or checkBackMinutes to change."],
      [{ title: "" }, "Task title is required."],
      [{ title: "ok", dueDate: "soon" }, "Due date is not a valid date and time. Send it as ISO 8601, for example 2026-03-01T09:00:00Z."],
      [{ dueDate: null }, "Due date is required."],
      [{ strategy: "loud" }, 'Unknown escalation strategy "loud". Choose one of: gentle, standard, urgent, no_buddies.'],
    ];
    for (const [body, message] of cases) await expectError(await api(`/v1/tasks/${task.id}`, "PUT", body, u.token), 400, message);
    expect(await (await api(`/v1/tasks/${task.id}`, "GET", undefined, u.token)).json()).toEqual(task);
    await expectError(await api(`/v1/tasks/${task.id}`, "PUT", { title: "Mine now" }, other.token), 404, "We couldn't find that task. It may have been deleted.");
    await expectError(await api(`/v1/tasks/${task.id}`, "PUT", { title: "x" }), 401, "Please sign in to continue.");
  });

  it("DELETE removes the task and its escalation; a second DELETE or another user's is 404", async () => {
    const u = await user();
    const other = await user();
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2041-04-02T08:00:00Z" });
    await expectError(await api(`/v1/tasks/${task.id}`, "DELETE", undefined, other.token), 404, "We couldn't find that task. It may have been deleted.");
    const response = await api(`/v1/tasks/${task.id}`, "DELETE", undefined, u.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Task deleted." });
    expect(await stepsOf(task.id)).toEqual([]);
    await expectError(await api(`/v1/tasks/${task.id}`, "DELETE", undefined, u.token), 404, "We couldn't find that task. It may have been deleted.");
    await expectError(await api(`/v1/tasks/${task.id}`, "GET", undefined, u.token), 404, "We couldn't find that task. It may have been deleted.");
  });
});

describe("GET /v1/tasks (pagination)", () => {
  it("pages 45 tasks as 20, 20 and 5, by due date with completed tasks last, at /tasks and /tasks/", { timeout: 60_000 }, async () => {
    const u = await user();
    const other = await user();
    await createOk(other.token, { title: "Not yours", dueDate: "2041-04-02T08:00:00Z" });
    const ids: string[] = [];
    for (let i = 0; i < 45; i++) {
      // Created out of order, so the sort is the server's.
      const minute = (i * 17) % 45;
      const task = await createOk(u.token, { title: `Task ${minute}`, dueDate: new Date(Date.parse("2041-05-01T08:00:00Z") + minute * 60_000).toISOString() });
      ids.push(task.id);
    }
    // The soonest task is done: it goes last.
    const first = ids[0]!; // "Task 0", the earliest due
    expect((await api(`/v1/tasks/${first}/done`, "POST", undefined, u.token)).status).toBe(200);

    const pages = [];
    for (const [page, path] of [
      [1, "/v1/tasks"],
      [2, "/v1/tasks/?page=2"],
      [3, "/v1/tasks?page=3&limit=20"],
    ] as const) {
      const response = await api(path, "GET", undefined, u.token);
      expect(response.status).toBe(200);
      const body = await response.json<{ tasks: TaskBody[]; hasMore: boolean; page: number }>();
      expect(Object.keys(body).sort()).toEqual(["hasMore", "page", "tasks"]);
      expect(body.page).toBe(page);
      pages.push(body);
    }
    expect(pages.map((p) => [p.tasks.length, p.hasMore])).toEqual([
      [20, true],
      [20, true],
      [5, false],
    ]);
    const titles = pages.flatMap((p) => p.tasks.map((t) => t.title));
    expect(titles).toEqual([...Array.from({ length: 44 }, (_, i) => `Task ${i + 1}`), "Task 0"]);
    expect(pages[2]!.tasks[4]!.status).toBe("COMPLETED");
    expect(new Set(pages.flatMap((p) => p.tasks.map((t) => t.id))).size).toBe(45);

    const big = await (await api("/v1/tasks?limit=100", "GET", undefined, u.token)).json<{ tasks: unknown[]; hasMore: boolean }>();
    expect([big.tasks.length, big.hasMore]).toEqual([45, false]);
    const past = await (await api("/v1/tasks?page=9", "GET", undefined, u.token)).json<{ tasks: unknown[]; hasMore: boolean; page: number }>();
    expect(past).toEqual({ tasks: [], hasMore: false, page: 9 });
  });

  it("answers 400 for a bad page or limit, and 401 when logged out", async () => {
    const u = await user();
    for (const [query, message] of [
      ["limit=101", "limit must be a whole number from 1 to 100."],
      ["limit=0", "limit must be a whole number from 1 to 100."],
      ["limit=ten", "limit must be a whole number from 1 to 100."],
      ["page=0", "page must be a whole number of 1 or more."],
      ["page=1.5", "page must be a whole number of 1 or more."],
    ] as const) {
      await expectError(await api(`/v1/tasks?${query}`, "GET", undefined, u.token), 400, message);
    }
    await expectError(await api("/v1/tasks"), 401, "Please sign in to continue.");
    await expectError(await api("/v1/tasks/"), 401, "Please sign in to continue.");
  });
});

describe("GET /v1/tasks/escalation-sequences", () => {
  it("lists the catalogue as {key, name} (and is not read as a task id)", async () => {
    const u = await user();
    const response = await api("/v1/tasks/escalation-sequences", "GET", undefined, u.token);
    expect(response.status).toBe(200);
    const body = await response.json<Array<{ key: string; name: string; description: string }>>();
    expect(body.map((s) => s.key)).toEqual(["gentle", "standard", "urgent", "no_buddies"]);
    expect(body.every((s) => s.name.length > 0 && s.description.length > 0)).toBe(true);
    await expectError(await api("/v1/tasks/escalation-sequences"), 401, "Please sign in to continue.");
  });
});
