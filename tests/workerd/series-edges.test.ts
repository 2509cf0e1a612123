/**
 * The edges of recurring series and of text that reaches messages (issue 7 item 9, ADR 043):
 * a deleted occurrence stays deleted and the series goes on; a long snooze skips no occurrence;
 * titles and names are one line. System time faked into 2046 (docs/testing.md, "Calendar years").
 */
import { describe, expect, it } from "vitest";
import { acknowledgeTask, completeTask, snoozeTask } from "../../worker/services/tasks";
import { api, depsAt, stepsOf, tasksOfUser, testEra } from "./escalation-helpers";
import { json, registration, uniqueEmail, userByEmail } from "./auth-support";
import { env } from "cloudflare:test";

const NOW = new Date("2046-03-01T12:00:00Z");
const { user } = testEra(NOW);
const DAY = 24 * 60 * 60_000;

type TaskBody = { id: string; title: string; dueDate: string; status: string; nextTask?: { id: string; dueDate: string } | null };

async function call(path: string, method: string, token: string, body?: unknown) {
  const response = await api(path, method, body, token);
  return { status: response.status, body: await response.json<TaskBody & { message?: string }>() };
}

async function daily(token: string, title = "Take pills") {
  const created = await call("/v1/tasks", "POST", token, { title, dueDate: "2046-03-02T08:00:00Z", recurrence: { freq: "daily" } });
  expect(created.status).toBe(201);
  return created.body;
}

const dueDays = async (userId: string) => (await tasksOfUser(userId)).map((t) => new Date(t.dueAt).toISOString().slice(0, 10)).sort();

