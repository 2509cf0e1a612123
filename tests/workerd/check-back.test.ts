/**
 * "Acknowledged but not done" (issue 13): an Acknowledge starts the strategy's check-back, gentle
 * pings later while the task is not done; Done or another Acknowledge ends it; Gentle has none.
 * Era: 2066 (docs/testing.md). No tick runs here: steps are claimed by hand, as a tick would.
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { escalations, escalationSteps, tasks } from "../../db/schema";
import { acknowledgeTask, completeTask, createTask, snoozeTask } from "../../worker/services/tasks";
import { toTaskView } from "../../app/components/tasks/task-view";
import { api, depsAt, MINUTE, outboxTo, runStepByHand, testEra } from "./escalation-helpers";

const ERA = Date.parse("2066-01-01T09:00:00Z");
const DAY = 24 * 60 * MINUTE;
const { user } = testEra(new Date(ERA));

let day = 0;
const nextDueTime = () => ERA + ++day * DAY;

async function checkBackChain(taskId: string) {
  const db = depsAt(ERA).deps.db;
  const [chain] = await db.select().from(escalations).where(and(eq(escalations.taskId, taskId), eq(escalations.kind, "check_back")));
  if (!chain) return null;
  const steps = await db.select().from(escalationSteps).where(eq(escalationSteps.escalationId, chain.id)).orderBy(asc(escalationSteps.stepIndex));
  return { chain, steps };
}

const runStep = runStepByHand;

async function acknowledgedTask(strategy: string, extra: { checkBackMinutes?: number | null; recurrence?: { freq: "daily" } } = {}) {
  const T = nextDueTime();
  const u = await user({ timezone: "Europe/London" });
  const task = await createTask(depsAt(T - 60 * MINUTE).deps, u.id, { title: "Post the letter", dueDate: new Date(T).toISOString(), strategy, ...extra });
  const ackAt = T + 5 * MINUTE;
  const acknowledged = await acknowledgeTask(depsAt(ackAt).deps, u.id, task.id);
  return { T, u, task, ackAt, acknowledged };
}

describe("check-back after an Acknowledge", () => {
  it("Standard: two gentle pings, 2 and 4 hours after the answer; the card says when", async () => {
    const { u, task, ackAt, acknowledged } = await acknowledgedTask("standard");
    expect(acknowledged.status).toBe("ACKNOWLEDGED");
    expect(acknowledged.checkBackAt).toBe(new Date(ackAt + 120 * MINUTE).toISOString());
    const found = await checkBackChain(task.id);
    expect(found?.chain).toMatchObject({ state: "running", strategyKey: "standard", kind: "check_back" });
    expect(found?.steps.map((s) => [s.state, s.dueAt - ackAt, JSON.parse(s.channels)])).toEqual([
      ["pending", 120 * MINUTE, ["telegram", "push"]],
      ["waiting", 240 * MINUTE, ["telegram", "push"]],
    ]);
    // 09:05 UTC + 2 h in London (winter: UTC+0) is 11:05 AM.
    expect(toTaskView(acknowledged, "Europe/London", new Date(ackAt)).checkBackLabel).toBe("Acknowledged — I'll check back at 11:05 AM");

    // The first check-in: no Telegram and no device here, so it comes by email, and asks kindly.
    await runStep(found!.steps[0]!.id, ackAt + 120 * MINUTE);
    const [email] = await outboxTo(u.email, "email");
    expect(email?.subject).toBe("Checking in: Post the letter");
    expect(email?.text).toContain('you acknowledged "Post the letter" earlier. Is it done yet?');
    const after = await checkBackChain(task.id);
    expect(after?.steps.map((s) => s.state)).toEqual(["sent", "pending"]);

    // Done ends it, and the card no longer promises a check-back.
    const done = await completeTask(depsAt(ackAt + 130 * MINUTE).deps, u.id, task.id);
    expect(done.status).toBe("COMPLETED");
    expect(done.checkBackAt).toBeUndefined();
    expect((await checkBackChain(task.id))?.steps.map((s) => s.state)).toEqual(["sent", "cancelled"]);
    expect((await checkBackChain(task.id))?.chain.state).toBe("completed");
  });

  it("Urgent checks back after 30 minutes, three times", async () => {
    const { task, ackAt } = await acknowledgedTask("urgent");
    const found = await checkBackChain(task.id);
    expect(found?.steps.map((s) => (s.dueAt - ackAt) / MINUTE)).toEqual([30, 60, 90]);
    expect(JSON.parse(found!.steps[0]!.channels)).toEqual(["telegram", "push", "sms"]);
  });

  it("Gentle never checks back", async () => {
    const { task, acknowledged } = await acknowledgedTask("gentle");
    expect(acknowledged.checkBackAt).toBeUndefined();
    expect(await checkBackChain(task.id)).toBeNull();
  });

  it("Acknowledge twice before a check-in is the same as once; after one, it stops the check-backs", async () => {
    const { u, task, ackAt, acknowledged } = await acknowledgedTask("standard");
    expect(await acknowledgeTask(depsAt(ackAt + 10 * MINUTE).deps, u.id, task.id)).toEqual(acknowledged);
    expect((await checkBackChain(task.id))?.steps.map((s) => s.state)).toEqual(["pending", "waiting"]);
    await runStep((await checkBackChain(task.id))!.steps[0]!.id, ackAt + 120 * MINUTE);
    const again = await acknowledgeTask(depsAt(ackAt + 125 * MINUTE).deps, u.id, task.id);
    expect(again.status).toBe("ACKNOWLEDGED");
    expect(again.checkBackAt).toBeUndefined();
    const found = await checkBackChain(task.id);
    expect(found?.chain.state).toBe("acknowledged");
    expect(found?.steps.map((s) => s.state)).toEqual(["sent", "cancelled"]);
  });

  it("a check-back step whose task was done elsewhere meanwhile sends nothing", async () => {
    const { u, task, ackAt } = await acknowledgedTask("standard");
    const [first] = (await checkBackChain(task.id))!.steps;
    await completeTask(depsAt(ackAt + 60 * MINUTE).deps, u.id, task.id);
    await runStep(first!.id, ackAt + 120 * MINUTE);
    expect(await outboxTo(u.email, "email")).toEqual([]);
  });

  it("a snooze from a check-in keeps the check-backs going (the next one at its own time, later than the snooze)", async () => {
    const { u, task, ackAt } = await acknowledgedTask("standard");
    const [first] = (await checkBackChain(task.id))!.steps;
    await runStep(first!.id, ackAt + 120 * MINUTE);
    const snoozed = await snoozeTask(depsAt(ackAt + 121 * MINUTE).deps, u.id, task.id, { minutes: 30 });
    expect(snoozed.status).toBe("SNOOZED");
    const steps = (await checkBackChain(task.id))!.steps;
    expect(steps[1]!.state).toBe("pending");
    // ADR 041: the current step fires at the snooze's end or its own time, whichever is later.
    expect(steps[1]!.dueAt).toBe(ackAt + 240 * MINUTE);
  });
});

describe("a task's own check-back (checkBackMinutes)", () => {
  it("Gentle has none, but a task of it may ask: after 60 minutes, twice", async () => {
    const { task, ackAt, acknowledged } = await acknowledgedTask("gentle", { checkBackMinutes: 60 });
    expect(task.checkBackMinutes).toBe(60);
    expect(acknowledged.checkBackAt).toBe(new Date(ackAt + 60 * MINUTE).toISOString());
    const found = await checkBackChain(task.id);
    expect(found?.steps.map((s) => [(s.dueAt - ackAt) / MINUTE, JSON.parse(s.channels)])).toEqual([
      [60, ["telegram", "push"]],
      [120, ["telegram", "push"]],
    ]);
  });

  it("Urgent's task may say never (0), and Standard's may check back sooner (15 minutes, its two times)", async () => {
    const never = await acknowledgedTask("urgent", { checkBackMinutes: 0 });
    expect(never.acknowledged.checkBackAt).toBeUndefined();
    expect(await checkBackChain(never.task.id)).toBeNull();
    const sooner = await acknowledgedTask("standard", { checkBackMinutes: 15 });
    expect((await checkBackChain(sooner.task.id))?.steps.map((s) => (s.dueAt - sooner.ackAt) / MINUTE)).toEqual([15, 30]);
  });

  it("a repeating task's next occurrence keeps its own check-back", async () => {
    const { u, task, ackAt } = await acknowledgedTask("standard", { checkBackMinutes: 45, recurrence: { freq: "daily" } });
    await completeTask(depsAt(ackAt + MINUTE).deps, u.id, task.id);
    const db = depsAt(ackAt).deps.db;
    const [next] = await db.select().from(tasks).where(and(eq(tasks.seriesId, task.id), eq(tasks.status, "PENDING")));
    expect(next?.checkBackMinutes).toBe(45);
  });

  it("refuses anything but null, 0 or 5 to 1440 minutes, with one sentence, and saves nothing", async () => {
    const u = await user();
    const message = "checkBackMinutes must be a whole number of minutes from 5 to 1440, 0 for never, or null for the sequence's own.";
    for (const checkBackMinutes of [3, -5, 1441, 7.5, "15"]) {
      const res = await api("/v1/tasks", "POST", { title: "Bad", dueDate: "2066-06-01T09:00:00Z", checkBackMinutes }, u.token);
      expect(res.status, String(checkBackMinutes)).toBe(400);
      expect((await res.json<{ message: string }>()).message).toBe(message);
    }
    const made = await (await api("/v1/tasks", "POST", { title: "Good", dueDate: "2066-06-01T09:00:00Z", checkBackMinutes: 30 }, u.token)).json<{ id: string; checkBackMinutes?: number }>();
    expect(made.checkBackMinutes).toBe(30);
    const reset = await (await api(`/v1/tasks/${made.id}`, "PUT", { checkBackMinutes: null }, u.token)).json<{ checkBackMinutes?: number }>();
    expect(reset.checkBackMinutes).toBeUndefined();
    const list = await (await api("/v1/tasks", "GET", undefined, u.token)).json<{ tasks: Array<{ title: string }> }>();
    expect(list.tasks.map((t) => t.title)).toEqual(["Good"]);
  });
});
