/**
 * Quiet hours that hold, then catch up (issue 13, ADR 064): the window on the person's clock across
 * midnight and DST changes; steps held during it (texts, calls, buddies; gentle pings only when the
 * person allows them); one catch-up for every held step at the end; a task that ignores them; the
 * settings API and its errors. Era: 2095 (docs/testing.md). Steps are claimed by hand, as a tick would.
 */
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { quietUntil } from "../../worker/services/quiet-hours";
import { completeTask, createTask, snoozeTask } from "../../worker/services/tasks";
import { toTaskView } from "../../app/components/tasks/task-view";
import type { TaskJson } from "../../worker/services/tasks";
import { api, depsAt, MINUTE, outboxTo, runStepByHand, stepsOf, taskRow, testEra } from "./escalation-helpers";

const ZONE = "Europe/London";
const HOUR = 60 * MINUTE;
const ERA = Date.parse("2095-01-10T12:00:00Z");
const { user } = testEra(new Date(ERA));

/** An instant from a wall time in London. */
const london = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
const QUIET = { quietStart: 22 * 60, quietEnd: 8 * 60, timezone: ZONE };

describe("the quiet window on the person's clock", () => {
  const window = { start: 22 * 60, end: 8 * 60 };

  it("crosses midnight: late evening and early morning both end at 08:00; the day is not quiet", () => {
    expect(quietUntil(window, ZONE, london("2095-01-10T23:30"))).toBe(london("2095-01-11T08:00"));
    expect(quietUntil(window, ZONE, london("2095-01-11T00:00"))).toBe(london("2095-01-11T08:00"));
    expect(quietUntil(window, ZONE, london("2095-01-11T07:59"))).toBe(london("2095-01-11T08:00"));
    expect(quietUntil(window, ZONE, london("2095-01-10T22:00"))).toBe(london("2095-01-11T08:00"));
    expect(quietUntil(window, ZONE, london("2095-01-11T08:00"))).toBeNull();
    expect(quietUntil(window, ZONE, london("2095-01-10T21:59"))).toBeNull();
    expect(quietUntil(window, ZONE, london("2095-01-10T12:00"))).toBeNull();
    expect(quietUntil(null, ZONE, london("2095-01-10T23:30"))).toBeNull();
  });

  it("a window within one day (13:00-15:00, a nap) ends the same afternoon", () => {
    const nap = { start: 13 * 60, end: 15 * 60 };
    expect(quietUntil(nap, ZONE, london("2095-01-10T14:10"))).toBe(london("2095-01-10T15:00"));
    expect(quietUntil(nap, ZONE, london("2095-01-10T15:00"))).toBeNull();
    expect(quietUntil(nap, ZONE, london("2095-01-10T23:00"))).toBeNull();
  });

  it("ends at 08:00 on the wall clock across both DST changes (a 9-hour and an 11-hour night)", () => {
    // London springs forward at 01:00 on Sunday 27 March 2095 and falls back at 02:00 on 30 October.
    const spring = quietUntil(window, ZONE, london("2095-03-26T22:00"));
    expect(DateTime.fromMillis(spring!, { zone: ZONE }).toFormat("yyyy-MM-dd HH:mm ZZZZ")).toBe("2095-03-27 08:00 GMT+1");
    expect((spring! - london("2095-03-26T22:00")) / HOUR).toBe(9);
    const autumn = quietUntil(window, ZONE, london("2095-10-29T22:00"));
    expect(DateTime.fromMillis(autumn!, { zone: ZONE }).toFormat("yyyy-MM-dd HH:mm ZZZZ")).toBe("2095-10-30 08:00 GMT");
    expect((autumn! - london("2095-10-29T22:00")) / HOUR).toBe(11);
  });

  it("an end that does not exist that night (01:30 when clocks jump from 01:00 to 02:00) is the first moment after the gap", () => {
    const end = quietUntil({ start: 23 * 60, end: 90 }, ZONE, london("2095-03-26T23:30"));
    expect(end).not.toBeNull();
    expect(end!).toBeGreaterThan(london("2095-03-26T23:30"));
    expect(DateTime.fromMillis(end!, { zone: ZONE }).toFormat("HH:mm")).toBe("02:30");
  });
});

