/**
 * The calendar feed (issue 12): enable, regenerate and disable, the feed parsed back with ical.js field
 * by field, recurring tasks in the owner's zone across DST, ETag/304, and its bounds. Era: 2080.
 */
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { tasks, users } from "../../db/schema";
import { createTask } from "../../worker/services/tasks";
import { FEED_MAX_EVENTS } from "../../worker/services/calendar";
import { feedTasks } from "../../worker/services/calendar/feed";
import { nextOccurrence, type Recurrence } from "../../worker/services/recurrence";
import { request, testDeps } from "./helpers";
import { api, depsAt, testEra } from "./escalation-helpers";

const ERA = new Date("2080-03-20T12:00:00Z");
const { user } = testEra(ERA);

async function enable(u: { id: string; token: string }) {
  const response = await api(`/v1/users/${u.id}/ics-token`, "POST", undefined, u.token);
  expect(response.status).toBe(200);
  return response.json<{ icsFeedToken: string; url: string }>();
}

async function feed(token: string, headers: Record<string, string> = {}) {
  return request(`/v1/tasks/ics/${token}`, { headers });
}

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents("vevent") };
}

/** A recurring task written straight into D1 (a due time in the past is fine here: no engine runs). */
async function insertRecurringTask(userId: string, title: string, dueAt: number, recurrence: Recurrence) {
  await depsAt(ERA).deps.db.insert(tasks).values({
    id: crypto.randomUUID(),
    userId,
    title,
    dueAt,
    status: "PENDING",
    strategyKey: "gentle",
    recurrence: JSON.stringify(recurrence),
    source: "web",
    createdAt: ERA.getTime(),
    updatedAt: ERA.getTime(),
  } as typeof tasks.$inferInsert);
}

/** The first `count` occurrences a calendar app expands from the event's RRULE, as wall times in its TZID zone. */
function expandWallTimes(vevent: ICAL.Component, zone: string, count: number): string[] {
  const expansion = new ICAL.Event(vevent).iterator();
  const times: string[] = [];
  for (let next = expansion.next(); next && times.length < count; next = expansion.next()) {
    // The feed names its zone by TZID (calendar apps know IANA zones), so ical.js expands wall times in it.
    times.push(DateTime.fromObject({ year: next.year, month: next.month, day: next.day, hour: next.hour, minute: next.minute }, { zone }).toFormat("ccc yyyy-LL-dd HH:mm"));
  }
  return times;
}

/** The engine's series from `first`: each occurrence is the anchor of the next (series/next-occurrence.ts). */
function engineSeries(rule: Recurrence, first: Date, zone: string, count: number): string[] {
  const occurrences = [first];
  while (occurrences.length < count) {
    const previous = occurrences[occurrences.length - 1]!;
    occurrences.push(nextOccurrence(rule, previous, previous, zone));
  }
  return occurrences.map((d) => DateTime.fromJSDate(d, { zone }).toFormat("ccc yyyy-LL-dd HH:mm"));
}

describe("the feed's URL", () => {
  it("is shown in the profile while on; regenerating kills the old URL at once; disabling kills it too", async () => {
    const u = await user();
    const first = await enable(u);
    expect(first.icsFeedToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.url).toBe(`http://localhost:8787/v1/tasks/ics/${first.icsFeedToken}`);
    const profile = await (await api("/v1/auth/profile", "GET", undefined, u.token)).json<{ icsFeedToken: string | null }>();
    expect(profile.icsFeedToken).toBe(first.icsFeedToken);
    const [row] = await testDeps().db.select().from(users).where(eq(users.id, u.id));
    expect(JSON.stringify(row)).not.toContain(first.icsFeedToken);
    expect((await feed(first.icsFeedToken)).status).toBe(200);
    const second = await enable(u);
    expect(second.icsFeedToken).not.toBe(first.icsFeedToken);
    expect((await feed(first.icsFeedToken)).status).toBe(404);
    expect((await feed(second.icsFeedToken)).status).toBe(200);
    expect(await (await api(`/v1/users/${u.id}/ics-token`, "DELETE", undefined, u.token)).json()).toEqual({ icsFeedToken: null });
    expect((await feed(second.icsFeedToken)).status).toBe(404);
    expect((await feed("not-a-token")).status).toBe(404);
  });

  it("another user's id is a 404 and changes nothing", async () => {
    const u = await user();
    const other = await user();
    expect((await api(`/v1/users/${other.id}/ics-token`, "POST", undefined, u.token)).status).toBe(404);
    expect((await api(`/v1/users/${other.id}/ics-token`, "DELETE", undefined, u.token)).status).toBe(404);
    const [row] = await testDeps().db.select({ nonce: users.icsTokenNonce }).from(users).where(eq(users.id, other.id));
    expect(row?.nonce).toBeNull();
  });
});

