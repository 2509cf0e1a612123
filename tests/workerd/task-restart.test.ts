/**
 * ADR 113: what comes next when a reminder already going gets another sequence. Before its due time the new
 * sequence simply starts at it; once due, it goes on from its second step counted from now (the person has just
 * looked at the reminder: a ping this minute tells them nothing); a snooze is kept and the new sequence begins
 * when it ends. A new due time starts everything over, and ends a snooze, as before. Through PUT /v1/tasks/:id
 * (the dashboard's Edit Task) and "make it urgent" (changeTaskStrategy); steps run by hand, as a tick would.
 * Era: 2053 (docs/testing.md); runs no tick.
 */
import { describe, expect, it } from "vitest";
import { acknowledgeTask, changeTaskStrategy, createTask, restartFor, snoozeTask } from "../../worker/services/tasks";
import { api, depsAt, MINUTE, outboxTo, runStepByHand, stepsOf, taskRow, testEra } from "./escalation-helpers";

/** Tue 2053-05-06 10:00 UTC. */
const NOW = new Date("2053-05-06T10:00:00Z");
const now = NOW.getTime();
const { user } = testEra(NOW);

/** A task made an hour before NOW, due `dueInMinutes` from NOW (negative: overdue), by `strategy`. */
async function taskDue(userId: string, dueInMinutes: number, strategy = "standard") {
  const { deps } = depsAt(now - 60 * MINUTE);
  return createTask(deps, userId, { title: "Take pills", dueDate: new Date(now + dueInMinutes * MINUTE).toISOString(), strategy });
}

/** The steps of the chain now running: [index, state, minutes after NOW]. */
async function liveSteps(taskId: string) {
  return (await stepsOf(taskId)).filter((s) => s.state !== "cancelled").map((s) => [s.stepIndex, s.state, (s.dueAt - now) / MINUTE]);
}

async function put(token: string, taskId: string, body: unknown) {
  const response = await api(`/v1/tasks/${taskId}`, "PUT", body, token);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json<{ status: string; strategy: string; snoozedUntil: string | null; acknowledgedAt: string | null }>();
}

describe("restartFor: the rule", () => {
  const base = { status: "PENDING" as const, dueAt: now - 20 * MINUTE, strategyKey: "standard", snoozedUntil: null };
  it.each([
    ["a done task", { ...base, status: "COMPLETED" as const }, { dueAt: now + 60 * MINUTE, strategyKey: "urgent" }, { kind: "none" }],
    ["the same time and sequence", base, { dueAt: base.dueAt, strategyKey: "standard" }, { kind: "none" }],
    ["a new time ahead", base, { dueAt: now + 60 * MINUTE, strategyKey: "standard" }, { kind: "fresh", startAt: now + 60 * MINUTE }],
    ["a new time already gone", base, { dueAt: now - 5 * MINUTE, strategyKey: "urgent" }, { kind: "fresh", startAt: now }],
    ["a new sequence before the due time", { ...base, dueAt: now + 30 * MINUTE }, { dueAt: now + 30 * MINUTE, strategyKey: "urgent" }, { kind: "fresh", startAt: now + 30 * MINUTE }],
    ["a new sequence once due", base, { dueAt: base.dueAt, strategyKey: "urgent" }, { kind: "after_seen", startAt: now, fromStep: 1, nextInMinutes: 5 }],
    ["gently, once due", base, { dueAt: base.dueAt, strategyKey: "gentle" }, { kind: "after_seen", startAt: now, fromStep: 1, nextInMinutes: 30 }],
    ["a new sequence after an Acknowledge", { ...base, status: "ACKNOWLEDGED" as const }, { dueAt: base.dueAt, strategyKey: "no_buddies" }, { kind: "after_seen", startAt: now, fromStep: 1, nextInMinutes: 15 }],
    ["a new sequence while snoozed", { ...base, status: "SNOOZED" as const, snoozedUntil: now + 45 * MINUTE }, { dueAt: base.dueAt, strategyKey: "gentle" }, { kind: "after_snooze", startAt: now + 45 * MINUTE }],
    ["a new sequence when the snooze is over", { ...base, status: "SNOOZED" as const, snoozedUntil: now }, { dueAt: base.dueAt, strategyKey: "gentle" }, { kind: "after_seen", startAt: now, fromStep: 1, nextInMinutes: 30 }],
    ["a new time while snoozed", { ...base, status: "SNOOZED" as const, snoozedUntil: now + 45 * MINUTE }, { dueAt: now + 120 * MINUTE, strategyKey: "gentle" }, { kind: "fresh", startAt: now + 120 * MINUTE }],
  ])("%s", (_name, before, after, expected) => {
    expect(restartFor(before, after, now)).toEqual(expected);
  });
});