/** A task due at a London wall time, created an hour before. */
async function taskDue(userId: string, wall: string, extra: Record<string, unknown> = {}) {
  const due = london(wall);
  return { due, task: await createTask(depsAt(due - HOUR).deps, userId, { title: `Task at ${wall}`, dueDate: new Date(due).toISOString(), strategy: "standard", ...extra }) };
}

describe("steps during quiet hours", () => {
  it("a step due at 23:00 waits until 08:00, keeps the chain's spacing, and the card says so; nothing is sent", async () => {
    const u = await user(QUIET);
    const { due, task } = await taskDue(u.id, "2095-01-10T23:00");
    const [first] = await stepsOf(task.id);
    await runStepByHand(first!.id, due);

    const steps = await stepsOf(task.id);
    const eight = london("2095-01-11T08:00");
    expect(steps.map((s) => [s.state, (s.dueAt - eight) / MINUTE, s.heldUntil])).toEqual([
      ["pending", 0, eight],
      ["waiting", 15, null],
      ["waiting", 30, null],
      ["waiting", 60, null],
    ]);
    expect(await outboxTo(u.email)).toEqual([]);
    const row = await taskRow(task.id);
    expect(row?.quietHeldUntil).toBe(eight);
    const listed = await (await api(`/v1/tasks/${task.id}`, "GET", undefined, u.token)).json<{ quietHeldUntil?: string }>();
    expect(listed.quietHeldUntil).toBe(new Date(eight).toISOString());
    expect(toTaskView({ ...(listed as object as TaskJson), quietHeldUntil: new Date(eight).toISOString() }, ZONE, new Date(due)).quietLabel).toBe("Quiet hours: reminders wait until 8:00 AM");
  });

  it("at 08:00 one calm catch-up lists every held reminder; a held text waits 30 more minutes, a held ping is replaced", async () => {
    const u = await user(QUIET);
    // One chain held at its first (gentle) step, one at its text step (the first ping went at 21:50).
    const late = await taskDue(u.id, "2095-01-10T23:00");
    const early = await taskDue(u.id, "2095-01-10T21:50");
    await runStepByHand((await stepsOf(early.task.id))[0]!.id, early.due);
    expect((await outboxTo(u.email, "email")).map((m) => m.subject)).toEqual(["Reminder: Task at 2095-01-10T21:50"]);
    await runStepByHand((await stepsOf(early.task.id))[1]!.id, early.due + 15 * MINUTE);
    await runStepByHand((await stepsOf(late.task.id))[0]!.id, late.due);
    expect(await outboxTo(u.email, "email")).toHaveLength(1);

    const eight = london("2095-01-11T08:00");
    await runStepByHand((await stepsOf(late.task.id))[0]!.id, eight);
    await runStepByHand((await stepsOf(early.task.id))[1]!.id, eight);

    const emails = await outboxTo(u.email, "email");
    expect(emails.map((m) => m.subject)).toEqual(["Reminder: Task at 2095-01-10T21:50", "While you were resting: 2 reminders waiting"]);
    expect(emails[1]!.text).toContain("• Task at 2095-01-10T21:50 (due 9:50 PM)");
    expect(emails[1]!.text).toContain("• Task at 2095-01-10T23:00 (due 11:00 PM)");
    // The gentle ping is replaced: the chain goes on with its text 15 minutes later (08:15).
    expect((await stepsOf(late.task.id)).map((s) => [s.state, (s.dueAt - eight) / MINUTE])).toEqual([
      ["sent", 0],
      ["pending", 15],
      ["waiting", 30],
      ["waiting", 60],
    ]);
    // The held text fires at 08:30 (a calm half hour to answer the catch-up); the call after it keeps its 15 minutes.
    expect((await stepsOf(early.task.id)).map((s) => [s.state, (s.dueAt - eight) / MINUTE])).toEqual([
      ["sent", (early.due - eight) / MINUTE],
      ["pending", 30],
      ["waiting", 45],
      ["waiting", 75],
    ]);
    // At 08:30 the text step sends its own message (an email here: no phone), not a second catch-up.
    await runStepByHand((await stepsOf(early.task.id))[1]!.id, eight + 30 * MINUTE);
    expect((await outboxTo(u.email, "email")).map((m) => m.subject).at(-1)).toBe("Still to do: Task at 2095-01-10T21:50");
  });

  it("a task done during the night is not in the catch-up", async () => {
    const u = await user(QUIET);
    const a = await taskDue(u.id, "2095-01-10T23:10");
    const b = await taskDue(u.id, "2095-01-10T23:20");
    await runStepByHand((await stepsOf(a.task.id))[0]!.id, a.due);
    await runStepByHand((await stepsOf(b.task.id))[0]!.id, b.due);
    await completeTask(depsAt(b.due + HOUR).deps, u.id, b.task.id);
    const eight = london("2095-01-11T08:00");
    await runStepByHand((await stepsOf(a.task.id))[0]!.id, eight);
    const [catchUp] = await outboxTo(u.email, "email");
    expect(catchUp?.subject).toBe("While you were resting: 1 reminder waiting");
    expect(catchUp?.text).not.toContain("Task at 2095-01-10T23:20");
  });

  it("gentle pings go during quiet hours when allowed, and wait when not", async () => {
    const allowed = await user({ ...QUIET, telegramChatId: "9501" });
    const a = await taskDue(allowed.id, "2095-01-10T23:00");
    await runStepByHand((await stepsOf(a.task.id))[0]!.id, a.due);
    expect((await outboxTo("9501", "telegram")).map((m) => m.text)).toEqual(["⏰ Task at 2095-01-10T23:00 (due 11:00 PM)"]);

    const strict = await user({ ...QUIET, telegramChatId: "9502", quietGentle: false });
    const b = await taskDue(strict.id, "2095-01-10T23:00");
    await runStepByHand((await stepsOf(b.task.id))[0]!.id, b.due);
    expect(await outboxTo("9502")).toEqual([]);
    // At 08:00 the catch-up goes where a gentle ping goes: Telegram.
    await runStepByHand((await stepsOf(b.task.id))[0]!.id, london("2095-01-11T08:00"));
    const [catchUp] = await outboxTo("9502", "telegram");
    expect(catchUp?.text.split("\n")[0]).toBe("🌅 While you were resting: 1 reminder waiting");
  });

  it("a task marked 'ignore quiet hours' reminds at 23:00 as usual", async () => {
    const u = await user(QUIET);
    const { due, task } = await taskDue(u.id, "2095-01-10T23:00", { ignoreQuietHours: true });
    expect(task.ignoreQuietHours).toBe(true);
    await runStepByHand((await stepsOf(task.id))[0]!.id, due);
    expect((await outboxTo(u.email, "email")).map((m) => m.subject)).toEqual(["Reminder: Task at 2095-01-10T23:00"]);
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["sent", "pending", "waiting", "waiting"]);
  });

  it("across the spring DST change a step held at 23:00 fires at 08:00 BST (07:00 UTC)", async () => {
    const u = await user(QUIET);
    const { due, task } = await taskDue(u.id, "2095-03-26T23:00");
    await runStepByHand((await stepsOf(task.id))[0]!.id, due);
    const [held] = await stepsOf(task.id);
    expect(new Date(held!.dueAt).toISOString()).toBe("2095-03-27T07:00:00.000Z");
  });

  it("a snooze during quiet hours that ends before they do keeps the catch-up; one that ends after them does not", async () => {
    const u = await user(QUIET);
    const { due, task } = await taskDue(u.id, "2095-01-10T23:00");
    await runStepByHand((await stepsOf(task.id))[0]!.id, due);
    const eight = london("2095-01-11T08:00");
    await snoozeTask(depsAt(due + 5 * MINUTE).deps, u.id, task.id, { minutes: 30 });
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "pending", dueAt: eight, heldUntil: eight });
    await snoozeTask(depsAt(london("2095-01-11T07:50")).deps, u.id, task.id, { minutes: 60 });
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "pending", dueAt: london("2095-01-11T08:50"), heldUntil: null });
  });
});