describe("the feed", () => {
  it("one VEVENT per open task with UID, DTSTAMP, DTSTART in UTC, SUMMARY, DESCRIPTION, SEQUENCE; the calendar's name and refresh", async () => {
    const u = await user({ timezone: "Europe/Berlin" });
    const { deps } = depsAt(ERA);
    const due = new Date(ERA.getTime() + 2 * 86_400_000);
    const task = await createTask(deps, u.id, { title: "Dentist", dueDate: due.toISOString() });
    const { icsFeedToken } = await enable(u);
    const response = await feed(icsFeedToken);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const { calendar, events: all } = events(await response.text());
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Nudge reminders");
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT1H");
    expect(all).toHaveLength(1);
    const event = new ICAL.Event(all[0]!);
    expect(event.uid).toBe(`${task.id}@nudge`);
    expect(event.summary).toBe("Dentist");
    expect(event.description).toBe("Open in Nudge: http://localhost:8787/dashboard");
    expect(event.startDate.toJSDate().toISOString()).toBe(due.toISOString());
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(all[0]!.getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(all[0]!.getFirstPropertyValue("sequence")).toBe(0);
  });

  it("a recurring task repeats at its local time in the owner's zone across the DST change, with an RRULE", async () => {
    const u = await user({ timezone: "America/New_York" });
    // 9:00 in New York on 2080-03-01 (before the DST change of 2080-03-10), every day.
    const due = DateTime.fromObject({ year: 2080, month: 3, day: 1, hour: 9 }, { zone: "America/New_York" });
    await insertRecurringTask(u.id, "Pills", due.toMillis(), { freq: "daily" });
    const { icsFeedToken } = await enable(u);
    const vevent = events(await (await feed(icsFeedToken)).text()).events[0]!;
    expect(String(vevent.getFirstPropertyValue("rrule"))).toBe("FREQ=DAILY");
    expect(vevent.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("America/New_York");
    const start = vevent.getFirstPropertyValue("dtstart") as ICAL.Time;
    expect([start.hour, start.minute]).toEqual([9, 0]);
  });

  it("every other Monday and Thursday: the calendar app's expansion of the RRULE (ical.js) is the engine's series", async () => {
    const u = await user({ timezone: "Europe/Berlin" });
    const rule: Recurrence = { freq: "weekly", days: [1, 4], interval: 2 };
    // Thu 2080-03-21 18:00 in Berlin; the series crosses the DST change of 2080-03-31.
    const first = DateTime.fromObject({ year: 2080, month: 3, day: 21, hour: 18 }, { zone: "Europe/Berlin" });
    await insertRecurringTask(u.id, "Gym", first.toMillis(), rule);
    const { icsFeedToken } = await enable(u);
    const [vevent] = events(await (await feed(icsFeedToken)).text()).events;
    expect(String(vevent!.getFirstPropertyValue("rrule"))).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH");
    const fromCalendar = expandWallTimes(vevent!, "Europe/Berlin", 6);
    expect(fromCalendar).toEqual(engineSeries(rule, first.toJSDate(), "Europe/Berlin", 6));
    expect(fromCalendar).toEqual(["Thu 2080-03-21 18:00", "Mon 2080-04-01 18:00", "Thu 2080-04-04 18:00", "Mon 2080-04-15 18:00", "Thu 2080-04-18 18:00", "Mon 2080-04-29 18:00"]);
  });

  it("every 3 months on the 15th: the calendar app's expansion is the engine's series; on the 31st, the last day of short months", async () => {
    const u = await user({ timezone: "America/New_York" });
    const rule: Recurrence = { freq: "monthly", dayOfMonth: 15, interval: 3 };
    const first = DateTime.fromObject({ year: 2080, month: 3, day: 15, hour: 9 }, { zone: "America/New_York" });
    await insertRecurringTask(u.id, "Rent review", first.toMillis(), rule);
    await insertRecurringTask(u.id, "Meter reading", first.plus({ days: 16 }).toMillis(), { freq: "monthly", dayOfMonth: 31, interval: 3 });
    const { icsFeedToken } = await enable(u);
    const byTitle = new Map(events(await (await feed(icsFeedToken)).text()).events.map((e) => [String(e.getFirstPropertyValue("summary")), e]));
    const review = byTitle.get("Rent review")!;
    expect(String(review.getFirstPropertyValue("rrule"))).toBe("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15");
    expect(expandWallTimes(review, "America/New_York", 5)).toEqual(engineSeries(rule, first.toJSDate(), "America/New_York", 5));
    expect(expandWallTimes(review, "America/New_York", 5)).toEqual(["Fri 2080-03-15 09:00", "Sat 2080-06-15 09:00", "Sun 2080-09-15 09:00", "Sun 2080-12-15 09:00", "Sat 2081-03-15 09:00"]);
    // RFC 5545's "the last of the 28th to 31st that exist" (ical.js does not apply BYSETPOS; calendar apps do).
    expect(String(byTitle.get("Meter reading")!.getFirstPropertyValue("rrule"))).toBe("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29,30,31;BYSETPOS=-1");
  });

  it("the first Monday of every month and the last Friday every other month: the calendar app's expansion is the engine's series", async () => {
    const u = await user({ timezone: "America/New_York" });
    const firstMonday: Recurrence = { freq: "monthly", week: 1, weekday: 1 };
    const lastFriday: Recurrence = { freq: "monthly", week: -1, weekday: 5, interval: 2 };
    // Mon 2080-01-01 19:00 and Fri 2080-01-26 18:00 in New York; both series cross the DST change of 2080-03-10.
    const mondayFirst = DateTime.fromObject({ year: 2080, month: 1, day: 1, hour: 19 }, { zone: "America/New_York" });
    const fridayFirst = DateTime.fromObject({ year: 2080, month: 1, day: 26, hour: 18 }, { zone: "America/New_York" });
    await insertRecurringTask(u.id, "Book club", mondayFirst.toMillis(), firstMonday);
    await insertRecurringTask(u.id, "Team drinks", fridayFirst.toMillis(), lastFriday);
    const { icsFeedToken } = await enable(u);
    const byTitle = new Map(events(await (await feed(icsFeedToken)).text()).events.map((e) => [String(e.getFirstPropertyValue("summary")), e]));
    const club = byTitle.get("Book club")!;
    expect(String(club.getFirstPropertyValue("rrule"))).toBe("FREQ=MONTHLY;BYDAY=1MO");
    expect(expandWallTimes(club, "America/New_York", 4)).toEqual(engineSeries(firstMonday, mondayFirst.toJSDate(), "America/New_York", 4));
    expect(expandWallTimes(club, "America/New_York", 4)).toEqual(["Mon 2080-01-01 19:00", "Mon 2080-02-05 19:00", "Mon 2080-03-04 19:00", "Mon 2080-04-01 19:00"]);
    const drinks = byTitle.get("Team drinks")!;
    expect(String(drinks.getFirstPropertyValue("rrule"))).toBe("FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR");
    expect(expandWallTimes(drinks, "America/New_York", 4)).toEqual(engineSeries(lastFriday, fridayFirst.toJSDate(), "America/New_York", 4));
  });

  it("every year on February 29 and every 3 years on June 5: the calendar app's expansion is the engine's series", async () => {
    const u = await user({ timezone: "Europe/London" });
    const leapDay: Recurrence = { freq: "yearly", month: 2, dayOfMonth: 29 };
    const everyThree: Recurrence = { freq: "yearly", month: 6, dayOfMonth: 5, interval: 3 };
    // 2080 is a leap year; the leap-day series falls on the 28th in the three years after it.
    const leapFirst = DateTime.fromObject({ year: 2080, month: 2, day: 29, hour: 8 }, { zone: "Europe/London" });
    const threeFirst = DateTime.fromObject({ year: 2080, month: 6, day: 5, hour: 19, minute: 30 }, { zone: "Europe/London" });
    await insertRecurringTask(u.id, "Leo's birthday", leapFirst.toMillis(), leapDay);
    await insertRecurringTask(u.id, "Renew the passport", threeFirst.toMillis(), everyThree);
    const { icsFeedToken } = await enable(u);
    const byTitle = new Map(events(await (await feed(icsFeedToken)).text()).events.map((e) => [String(e.getFirstPropertyValue("summary")), e]));
    const birthday = byTitle.get("Leo's birthday")!;
    expect(String(birthday.getFirstPropertyValue("rrule"))).toBe("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1");
    expect(expandWallTimes(birthday, "Europe/London", 5)).toEqual(engineSeries(leapDay, leapFirst.toJSDate(), "Europe/London", 5));
    expect(expandWallTimes(birthday, "Europe/London", 5)).toEqual(["Thu 2080-02-29 08:00", "Fri 2081-02-28 08:00", "Sat 2082-02-28 08:00", "Sun 2083-02-28 08:00", "Tue 2084-02-29 08:00"]);
    const passport = byTitle.get("Renew the passport")!;
    expect(String(passport.getFirstPropertyValue("rrule"))).toBe("FREQ=YEARLY;INTERVAL=3;BYMONTH=6;BYMONTHDAY=5");
    expect(expandWallTimes(passport, "Europe/London", 3)).toEqual(engineSeries(everyThree, threeFirst.toJSDate(), "Europe/London", 3));
    expect(expandWallTimes(passport, "Europe/London", 3)).toEqual(["Wed 2080-06-05 19:30", "Sat 2083-06-05 19:30", "Wed 2086-06-05 19:30"]);
  });

  it("every year on the fourth Thursday of November and every other year on the last Monday of May (ADR 127): the calendar app's expansion is the engine's series", async () => {
    const u = await user({ timezone: "America/New_York" });
    const thanksgiving: Recurrence = { freq: "yearly", month: 11, week: 4, weekday: 4 };
    const lastMonday: Recurrence = { freq: "yearly", month: 5, week: -1, weekday: 1, interval: 2 };
    const thanksgivingFirst = DateTime.fromObject({ year: 2080, month: 11, day: 28, hour: 16 }, { zone: "America/New_York" });
    const mondayFirst = DateTime.fromObject({ year: 2080, month: 5, day: 27, hour: 12 }, { zone: "America/New_York" });
    await insertRecurringTask(u.id, "Thanksgiving dinner", thanksgivingFirst.toMillis(), thanksgiving);
    await insertRecurringTask(u.id, "Reunion", mondayFirst.toMillis(), lastMonday);
    const { icsFeedToken } = await enable(u);
    const byTitle = new Map(events(await (await feed(icsFeedToken)).text()).events.map((e) => [String(e.getFirstPropertyValue("summary")), e]));
    const dinner = byTitle.get("Thanksgiving dinner")!;
    expect(String(dinner.getFirstPropertyValue("rrule"))).toBe("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH");
    expect(expandWallTimes(dinner, "America/New_York", 4)).toEqual(engineSeries(thanksgiving, thanksgivingFirst.toJSDate(), "America/New_York", 4));
    expect(expandWallTimes(dinner, "America/New_York", 4)).toEqual(["Thu 2080-11-28 16:00", "Thu 2081-11-27 16:00", "Thu 2082-11-26 16:00", "Thu 2083-11-25 16:00"]);
    const reunion = byTitle.get("Reunion")!;
    expect(String(reunion.getFirstPropertyValue("rrule"))).toBe("FREQ=YEARLY;INTERVAL=2;BYMONTH=5;BYDAY=-1MO");
    expect(expandWallTimes(reunion, "America/New_York", 3)).toEqual(engineSeries(lastMonday, mondayFirst.toJSDate(), "America/New_York", 3));
    expect(expandWallTimes(reunion, "America/New_York", 3)).toEqual(["Mon 2080-05-27 12:00", "Mon 2082-05-25 12:00", "Mon 2084-05-29 12:00"]);
  });

  it("answers 304 for the same ETag, and a changed task changes the ETag", async () => {
    const u = await user();
    const { deps } = depsAt(ERA);
    const task = await createTask(deps, u.id, { title: "Call mum", dueDate: new Date(ERA.getTime() + 86_400_000).toISOString() });
    const { icsFeedToken } = await enable(u);
    const etag = (await feed(icsFeedToken)).headers.get("ETag")!;
    expect((await feed(icsFeedToken, { "If-None-Match": etag })).status).toBe(304);
    await testDeps().db.update(tasks).set({ title: "Call mum back", updatedAt: ERA.getTime() + 1000 }).where(eq(tasks.id, task.id));
    const changed = await feed(icsFeedToken, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });

  it(`stays bounded: at most ${FEED_MAX_EVENTS} events, and tasks done more than 30 days ago are left out`, async () => {
    const u = await user();
    const base = { userId: u.id, status: "PENDING", strategyKey: "gentle", source: "web", createdAt: ERA.getTime(), updatedAt: ERA.getTime() };
    const rows = Array.from({ length: FEED_MAX_EVENTS + 20 }, (_, i) => ({ ...base, id: crypto.randomUUID(), title: `Task ${i}`, dueAt: ERA.getTime() + i * 60_000 }));
    rows.push({ ...base, id: crypto.randomUUID(), title: "Old done", dueAt: ERA.getTime() - 40 * 86_400_000, status: "COMPLETED", completedAt: ERA.getTime() - 40 * 86_400_000 } as never);
    const db = testDeps().db;
    for (let i = 0; i < rows.length; i += 8) await db.insert(tasks).values(rows.slice(i, i + 8) as (typeof tasks.$inferInsert)[]);
    const { icsFeedToken } = await enable(u);
    const text = await (await feed(icsFeedToken)).text();
    const all = events(text).events;
    expect(all).toHaveLength(FEED_MAX_EVENTS);
    expect(text).not.toContain("Old done");
  });

  it("reads only what it may show: never the person's older done history", async () => {
    const u = await user();
    const now = ERA.getTime();
    const DAY = 86_400_000;
    const base = { userId: u.id, strategyKey: "gentle", source: "web", createdAt: now - 400 * DAY };
    const row = (title: string, dueAt: number, done?: number) => ({ ...base, id: crypto.randomUUID(), title, dueAt, status: done ? "COMPLETED" : "PENDING", completedAt: done ?? null });
    const rows = [
      ...Array.from({ length: 200 }, (_, i) => row(`Old ${i}`, now - (300 - i) * DAY, now - (300 - i) * DAY)),
      row("Open later", now + DAY),
      row("Open overdue", now - 2 * DAY),
      // Due long ago, done yesterday: shown, found by when it was done.
      row("Done yesterday", now - 90 * DAY, now - DAY),
    ];
    const db = testDeps().db;
    for (let i = 0; i < rows.length; i += 8) await db.insert(tasks).values(rows.slice(i, i + 8) as (typeof tasks.$inferInsert)[]);

    const deps = testDeps();
    const shown = await feedTasks(deps, u.id, now);
    expect(shown.map((t) => t.title)).toEqual(["Open later", "Open overdue", "Done yesterday"]);
    expect(deps.meter.queries).toBe(2);
    // The three it shows and the entries that end the two ranges; the 200 done long ago are not read.
    expect(deps.meter.rowsRead).toBeLessThanOrEqual(shown.length + 3);
  });
});
