import { describe, expect, it } from "vitest";
import { calendarDaysUntil, taskUrgency, type UrgencyInput } from "../../app/components/tasks/task-colour";
import { datetimeLocalValue, formatDue, formatLastReminder } from "../../app/components/tasks/task-format";
import { toTaskView, type TaskView } from "../../app/components/tasks/task-view";
import { sectionOf, sectionRuns, withNextOccurrence } from "../../app/components/tasks/task-sections";
import { choiceOf, KEEP_RULE, recurrenceFor, repeatOptions } from "../../app/components/tasks/repeat-choice";
import type { TaskJson } from "../../worker/services/tasks/serialize";

/**
 * The card colour rule of spec 02 section 2, in calendar days on the user's clock:
 * completed or escalation halted = green; due today or overdue = red; 1 day = orange;
 * 2 days or fewer = blue; otherwise green. Plus the text labels that carry the same meaning.
 */
const NY = "America/New_York";
/** Mon 2026-03-02 09:00 in New York (EST, UTC-5). */
const NY_MORNING = new Date("2026-03-02T14:00:00Z");
/** Mon 2026-03-02 23:00 in New York, already Tue 04:00 in UTC. */
const NY_LATE = new Date("2026-03-03T04:00:00Z");

function open(dueDate: string, extra: Partial<UrgencyInput> = {}): UrgencyInput {
  return { dueDate, status: "PENDING", escalationHaltedAt: null, ...extra };
}

describe("taskUrgency: the colour rule", () => {
  it("is green with 'Done' for a completed task, even an overdue one", () => {
    const u = taskUrgency(open("2026-02-20T14:00:00Z", { status: "COMPLETED", escalationHaltedAt: "2026-02-20T15:00:00Z" }), NY_MORNING, NY);
    expect(u).toEqual({ tone: "green", label: "Done", daysUntilDue: -10 });
  });

  it("is green when the escalation was halted (acknowledged, or the chain ran out)", () => {
    const halted = "2026-03-02T13:00:00Z";
    expect(taskUrgency(open("2026-03-02T12:00:00Z", { status: "ACKNOWLEDGED", escalationHaltedAt: halted }), NY_MORNING, NY)).toMatchObject({
      tone: "green",
      label: "Acknowledged",
    });
    expect(taskUrgency(open("2026-03-02T12:00:00Z", { escalationHaltedAt: halted }), NY_MORNING, NY)).toMatchObject({
      tone: "green",
      label: "Reminders stopped",
    });
  });

  it("is red for overdue: an earlier day, or earlier today", () => {
    expect(taskUrgency(open("2026-03-01T14:00:00Z"), NY_MORNING, NY)).toEqual({ tone: "red", label: "Overdue", daysUntilDue: -1 });
    expect(taskUrgency(open("2026-03-02T13:00:00Z"), NY_MORNING, NY)).toEqual({ tone: "red", label: "Overdue", daysUntilDue: 0 });
  });

  it("is red with 'Due today' for later today", () => {
    expect(taskUrgency(open("2026-03-02T22:00:00Z"), NY_MORNING, NY)).toEqual({ tone: "red", label: "Due today", daysUntilDue: 0 });
  });

  it("is orange for tomorrow, blue for 2 days, green for 3 days or more", () => {
    expect(taskUrgency(open("2026-03-03T14:00:00Z"), NY_MORNING, NY)).toEqual({ tone: "orange", label: "Tomorrow", daysUntilDue: 1 });
    expect(taskUrgency(open("2026-03-04T14:00:00Z"), NY_MORNING, NY)).toEqual({ tone: "blue", label: "In 2 days", daysUntilDue: 2 });
    expect(taskUrgency(open("2026-03-05T14:00:00Z"), NY_MORNING, NY)).toEqual({ tone: "green", label: "In 3 days", daysUntilDue: 3 });
    expect(taskUrgency(open("2026-04-30T14:00:00Z"), NY_MORNING, NY)).toMatchObject({ tone: "green", label: "In 59 days" });
  });

  it("counts calendar days in the user's zone, not 24-hour blocks or UTC days", () => {
    // 23:00 Monday in New York; due 00:30 Tuesday local (05:30 UTC): only 90 minutes away, but tomorrow.
    expect(taskUrgency(open("2026-03-03T05:30:00Z"), NY_LATE, NY)).toMatchObject({ tone: "orange", label: "Tomorrow" });
    // Same instants in UTC: both on Tuesday, so "Due today".
    expect(taskUrgency(open("2026-03-03T05:30:00Z"), NY_LATE, "UTC")).toMatchObject({ tone: "red", label: "Due today" });
    // 47 hours away but two calendar days: Mon 09:00 -> Wed 08:00 local.
    expect(calendarDaysUntil("2026-03-04T13:00:00Z", NY_MORNING, NY)).toBe(2);
  });

  it("stays right across a DST change (the 23-hour day of 8 March 2026 in New York)", () => {
    const saturdayNoon = new Date("2026-03-07T17:00:00Z"); // Sat 12:00 EST
    // Mon 2026-03-09 00:30 EDT = 04:30 UTC: two calendar days, although fewer than 48 hours.
    expect(calendarDaysUntil("2026-03-09T04:30:00Z", saturdayNoon, NY)).toBe(2);
    expect(taskUrgency(open("2026-03-09T04:30:00Z"), saturdayNoon, NY).tone).toBe("blue");
  });

  it("treats an unknown zone as UTC instead of failing", () => {
    expect(taskUrgency(open("2026-03-03T14:00:00Z"), NY_MORNING, "Mars/Olympus")).toMatchObject({ tone: "orange" });
  });
});

