import ICAL from "ical.js";
import { DateTime } from "luxon";
import { and, desc, eq, gte } from "drizzle-orm";
import { tasks, type Task } from "../../../db/schema";
import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { intervalOf, type Recurrence } from "../recurrence";
import { readStoredRule } from "../series";
import { byDueThenId, openDue, openInListOrder } from "../tasks/list";
import { sha256Hex } from "../tokens";
import { feedOwner } from "./feed-token";

/** Open tasks and those finished in the last 30 days, at most 500: calendar apps poll, the feed stays small. */
export const FEED_MAX_EVENTS = 500;
export const FEED_DONE_DAYS = 30;
const EVENT_MINUTES = 15;

/** ISO weekdays 1 (Monday) to 7 (Sunday), as RRULE's BYDAY names them. */
const ICAL_DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;

/**
 * RRULE of a task's recurrence (services/recurrence.ts); a monthly day past 28 falls on the month's last
 * day, as the engine does, and so does a yearly February 29. An interval is RRULE's INTERVAL, counted from DTSTART (the occurrence's due
 * time), as the engine counts from the occurrence; weeks start on Monday in both (RFC 5545's default WKST).
 */
export function recurrenceRule(recurrence: Recurrence): string {
  const interval = intervalOf(recurrence);
  switch (recurrence.freq) {
    case "daily":
      return interval > 1 ? `FREQ=DAILY;INTERVAL=${interval}` : "FREQ=DAILY";
    case "weekdays":
      return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR";
    case "weekly": {
      const byDay = `BYDAY=${recurrence.days.map((d) => ICAL_DAYS[d - 1]).join(",")}`;
      return interval > 1 ? `FREQ=WEEKLY;INTERVAL=${interval};${byDay}` : `FREQ=WEEKLY;${byDay}`;
    }
    case "monthly": {
      const freq = interval > 1 ? `FREQ=MONTHLY;INTERVAL=${interval}` : "FREQ=MONTHLY";
      // "the first Monday" is 1MO, "the last Friday" -1FR.
      if (!("dayOfMonth" in recurrence)) return `${freq};BYDAY=${recurrence.week}${ICAL_DAYS[recurrence.weekday - 1]}`;
      const d = recurrence.dayOfMonth;
      if (d <= 28) return `${freq};BYMONTHDAY=${d}`;
      const days = Array.from({ length: d - 27 }, (_, i) => 28 + i).join(",");
      return `${freq};BYMONTHDAY=${days};BYSETPOS=-1`;
    }
    case "yearly": {
      const freq = interval > 1 ? `FREQ=YEARLY;INTERVAL=${interval}` : "FREQ=YEARLY";
      // "the fourth Thursday of November": BYDAY's place counts within BYMONTH's month (RFC 5545, 3.3.10).
      if (!("dayOfMonth" in recurrence)) return `${freq};BYMONTH=${recurrence.month};BYDAY=${recurrence.week}${ICAL_DAYS[recurrence.weekday - 1]}`;
      // February 29 is the month's last day: the 29th in leap years, the 28th in others, as the engine does.
      const day = recurrence.month === 2 && recurrence.dayOfMonth === 29 ? -1 : recurrence.dayOfMonth;
      return `${freq};BYMONTH=${recurrence.month};BYMONTHDAY=${day}`;
    }
  }
}

function utc(ms: number): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(ms), true);
}

/** A recurring task starts at its local wall time in the owner's zone (TZID), so DST never moves it. */
function localStart(ms: number, zone: string): ICAL.Time {
  const local = DateTime.fromMillis(ms, { zone });
  return ICAL.Time.fromData({ year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute, second: 0 });
}

function event(task: Task, zone: string, env: Deps["env"], now: number): ICAL.Component {
  const vevent = new ICAL.Component("vevent");
  vevent.addPropertyWithValue("uid", `${task.id}@nudge`);
  vevent.addPropertyWithValue("dtstamp", utc(now));
  const recurrence = task.recurrence ? readStoredRule(task.recurrence).rule : null;
  if (recurrence) {
    const start = vevent.addPropertyWithValue("dtstart", localStart(task.dueAt, zone));
    start.setParameter("tzid", zone);
    vevent.addPropertyWithValue("rrule", ICAL.Recur.fromString(recurrenceRule(recurrence)));
  } else {
    vevent.addPropertyWithValue("dtstart", utc(task.dueAt));
  }
  vevent.addPropertyWithValue("duration", ICAL.Duration.fromSeconds(EVENT_MINUTES * 60));
  vevent.addPropertyWithValue("summary", task.status === "COMPLETED" ? `✓ ${task.title}` : task.title);
  vevent.addPropertyWithValue("description", `Open in Nudge: ${appLink(env, "/dashboard")}`);
  vevent.addPropertyWithValue("url", appLink(env, "/dashboard"));
  vevent.addPropertyWithValue("status", task.status === "COMPLETED" ? "CANCELLED" : "CONFIRMED");
  const modified = task.updatedAt ?? task.createdAt;
  vevent.addPropertyWithValue("last-modified", utc(modified));
  // Edits bump SEQUENCE, so calendar apps replace the event rather than keep the old one.
  vevent.addPropertyWithValue("sequence", Math.max(0, Math.floor((modified - task.createdAt) / 1000)));
  return vevent;
}

/**
 * The feed's tasks: the open ones and those done in the last FEED_DONE_DAYS, the latest due first, at
 * most FEED_MAX_EVENTS. Two reads in one round trip, each reading only what it may return (calendar
 * apps poll every hour, and one read of "open or recently done" by due date walked the person's whole
 * done history): the open tasks through the list's index (tasks_user_list_idx, backwards), the
 * recently done through tasks_user_completed_idx.
 */
export async function feedTasks(deps: Pick<Deps, "db">, userId: string, now: number): Promise<Task[]> {
  const [open, done] = await deps.db.batch([
    deps.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, userId), openInListOrder))
      .orderBy(desc(openDue), desc(tasks.id))
      .limit(FEED_MAX_EVENTS),
    deps.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, userId), gte(tasks.completedAt, now - FEED_DONE_DAYS * 86_400_000), eq(tasks.status, "COMPLETED")))
      .limit(FEED_MAX_EVENTS),
  ]);
  return [...open, ...done].sort((a, b) => byDueThenId(b, a)).slice(0, FEED_MAX_EVENTS);
}

/** GET /v1/tasks/ics/{token}: the calendar text and its ETag, or null for a wrong or old token. */
export async function calendarFeed(deps: Deps, token: string): Promise<{ body: string; etag: string } | null> {
  const owner = await feedOwner(deps, token);
  if (!owner) return null;
  const now = deps.clock.now().getTime();
  const rows = await feedTasks(deps, owner.id, now);
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", "-//Nudge//Reminders//EN");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  calendar.addPropertyWithValue("x-wr-calname", "Nudge reminders");
  calendar.addPropertyWithValue("x-wr-timezone", owner.timezone);
  calendar.addPropertyWithValue("refresh-interval", ICAL.Duration.fromSeconds(3600)).setParameter("value", "DURATION");
  calendar.addPropertyWithValue("x-published-ttl", "PT1H");
  for (const task of rows) calendar.addSubcomponent(event(task, owner.timezone, deps.env, now));
  const body = calendar.toString();
  // The ETag ignores DTSTAMP (the moment of this answer), so an unchanged calendar is a 304.
  const etag = `"${(await sha256Hex(body.replace(/^DTSTAMP:.*$/gm, ""))).slice(0, 32)}"`;
  return { body, etag };
}


