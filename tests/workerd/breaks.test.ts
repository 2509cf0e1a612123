/**
 * A break (ADR 095): "pause everything until tomorrow morning". Steps that come due are held (gentle
 * pings too), the first held step at its end sends the one catch-up; ending the break early brings the
 * held steps forward; quiet hours at its end carry it on; a task marked to ring in quiet hours rings
 * through it; the API and its refusals. Era: 2095 (docs/testing.md), as quiet-hours.test.ts: steps are
 * claimed by hand, as a tick would.
 */
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { endBreak, restUntil, startBreak } from "../../worker/services/quiet-hours";
import { createTask } from "../../worker/services/tasks";
import { breakElsewhereText } from "../../app/components/settings/break-elsewhere";
import { api, depsAt, MINUTE, outboxTo, runStepByHand, stepsOf, taskRow, testEra } from "./escalation-helpers";

const ZONE = "Europe/London";
const HOUR = 60 * MINUTE;
const ERA = Date.parse("2095-01-12T12:00:00Z");
const { user } = testEra(new Date(ERA));
const london = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();

async function taskDue(userId: string, wall: string, extra: Record<string, unknown> = {}) {
  const due = london(wall);
  return { due, task: await createTask(depsAt(due - HOUR).deps, userId, { title: `Task at ${wall}`, dueDate: new Date(due).toISOString(), strategy: "standard", ...extra }) };
}

async function breakUntilOf(userId: string) {
  const [row] = await depsAt(ERA).deps.db.select({ breakUntil: users.breakUntil }).from(users).where(eq(users.id, userId));
  return row?.breakUntil;
}

describe("the rest around a moment", () => {
  const quiet = { start: 22 * 60, end: 8 * 60 };

  it("a break rests until its end, carried on by quiet hours that are on then; without a break, the quiet hours", () => {
    expect(restUntil(null, ZONE, london("2095-01-12T12:00"), london("2095-01-12T15:00"))).toEqual({ until: london("2095-01-12T15:00"), onBreak: true });
    expect(restUntil(quiet, ZONE, london("2095-01-12T12:00"), london("2095-01-12T23:00"))).toEqual({ until: london("2095-01-13T08:00"), onBreak: true });
    // A break that is over is no rest; quiet hours are, at night.
    expect(restUntil(quiet, ZONE, london("2095-01-12T16:00"), london("2095-01-12T15:00"))).toBeNull();
    expect(restUntil(quiet, ZONE, london("2095-01-12T23:00"), london("2095-01-12T15:00"))).toEqual({ until: london("2095-01-13T08:00"), onBreak: false });
  });
});