describe("task texts on the user's clock", () => {
  it("formats the due date relative to today", () => {
    expect(formatDue("2026-03-02T22:00:00Z", NY, NY_MORNING)).toBe("Today, 5:00 PM");
    expect(formatDue("2026-03-03T14:00:00Z", NY, NY_MORNING)).toBe("Tomorrow, 9:00 AM");
    expect(formatDue("2026-03-01T14:15:00Z", NY, NY_MORNING)).toBe("Yesterday, 9:15 AM");
    expect(formatDue("2026-03-10T13:00:00Z", NY, NY_MORNING)).toBe("Tue, Mar 10, 9:00 AM");
    expect(formatDue("2027-01-05T14:00:00Z", NY, NY_MORNING)).toBe("Tue, Jan 5, 2027, 9:00 AM");
  });

  it("reads 'this year' on the user's clock, not in UTC", () => {
    const lateDecember = new Date("2026-12-29T15:00:00Z"); // Tue 10:00 EST
    // 11:30 PM on 31 December in New York is already 2027 in UTC: still this year, so no year is written.
    expect(formatDue("2027-01-01T04:30:00Z", NY, lateDecember)).toBe("Thu, Dec 31, 11:30 PM");
    // The same instant in UTC is next year's.
    expect(formatDue("2027-01-01T04:30:00Z", "UTC", lateDecember)).toBe("Fri, Jan 1, 2027, 4:30 AM");
  });

  it("gives each zone its own day for the same instants, asked again and again (the days are remembered per zone)", () => {
    for (let round = 0; round < 3; round++) {
      expect(calendarDaysUntil("2026-03-03T05:30:00Z", NY_LATE, NY)).toBe(1);
      expect(calendarDaysUntil("2026-03-03T05:30:00Z", NY_LATE, "UTC")).toBe(0);
      expect(calendarDaysUntil("2026-03-03T05:30:00Z", NY_LATE, "Asia/Kolkata")).toBe(0);
    }
  });

  it("says when the last reminder went out, or that none did", () => {
    expect(formatLastReminder(null, NY, NY_MORNING)).toBe("No reminders sent yet");
    expect(formatLastReminder("2026-03-02T14:15:00Z", NY, NY_MORNING)).toBe("Last reminder: 9:15 AM today");
    expect(formatLastReminder("2026-03-01T21:30:00Z", NY, NY_MORNING)).toBe("Last reminder: 4:30 PM yesterday");
    expect(formatLastReminder("2026-02-26T14:15:00Z", NY, NY_MORNING)).toBe("Last reminder: Thu, Feb 26, 9:15 AM");
  });

  it("gives the datetime-local default on the user's clock", () => {
    expect(datetimeLocalValue(NY_LATE, NY)).toBe("2026-03-02T23:00");
    expect(datetimeLocalValue(NY_LATE, "UTC")).toBe("2026-03-03T04:00");
    expect(datetimeLocalValue(new Date("2026-03-02T00:05:00Z"), "Asia/Kolkata")).toBe("2026-03-02T05:35");
  });

  it("builds the card view: tone, label, due and snooze texts", () => {
    const task: TaskJson = {
      id: "t1",
      title: "Pills",
      dueDate: "2026-03-02T13:00:00.000Z",
      status: "SNOOZED",
      escalationHaltedAt: null,
      lastReminderSentAt: "2026-03-02T13:00:30.000Z",
      strategy: "standard",
      recurrence: null,
      acknowledgedAt: null,
      completedAt: null,
      snoozedUntil: "2026-03-02T14:30:00.000Z",
      createdAt: "2026-03-01T10:00:00.000Z",
    };
    expect(toTaskView(task, NY, NY_MORNING)).toEqual({
      id: "t1",
      title: "Pills",
      status: "SNOOZED",
      dueDate: "2026-03-02T13:00:00.000Z",
      dueLabel: "Today, 8:00 AM",
      lastReminderLabel: "Last reminder: 8:00 AM today",
      tone: "red",
      toneLabel: "Overdue",
      snoozeLabel: "Snoozed until 9:30 AM",
      completed: false,
      acknowledged: false,
      section: "today",
    });
  });
});

