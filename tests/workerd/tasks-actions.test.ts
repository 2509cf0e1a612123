/**
 * Acknowledge, done and snooze through /v1 (success and error texts, idempotency), recurring tasks
 * across DST changes via done, and PUT /v1/users/:id/default-escalation-strategy.
 * System time faked into 2042 (see escalation-helpers.ts for why the eras).
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { users } from "../../db/schema";
import { createDeps } from "../../worker/services/deps";
import { nextMorning } from "../../worker/services/tasks/morning";
import { nearerHalfOfDay, nextTimeOfDay } from "../../worker/services/tasks/time-of-day";
import { api, runStepByHand, stepsOf, taskRow, tasksOfUser, testEra } from "./escalation-helpers";

const NOW = new Date("2042-03-01T12:00:00Z");
const { user } = testEra(NOW);

type TaskBody = Record<string, unknown> & { id: string; dueDate: string; status: string; nextTask?: (Record<string, unknown> & { id: string; dueDate: string }) | null };

async function createOk(token: string, input: Record<string, unknown>): Promise<TaskBody> {
  const response = await api("/v1/tasks", "POST", input, token);
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json<TaskBody>();
}

async function post(path: string, token: string | undefined, body?: unknown) {
  const response = await api(path, "POST", body, token);
  return { status: response.status, body: await response.json<TaskBody & { message?: string }>() };
}

const NOT_FOUND = "We couldn't find that task. It may have been deleted.";

describe("POST /v1/tasks/:id/acknowledge", () => {
  it("stops the escalation (ACKNOWLEDGED, escalationHaltedAt set) and is idempotent", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2042-03-02T08:00:00Z" });
    const first = await post(`/v1/tasks/${task.id}/acknowledge`, u.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: task.id, status: "ACKNOWLEDGED", acknowledgedAt: NOW.toISOString(), escalationHaltedAt: NOW.toISOString(), completedAt: null });
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
    vi.setSystemTime(new Date(NOW.getTime() + 60_000));
    const again = await post(`/v1/tasks/${task.id}/acknowledge`, u.token);
    expect(again).toEqual(first);
  });

  it("is 404 for another user's task or an unknown id, 401 when logged out", async () => {
    const u = await user();
    const other = await user();
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2042-03-02T08:00:00Z" });
    for (const action of ["acknowledge", "done", "snooze"]) {
      expect(await post(`/v1/tasks/${task.id}/${action}`, other.token)).toMatchObject({ status: 404, body: { message: NOT_FOUND } });
      expect(await post(`/v1/tasks/${crypto.randomUUID()}/${action}`, u.token)).toMatchObject({ status: 404, body: { message: NOT_FOUND } });
      expect(await post(`/v1/tasks/${task.id}/${action}`, undefined)).toMatchObject({ status: 401, body: { message: "Please sign in to continue." } });
    }
    expect((await api(`/v1/tasks/${task.id}`, "GET", undefined, u.token)).status).toBe(200);
    expect((await stepsOf(task.id))[0]?.state).toBe("pending");
  });
});

describe("what a task call waits for", () => {
  const roundTrips = (response: Response) => Number(/d1-round-trips;desc="(\d+)"/.exec(response.headers.get("Server-Timing") ?? "")?.[1]);

  it("a new task, by form or in words, waits for D1 twice: the person and the account's counts together, then the batch", async () => {
    const u = await user();
    const created = await api("/v1/tasks", "POST", { title: "Book the dentist", dueDate: "2042-03-03T08:00:00Z" }, u.token);
    expect(created.status).toBe(201);
    expect(roundTrips(created)).toBe(2);
    const inWords = await api("/v1/tasks/nl", "POST", { prompt: "remind me to water the plants tomorrow at 9" }, u.token);
    expect(inWords.status).toBe(201);
    expect(roundTrips(inWords)).toBe(2);
  });

  it("acknowledge and done each wait for D1 three times: the task, the guarded batch with the read-back at its end, then the thanks", async () => {
    const u = await user();
    const acknowledged = await createOk(u.token, { title: "Call the bank", dueDate: "2042-03-02T08:00:00Z" });
    const ack = await api(`/v1/tasks/${acknowledged.id}/acknowledge`, "POST", undefined, u.token);
    expect(ack.status).toBe(200);
    expect(roundTrips(ack)).toBe(3);
    const completed = await createOk(u.token, { title: "Post the letter", dueDate: "2042-03-02T09:00:00Z" });
    const done = await api(`/v1/tasks/${completed.id}/done`, "POST", undefined, u.token);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: "COMPLETED", nextTask: null });
    expect(roundTrips(done)).toBe(3);
  });

  it("a snooze waits for D1 twice: the task, its escalation and the person's zone together, then the batch with the read-back at its end", async () => {
    const u = await user();
    const oneOff = await createOk(u.token, { title: "Water the plants", dueDate: "2042-03-02T08:00:00Z" });
    const snoozed = await api(`/v1/tasks/${oneOff.id}/snooze`, "POST", { minutes: 20 }, u.token);
    expect(snoozed.status).toBe(200);
    expect(await snoozed.json()).toMatchObject({ id: oneOff.id, status: "SNOOZED", snoozedUntil: "2042-03-01T12:20:00.000Z" });
    expect(roundTrips(snoozed)).toBe(2);
    // A daily task snoozed past its next occurrence gets that occurrence in the same batch: still two waits.
    const daily = await createOk(u.token, { title: "Stretch", dueDate: "2042-03-01T11:00:00Z", recurrence: { freq: "daily" } });
    const longSnooze = await api(`/v1/tasks/${daily.id}/snooze`, "POST", { minutes: 1440 }, u.token);
    expect(longSnooze.status).toBe(200);
    expect(await longSnooze.json()).toMatchObject({ id: daily.id, status: "SNOOZED" });
    expect(roundTrips(longSnooze)).toBe(2);
    expect((await tasksOfUser(u.id)).filter((t) => t.title === "Stretch")).toHaveLength(2);
  });

  it("an edit waits for D1 twice: the task and the person together, then the batch with the read-back at its end", async () => {
    const u = await user({ timezone: "Europe/Berlin" });
    const task = await createOk(u.token, { title: "Call the bank", dueDate: "2042-03-02T08:00:00Z" });
    const renamed = await api(`/v1/tasks/${task.id}`, "PUT", { title: "Call the bank about the card" }, u.token);
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ title: "Call the bank about the card", dueDate: "2042-03-02T08:00:00.000Z" });
    expect(roundTrips(renamed)).toBe(2);
    // A new due date is read in the person's zone and restarts the chain: still two waits.
    const moved = await api(`/v1/tasks/${task.id}`, "PUT", { dueDate: "2042-03-04T09:30" }, u.token);
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ dueDate: "2042-03-04T08:30:00.000Z", status: "PENDING" });
    expect(roundTrips(moved)).toBe(2);
  });
});

describe("POST /v1/tasks/:id/done", () => {
  it("completes a one-off task and ends its chain; done twice is done once", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "Post the letter", dueDate: "2042-03-02T08:00:00Z" });
    const done = await post(`/v1/tasks/${task.id}/done`, u.token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "COMPLETED", completedAt: NOW.toISOString(), escalationHaltedAt: NOW.toISOString(), nextTask: null });
    expect((await stepsOf(task.id)).every((s) => s.state === "cancelled")).toBe(true);
    const twice = await post(`/v1/tasks/${task.id}/done`, u.token);
    expect(twice.body).toEqual(done.body);
    // Acknowledging a finished task changes nothing.
    expect((await post(`/v1/tasks/${task.id}/acknowledge`, u.token)).body).toMatchObject({ status: "COMPLETED", acknowledgedAt: null });
  });

  it("creates the next occurrence of a recurring task ONCE, with its own escalation", async () => {
    const u = await user({ timezone: "Europe/Berlin" });
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2042-03-02T08:00", recurrence: { freq: "weekdays" } });
    expect(task.dueDate).toBe("2042-03-02T07:00:00.000Z"); // Sunday 08:00 in Berlin
    const [a, b] = await Promise.all([post(`/v1/tasks/${task.id}/done`, u.token), post(`/v1/tasks/${task.id}/done`, u.token)]);
    expect(a.body.nextTask?.id).toBeTruthy();
    expect(b.body.nextTask?.id).toBe(a.body.nextTask?.id);
    expect(a.body.nextTask).toMatchObject({ title: "Take pills", status: "PENDING", dueDate: "2042-03-03T07:00:00.000Z", recurrence: { freq: "weekdays" }, strategy: "standard" });
    const all = await tasksOfUser(u.id);
    expect(all).toHaveLength(2);
    expect(all.every((t) => t.seriesId === task.id)).toBe(true);
    expect((await stepsOf(a.body.nextTask!.id)).map((s) => s.state)).toEqual(["pending", "waiting", "waiting", "waiting"]);
  });

  it("acknowledging a recurring occurrence creates the next one; done afterwards does not create a second", async () => {
    const u = await user({ timezone: "Europe/Berlin" });
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2042-03-02T08:00", recurrence: { freq: "daily" } });
    const acked = await post(`/v1/tasks/${task.id}/acknowledge`, u.token);
    expect(acked.body.status).toBe("ACKNOWLEDGED");
    let all = await tasksOfUser(u.id);
    expect(all).toHaveLength(2);
    const next = all.find((t) => t.id !== task.id)!;
    expect(next).toMatchObject({ status: "PENDING", dueAt: Date.parse("2042-03-03T07:00:00Z"), seriesId: task.id, recurrence: '{"freq":"daily"}' });
    expect((await stepsOf(next.id)).map((s) => s.state)).toEqual(["pending", "waiting", "waiting", "waiting"]);
    // Acknowledging again, then done (twice): still one next occurrence, and done answers with it.
    await post(`/v1/tasks/${task.id}/acknowledge`, u.token);
    const done = await post(`/v1/tasks/${task.id}/done`, u.token);
    expect(done.body).toMatchObject({ status: "COMPLETED", nextTask: { id: next.id, dueDate: "2042-03-03T07:00:00.000Z" } });
    expect((await post(`/v1/tasks/${task.id}/done`, u.token)).body.nextTask?.id).toBe(next.id);
    all = await tasksOfUser(u.id);
    expect(all).toHaveLength(2);
  });

  it.each([
    // [zone, first local due, rule, expected next UTC due, what it shows]
    ["America/New_York", "2042-03-08T08:00", { freq: "daily" }, "2042-03-09T12:00:00.000Z", "spring forward: 08:00 EST then 08:00 EDT"],
    ["America/New_York", "2042-11-01T08:00", { freq: "daily" }, "2042-11-02T13:00:00.000Z", "fall back: 08:00 EDT then 08:00 EST"],
    ["Europe/London", "2042-03-24T07:30", { freq: "weekly", days: [1] }, "2042-03-31T06:30:00.000Z", "weekly across BST"],
    ["Europe/London", "2042-10-20T21:00", { freq: "weekdays" }, "2042-10-21T20:00:00.000Z", "weekdays, before the change"],
    ["Asia/Jerusalem", "2042-01-31T09:00", { freq: "monthly", dayOfMonth: 31 }, "2042-02-28T07:00:00.000Z", "monthly on the 31st in February"],
  ])("in %s, done on %s (%j) schedules the next one at %s (%s)", async (zone, localDue, recurrence, expected, _what) => {
    vi.setSystemTime(new Date("2042-01-02T00:00:00Z"));
    const u = await user({ timezone: zone });
    const task = await createOk(u.token, { title: "Take pills", dueDate: localDue, recurrence });
    const done = await post(`/v1/tasks/${task.id}/done`, u.token);
    expect(done.body.nextTask?.dueDate).toBe(expected);
    const local = new Date(expected).toLocaleTimeString("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit" });
    expect(local).toBe(localDue.slice(11, 16));
  });

  it("a late done skips the occurrences that already passed", async () => {
    const u = await user({ timezone: "UTC" });
    vi.setSystemTime(new Date("2042-02-01T00:00:00Z"));
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2042-02-01T08:00:00Z", recurrence: { freq: "daily" } });
    vi.setSystemTime(new Date("2042-02-04T10:00:00Z"));
    const done = await post(`/v1/tasks/${task.id}/done`, u.token);
    expect(done.body.nextTask?.dueDate).toBe("2042-02-05T08:00:00.000Z");
  });
});

describe("POST /v1/tasks/:id/reopen (Not done yet, ADR 083)", () => {
  it("opens a done task again with a new chain from its due time; reopening an open task changes nothing", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "Post the letter", dueDate: "2042-03-02T08:00:00Z" });
    await post(`/v1/tasks/${task.id}/done`, u.token);
    vi.setSystemTime(new Date(NOW.getTime() + 5_000));
    const reopened = await post(`/v1/tasks/${task.id}/reopen`, u.token);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ id: task.id, status: "PENDING", completedAt: null, escalationHaltedAt: null, acknowledgedAt: null, reopened: true, removedNextTaskId: null });
    const steps = await stepsOf(task.id);
    // The first chain was cancelled by Done; the new one starts at the due time, gently, from its first step.
    expect(steps.map((s) => s.state)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled", "pending", "waiting", "waiting", "waiting"]);
    expect(steps[4]).toMatchObject({ stepIndex: 0, dueAt: Date.parse("2042-03-02T08:00:00Z") });
    const again = await post(`/v1/tasks/${task.id}/reopen`, u.token);
    expect(again.body).toEqual({ ...reopened.body, reopened: false });
    expect(await stepsOf(task.id)).toHaveLength(8);
    // Done again works as the first time.
    expect((await post(`/v1/tasks/${task.id}/done`, u.token)).body).toMatchObject({ status: "COMPLETED" });
    expect((await stepsOf(task.id)).every((s) => s.state === "cancelled")).toBe(true);
    // And "Not done yet" once more starts a third chain.
    vi.setSystemTime(new Date(NOW.getTime() + 10_000));
    expect((await post(`/v1/tasks/${task.id}/reopen`, u.token)).body).toMatchObject({ status: "PENDING" });
    expect((await stepsOf(task.id)).map((s) => s.state).slice(8)).toEqual(["pending", "waiting", "waiting", "waiting"]);
  });

  it("a task whose due time has passed starts again now, at the chain's first (gentlest) step, which the engine then sends", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2042-03-01T11:00:00Z" });
    await post(`/v1/tasks/${task.id}/done`, u.token);
    vi.setSystemTime(new Date(NOW.getTime() + 60_000));
    await post(`/v1/tasks/${task.id}/reopen`, u.token);
    const fresh = (await stepsOf(task.id)).filter((s) => s.state !== "cancelled");
    expect(fresh[0]).toMatchObject({ stepIndex: 0, state: "pending", dueAt: NOW.getTime() + 60_000 });
    await runStepByHand(fresh[0]!.id, NOW.getTime() + 2 * 60_000);
    expect((await stepsOf(task.id)).find((s) => s.id === fresh[0]!.id)?.state).toBe("sent");
    expect((await taskRow(task.id))?.lastReminderSentAt).toBe(NOW.getTime() + 2 * 60_000);
  });

  it("two presses at once write one new chain", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "Post the letter", dueDate: "2042-03-02T08:00:00Z" });
    await post(`/v1/tasks/${task.id}/done`, u.token);
    const [a, b] = await Promise.all([post(`/v1/tasks/${task.id}/reopen`, u.token), post(`/v1/tasks/${task.id}/reopen`, u.token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.status).toBe("PENDING");
    expect(b.body.status).toBe("PENDING");
    expect((await stepsOf(task.id)).filter((s) => s.state !== "cancelled")).toHaveLength(4);
  });

  it("a repeat's next occurrence made by the Done goes again while nothing has happened to it", async () => {
    const u = await user({ timezone: "Europe/Berlin" });
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2042-03-02T08:00", recurrence: { freq: "daily" } });
    const done = await post(`/v1/tasks/${task.id}/done`, u.token);
    const nextId = done.body.nextTask!.id;
    const reopened = await post(`/v1/tasks/${task.id}/reopen`, u.token);
    expect(reopened.body).toMatchObject({ status: "PENDING", removedNextTaskId: nextId, recurrence: { freq: "daily" } });
    expect((await tasksOfUser(u.id)).map((t) => t.id)).toEqual([task.id]);
    expect(await stepsOf(nextId)).toEqual([]);
    // Done again makes it once more, with the same id and its own chain.
    const doneAgain = await post(`/v1/tasks/${task.id}/done`, u.token);
    expect(doneAgain.body.nextTask).toMatchObject({ id: nextId, dueDate: "2042-03-03T07:00:00.000Z" });
    expect((await stepsOf(nextId)).map((s) => s.state)).toEqual(["pending", "waiting", "waiting", "waiting"]);
  });

  it("a next occurrence that was edited, answered or is already due stays: the series then has two open", async () => {
    const u = await user({ timezone: "UTC" });
    const edited = await createOk(u.token, { title: "Stretch", dueDate: "2042-03-01T09:00:00Z", recurrence: { freq: "daily" } });
    const editedNext = (await post(`/v1/tasks/${edited.id}/done`, u.token)).body.nextTask!;
    expect((await api(`/v1/tasks/${editedNext.id}`, "PUT", { title: "Stretch (10 min)" }, u.token)).status).toBe(200);
    expect((await post(`/v1/tasks/${edited.id}/reopen`, u.token)).body).toMatchObject({ status: "PENDING", removedNextTaskId: null });

    const answered = await createOk(u.token, { title: "Water plants", dueDate: "2042-03-01T10:00:00Z", recurrence: { freq: "daily" } });
    const answeredNext = (await post(`/v1/tasks/${answered.id}/done`, u.token)).body.nextTask!;
    await post(`/v1/tasks/${answeredNext.id}/snooze`, u.token, { minutes: 10 });
    expect((await post(`/v1/tasks/${answered.id}/reopen`, u.token)).body).toMatchObject({ status: "PENDING", removedNextTaskId: null });

    const due = await createOk(u.token, { title: "Feed the cat", dueDate: "2042-02-28T12:05:00Z", recurrence: { freq: "daily" } });
    const dueNext = (await post(`/v1/tasks/${due.id}/done`, u.token)).body.nextTask!;
    expect(dueNext.dueDate).toBe("2042-03-01T12:05:00.000Z");
    vi.setSystemTime(new Date("2042-03-01T12:10:00Z"));
    expect((await post(`/v1/tasks/${due.id}/reopen`, u.token)).body).toMatchObject({ status: "PENDING", removedNextTaskId: null });

    const ids = (await tasksOfUser(u.id)).map((t) => t.id);
    for (const kept of [editedNext.id, answeredNext.id, dueNext.id]) expect(ids).toContain(kept);
    // Done of the reopened one creates nothing more: the series already holds its next occurrence.
    expect((await post(`/v1/tasks/${due.id}/done`, u.token)).body.nextTask).toMatchObject({ id: dueNext.id });
    expect(await tasksOfUser(u.id)).toHaveLength(6);
  });

  it("is 404 for another user's task or an unknown id, 401 when logged out, and changes nothing then", async () => {
    const u = await user();
    const other = await user();
    const task = await createOk(u.token, { title: "Post the letter", dueDate: "2042-03-02T08:00:00Z" });
    await post(`/v1/tasks/${task.id}/done`, u.token);
    expect(await post(`/v1/tasks/${task.id}/reopen`, other.token)).toMatchObject({ status: 404, body: { message: NOT_FOUND } });
    expect(await post(`/v1/tasks/${crypto.randomUUID()}/reopen`, u.token)).toMatchObject({ status: 404, body: { message: NOT_FOUND } });
    expect(await post(`/v1/tasks/${task.id}/reopen`, undefined)).toMatchObject({ status: 401, body: { message: "Please sign in to continue." } });
    expect(await taskRow(task.id)).toMatchObject({ status: "COMPLETED" });
    expect((await stepsOf(task.id)).every((s) => s.state === "cancelled")).toBe(true);
  });
});

describe("POST /v1/tasks/:id/snooze", () => {
  it("snoozes for N minutes (30 by default) without moving the due date", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2042-03-01T11:50:00Z" });
    const snoozed = await post(`/v1/tasks/${task.id}/snooze`, u.token, { minutes: 45 });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toMatchObject({ status: "SNOOZED", snoozedUntil: "2042-03-01T12:45:00.000Z", dueDate: "2042-03-01T11:50:00.000Z" });
    // The first ping (planned at 11:50) waits for the end of the snooze; the rest keep their spacing.
    expect((await stepsOf(task.id)).map((s) => [s.state, new Date(s.dueAt).toISOString().slice(11, 16)])).toEqual([
      ["pending", "12:45"],
      ["waiting", "13:00"],
      ["waiting", "13:15"],
      ["waiting", "13:45"],
    ]);
    const byDefault = await post(`/v1/tasks/${task.id}/snooze`, u.token);
    expect(byDefault.body).toMatchObject({ status: "SNOOZED", snoozedUntil: "2042-03-01T12:30:00.000Z" });
    // Calling it again with the same input is the same snooze.
    expect((await post(`/v1/tasks/${task.id}/snooze`, u.token, {})).body).toEqual(byDefault.body);
  });

  it("snoozing an acknowledged task clears acknowledgedAt: it is snoozed, no longer acknowledged", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2042-03-01T11:00:00Z" });
    expect((await post(`/v1/tasks/${task.id}/acknowledge`, u.token)).body).toMatchObject({ status: "ACKNOWLEDGED", acknowledgedAt: NOW.toISOString() });
    const snoozed = await post(`/v1/tasks/${task.id}/snooze`, u.token, { minutes: 10 });
    expect(snoozed.body).toMatchObject({ status: "SNOOZED", acknowledgedAt: null, escalationHaltedAt: null, snoozedUntil: "2042-03-01T12:10:00.000Z" });
  });

  it("answers 400 for minutes outside 1..1440 and 409 for a task that is already done", async () => {
    const u = await user();
    const task = await createOk(u.token, { title: "Take pills", dueDate: "2042-03-02T08:00:00Z" });
    for (const body of [{ minutes: 0 }, { minutes: 1441 }, { minutes: 2.5 }, { minutes: "30" }, { minutes: null }]) {
      expect(await post(`/v1/tasks/${task.id}/snooze`, u.token, body)).toMatchObject({ status: 400, body: { message: "Snooze minutes must be a whole number from 1 to 1440." } });
    }
    expect((await post(`/v1/tasks/${task.id}/snooze`, u.token, "{oops"))).toMatchObject({ status: 400, body: { message: "The request body could not be read. Please send valid JSON." } });
    expect((await stepsOf(task.id))[0]?.dueAt).toBe(Date.parse("2042-03-02T08:00:00Z"));
    expect((await post(`/v1/tasks/${task.id}/snooze`, u.token, { minutes: 1440 })).status).toBe(200);
    expect((await post(`/v1/tasks/${task.id}/snooze`, u.token, { minutes: 1 })).status).toBe(200);
    await post(`/v1/tasks/${task.id}/done`, u.token);
    expect(await post(`/v1/tasks/${task.id}/snooze`, u.token, { minutes: 10 })).toMatchObject({ status: 409, body: { message: "This task is already done, so there is nothing to snooze." } });
  });

  it('snoozes until the next morning, 9:00 AM on the person\'s clock, with { until: "morning" } (longer than a day is fine then)', async () => {
    // 12:00 UTC is 7:00 AM in New York: the next morning is tomorrow's, 25 hours away.
    const u = await user({ timezone: "America/New_York" });
    const task = await createOk(u.token, { title: "Call the bank", dueDate: "2042-03-01T11:00:00Z" });
    const snoozed = await post(`/v1/tasks/${task.id}/snooze`, u.token, { until: "morning" });
    expect(snoozed).toMatchObject({ status: 200, body: { status: "SNOOZED", snoozedUntil: "2042-03-02T14:00:00.000Z", dueDate: "2042-03-01T11:00:00.000Z" } });
    // The chain resumes then, at the same step.
    expect((await stepsOf(task.id)).find((s) => s.state === "pending")?.dueAt).toBe(Date.parse("2042-03-02T14:00:00Z"));
    for (const body of [{ until: "evening" }, { until: "" }, { until: 9 }, { until: "7pm" }, { until: "24:00" }, { until: "7:0" }, { until: "19:60" }]) {
      expect(await post(`/v1/tasks/${task.id}/snooze`, u.token, body)).toMatchObject({ status: 400, body: { message: UNTIL_REFUSED } });
    }
    expect((await taskRow(task.id))?.snoozedUntil).toBe(Date.parse("2042-03-02T14:00:00Z"));
  });

  it('snoozes until the next time the person\'s clock shows a time of day with { until: "19:00" }: today if still ahead, else tomorrow', async () => {
    // 12:00 UTC is 1:00 PM in Berlin.
    const u = await user({ timezone: "Europe/Berlin" });
    const task = await createOk(u.token, { title: "Water the plants", dueDate: "2042-03-01T11:00:00Z" });
    const evening = await post(`/v1/tasks/${task.id}/snooze`, u.token, { until: "19:00" });
    expect(evening).toMatchObject({ status: 200, body: { status: "SNOOZED", snoozedUntil: "2042-03-01T18:00:00.000Z", dueDate: "2042-03-01T11:00:00.000Z" } });
    expect((await stepsOf(task.id)).find((s) => s.state === "pending")?.dueAt).toBe(Date.parse("2042-03-01T18:00:00Z"));
    // 08:30 has gone by today on that clock: tomorrow's, still within a day. Snoozing again replaces the snooze.
    const morning = await post(`/v1/tasks/${task.id}/snooze`, u.token, { until: "08:30" });
    expect(morning.body.snoozedUntil).toBe("2042-03-02T07:30:00.000Z");
    // One digit for the hour is read as quiet hours read it: 7:00 is 07:00, gone by today, so tomorrow's.
    expect((await post(`/v1/tasks/${task.id}/snooze`, u.token, { until: "7:00" })).body.snoozedUntil).toBe("2042-03-02T06:00:00.000Z");
    // The clock's own minute is past already: tomorrow's.
    expect((await post(`/v1/tasks/${task.id}/snooze`, u.token, { until: "13:00" })).body.snoozedUntil).toBe("2042-03-02T12:00:00.000Z");
  });
});

const UNTIL_REFUSED = 'Snooze until must be "morning" (9:00 AM on your clock, the next morning) or a time of day on a 24-hour clock, like "19:00" (the next time your clock shows it).';

describe("a snooze until a time of day (the next time the person's clock shows it)", () => {
  it.each([
    // [now (UTC), zone, time, the end (UTC), why]
    ["2042-03-01T12:00:00Z", "Europe/Berlin", { hour: 19, minute: 0 }, "2042-03-01T18:00:00.000Z", "still ahead today"],
    ["2042-03-01T20:00:00Z", "Europe/Berlin", { hour: 7, minute: 15 }, "2042-03-02T06:15:00.000Z", "gone by today: tomorrow's"],
    ["2042-03-08T12:00:00Z", "America/New_York", { hour: 2, minute: 30 }, "2042-03-09T07:30:00.000Z", "skipped by the spring change: the first instant after the gap, 3:30 EDT"],
    ["2042-03-08T23:00:00Z", "America/New_York", { hour: 9, minute: 0 }, "2042-03-09T13:00:00.000Z", "6 PM EST to 9:00 AM across the spring change: EDT"],
    ["2042-03-01T12:00:00Z", "Asia/Kolkata", { hour: 20, minute: 0 }, "2042-03-01T14:30:00.000Z", "a half-hour zone"],
  ])("at %s in %s, %j is %s (%s)", (now, zone, time, expected) => {
    expect(new Date(nextTimeOfDay(Date.parse(now), zone, time)).toISOString()).toBe(expected);
  });

  it.each([
    // [local now in Berlin (UTC+1), said, taken as]
    ["2042-03-01T14:00:00Z", { hour: 7, minute: 0 }, { hour: 19, minute: 0 }, "'until 7' at 3 PM is 7 PM"],
    ["2042-03-01T20:00:00Z", { hour: 7, minute: 0 }, { hour: 7, minute: 0 }, "'until 7' at 9 PM is 7 AM"],
    ["2042-03-01T09:00:00Z", { hour: 12, minute: 30 }, { hour: 12, minute: 30 }, "'until 12:30' at 10 AM is half past noon"],
    ["2042-03-01T14:00:00Z", { hour: 12, minute: 0 }, { hour: 0, minute: 0 }, "'until 12' at 3 PM is midnight"],
    ["2042-03-01T14:00:00Z", { hour: 19, minute: 0 }, { hour: 19, minute: 0 }, "an hour past 12 says its half"],
    ["2042-03-01T14:00:00Z", { hour: 0, minute: 15 }, { hour: 0, minute: 15 }, "and so does 0"],
  ])("at %s, %j said without AM or PM is %j (%s)", (now, said, expected) => {
    expect(nearerHalfOfDay(Date.parse(now), "Europe/Berlin", said)).toEqual(expected);
  });
});

describe("the next morning (a snooze until 9:00 AM on the person's clock)", () => {
  it.each([
    // [now (UTC), zone, the morning (UTC), why]
    ["2042-03-01T20:00:00Z", "Europe/Berlin", "2042-03-02T08:00:00.000Z", "in the evening: tomorrow's"],
    ["2042-03-01T03:30:00Z", "Europe/Berlin", "2042-03-01T08:00:00.000Z", "at 4:30 AM, in the small hours: this morning's"],
    ["2042-03-01T04:30:00Z", "Europe/Berlin", "2042-03-02T08:00:00.000Z", "at 5:30 AM, up already: tomorrow's"],
    ["2042-03-01T09:00:00Z", "Europe/Berlin", "2042-03-02T08:00:00.000Z", "at 10:00 AM: tomorrow's"],
    ["2042-03-08T23:00:00Z", "America/New_York", "2042-03-09T13:00:00.000Z", "across the spring change: 9:00 EDT"],
    ["2042-03-01T12:00:00Z", "Asia/Kolkata", "2042-03-02T03:30:00.000Z", "a half-hour zone"],
  ])("at %s in %s it is %s (%s)", (now, zone, expected) => {
    expect(new Date(nextMorning(Date.parse(now), zone)).toISOString()).toBe(expected);
  });
});

describe("PUT /v1/users/:id/default-escalation-strategy", () => {
  it("sets the default for new tasks; null resets it to the product default", async () => {
    const u = await user();
    const response = await api(`/v1/users/${u.id}/default-escalation-strategy`, "PUT", { strategy: "urgent" }, u.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: u.id,
      defaultEscalationStrategy: "urgent",
      effectiveStrategy: { key: "urgent", name: "Urgent (call early)" },
      message: "Default escalation strategy updated successfully!",
    });
    const [row] = await createDeps(env).db.select().from(users).where(eq(users.id, u.id));
    expect(row?.defaultEscalationStrategy).toBe("urgent");
    expect((await createOk(u.token, { title: "Call the bank", dueDate: "2042-03-02T08:00:00Z" })).strategy).toBe("urgent");

    const reset = await api(`/v1/users/${u.id}/default-escalation-strategy`, "PUT", { strategy: null }, u.token);
    expect(await reset.json()).toMatchObject({ defaultEscalationStrategy: null, effectiveStrategy: { key: "standard" } });
    expect((await createOk(u.token, { title: "Call the bank", dueDate: "2042-03-02T08:00:00Z" })).strategy).toBe("standard");
  });

  it("answers 400 for a missing or unknown strategy, 404 for another user's id, 401 when logged out", async () => {
    const u = await user({ defaultEscalationStrategy: "gentle" });
    const other = await user();
    const path = `/v1/users/${u.id}/default-escalation-strategy`;
    const cases: Array<[unknown, string]> = [
      [{}, "Please select a strategy."],
      [{ strategy: "" }, "Please select a strategy."],
      [{ strategy: 3 }, "Please select a strategy."],
      [{ strategy: "shouty" }, 'Unknown escalation strategy "shouty". Choose one of: gentle, standard, urgent, no_buddies.'],
    ];
    for (const [body, message] of cases) {
      const response = await api(path, "PUT", body, u.token);
      expect([response.status, (await response.json<{ message: string }>()).message]).toEqual([400, message]);
    }
    const bad = await api(path, "PUT", "nope", u.token);
    expect(bad.status).toBe(400);
    const foreign = await api(`/v1/users/${other.id}/default-escalation-strategy`, "PUT", { strategy: "urgent" }, u.token);
    expect([foreign.status, (await foreign.json<{ message: string }>()).message]).toEqual([404, "User not found. Please log in again."]);
    const out = await api(path, "PUT", { strategy: "urgent" });
    expect(out.status).toBe(401);
    const [row] = await createDeps(env).db.select().from(users).where(eq(users.id, u.id));
    expect(row?.defaultEscalationStrategy).toBe("gentle");
    const [otherRow] = await createDeps(env).db.select().from(users).where(eq(users.id, other.id));
    expect(otherRow?.defaultEscalationStrategy).toBeNull();
  });
});