describe("a new sequence on a reminder already going (PUT /v1/tasks/:id, the dashboard's edit)", () => {
  it("once due: no ping this minute; the new sequence's second step, counted from now, says 'Still to do'", async () => {
    const u = await user();
    const task = await taskDue(u.id, -20);
    const answer = await put(u.token, task.id, { strategy: "urgent" });
    expect(answer).toMatchObject({ status: "PENDING", strategy: "urgent" });
    // Urgent: ping + text at 0 (skipped), call + email at 5, call at 15, buddies at 30.
    expect(await liveSteps(task.id)).toEqual([
      [1, "pending", 5],
      [2, "waiting", 15],
      [3, "waiting", 30],
    ]);
    expect((await stepsOf(task.id)).filter((s) => s.state === "cancelled")).toHaveLength(4);

    const [first] = (await stepsOf(task.id)).filter((s) => s.state === "pending");
    await runStepByHand(first!.id, now + 5 * MINUTE);
    const mails = await outboxTo(u.email, "email");
    expect(mails.map((m) => m.subject)).toEqual(["Still to do: Take pills"]);
    expect(await liveSteps(task.id)).toEqual([
      [1, "sent", 5],
      [2, "pending", 15],
      [3, "waiting", 30],
    ]);
  });

  it("after an Acknowledge: the check-in stops, the task is open again, and nothing comes this minute", async () => {
    const u = await user();
    const task = await taskDue(u.id, -20);
    await acknowledgeTask(depsAt(now - 10 * MINUTE).deps, u.id, task.id);
    expect((await stepsOf(task.id, { kind: "check_back" })).some((s) => s.state === "pending")).toBe(true);
    const answer = await put(u.token, task.id, { strategy: "gentle" });
    expect(answer).toMatchObject({ status: "PENDING", acknowledgedAt: null, strategy: "gentle" });
    expect((await stepsOf(task.id, { kind: "check_back" })).map((s) => s.state)).toEqual(["cancelled", "cancelled"]);
    expect(await liveSteps(task.id)).toEqual([
      [1, "pending", 30],
      [2, "waiting", 120],
    ]);
  });

  it("while snoozed: the snooze stays, and the new sequence begins from its first step when it ends", async () => {
    const u = await user();
    const task = await taskDue(u.id, -20);
    await snoozeTask(depsAt(now - 15 * MINUTE).deps, u.id, task.id, { minutes: 60 });
    const until = now + 45 * MINUTE;
    const answer = await put(u.token, task.id, { strategy: "gentle" });
    expect(answer).toMatchObject({ status: "SNOOZED", snoozedUntil: new Date(until).toISOString(), strategy: "gentle" });
    expect(await liveSteps(task.id)).toEqual([
      [0, "pending", 45],
      [1, "waiting", 75],
      [2, "waiting", 165],
    ]);
    const [first] = (await stepsOf(task.id)).filter((s) => s.state === "pending");
    await runStepByHand(first!.id, until);
    expect((await outboxTo(u.email, "email")).map((m) => m.subject)).toEqual(["Reminder: Take pills"]);
    expect((await taskRow(task.id))!.status).toBe("PENDING");
  });

  it("before the due time: the new sequence starts at it, from its first step", async () => {
    const u = await user();
    const task = await taskDue(u.id, 30);
    await put(u.token, task.id, { strategy: "urgent" });
    expect(await liveSteps(task.id)).toEqual([
      [0, "pending", 30],
      [1, "waiting", 35],
      [2, "waiting", 45],
      [3, "waiting", 60],
    ]);
  });

  it("a new due time with the new sequence starts everything over, and ends a snooze", async () => {
    const u = await user();
    const task = await taskDue(u.id, -20);
    await snoozeTask(depsAt(now - 15 * MINUTE).deps, u.id, task.id, { minutes: 60 });
    const answer = await put(u.token, task.id, { strategy: "gentle", dueDate: new Date(now + 120 * MINUTE).toISOString() });
    expect(answer).toMatchObject({ status: "PENDING", snoozedUntil: null, strategy: "gentle" });
    expect(await liveSteps(task.id)).toEqual([
      [0, "pending", 120],
      [1, "waiting", 150],
      [2, "waiting", 240],
    ]);
  });
});

describe("'make it urgent' in words (changeTaskStrategy) says what comes next", () => {
  const deps = () => depsAt(now).deps;

  it("once due: the next nudge and when", async () => {
    const u = await user();
    const task = await taskDue(u.id, -20);
    const outcome = await changeTaskStrategy(deps(), u.id, task.id, "urgent");
    expect(outcome.message).toBe(
      'Changed it: "Take pills" is now Urgent (call early). A ping and a text at the due time, a call and an email after 5 minutes, another call after 15, your buddies after 30. Its next nudge comes in 5 minutes.',
    );
    expect(outcome.short).toBe('Changed: "Take pills" is now Urgent (call early). Next nudge in 5 minutes.');
    expect((await liveSteps(task.id))[0]).toEqual([1, "pending", 5]);
    const gentle = await taskDue(u.id, -5, "urgent");
    expect((await changeTaskStrategy(deps(), u.id, gentle.id, "gentle")).message).toMatch(/ Its next nudge comes in 30 minutes\.$/);
  });

  it("while snoozed: the snooze's end, on the person's clock", async () => {
    const u = await user({ timezone: "Europe/London" });
    const task = await taskDue(u.id, -20);
    await snoozeTask(depsAt(now - 15 * MINUTE).deps, u.id, task.id, { minutes: 60 });
    const outcome = await changeTaskStrategy(deps(), u.id, task.id, "no_buddies");
    expect(outcome.message).toMatch(/^Changed it: "Take pills" is now Standard without buddies\. .+ It stays snoozed until 11:45 AM on Tuesday, 6 May \(Europe\/London\)\.$/);
    expect(outcome.short).toBe('Changed: "Take pills" is now Standard without buddies. Still snoozed until 11:45 AM.');
    expect((await taskRow(task.id))!.status).toBe("SNOOZED");
  });

  it("before the due time: nothing more to say", async () => {
    const u = await user();
    const task = await taskDue(u.id, 30);
    const outcome = await changeTaskStrategy(deps(), u.id, task.id, "gentle");
    expect(outcome.message).toBe(`Changed it: "Take pills" is now Gentle (pings only). A ping at the due time, and two more pings if you don't respond. No texts, calls or buddies.`);
    expect(outcome.short).toBe('Changed: "Take pills" is now Gentle (pings only).');
  });
});
