/**
 * A change of time zone (series/follow-zone.ts): repeating reminders keep their time of day on the
 * new clock; one-off reminders keep their moment; an occurrence already due keeps its moment and the
 * one after it lands on the old time of day on the new clock. `Date` faked into February 2048
 * (docs/testing.md, "Calendar years"): New York is UTC-5, Paris UTC+1, Tokyo UTC+9, no DST change near.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { escalations } from "../../db/schema";
import { createDeps } from "../../worker/services/deps";
import { completeTask } from "../../worker/services/tasks";
import { api, depsAt, stepsOf, taskRow, tasksOfUser, testEra, type TestUser } from "./escalation-helpers";

const NOW = new Date("2048-02-10T12:00:00Z"); // 07:00 in New York, 13:00 in Paris
const { user } = testEra(NOW);
const HOUR = 60 * 60_000;

type TaskBody = { id: string; dueDate: string; recurrence: Record<string, unknown> | null; nextTask?: { dueDate: string } | null; message?: string };

async function create(u: TestUser, dueDate: string, recurrence: unknown = { freq: "daily" }) {
  const response = await api("/v1/tasks", "POST", { title: "Take pills", dueDate, recurrence }, u.token);
  const body = await response.json<TaskBody>();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

async function moveTo(u: TestUser, timezone: string) {
  const response = await api(`/v1/users/${u.id}`, "PUT", { timezone }, u.token);
  return { status: response.status, body: await response.json<{ timezone?: string; message?: string }>() };
}

async function getTask(u: TestUser, id: string) {
  return (await api(`/v1/tasks/${id}`, "GET", undefined, u.token)).json<TaskBody>();
}

const stepTimes = async (taskId: string) => (await stepsOf(taskId)).map((step) => step.dueAt);
const escalationStart = async (taskId: string) => {
  const [row] = await createDeps(env).db.select({ startedAt: escalations.startedAt }).from(escalations).where(eq(escalations.taskId, taskId));
  return row?.startedAt;
};

describe("a change of time zone", () => {
  it("moves a repeating reminder not yet due to the same time of day on the new clock, with its whole chain", async () => {
    const u = await user({ timezone: "America/New_York" });
    // Every day at 09:00 in New York: tomorrow's is 14:00 UTC.
    const pills = await create(u, "2048-02-11T14:00:00Z");
    const stepsBefore = await stepTimes(pills.id);
    const startBefore = await escalationStart(pills.id);

    const moved = await moveTo(u, "Europe/Paris");
    expect(moved.status).toBe(200);
    expect(moved.body.timezone).toBe("Europe/Paris");

    // 09:00 in Paris the same day: 08:00 UTC, six hours earlier. Every step and the chain's start move as much.
    const after = await getTask(u, pills.id);
    expect(after.dueDate).toBe("2048-02-11T08:00:00.000Z");
    expect(after.recurrence).toEqual({ freq: "daily" });
    expect(await stepTimes(pills.id)).toEqual(stepsBefore.map((at) => at - 6 * HOUR));
    expect(await escalationStart(pills.id)).toBe(startBefore! - 6 * HOUR);

    // And the series goes on at 09:00 Paris time.
    const done = await completeTask(depsAt("2048-02-11T08:05:00Z").deps, u.id, pills.id);
    expect(done.nextTask?.dueDate).toBe("2048-02-12T08:00:00.000Z");
  });

  it("keeps a one-off reminder's moment: an appointment does not move because its owner travelled", async () => {
    const u = await user({ timezone: "America/New_York" });
    const dentist = await create(u, "2048-02-12T20:00:00Z", null);
    const stepsBefore = await stepTimes(dentist.id);
    expect((await moveTo(u, "Europe/Paris")).status).toBe(200);
    expect((await getTask(u, dentist.id)).dueDate).toBe("2048-02-12T20:00:00.000Z");
    expect(await stepTimes(dentist.id)).toEqual(stepsBefore);
  });

  it("a time of day already past on the new clock moves to the rule's next one, never into the past", async () => {
    const u = await user({ timezone: "America/New_York" });
    // Today 09:00 in New York (14:00 UTC), two hours from now. 09:00 today in Tokyo was 00:00 UTC: gone.
    const pills = await create(u, "2048-02-10T14:00:00Z");
    expect((await moveTo(u, "Asia/Tokyo")).status).toBe(200);
    expect((await getTask(u, pills.id)).dueDate).toBe("2048-02-11T00:00:00.000Z");
    expect(Math.min(...(await stepTimes(pills.id)))).toBe(Date.parse("2048-02-11T00:00:00Z"));
  });

  it("an every-other-day series keeps its grid day on the new clock", async () => {
    const u = await user({ timezone: "America/New_York" });
    const ferns = await create(u, "2048-02-11T14:00:00Z", { freq: "daily", interval: 2 });
    expect((await moveTo(u, "Europe/Paris")).status).toBe(200);
    expect((await getTask(u, ferns.id)).dueDate).toBe("2048-02-11T08:00:00.000Z");
    const done = await completeTask(depsAt("2048-02-11T08:05:00Z").deps, u.id, ferns.id);
    expect(done.nextTask?.dueDate).toBe("2048-02-13T08:00:00.000Z");
  });

  it("an occurrence already reminding keeps its moment, and the next one lands on the old time of day on the new clock", async () => {
    const u = await user({ timezone: "America/New_York" });
    // Due at 06:00 in New York (11:00 UTC), an hour ago: its chain is running.
    const pills = await create(u, "2048-02-10T11:00:00Z");
    const stepsBefore = await stepTimes(pills.id);
    expect((await moveTo(u, "Europe/Paris")).status).toBe(200);

    const after = await getTask(u, pills.id);
    expect(after.dueDate).toBe("2048-02-10T11:00:00.000Z");
    expect(await stepTimes(pills.id)).toEqual(stepsBefore);
    // The zone its time was set in is the server's own note: the API shows the rule alone.
    expect(after.recurrence).toEqual({ freq: "daily" });
    expect(JSON.parse((await taskRow(pills.id))!.recurrence!)).toEqual({ freq: "daily", wallZone: "America/New_York" });

    // Done now: the next one is tomorrow at 06:00 in Paris (05:00 UTC), not at 12:00 Paris (06:00 New York).
    const done = await completeTask(depsAt("2048-02-10T12:05:00Z").deps, u.id, pills.id);
    expect(done.nextTask?.dueDate).toBe("2048-02-11T05:00:00.000Z");
    const next = (await tasksOfUser(u.id)).find((task) => task.id !== pills.id)!;
    expect(JSON.parse(next.recurrence!)).toEqual({ freq: "daily" });
  });

  it("a second move before the answer keeps the first time of day; a new due date drops the old zone", async () => {
    const u = await user({ timezone: "America/New_York" });
    const pills = await create(u, "2048-02-10T11:00:00Z");
    expect((await moveTo(u, "Europe/Paris")).status).toBe(200);
    expect((await moveTo(u, "Asia/Tokyo")).status).toBe(200);
    // Still "06:00 as set in New York".
    expect(JSON.parse((await taskRow(pills.id))!.recurrence!)).toEqual({ freq: "daily", wallZone: "America/New_York" });

    // A due date set by hand is a time on the present clock.
    const edited = await api(`/v1/tasks/${pills.id}`, "PUT", { dueDate: "2048-02-11T00:30:00Z" }, u.token);
    expect(edited.status).toBe(200);
    expect(JSON.parse((await taskRow(pills.id))!.recurrence!)).toEqual({ freq: "daily" });
  });

  it("an unknown zone is refused with its sentence and moves nothing; the same zone moves nothing", async () => {
    const u = await user({ timezone: "America/New_York" });
    const pills = await create(u, "2048-02-11T14:00:00Z");
    const refused = await moveTo(u, "Mars/Olympus_Mons");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Please choose a timezone from the list.");
    expect((await moveTo(u, "America/New_York")).status).toBe(200);
    expect((await getTask(u, pills.id)).dueDate).toBe("2048-02-11T14:00:00.000Z");
  });

  it("another person's reminders never move", async () => {
    const mover = await user({ timezone: "America/New_York" });
    const stayer = await user({ timezone: "America/New_York" });
    const theirs = await create(stayer, "2048-02-11T14:00:00Z");
    await create(mover, "2048-02-11T14:00:00Z");
    expect((await moveTo(mover, "Europe/Paris")).status).toBe(200);
    expect((await getTask(stayer, theirs.id)).dueDate).toBe("2048-02-11T14:00:00.000Z");
  });
});