describe("steps during a break", () => {
  it("a step due during the break waits until its end, gentle pings too; at the end one catch-up lists what waited", async () => {
    const u = await user({ timezone: ZONE, telegramChatId: "9601" });
    await startBreak(depsAt(london("2095-01-12T12:00")).deps, u.id, { until: "2095-01-12T17:00" });
    const five = london("2095-01-12T17:00");
    const a = await taskDue(u.id, "2095-01-12T13:00");
    const b = await taskDue(u.id, "2095-01-12T14:30");
    await runStepByHand((await stepsOf(a.task.id))[0]!.id, a.due);
    await runStepByHand((await stepsOf(b.task.id))[0]!.id, b.due);
    // Quiet hours would let this Telegram ping through; a break does not.
    expect(await outboxTo("9601")).toEqual([]);
    expect(await outboxTo(u.email)).toEqual([]);
    expect((await stepsOf(a.task.id))[0]).toMatchObject({ state: "pending", dueAt: five, heldUntil: five });
    expect((await taskRow(a.task.id))?.quietHeldUntil).toBe(five);

    await runStepByHand((await stepsOf(a.task.id))[0]!.id, five);
    await runStepByHand((await stepsOf(b.task.id))[0]!.id, five);
    const [catchUp, ...more] = await outboxTo("9601", "telegram");
    expect(catchUp?.text.split("\n")[0]).toBe("🌅 While you were resting: 2 reminders waiting");
    expect(more).toEqual([]);
  });

  it("ending the break early brings the held steps forward: the catch-up comes at once, and the chain keeps its spacing", async () => {
    const u = await user({ timezone: ZONE });
    const start = london("2095-01-12T12:00");
    await startBreak(depsAt(start).deps, u.id, { until: "morning" });
    const morning = london("2095-01-13T09:00");
    expect(await breakUntilOf(u.id)).toBe(morning);
    const { due, task } = await taskDue(u.id, "2095-01-12T13:00");
    await runStepByHand((await stepsOf(task.id))[0]!.id, due);
    expect((await stepsOf(task.id)).map((s) => [s.state, (s.dueAt - morning) / MINUTE])).toEqual([
      ["pending", 0],
      ["waiting", 15],
      ["waiting", 30],
      ["waiting", 60],
    ]);

    const resumed = london("2095-01-12T15:00");
    const ended = await endBreak(depsAt(resumed).deps, u.id);
    expect(ended).toMatchObject({ until: null, message: "Your break is over. Anything that waited arrives now, as one message." });
    expect(await breakUntilOf(u.id)).toBeNull();
    expect((await stepsOf(task.id)).map((s) => [s.state, (s.dueAt - resumed) / MINUTE, s.heldUntil])).toEqual([
      ["pending", 0, resumed],
      ["waiting", 15, null],
      ["waiting", 30, null],
      ["waiting", 60, null],
    ]);
    expect((await taskRow(task.id))?.quietHeldUntil).toBe(resumed);
    await runStepByHand((await stepsOf(task.id))[0]!.id, resumed);
    expect((await outboxTo(u.email, "email")).map((m) => m.subject)).toEqual(["While you were resting: 1 reminder waiting"]);
    // Ending it again says there is none; nothing moves.
    expect((await endBreak(depsAt(resumed + MINUTE).deps, u.id)).message).toBe("You're not on a break.");
  });

  it("a break carried on by quiet hours holds steps until they end; ending it early brings them now", async () => {
    const u = await user({ timezone: ZONE, quietStart: 22 * 60, quietEnd: 8 * 60 });
    await startBreak(depsAt(london("2095-01-12T12:00")).deps, u.id, { until: "2095-01-12T23:00" });
    const eight = london("2095-01-13T08:00");
    const { due, task } = await taskDue(u.id, "2095-01-12T13:00");
    await runStepByHand((await stepsOf(task.id))[0]!.id, due);
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "pending", dueAt: eight, heldUntil: eight });
    // Made shorter (until 16:00, no quiet hours then): the held step comes to the new end.
    await startBreak(depsAt(london("2095-01-12T14:00")).deps, u.id, { until: "2095-01-12T16:00" });
    expect((await stepsOf(task.id))[0]).toMatchObject({ dueAt: london("2095-01-12T16:00"), heldUntil: london("2095-01-12T16:00") });
    // Longer again, into the night: held again when it fires; ended at 16:30: it comes now.
    await startBreak(depsAt(london("2095-01-12T14:30")).deps, u.id, { until: "2095-01-12T23:30" });
    await runStepByHand((await stepsOf(task.id))[0]!.id, london("2095-01-12T16:00"));
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "pending", dueAt: eight, heldUntil: eight });
    await endBreak(depsAt(london("2095-01-12T16:30")).deps, u.id);
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "pending", dueAt: london("2095-01-12T16:30"), heldUntil: london("2095-01-12T16:30") });
  });

  it("another person's held steps, and steps held by quiet hours, are left alone when a break ends", async () => {
    const mine = await user({ timezone: ZONE });
    const theirs = await user({ timezone: ZONE });
    const start = london("2095-01-12T12:00");
    const until = london("2095-01-12T18:00");
    await startBreak(depsAt(start).deps, mine.id, { minutes: 360 });
    await startBreak(depsAt(start).deps, theirs.id, { minutes: 360 });
    const a = await taskDue(mine.id, "2095-01-12T13:00");
    const b = await taskDue(theirs.id, "2095-01-12T13:00");
    await runStepByHand((await stepsOf(a.task.id))[0]!.id, a.due);
    await runStepByHand((await stepsOf(b.task.id))[0]!.id, b.due);
    await endBreak(depsAt(london("2095-01-12T14:00")).deps, mine.id);
    expect((await stepsOf(a.task.id))[0]?.dueAt).toBe(london("2095-01-12T14:00"));
    expect((await stepsOf(b.task.id))[0]).toMatchObject({ dueAt: until, heldUntil: until });
  });

  it("a shorter break brings held steps to its new end; a task marked to ring in quiet hours rings through a break", async () => {
    const u = await user({ timezone: ZONE });
    await startBreak(depsAt(london("2095-01-12T12:00")).deps, u.id, { until: "2095-01-12T20:00" });
    const held = await taskDue(u.id, "2095-01-12T13:00");
    const pills = await taskDue(u.id, "2095-01-12T13:05", { ignoreQuietHours: true });
    await runStepByHand((await stepsOf(held.task.id))[0]!.id, held.due);
    await runStepByHand((await stepsOf(pills.task.id))[0]!.id, pills.due);
    expect((await outboxTo(u.email, "email")).map((m) => m.subject)).toEqual(["Reminder: Task at 2095-01-12T13:05"]);
    const saved = await startBreak(depsAt(london("2095-01-12T13:30")).deps, u.id, { until: "2095-01-12T16:00" });
    expect(saved.message).toBe("You're on a break until 4:00 PM. Reminders wait and arrive as one message when it ends.");
    expect((await stepsOf(held.task.id))[0]).toMatchObject({ dueAt: london("2095-01-12T16:00"), heldUntil: london("2095-01-12T16:00") });
  });
});