describe("a series every few days or weeks", () => {
  it("every other day: done early, done late or deleted, the next one stays on the two-day grid", async () => {
    const u = await user();
    const created = await call("/v1/tasks", "POST", u.token, { title: "Water the ferns", dueDate: "2046-03-02T08:00:00Z", recurrence: { freq: "daily", interval: 2 } });
    expect(created.status).toBe(201);
    // Done an hour early: the next is two days after this one, not two days after now.
    const done = await completeTask(depsAt("2046-03-02T07:00:00Z").deps, u.id, created.body.id);
    expect(done.nextTask?.dueDate).toBe("2046-03-04T08:00:00.000Z");
    // Done three days late: the next is the first day on the grid after now (03-08), never 03-07 + 2.
    const late = await completeTask(depsAt("2046-03-07T09:00:00Z").deps, u.id, done.nextTask!.id);
    expect(late.nextTask?.dueDate).toBe("2046-03-08T08:00:00.000Z");
    expect(await dueDays(u.id)).toEqual(["2046-03-02", "2046-03-04", "2046-03-08"]);
  });

  it("an interval out of range is refused with its sentence, and nothing is created", async () => {
    const u = await user();
    const refused = await call("/v1/tasks", "POST", u.token, { title: "X", dueDate: "2046-03-02T08:00:00Z", recurrence: { freq: "weekly", days: [1], interval: 53 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("The interval must be a whole number of weeks from 1 to 52.");
    expect(await tasksOfUser(u.id)).toEqual([]);
  });
});

describe("a series every year (ADR 125)", () => {
  it("a leap-day birthday: the 28th in the years without a 29th, the 29th again in a leap year; done late, the next year's", async () => {
    const u = await user();
    const created = await call("/v1/tasks", "POST", u.token, { title: "Leo's birthday", dueDate: "2048-02-29T08:00:00Z", recurrence: { freq: "yearly", month: 2, dayOfMonth: 29 } });
    expect(created.status).toBe(201);
    const first = await completeTask(depsAt("2048-02-29T09:00:00Z").deps, u.id, created.body.id);
    expect(first.nextTask?.dueDate).toBe("2049-02-28T08:00:00.000Z");
    // Answered in May: the next is the next February, never one in the past.
    const late = await completeTask(depsAt("2049-05-01T09:00:00Z").deps, u.id, first.nextTask!.id);
    expect(late.nextTask?.dueDate).toBe("2050-02-28T08:00:00.000Z");
    expect(await dueDays(u.id)).toEqual(["2048-02-29", "2049-02-28", "2050-02-28"]);
  });

  it("every other year: done a year late, the next stays on the two-year grid", async () => {
    const u = await user();
    const created = await call("/v1/tasks", "POST", u.token, { title: "Renew the licence", dueDate: "2046-06-05T08:00:00Z", recurrence: { freq: "yearly", month: 6, dayOfMonth: 5, interval: 2 } });
    expect(created.status).toBe(201);
    // Answered in 2047: the next on the grid is 2048, not 2049.
    const done = await completeTask(depsAt("2047-07-01T09:00:00Z").deps, u.id, created.body.id);
    expect(done.nextTask?.dueDate).toBe("2048-06-05T08:00:00.000Z");
  });

  it("the fourth Thursday of November every year (ADR 127): done late, next year's fourth Thursday, not this year's date", async () => {
    const u = await user();
    const created = await call("/v1/tasks", "POST", u.token, { title: "Thanksgiving", dueDate: "2046-11-22T16:00:00Z", recurrence: { freq: "yearly", month: 11, week: 4, weekday: 4 } });
    expect(created.status).toBe(201);
    const first = await completeTask(depsAt("2046-11-22T17:00:00Z").deps, u.id, created.body.id);
    expect(first.nextTask?.dueDate).toBe("2047-11-28T16:00:00.000Z");
    // Answered in December: the next is 2048's fourth Thursday (the 26th), not November 28th.
    const late = await completeTask(depsAt("2047-12-05T09:00:00Z").deps, u.id, first.nextTask!.id);
    expect(late.nextTask?.dueDate).toBe("2048-11-26T16:00:00.000Z");
    expect(await dueDays(u.id)).toEqual(["2046-11-22", "2047-11-28", "2048-11-26"]);
  });

  it("a day the month never has, or a month out of range, is refused with its sentence, and nothing is created", async () => {
    const u = await user();
    for (const [recurrence, message] of [
      [{ freq: "yearly", month: 4, dayOfMonth: 31 }, "April has no day 31: choose a day from 1 to 30."],
      [{ freq: "yearly", month: 13, dayOfMonth: 1 }, "The month must be a whole number from 1 (January) to 12 (December)."],
      [{ freq: "yearly", month: 3, dayOfMonth: 3, interval: 11 }, "The interval must be a whole number of years from 1 to 10."],
      [{ freq: "yearly", month: 11, week: 5, weekday: 4 }, "The week must be 1, 2, 3 or 4 (the first to the fourth of the month), or -1 for the last."],
      [{ freq: "yearly", month: 11, dayOfMonth: 22, week: 4, weekday: 4 }, "A yearly repeat is on a day of the month or on a week and a weekday, not both."],
    ] as const) {
      const refused = await call("/v1/tasks", "POST", u.token, { title: "X", dueDate: "2046-03-02T08:00:00Z", recurrence });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect(await tasksOfUser(u.id)).toEqual([]);
  });
});

describe("deleting an occurrence of a recurring task", () => {
  it("the deleted occurrence stays deleted when the one before it is answered later, and the series goes on", async () => {
    const u = await user();
    const first = await daily(u.token);
    // Acknowledged at 08:05: the next occurrence (03-03) is created; the user deletes it.
    await acknowledgeTask(depsAt("2046-03-02T08:05:00Z").deps, u.id, first.id);
    const second = (await tasksOfUser(u.id)).find((t) => t.id !== first.id)!;
    expect(new Date(second.dueAt).toISOString()).toBe("2046-03-03T08:00:00.000Z");
    expect((await call(`/v1/tasks/${second.id}`, "DELETE", u.token)).status).toBe(200);
    // The series goes on: the occurrence after the deleted one is there.
    expect(await dueDays(u.id)).toEqual(["2046-03-02", "2046-03-04"]);

    // "Done" on the first one later must not bring the deleted one back.
    const done = await completeTask(depsAt("2046-03-02T09:00:00Z").deps, u.id, first.id);
    expect(done.nextTask).toBeNull();
    expect(await dueDays(u.id)).toEqual(["2046-03-02", "2046-03-04"]);
    expect((await tasksOfUser(u.id)).filter((t) => t.status !== "COMPLETED")).toHaveLength(1);
  });

  it("?series=true ends the series: every open occurrence goes, nothing comes next, completed ones stay", async () => {
    const u = await user();
    const first = await daily(u.token);
    await completeTask(depsAt("2046-03-02T08:05:00Z").deps, u.id, first.id);
    const open = (await tasksOfUser(u.id)).find((t) => t.status !== "COMPLETED")!;
    expect((await call(`/v1/tasks/${open.id}?series=true`, "DELETE", u.token)).status).toBe(200);
    expect((await tasksOfUser(u.id)).map((t) => t.id)).toEqual([first.id]);
  });

  it("deleting a one-off task is unchanged: it goes, and a second delete is 404", async () => {
    const u = await user();
    const task = await call("/v1/tasks", "POST", u.token, { title: "Once", dueDate: "2046-03-02T08:00:00Z" });
    expect((await call(`/v1/tasks/${task.body.id}`, "DELETE", u.token)).status).toBe(200);
    expect((await call(`/v1/tasks/${task.body.id}`, "DELETE", u.token)).status).toBe(404);
    expect(await tasksOfUser(u.id)).toEqual([]);
  });
});

describe("a long snooze of a recurring task", () => {
  it("a snooze of a day does not skip the next occurrence: it is created at its own time", async () => {
    const u = await user();
    const first = await daily(u.token);
    await snoozeTask(depsAt("2046-03-02T08:05:00Z").deps, u.id, first.id, { minutes: 24 * 60 });
    // Done after the snooze ran out (03-03 08:10): the 03-03 occurrence is still there.
    const done = await completeTask(depsAt(Date.parse("2046-03-02T08:05:00Z") + DAY + 5 * 60_000).deps, u.id, first.id);
    expect(done.nextTask?.dueDate).toBe("2046-03-03T08:00:00.000Z");
    expect(await dueDays(u.id)).toEqual(["2046-03-02", "2046-03-03"]);
    const next = (await tasksOfUser(u.id)).find((t) => t.id !== first.id)!;
    expect((await stepsOf(next.id))[0]).toMatchObject({ state: "pending", dueAt: Date.parse("2046-03-03T08:00:00Z") });
  });

  it("a short snooze creates nothing early", async () => {
    const u = await user();
    const first = await daily(u.token);
    await snoozeTask(depsAt("2046-03-02T08:05:00Z").deps, u.id, first.id, { minutes: 60 });
    expect((await tasksOfUser(u.id)).map((t) => t.id)).toEqual([first.id]);
  });
});

describe("titles and names are one line", () => {
  it("a title with a line break and a header is stored as one line, on create and on update", async () => {
    const u = await user();
    const created = await call("/v1/tasks", "POST", u.token, { title: "Pay rent\r\nBcc: x@evil.test", dueDate: "2046-03-02T08:00:00Z" });
    expect(created.body.title).toBe("Pay rent Bcc: x@evil.test");
    const updated = await call(`/v1/tasks/${created.body.id}`, "PUT", u.token, { title: "Call\u0007 mom\u2028\tnow " });
    expect(updated.body.title).toBe("Call mom now");
    const blank = await call("/v1/tasks", "POST", u.token, { title: "\r\n\t", dueDate: "2046-03-02T08:00:00Z" });
    expect(blank.status).toBe(400);
  });

  it("a name with a line break is stored as one line at sign-up", async () => {
    const email = uniqueEmail("oneline");
    const response = await json("/v1/users", "POST", registration({ email, name: "Dana\r\nBcc: x@evil.test" }));
    expect(response.status).toBe(201);
    const row = await userByEmail(email);
    expect(row?.name).toBe("Dana Bcc: x@evil.test");
    await env.DB.prepare("delete from users where id = ?").bind(row!.id).run();
  });
});