describe("quiet hours settings (PUT /v1/users/me/quiet-hours)", () => {
  it("starts off with the 22:00-08:00 suggestion, saves a window, and turns off", async () => {
    const u = await user({ timezone: ZONE });
    const first = await (await api("/v1/users/me/quiet-hours", "GET", undefined, u.token)).json();
    expect(first).toEqual({ enabled: false, start: "22:00", end: "08:00", gentlePings: true, timezone: ZONE, quietUntil: null });

    const saved = await api("/v1/users/me/quiet-hours", "PUT", { enabled: true, start: "21:30", end: "7:15", gentlePings: false }, u.token);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ enabled: true, start: "21:30", end: "07:15", gentlePings: false, message: "Quiet hours saved: 9:30 PM to 7:15 AM." });
    const [row] = await depsAt(ERA).deps.db.select().from(users).where(eq(users.id, u.id));
    expect([row?.quietStart, row?.quietEnd, row?.quietGentle]).toEqual([21 * 60 + 30, 7 * 60 + 15, false]);

    const off = await (await api("/v1/users/me/quiet-hours", "PUT", { enabled: false }, u.token)).json();
    expect(off).toMatchObject({ enabled: false, message: "Quiet hours are off. Reminders go out at any hour." });
  });

  it("refuses bad input with a clear sentence and changes nothing", async () => {
    const u = await user(QUIET);
    const cases: Array<[unknown, string]> = [
      [{ enabled: true, start: "22:00", end: "22:00" }, "Quiet hours need a start and an end that differ."],
      [{ enabled: true, start: "25:00", end: "08:00" }, "Enter when quiet hours start as a time, like 22:00."],
      [{ enabled: true, start: "22:00", end: "eight" }, "Enter when quiet hours end as a time, like 08:00."],
      [{ enabled: true, start: "22:00" }, "Enter when quiet hours end as a time, like 08:00."],
      [{ start: "22:00", end: "08:00" }, "Say whether quiet hours are on (enabled: true or false)."],
    ];
    for (const [body, message] of cases) {
      const res = await api("/v1/users/me/quiet-hours", "PUT", body, u.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ message: string }>()).message).toBe(message);
    }
    const [row] = await depsAt(ERA).deps.db.select().from(users).where(eq(users.id, u.id));
    expect([row?.quietStart, row?.quietEnd]).toEqual([22 * 60, 8 * 60]);
    expect((await api("/v1/users/me/quiet-hours", "PUT", { enabled: false })).status).toBe(401);
  });

  it("a task's ignoreQuietHours is validated and can be changed", async () => {
    const u = await user({ timezone: ZONE });
    const bad = await api("/v1/tasks", "POST", { title: "Pills", dueDate: "2095-01-11T23:00:00Z", ignoreQuietHours: "yes" }, u.token);
    expect(bad.status).toBe(400);
    expect((await bad.json<{ message: string }>()).message).toBe("ignoreQuietHours must be true or false.");
    const made = await (await api("/v1/tasks", "POST", { title: "Pills", dueDate: "2095-01-11T23:00:00Z" }, u.token)).json<{ id: string; ignoreQuietHours?: boolean }>();
    expect(made.ignoreQuietHours).toBeUndefined();
    const changed = await (await api(`/v1/tasks/${made.id}`, "PUT", { ignoreQuietHours: true }, u.token)).json<{ ignoreQuietHours?: boolean }>();
    expect(changed.ignoreQuietHours).toBe(true);
    const back = await (await api(`/v1/tasks/${made.id}`, "PUT", { ignoreQuietHours: false }, u.token)).json<{ ignoreQuietHours?: boolean }>();
    expect(back.ignoreQuietHours).toBeUndefined();
  });
});