describe("a card names its sequence where it is not the person's default (ADR 112)", () => {
  const task = (strategy: string, status: TaskJson["status"] = "PENDING") =>
    ({ id: "t2", title: "Pay rent", status, dueDate: "2026-03-02T22:00:00.000Z", lastReminderSentAt: null, escalationHaltedAt: null, strategy }) as unknown as TaskJson;

  it("says 'Nudging: Urgent (call early)' on an urgent task of a person whose default is Standard, and nothing on a standard one", () => {
    expect(toTaskView(task("urgent"), NY, NY_MORNING, { defaultStrategy: "standard" }).strategyLabel).toBe("Nudging: Urgent (call early)");
    expect(toTaskView(task("no_buddies"), NY, NY_MORNING, { defaultStrategy: "standard" }).strategyLabel).toBe("Nudging: Standard without buddies");
    expect(toTaskView(task("standard"), NY, NY_MORNING, { defaultStrategy: "standard" })).not.toHaveProperty("strategyLabel");
  });

  it("follows the person's default: a standard task says so when the default is Gentle", () => {
    expect(toTaskView(task("standard"), NY, NY_MORNING, { defaultStrategy: "gentle" }).strategyLabel).toBe("Nudging: Standard");
    expect(toTaskView(task("gentle"), NY, NY_MORNING, { defaultStrategy: "gentle" })).not.toHaveProperty("strategyLabel");
  });

  it("says nothing on a done task, nor when the default is not known", () => {
    expect(toTaskView(task("urgent", "COMPLETED"), NY, NY_MORNING, { defaultStrategy: "standard" })).not.toHaveProperty("strategyLabel");
    expect(toTaskView(task("urgent"), NY, NY_MORNING)).not.toHaveProperty("strategyLabel");
  });
});