describe("the break API (PUT, GET, DELETE /v1/users/me/break)", () => {
  it("takes a break for minutes, until the morning or until a date and time on the person's clock, says until when, and ends it", async () => {
    const u = await user({ timezone: ZONE, quietStart: 22 * 60, quietEnd: 8 * 60 });
    expect(await (await api("/v1/users/me/break", "GET", undefined, u.token)).json()).toEqual({ until: null, remindersFrom: null, untilLocal: null, quietFollowsUntilLocal: null });

    const hour = await api("/v1/users/me/break", "PUT", { minutes: 90 }, u.token);
    expect(hour.status).toBe(200);
    const body = await hour.json<{ until: string; untilLocal: string; message: string }>();
    expect(Date.parse(body.until) - Date.now()).toBeGreaterThan(89 * MINUTE);
    expect(body.message).toMatch(/^You're on a break until \d{1,2}:\d{2} [AP]M( tomorrow)?\. Reminders wait and arrive as one message when it ends\.$/);

    // A break that ends at 23:00 is carried on by quiet hours until 08:00: that is when reminders come back.
    const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 }).toISODate();
    const night = await (await api("/v1/users/me/break", "PUT", { until: `${tomorrow}T23:00` }, u.token)).json<{ until: string; remindersFrom: string; message: string }>();
    expect(DateTime.fromISO(night.until, { zone: ZONE }).toFormat("HH:mm")).toBe("23:00");
    expect(DateTime.fromISO(night.remindersFrom, { zone: ZONE }).toFormat("HH:mm")).toBe("08:00");
    expect(night.message).toMatch(/^You're on a break until 11:00 PM (tomorrow|on \w+day, \d+ \w+), and your quiet hours follow it until 8:00 AM on \w+day, \d+ \w+\. Reminders wait and arrive as one message when it ends\.$/);
    expect(await (await api("/v1/users/me/break", "GET", undefined, u.token)).json()).toMatchObject({ until: night.until });

    const ended = await (await api("/v1/users/me/break", "DELETE", undefined, u.token)).json();
    expect(ended).toMatchObject({ until: null, message: "Your break is over. Anything that waited arrives now, as one message." });
  });

  it("refuses a break with no length, one that ended already, one over 30 days, and unknown fields, each with its sentence; nothing changes", async () => {
    const u = await user({ timezone: ZONE });
    const cases: Array<[unknown, string]> = [
      [{}, 'Say how long the break is: {"minutes": 60}, {"until": "morning"} or {"until": "2026-12-01T09:00"}.'],
      [{ minutes: 0 }, 'Say how long the break is: {"minutes": 60}, {"until": "morning"} or {"until": "2026-12-01T09:00"}.'],
      [{ minutes: "ten" }, 'Say how long the break is: {"minutes": 60}, {"until": "morning"} or {"until": "2026-12-01T09:00"}.'],
      [{ until: "soon" }, "Choose when the break ends, like tomorrow at 9:00 AM."],
      [{ until: "2020-01-01T09:00" }, "That time has already passed. Choose when the break ends, later than now."],
      [{ minutes: 31 * 24 * 60 }, "A break lasts at most 30 days. For longer, pause or delete the reminders themselves."],
      [{ minutes: 60, until: "morning" }, 'Say how long the break is: {"minutes": 60}, {"until": "morning"} or {"until": "2026-12-01T09:00"}.'],
    ];
    for (const [body, message] of cases) {
      const response = await api("/v1/users/me/break", "PUT", body, u.token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json<{ message: string }>()).message, JSON.stringify(body)).toBe(message);
    }
    expect(await breakUntilOf(u.id)).toBeNull();
    expect((await api("/v1/users/me/break", "PUT", { minutes: 60 })).status).toBe(401);
  });
});

describe("where else a break starts (Settings' line, ADR 098)", () => {
  it("names only the places the person has, and is left out where there are none", () => {
    const says = (where: string) => `Away from here, write "pause until monday" or "pause for 3 hours" ${where}; "resume" ends it.`;
    expect(breakElsewhereText({ telegram: true, text: true, email: "assistant@nudge.example.com" })).toBe(says("to the Telegram bot, by text or to assistant@nudge.example.com"));
    expect(breakElsewhereText({ telegram: false, text: true, email: "assistant@nudge.example.com" })).toBe(says("by text or to assistant@nudge.example.com"));
    expect(breakElsewhereText({ telegram: true, text: false, email: null })).toBe(says("to the Telegram bot"));
    expect(breakElsewhereText({ telegram: false, text: false, email: null })).toBeNull();
  });
});