describe("the dashboard's day headings (task-sections.ts)", () => {
  it("puts a task under Earlier, Today, Tomorrow or Later by calendar day on the person's clock, and a done one under Done", () => {
    expect(sectionOf(-3, false)).toBe("earlier");
    expect(sectionOf(-1, false)).toBe("earlier");
    expect(sectionOf(0, false)).toBe("today");
    expect(sectionOf(1, false)).toBe("tomorrow");
    expect(sectionOf(2, false)).toBe("later");
    expect(sectionOf(40, false)).toBe("later");
    expect(sectionOf(1, true)).toBe("done");
    expect(sectionOf(-9, true)).toBe("done");
    // 23:00 in New York: a task at 00:30 the next day is Tomorrow, though the same UTC day.
    const json = (dueDate: string, status: TaskJson["status"] = "PENDING") => ({ id: dueDate, title: "t", status, dueDate, lastReminderSentAt: null, escalationHaltedAt: null }) as unknown as TaskJson;
    expect(toTaskView(json("2026-03-03T05:30:00Z"), NY, NY_LATE).section).toBe("tomorrow");
    expect(toTaskView(json("2026-03-03T03:30:00Z"), NY, NY_LATE).section).toBe("today");
    expect(toTaskView(json("2026-03-01T14:00:00Z"), NY, NY_LATE).section).toBe("earlier");
  });

  const view = (id: string, dueDate: string, section: TaskView["section"]) => ({ id, dueDate, section }) as TaskView;

  it("groups neighbours into runs with stable keys, in the list's order", () => {
    const runs = sectionRuns([
      view("a", "2026-03-01T09:00:00Z", "earlier"),
      view("b", "2026-03-02T09:00:00Z", "today"),
      view("c", "2026-03-02T10:00:00Z", "today"),
      view("d", "2026-03-09T09:00:00Z", "later"),
      view("e", "2026-02-01T09:00:00Z", "done"),
    ]);
    expect(runs.map((r) => [r.key, r.tasks.map((t) => t.id).join("")])).toEqual([
      ["earlier", "a"],
      ["today", "bc"],
      ["later", "d"],
      ["done", "e"],
    ]);
    expect(sectionRuns([])).toEqual([]);
    // Should a section come back further down, its second run has a key of its own.
    expect(sectionRuns([view("a", "1", "today"), view("b", "2", "later"), view("c", "3", "today")]).map((r) => r.key)).toEqual(["today", "later", "today-2"]);
  });

  it("puts a repeat's next occurrence at its place in the order, before the done ones, or leaves it for a later page", () => {
    const list = [
      view("a", "2026-03-02T09:00:00Z", "today"),
      view("b", "2026-03-04T09:00:00Z", "later"),
      view("z", "2026-02-01T09:00:00Z", "done"),
    ];
    const ids = (tasks: TaskView[]) => tasks.map((t) => t.id).join("");
    expect(ids(withNextOccurrence(list, view("n", "2026-03-03T09:00:00Z", "tomorrow"), false))).toBe("anbz");
    expect(ids(withNextOccurrence(list, view("n", "2026-03-09T09:00:00Z", "later"), false))).toBe("abnz");
    // Same due time: by id, as the server orders.
    expect(ids(withNextOccurrence(list, view("0", "2026-03-04T09:00:00Z", "later"), false))).toBe("a0bz");
    // Already there (a page brought it): unchanged.
    expect(ids(withNextOccurrence(list, view("b", "2026-03-04T09:00:00Z", "later"), false))).toBe("abz");
    const open = list.slice(0, 2);
    expect(ids(withNextOccurrence(open, view("n", "2026-03-09T09:00:00Z", "later"), false))).toBe("abn");
    // Beyond the pages loaded so far: the page that holds it brings it.
    expect(ids(withNextOccurrence(open, view("n", "2026-03-09T09:00:00Z", "later"), true))).toBe("ab");
  });
});

describe("Repeat on New Task and Edit Task (repeat-choice.ts)", () => {
  it("words the choices for the due date shown, and reads each as a rule at that date", () => {
    expect(repeatOptions("2026-11-27T09:00").map((o) => o.label)).toEqual([
      "Doesn't repeat",
      "Every day",
      "Every weekday (Monday to Friday)",
      "Every week on Friday",
      "Every month on the 27th",
      "Every year on November 27",
    ]);
    expect(repeatOptions("2026-03-31T08:00").at(-2)!.label).toBe("Every month on the 31st (or the month's last day)");
    expect(repeatOptions("2026-03-01T08:00").at(-2)!.label).toBe("Every month on the 1st");
    expect(repeatOptions("2026-03-22T08:00").at(-2)!.label).toBe("Every month on the 22nd");
    expect(repeatOptions("2026-03-11T08:00").at(-2)!.label).toBe("Every month on the 11th");
    expect(repeatOptions("2026-03-29T08:00").at(-3)!.label).toBe("Every week on Sunday");
    // A leap day says what happens in the other years.
    expect(repeatOptions("2028-02-29T08:00").at(-1)!.label).toBe("Every year on February 29 (February 28 in other years)");
    expect(repeatOptions("2027-01-05T08:00").at(-1)!.label).toBe("Every year on January 5");
    // No date typed yet: the choices still say what they do.
    expect(repeatOptions("").slice(3).map((o) => o.label)).toEqual(["Every week, on the due date's day", "Every month, on the due date", "Every year, on the due date"]);

    expect(recurrenceFor("", "2026-11-27T09:00")).toBeNull();
    expect(recurrenceFor("daily", "2026-11-27T09:00")).toEqual({ freq: "daily" });
    expect(recurrenceFor("weekdays", "2026-11-27T09:00")).toEqual({ freq: "weekdays" });
    expect(recurrenceFor("weekly", "2026-11-27T09:00")).toEqual({ freq: "weekly", days: [5] });
    expect(recurrenceFor("weekly", "2026-11-29T09:00")).toEqual({ freq: "weekly", days: [7] });
    expect(recurrenceFor("monthly", "2026-11-27T09:00")).toEqual({ freq: "monthly", dayOfMonth: 27 });
    expect(recurrenceFor("yearly", "2026-11-27T09:00")).toEqual({ freq: "yearly", month: 11, dayOfMonth: 27 });
    expect(recurrenceFor("yearly", "2028-02-29T09:00")).toEqual({ freq: "yearly", month: 2, dayOfMonth: 29 });
    // Anything else, or a date that is not one, repeats nothing.
    expect(recurrenceFor("hourly", "2026-11-27T09:00")).toBeNull();
    expect(recurrenceFor("yearly", "2027-02-29T09:00")).toBeNull();
    expect(recurrenceFor("weekly", "2026-02-30T09:00")).toBeNull();
  });

  it("finds the choice a task's rule is at its due date, or keeps a rule no choice says", () => {
    const due = "2026-11-27T09:00"; // a Friday, the 27th
    expect(choiceOf(null, due)).toBe("");
    expect(choiceOf({ freq: "daily" }, due)).toBe("daily");
    expect(choiceOf({ freq: "daily", interval: 1 }, due)).toBe("daily");
    expect(choiceOf({ freq: "weekdays" }, due)).toBe("weekdays");
    expect(choiceOf({ freq: "weekly", days: [5] }, due)).toBe("weekly");
    expect(choiceOf({ freq: "monthly", dayOfMonth: 27 }, due)).toBe("monthly");
    expect(choiceOf({ freq: "daily", interval: 2 }, due)).toBe(KEEP_RULE);
    expect(choiceOf({ freq: "weekly", days: [1, 4] }, due)).toBe(KEEP_RULE);
    expect(choiceOf({ freq: "weekly", days: [5], interval: 2 }, due)).toBe(KEEP_RULE);
    expect(choiceOf({ freq: "monthly", dayOfMonth: 1 }, due)).toBe(KEEP_RULE);
    expect(choiceOf({ freq: "yearly", month: 11, dayOfMonth: 27 }, due)).toBe("yearly");
    // The fourth Friday of November 2026 is the 27th, but no choice says "the fourth Friday": kept as it is.
    expect(choiceOf({ freq: "monthly", week: 4, weekday: 5 }, due)).toBe(KEEP_RULE);
    expect(choiceOf({ freq: "yearly", month: 12, dayOfMonth: 27 }, due)).toBe(KEEP_RULE);
    expect(choiceOf({ freq: "yearly", month: 11, dayOfMonth: 27, interval: 2 }, due)).toBe(KEEP_RULE);
    // The fourth Friday of November every year is on the 27th this year, but "Every year on November 27" is another rule.
    expect(choiceOf({ freq: "yearly", month: 11, week: 4, weekday: 5 }, due)).toBe(KEEP_RULE);
  });
});
