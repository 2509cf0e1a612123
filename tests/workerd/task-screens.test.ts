import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dashboardPageParam, loadDashboardTasks, loadTaskWindow, loadActiveReminders } from "../../app/lib/tasks.server";
import { createTaskFromForm, createTaskFromText, localInputToUtcIso } from "../../app/lib/task-create.server";
import { readIntent, readSnoozeMinutes, readSnoozeUntil, runTaskAction } from "../../app/lib/task-answers.server";
import { strategySettings, taskStrategyChoices, updateDefaultStrategy } from "../../app/lib/strategy-settings.server";
import { headerFlags } from "../../app/lib/header.server";
import { editLoad, readOwnTask, updateTaskFromForm } from "../../app/lib/task-edit.server";
import { onboardingStatusOnce, profileOnce, quietHoursOnce, readAlongside } from "../../app/lib/request-reads.server";
import { getQuietHours } from "../../worker/services/quiet-hours";
import { meteredD1, newMeter } from "../../db/meter";
import { createDb } from "../../db/client";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { tasks as tasksTable, users } from "../../db/schema";
import { getProfile } from "../../worker/services/auth";
import { fixedClock } from "../../worker/services/clock";
import { createDeps } from "../../worker/services/deps";
import { STRATEGIES } from "../../worker/services/escalation/catalogue";
import { mediaStatus, reachOf, readReachExtras } from "../../worker/services/escalation";
import type { MediaStatus } from "../../worker/services/escalation/recipients";
import type { PublicUser } from "../../worker/services/auth";
import { emergencyContacts, pushSubscriptions } from "../../db/schema";
import { createTask, hasTextReminder, listTasks, TITLE_REQUIRED } from "../../worker/services/tasks";
import { listActiveReminders, mostUrgentReminder } from "../../worker/services/tasks/active-reminders";
import { createUser, stepsOf, taskRow } from "./escalation-helpers";

/**
 * What the task screens get from the server (app/lib/tasks.server.ts and the active-reminders
 * service): the paging window behind the infinite scroll, the answers, the create messages of
 * spec 02 section 8, the reminder screen's list and the strategy block. Era 2044 (see
 * escalation-helpers.ts): no cron tick of another file ever claims these steps.
 */
const NOW = "2044-05-02T13:00:00Z"; // Mon 09:00 in New York (EDT)
const clock = fixedClock(NOW);
const deps = () => createDeps(env, { clock });
const minutes = (n: number) => new Date(Date.parse(NOW) + n * 60_000).toISOString();

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

/** What Settings reads for the strategy block's "For you right now": the person's reach on this server. */
async function reachNow(user: PublicUser, media: MediaStatus = mediaStatus(deps())) {
  const [row] = await deps().db.select().from(users).where(eq(users.id, user.id));
  return { reach: reachOf(row!, await readReachExtras(deps(), user.id)), media };
}

async function userWith(options: Parameters<typeof createUser>[0] = {}) {
  const created = await createUser({ timezone: "America/New_York", ...options }, clock);
  return getProfile(deps(), created.id);
}

describe("the dashboard list and its infinite scroll", () => {
  it("names a card's sequence where it is not the person's default, and follows a change of default (ADR 112)", async () => {
    const user = await userWith();
    await createTask(deps(), user.id, { title: "Pay rent", dueDate: minutes(60), strategy: "urgent" });
    await createTask(deps(), user.id, { title: "Stretch", dueDate: minutes(90) });
    const labels = async (person: PublicUser) => (await loadDashboardTasks(deps(), person)).tasks.map((t) => [t.title, t.strategyLabel ?? null]);
    expect(await labels(user)).toEqual([
      ["Pay rent", "Nudging: Urgent (call early)"],
      ["Stretch", null],
    ]);
    // With Urgent as the default, the standard task is the one that differs.
    expect(await labels({ ...user, defaultEscalationStrategy: "urgent" })).toEqual([
      ["Pay rent", null],
      ["Stretch", "Nudging: Standard"],
    ]);
  });

  it("reads any window of the list, also one that does not start on a page boundary", async () => {
    const user = await userWith();
    for (let i = 0; i < 45; i++) {
      await createTask(deps(), user.id, { title: `Task ${String(i).padStart(2, "0")}`, dueDate: minutes(60 + i) });
    }
    const all = (await listTasks(deps(), user.id, { page: 1, limit: 100 })).tasks.map((t) => t.id);
    expect(all).toHaveLength(45);

    const second = await loadTaskWindow(deps(), user.id, 20);
    expect(second.tasks.map((t) => t.id)).toEqual(all.slice(20, 40));
    expect(second.hasMore).toBe(true);

    // Two tasks of the first pages were deleted on the client: the next page starts 2 places up.
    const shifted = await loadTaskWindow(deps(), user.id, 38);
    expect(shifted.tasks.map((t) => t.id)).toEqual(all.slice(38, 45));
    expect(shifted.hasMore).toBe(false);

    const middle = await loadTaskWindow(deps(), user.id, 17);
    expect(middle.tasks.map((t) => t.id)).toEqual(all.slice(17, 37));
    expect(middle.hasMore).toBe(true);

    const pageOne = await loadDashboardTasks(deps(), user);
    expect(pageOne).toMatchObject({ page: 1, hasMore: true, error: null });
    expect(pageOne.tasks).toHaveLength(20);
    expect(pageOne.tasks[0]).toMatchObject({ title: "Task 00", dueLabel: "Today, 10:00 AM", tone: "red", toneLabel: "Due today" });

    // The no-JavaScript "Load more": the next page alone, by the cursor page 1 gave (issue 8: the
    // server renders one page whatever the URL says).
    const pageTwo = await loadDashboardTasks(deps(), user, { page: 2, after: pageOne.nextCursor ?? null });
    expect(pageTwo).toMatchObject({ page: 2, hasMore: true, error: null });
    expect(pageTwo.tasks.map((t) => t.id)).toEqual(all.slice(20, 40));
    const pageThree = await loadDashboardTasks(deps(), user, { page: 3, after: pageTwo.nextCursor ?? null });
    expect(pageThree).toMatchObject({ page: 3, hasMore: false });
    expect(pageThree.nextCursor).toBeUndefined();
    expect(pageThree.tasks.map((t) => t.id)).toEqual(all.slice(40));

    // A bookmark without a cursor, or a cursor that does not parse: that page by its number.
    const byNumber = await loadDashboardTasks(deps(), user, { page: 2, after: null });
    expect(byNumber.tasks.map((t) => t.id)).toEqual(all.slice(20, 40));
    const badCursor = await loadDashboardTasks(deps(), user, { page: 3, after: "not-a-cursor" });
    expect(badCursor).toMatchObject({ page: 3, hasMore: false, error: null });
    expect(badCursor.tasks.map((t) => t.id)).toEqual(all.slice(40));
    // Past the end: an empty page, not an error.
    expect(await loadDashboardTasks(deps(), user, { page: 9, after: null })).toEqual({ tasks: [], page: 9, hasMore: false, error: null });
  });

  it("reads the page and the cursor from the URL, within bounds", () => {
    const at = (query: string) => dashboardPageParam(new Request(`https://nudge.test/dashboard${query}`));
    expect(at("")).toEqual({ page: 1, after: null });
    expect(at("?page=3&after=abc")).toEqual({ page: 3, after: "abc" });
    expect(at("?page=1&after=abc")).toEqual({ page: 1, after: null });
    expect(at("?page=-4")).toEqual({ page: 1, after: null });
    expect(at("?page=2.5")).toEqual({ page: 1, after: null });
    expect(at("?page=99999999")).toEqual({ page: 10_000, after: null });
  });

  it("shows an empty list for a new user", async () => {
    const user = await userWith();
    expect(await loadDashboardTasks(deps(), user)).toEqual({ tasks: [], page: 1, hasMore: false, error: null });
  });
});

describe("the answers on a card", () => {
  it("acknowledges, snoozes for 30 minutes, completes and deletes, with calm messages", async () => {
    const user = await userWith();
    const task = await createTask(deps(), user.id, { title: "Water the plants", dueDate: minutes(-5) });

    const snoozed = await runTaskAction(deps(), user, "snooze", task.id);
    expect(snoozed).toMatchObject({ ok: true, intent: "snooze", message: 'Snoozed. We\'ll remind you about "Water the plants" again at 9:30 AM.' });
    expect(snoozed.task).toMatchObject({ status: "SNOOZED", snoozeLabel: "Snoozed until 9:30 AM" });

    const acknowledged = await runTaskAction(deps(), user, "acknowledge", task.id);
    expect(acknowledged.task).toMatchObject({ acknowledged: true, tone: "green", toneLabel: "Acknowledged" });
    expect(acknowledged.message).toContain("have stopped");

    const done = await runTaskAction(deps(), user, "done", task.id);
    expect(done).toMatchObject({ ok: true, message: 'Well done: "Water the plants" is done.', nextTask: null });
    expect(done.task).toMatchObject({ completed: true, toneLabel: "Done", tone: "green" });

    const deleted = await runTaskAction(deps(), user, "delete", task.id);
    expect(deleted).toMatchObject({ ok: true, message: "Task deleted.", task: null });
    expect(await listTasks(deps(), user.id, {})).toMatchObject({ tasks: [] });
  });

  it("snoozes for one of the card's other times (snooze:<minutes>); any other number is not understood", async () => {
    const form = (intent: string) => {
      const data = new FormData();
      data.set("intent", intent);
      return data;
    };
    expect([readIntent(form("snooze:60")), readSnoozeMinutes(form("snooze:60"))]).toEqual(["snooze", 60]);
    expect([readIntent(form("snooze:10")), readSnoozeMinutes(form("snooze:10"))]).toEqual(["snooze", 10]);
    expect([readIntent(form("snooze")), readSnoozeMinutes(form("snooze"))]).toEqual(["snooze", 30]);
    for (const odd of ["snooze:45", "snooze:", "snooze:1440", "snooze:60x", "snoozes"]) expect(readIntent(form(odd))).toBeNull();

    const user = await userWith();
    const task = await createTask(deps(), user.id, { title: "Call the plumber", dueDate: minutes(-5) });
    const later = await runTaskAction(deps(), user, "snooze", task.id, { snoozeMinutes: readSnoozeMinutes(form("snooze:180")) });
    expect(later).toMatchObject({ ok: true, message: 'Snoozed. We\'ll remind you about "Call the plumber" again at 12:00 PM.' });
    expect(later.task).toMatchObject({ status: "SNOOZED", snoozeLabel: "Snoozed until 12:00 PM" });
  });

  it("Tomorrow morning (snooze:morning) snoozes until 9:00 AM on the person's clock, and says which day", async () => {
    // NOW is Mon 09:00 in New York: the next morning is Tuesday's.
    const form = (intent: string) => {
      const data = new FormData();
      data.set("intent", intent);
      return data;
    };
    expect([readIntent(form("snooze:morning")), readSnoozeUntil(form("snooze:morning"))]).toEqual(["snooze", "morning"]);
    expect(readSnoozeUntil(form("snooze:60"))).toBeUndefined();
    expect(readIntent(form("snooze:evening"))).toBeNull();
    const user = await userWith();
    const task = await createTask(deps(), user.id, { title: "Call the bank", dueDate: minutes(-5) });
    const result = await runTaskAction(deps(), user, "snooze", task.id, { snoozeUntil: readSnoozeUntil(form("snooze:morning")) });
    expect(result).toMatchObject({ ok: true, message: 'Snoozed. We\'ll remind you about "Call the bank" again at 9:00 AM tomorrow.' });
    expect(result.task).toMatchObject({ status: "SNOOZED", snoozeLabel: "Snoozed until 9:00 AM tomorrow" });
    expect((await taskRow(task.id))?.snoozedUntil).toBe(Date.parse("2044-05-03T13:00:00Z"));
  });

  it("Until a time (snooze:until with until=HH:MM) snoozes until the next time the person's clock shows it; an empty or odd time is refused and changes nothing", async () => {
    // NOW is Mon 09:00 in New York.
    expect([readIntent(form({ intent: "snooze:until", until: "15:30" })), readSnoozeUntil(form({ intent: "snooze:until", until: "15:30" }))]).toEqual(["snooze", "15:30"]);
    // A time field with seconds sends them; the minute is what counts.
    expect(readSnoozeUntil(form({ intent: "snooze:until", until: "15:30:00" }))).toBe("15:30");
    expect(readSnoozeUntil(form({ intent: "snooze:60", until: "15:30" }))).toBeUndefined();
    const user = await userWith();
    const task = await createTask(deps(), user.id, { title: "Call the bank", dueDate: minutes(-5) });
    const today = await runTaskAction(deps(), user, "snooze", task.id, { snoozeUntil: readSnoozeUntil(form({ intent: "snooze:until", until: "15:30" })) });
    expect(today).toMatchObject({ ok: true, message: 'Snoozed. We\'ll remind you about "Call the bank" again at 3:30 PM.' });
    expect(today.task).toMatchObject({ status: "SNOOZED", snoozeLabel: "Snoozed until 3:30 PM" });
    const tomorrow = await runTaskAction(deps(), user, "snooze", task.id, { snoozeUntil: "08:00" });
    expect(tomorrow).toMatchObject({ ok: true, message: 'Snoozed. We\'ll remind you about "Call the bank" again at 8:00 AM tomorrow.' });
    expect((await taskRow(task.id))?.snoozedUntil).toBe(Date.parse("2044-05-03T12:00:00Z"));
    for (const until of ["", "7pm", "25:00", "9:5"]) {
      const refused = await runTaskAction(deps(), user, "snooze", task.id, { snoozeUntil: readSnoozeUntil(form({ intent: "snooze:until", until })) });
      expect(refused, until).toMatchObject({ ok: false, task: null, message: "Choose the time to snooze until, like 7:00 PM." });
    }
    expect((await taskRow(task.id))?.snoozedUntil).toBe(Date.parse("2044-05-03T12:00:00Z"));
  });

  it("Not done yet (intent reopen) opens a done card again and says when the reminders come back; a repeat's next card is named for removal", async () => {
    expect(readIntent(form({ intent: "reopen" }))).toBe("reopen");
    const user = await userWith();
    const ahead = await createTask(deps(), user.id, { title: "Post the letter", dueDate: minutes(60) });
    await runTaskAction(deps(), user, "done", ahead.id);
    const reopened = await runTaskAction(deps(), user, "reopen", ahead.id);
    expect(reopened).toMatchObject({ ok: true, removedTaskId: null, message: '"Post the letter" is open again. We\'ll remind you when it\'s due.' });
    expect(reopened.task).toMatchObject({ completed: false, status: "PENDING" });

    const past = await createTask(deps(), user.id, { title: "Take pills", dueDate: minutes(-20), recurrence: { freq: "daily" } });
    const done = await runTaskAction(deps(), user, "done", past.id);
    expect(done.nextTask).not.toBeNull();
    const back = await runTaskAction(deps(), user, "reopen", past.id);
    expect(back).toMatchObject({ ok: true, removedTaskId: done.nextTask!.id, message: '"Take pills" is open again. We\'ll remind you again in a moment, starting gently.' });
    // Pressed again (another screen was first): it says so, and nothing changes.
    expect(await runTaskAction(deps(), user, "reopen", ahead.id)).toMatchObject({ ok: true, message: '"Post the letter" is still open. We\'ll keep reminding you.' });
    // Another person's task: the server's sentence, nothing changes.
    const other = await userWith();
    expect(await runTaskAction(deps(), other, "reopen", ahead.id)).toMatchObject({ ok: false, message: "We couldn't find that task. It may have been deleted." });
  });

  it("gives the server's sentence first when an answer fails (another user's task is not found)", async () => {
    const owner = await userWith();
    const other = await userWith();
    const task = await createTask(deps(), owner.id, { title: "Private", dueDate: minutes(30) });
    const result = await runTaskAction(deps(), other, "delete", task.id);
    expect(result).toMatchObject({ ok: false, message: "We couldn't find that task. It may have been deleted." });
    const snooze = await runTaskAction(deps(), owner, "done", task.id).then(() => runTaskAction(deps(), owner, "snooze", task.id));
    expect(snooze).toMatchObject({ ok: false, message: "This task is already done, so there is nothing to snooze." });
  });
});

/** What Edit Task's loader gives the page: the person's own task, read by id, on their clock. */
async function loadTaskForEdit(d: ReturnType<typeof deps>, user: PublicUser, taskId: string) {
  return editLoad(await readOwnTask(d, user.id, taskId), user, clock.now().getTime());
}

describe("editing a task (Edit Task)", () => {
  it("fills the form with the task on the person's clock, and says when it is gone, another's, done or repeating", async () => {
    const user = await userWith();
    const other = await userWith();
    const task = await createTask(deps(), user.id, { title: "Call the bank", dueDate: "2044-05-03T14:30:27Z", checkBackMinutes: 45 });
    expect(await loadTaskForEdit(deps(), user, task.id)).toEqual({
      found: true,
      task: { id: task.id, title: "Call the bank", dueLocal: "2044-05-03T10:30", checkBack: "45", strategy: "standard", strategyNotes: {}, ignoreQuietHours: false, repeats: null, repeatChoice: "", completed: false },
    });
    expect(await loadTaskForEdit(deps(), other, task.id)).toEqual({ found: false });
    expect(await loadTaskForEdit(deps(), user, "no-such-task")).toEqual({ found: false });

    const pills = await createTask(deps(), user.id, { title: "Take pills", dueDate: minutes(60), recurrence: { freq: "daily" } });
    expect(await loadTaskForEdit(deps(), user, pills.id)).toMatchObject({ found: true, task: { repeats: "every day", repeatChoice: "daily", checkBack: "" } });
    await runTaskAction(deps(), user, "done", task.id);
    expect(await loadTaskForEdit(deps(), user, task.id)).toMatchObject({ found: true, task: { completed: true } });
  });

  it("says what another sequence would do to reminders already going: once due, from its second step; when snoozed, at the snooze's end (ADR 113)", async () => {
    const user = await userWith();
    const due = await createTask(deps(), user.id, { title: "Take pills", dueDate: minutes(-20) });
    expect(await loadTaskForEdit(deps(), user, due.id)).toMatchObject({
      found: true,
      task: {
        strategyNotes: {
          gentle: "It's already due, so a new choice goes on from its second step: the next nudge comes 30 minutes after you save, not at once.",
          urgent: "It's already due, so a new choice goes on from its second step: the next nudge comes 5 minutes after you save, not at once.",
          no_buddies: "It's already due, so a new choice goes on from its second step: the next nudge comes 15 minutes after you save, not at once.",
        },
      },
    });
    await runTaskAction(deps(), user, "snooze", due.id);
    const snoozed = await loadTaskForEdit(deps(), user, due.id);
    expect(snoozed.found && snoozed.task.strategyNotes.urgent).toMatch(/^It stays snoozed until 9:\d\d AM on Monday, 2 May \(America\/New_York\); a new choice starts then\.$/);
    // Not due yet: the new sequence simply starts at the due time, so nothing is said.
    const later = await createTask(deps(), user.id, { title: "Call the bank", dueDate: minutes(60) });
    expect(await loadTaskForEdit(deps(), user, later.id)).toMatchObject({ found: true, task: { strategyNotes: {} } });
  });

  it("saves what changed; an untouched due date keeps its seconds and its reminders, a new one restarts them on the person's clock", async () => {
    const user = await userWith();
    const task = await createTask(deps(), user.id, { title: "Call the bank", dueDate: "2044-05-03T14:30:27Z" });
    const [before] = await stepsOf(task.id);
    // Title and check-back changed, the due date's minute as it was shown.
    const saved = await updateTaskFromForm(deps(), user, task.id, form({ title: "Call the bank about the card", dueDate: "2044-05-03T10:30", dueWas: "2044-05-03T10:30", checkBackMinutes: "0" }));
    expect(saved).toEqual({ ok: true, message: "Task updated successfully!" });
    let row = await taskRow(task.id);
    expect(row).toMatchObject({ title: "Call the bank about the card", dueAt: Date.parse("2044-05-03T14:30:27Z"), checkBackMinutes: 0 });
    expect((await stepsOf(task.id))[0]!.id).toBe(before!.id);

    // A new time: read in the person's zone (New York), and the reminders start again from it.
    expect(await updateTaskFromForm(deps(), user, task.id, form({ title: "Call the bank about the card", dueDate: "2044-05-04T09:15", dueWas: "2044-05-03T10:30", checkBackMinutes: "" }))).toMatchObject({ ok: true });
    row = await taskRow(task.id);
    expect(row).toMatchObject({ dueAt: Date.parse("2044-05-04T13:15:00Z"), checkBackMinutes: null });
    // The old chain is cancelled; a new one waits for the new time.
    expect((await stepsOf(task.id)).filter((step) => step.state === "pending").map((step) => step.dueAt)[0]).toBe(Date.parse("2044-05-04T13:15:00Z"));
    expect((await stepsOf(task.id)).find((step) => step.id === before!.id)?.state).toBe("cancelled");
  });

  it("refuses a blank title or due date with the field's sentence and changes nothing; another's task is not found", async () => {
    const user = await userWith();
    const other = await userWith();
    const task = await createTask(deps(), user.id, { title: "Water the plants", dueDate: minutes(90) });
    expect(await updateTaskFromForm(deps(), user, task.id, form({ title: "  ", dueDate: "2044-05-03T10:30", dueWas: "2044-05-03T10:30" }))).toEqual({ ok: false, message: TITLE_REQUIRED, field: "title" });
    expect(await updateTaskFromForm(deps(), user, task.id, form({ title: "Water", dueDate: "", dueWas: "2044-05-03T10:30" }))).toMatchObject({ ok: false, field: "dueDate" });
    expect(await updateTaskFromForm(deps(), other, task.id, form({ title: "Mine now", dueDate: "x", dueWas: "x" }))).toEqual({ ok: false, message: "We couldn't find that task. It may have been deleted." });
    expect(await taskRow(task.id)).toMatchObject({ title: "Water the plants", dueAt: Date.parse(minutes(90)) });
  });
});

describe("How hard to nudge on New Task and Edit Task (ADR 111)", () => {
  it("New Task: the default first, named, then every sequence, each with what it does and its check-back", async () => {
    const user = await userWith();
    const choices = taskStrategyChoices({ defaultEscalationStrategy: "urgent" }, { withDefault: true });
    expect(choices.map((choice) => [choice.value, choice.label])).toEqual([["", "My default: Urgent (call early)"], ...STRATEGIES.map((s) => [s.key, s.name])]);
    expect(choices[0]!.description).toBe(STRATEGIES.find((s) => s.key === "urgent")!.description);
    expect(choices.find((choice) => choice.value === "gentle")!.checkBack.option).toBe("Same as Gentle");
    expect(taskStrategyChoices({ defaultEscalationStrategy: null }, { withDefault: false }).map((choice) => choice.value)).toEqual(STRATEGIES.map((s) => s.key));
    expect(user.id).toBeTruthy();
  });

  it("a task made with a sequence escalates by it; the default choice takes the person's default; an unknown one is refused and makes nothing", async () => {
    const user = await userWith();
    const due = "2044-05-03T10:30";
    expect(await createTaskFromForm(deps(), user, form({ title: "Pills", dueDate: due, strategy: "urgent" }))).toMatchObject({ ok: true });
    expect(await createTaskFromForm(deps(), user, form({ title: "Plants", dueDate: due, strategy: "" }))).toMatchObject({ ok: true });
    const refused = await createTaskFromForm(deps(), user, form({ title: "Bins", dueDate: due, strategy: "loud" }));
    expect(refused).toMatchObject({ ok: false, message: 'Unknown escalation strategy "loud". Choose one of: gentle, standard, urgent, no_buddies.' });
    const made = (await listTasks(deps(), user.id, {})).tasks.map((task) => [task.title, task.strategy]).sort();
    expect(made).toEqual([
      ["Pills", "urgent"],
      ["Plants", "standard"],
    ]);
  });

  it("Edit Task: the same sequence sends nothing (the reminders keep going); another restarts them by it", async () => {
    const user = await userWith();
    const task = await createTask(deps(), user.id, { title: "Call the bank", dueDate: "2044-05-03T14:30:00Z" });
    const [before] = await stepsOf(task.id);
    const edit = (strategy: string) => form({ title: "Call the bank", dueDate: "2044-05-03T10:30", dueWas: "2044-05-03T10:30", strategy, strategyWas: "standard" });
    expect(await updateTaskFromForm(deps(), user, task.id, edit("standard"))).toMatchObject({ ok: true });
    expect((await stepsOf(task.id))[0]!.id).toBe(before!.id);
    expect(await updateTaskFromForm(deps(), user, task.id, edit("gentle"))).toMatchObject({ ok: true });
    expect(await taskRow(task.id)).toMatchObject({ strategyKey: "gentle" });
    expect((await stepsOf(task.id)).find((step) => step.id === before!.id)?.state).toBe("cancelled");
    expect(await updateTaskFromForm(deps(), user, task.id, edit("loud"))).toMatchObject({ ok: false, message: 'Unknown escalation strategy "loud". Choose one of: gentle, standard, urgent, no_buddies.' });
    expect(await taskRow(task.id)).toMatchObject({ strategyKey: "gentle" });
  });
});

describe("creating a task from the New Task screen", () => {
  it("reads the datetime-local value on the user's clock and sends it as UTC", async () => {
    expect(localInputToUtcIso("2044-05-03T09:00", "America/New_York")).toBe("2044-05-03T13:00:00.000Z");
    const user = await userWith();
    const result = await createTaskFromForm(deps(), user, form({ title: "  Morning Medication ", dueDate: "2044-05-03T09:00" }));
    expect(result).toEqual({ intent: "create", ok: true, message: "Task created successfully!" });
    const [row] = await deps().db.select().from(tasksTable).where(eq(tasksTable.userId, user.id));
    expect(row).toMatchObject({ title: "Morning Medication", dueAt: Date.parse("2044-05-03T13:00:00Z") });
  });

  it("answers with the spec's messages", async () => {
    const user = await userWith();
    expect(await createTaskFromForm(deps(), user, form({ title: " ", dueDate: "2044-05-03T09:00" }))).toEqual({
      intent: "create",
      ok: false,
      message: "Task title is required.",
      field: "title",
    });
    expect(await createTaskFromForm(deps(), user, form({ title: "Pills", dueDate: "" }))).toMatchObject({ message: "Due date is required.", field: "dueDate" });
    const unverified = await userWith({ isVerified: false });
    expect(await createTaskFromForm(deps(), unverified, form({ title: "Pills", dueDate: "2044-05-03T09:00" }))).toMatchObject({
      ok: false,
      message: "You must verify your email address before creating tasks.",
    });
    await deps().db.delete(users).where(eq(users.id, user.id));
    expect(await createTaskFromForm(deps(), user, form({ title: "Pills", dueDate: "2044-05-03T09:00" }))).toMatchObject({
      ok: false,
      message: "Authentication failed. Please log in again.",
    });
  });

  it("creates a reminder from plain language, and explains what it could not read", async () => {
    const user = await userWith();
    const ok = await createTaskFromText(deps(), user, form({ prompt: "remind me to take my pills tomorrow at 9" }));
    expect(ok).toMatchObject({ intent: "nl", ok: true, failed: false });
    expect(ok.message.length).toBeGreaterThan(10);
    const [row] = await deps().db.select().from(tasksTable).where(eq(tasksTable.userId, user.id));
    expect(row?.dueAt).toBe(Date.parse("2044-05-03T13:00:00Z"));

    const blank = await createTaskFromText(deps(), user, form({ prompt: "   " }));
    expect(blank).toMatchObject({ ok: false, failed: false });
    expect(blank.message).toMatch(/Please type what you want to be reminded of/);
  });
});

describe("the reminder screen's list", () => {
  it("lists due, unanswered and snoozed tasks, longest-waiting first; not future, acknowledged or done ones", async () => {
    const user = await userWith();
    const d = deps();
    const older = await createTask(d, user.id, { title: "Older", dueDate: minutes(-120) });
    const recent = await createTask(d, user.id, { title: "Recent", dueDate: minutes(-10) });
    const future = await createTask(d, user.id, { title: "Future", dueDate: minutes(120) });
    const acked = await createTask(d, user.id, { title: "Acked", dueDate: minutes(-30) });
    const done = await createTask(d, user.id, { title: "Done", dueDate: minutes(-40) });
    const snoozedFuture = await createTask(d, user.id, { title: "Snoozed", dueDate: minutes(-300) });
    await runTaskAction(d, user, "acknowledge", acked.id);
    await runTaskAction(d, user, "done", done.id);
    await runTaskAction(d, user, "snooze", snoozedFuture.id);

    const list = await listActiveReminders(d, user.id);
    expect(list.map((t) => t.title)).toEqual(["Snoozed", "Older", "Recent"]);
    expect(mostUrgentReminder(list)?.id).toBe(older.id);
    expect(list.map((t) => t.id)).not.toContain(future.id);
    expect(list.map((t) => t.id)).toContain(recent.id);

    const screen = await loadActiveReminders(d, user);
    expect(screen.urgentId).toBe(older.id);
    expect(screen.reminders[0]).toMatchObject({ title: "Snoozed", snoozeLabel: "Snoozed until 9:30 AM" });

    const other = await userWith();
    expect(await loadActiveReminders(d, other)).toEqual({ reminders: [], urgentId: null, error: null });
  });
});

describe("the reminder screen's list reads only what it lists", () => {
  it("a task snoozed before it was due comes after the due ones; the person's done history and later tasks are not read", async () => {
    const user = await userWith();
    const at = (m: number) => Date.parse(NOW) + m * 60_000;
    const row = (title: string, status: string, dueMinutes: number) => ({ id: `rl-${user.id.slice(0, 8)}-${title}`, userId: user.id, title, status, dueAt: at(dueMinutes), strategyKey: "standard", createdAt: at(-10_000) });
    const rows = [
      ...Array.from({ length: 120 }, (_, i) => row(`done-${String(i).padStart(3, "0")}`, "COMPLETED", -5000 + i)),
      ...Array.from({ length: 60 }, (_, i) => row(`later-${String(i).padStart(3, "0")}`, "PENDING", 60 + i)),
      row("due-b", "PENDING", -20),
      row("due-a", "PENDING", -90),
      row("snoozed-late", "SNOOZED", -45),
      row("acked", "ACKNOWLEDGED", -30),
      row("ahead-2", "SNOOZED", 300),
      row("ahead-1", "SNOOZED", 200),
    ];
    const db = createDb(env.DB);
    for (let i = 0; i < rows.length; i += 10) await db.insert(tasksTable).values(rows.slice(i, i + 10));

    const d = deps();
    const list = await listActiveReminders(d, user.id);
    expect(list.map((t) => t.title)).toEqual(["due-a", "snoozed-late", "due-b", "ahead-1", "ahead-2"]);
    expect(mostUrgentReminder(list)?.title).toBe("due-a");
    // What it read: the open tasks already due (the acknowledged one among them), the snoozed ones (the
    // late one among them) and the entry that ends each range; never the 120 done or the 60 later ones.
    expect(d.meter.queries).toBe(2);
    expect(d.meter.rowsRead).toBeLessThanOrEqual(list.length + 5);
  });
});

describe("the default strategy block and the Create Task button", () => {
  it("lists the catalogue with readable steps and saves a choice", async () => {
    const user = await userWith();
    const settings = strategySettings(user, await reachNow(user));
    expect(settings.current).toBe("");
    expect(settings.productDefault.key).toBe("standard");
    expect(settings.options.map((o) => o.key)).toEqual(STRATEGIES.map((s) => s.key));
    expect(settings.options.find((o) => o.key === "standard")?.steps).toEqual([
      "At the due time: Telegram message and push notification",
      "After 15 minutes: text message and email",
      "After 30 minutes: phone call",
      "After 1 hour: alert to your nudge buddies",
    ]);
    // The check-back after an Acknowledge (issue 13), said in Settings for each sequence.
    expect(Object.fromEntries(settings.options.map((o) => [o.key, o.checkBack]))).toMatchObject({
      gentle: "Acknowledge stops the reminders: no check-back.",
      standard: "If you acknowledge but don't mark it done, Nudge checks back after 2 hours, up to 2 times. Done ends it.",
      urgent: "If you acknowledge but don't mark it done, Nudge checks back after 30 minutes, up to 3 times. Done ends it.",
    });

    expect(await updateDefaultStrategy(deps(), user, form({ strategy: "urgent" }))).toEqual({
      kind: "strategy",
      ok: true,
      message: "Default escalation strategy updated successfully!",
      current: "urgent",
    });
    expect((await getProfile(deps(), user.id)).defaultEscalationStrategy).toBe("urgent");
    const bad = await updateDefaultStrategy(deps(), await getProfile(deps(), user.id), form({ strategy: "loud" }));
    expect(bad).toMatchObject({ ok: false, current: "urgent" });
    expect(bad.message).toMatch(/Unknown escalation strategy "loud"/);

    // The select's '<product default> (default)' option posts "": back to the product default (null).
    const reset = await updateDefaultStrategy(deps(), await getProfile(deps(), user.id), form({ strategy: "" }));
    expect(reset).toEqual({ kind: "strategy", ok: true, message: "Default escalation strategy updated successfully!", current: "" });
    expect((await getProfile(deps(), user.id)).defaultEscalationStrategy).toBeNull();
    const after = await getProfile(deps(), user.id);
    expect(strategySettings(after, await reachNow(after)).current).toBe("");
  });

  it("says under each sequence which of its steps would come to this person by email, and why, as the engine would plan them", async () => {
    const forYou = async (user: PublicUser, key: string, media?: MediaStatus) =>
      strategySettings(user, await reachNow(user, media)).options.find((o) => o.key === key)!.forYou;
    const NOTHING_SET_UP =
      "Telegram isn't connected to your account, no device has Nudge notifications turned on and you have no verified phone number yet, so those steps come to you by email.";
    const NO_BUDDY = "No nudge buddy has said yes yet, so the alert meant for your buddies comes to you by email.";

    // Nothing set up but the email: every step but the email's would come by email.
    const bare = await userWith();
    expect(await forYou(bare, "standard")).toEqual({ notes: [NOTHING_SET_UP, NO_BUDDY], setUpChannels: true, addBuddy: true });
    // Gentle only pings: its note names the pings' channels only, and no buddy is missing.
    expect(await forYou(bare, "gentle")).toEqual({
      notes: ["Telegram isn't connected to your account and no device has Nudge notifications turned on yet, so those steps come to you by email."],
      setUpChannels: true,
      addBuddy: false,
    });

    // A buddy who has not said yes yet, or said no, is never alerted: still "no buddy".
    const db = deps().db;
    const unconfirmed = { id: crypto.randomUUID(), userId: bare.id, name: "Sam", type: "email", contact: "sam@example.com", order: 1, verified: false };
    await db.insert(emergencyContacts).values(unconfirmed);
    await db.insert(emergencyContacts).values({ ...unconfirmed, id: crypto.randomUUID(), name: "Ali", contact: "ali@example.com", order: 2, verified: true, optedOutAt: clock.now().getTime() });
    expect((await forYou(bare, "standard")).notes).toEqual([NOTHING_SET_UP, NO_BUDDY]);

    // Everything set up: Telegram, a device, a verified phone, a buddy who said yes.
    const ready = await userWith({ telegramChatId: "4401", phone: "+15550104401", phoneVerified: true });
    await db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId: ready.id, endpoint: `https://push.example/${ready.id}`, p256dh: "k", auth: "a" });
    await db.insert(emergencyContacts).values({ id: crypto.randomUUID(), userId: ready.id, name: "Sam", type: "email", contact: "sam@example.com", order: 1, verified: true });
    for (const strategy of STRATEGIES) expect(await forYou(ready, strategy.key), strategy.key).toEqual({ notes: [], setUpChannels: false, addBuddy: false });

    // Telegram only: the pings reach them; the phone steps and the buddies would not.
    const telegramOnly = await userWith({ telegramChatId: "4402" });
    expect(await forYou(telegramOnly, "standard")).toEqual({
      notes: ["You have no verified phone number yet, so those steps come to you by email.", NO_BUDDY],
      setUpChannels: true,
      addBuddy: true,
    });

    // A verified number that texted STOP: texts by email until START; calls still go.
    const stopped = await userWith({ telegramChatId: "4403", phone: "+15550104403", phoneVerified: true });
    await db.update(users).set({ smsOptedOutAt: clock.now().getTime() }).where(eq(users.id, stopped.id));
    await db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId: stopped.id, endpoint: `https://push.example/${stopped.id}`, p256dh: "k", auth: "a" });
    await db.insert(emergencyContacts).values({ id: crypto.randomUUID(), userId: stopped.id, name: "Sam", type: "email", contact: "sam@example.com", order: 1, verified: true });
    expect(await forYou(stopped, "standard")).toEqual({
      notes: ["Your number texted STOP, so texts come to you by email until it texts START."],
      setUpChannels: false,
      addBuddy: false,
    });

    // A server without a text provider: not the person's to fix, said as the server's.
    const noTwilio: MediaStatus = { ...mediaStatus(deps()), sms: { available: false, reason: "No Twilio." }, voice: { available: false, reason: "No Twilio." } };
    expect(await forYou(ready, "standard", noTwilio)).toEqual({
      notes: ["Text messages and phone calls aren't available on Nudge right now, so those steps come by email."],
      setUpChannels: false,
      addBuddy: false,
    });
  });

  it("onboarding's step 3 is ready once a reminder was made from words (the box, the bot or an email), not the form", async () => {
    const user = await userWith();
    expect(await hasTextReminder(deps(), user.id)).toBe(false);
    await createTask(deps(), user.id, { title: "From the form", dueDate: minutes(90) });
    expect(await hasTextReminder(deps(), user.id)).toBe(false);
    await createTask(deps(), user.id, { title: "From the bot", dueDate: minutes(95) }, "telegram");
    expect(await hasTextReminder(deps(), user.id)).toBe(true);
  });

  /** A page request's loader arguments: each call is a request of its own (its own context). */
  const pageArgs = (method = "GET") => ({ request: new Request("http://localhost/dashboard", { method }), context: { deps: deps() } as unknown as AppLoadContext });
  const createTaskButtonFor = async (user: Awaited<ReturnType<typeof userWith>>) => (await headerFlags(pageArgs(), user)).createTaskButton;

  it("reads the person's row once per page request (the session's profile, the header and the guard share it); a POST's loaders read it again", async () => {
    const linked = await userWith({ telegramChatId: String(700_200_000 + Math.floor(Math.random() * 1_000_000)) });
    const meter = newMeter();
    const counted = { ...deps(), db: createDb(meteredD1(env.DB, meter)) };
    const get = { request: new Request("http://localhost/dashboard"), context: { deps: counted } as unknown as AppLoadContext };
    expect((await profileOnce(get, linked.id)).id).toBe(linked.id);
    await headerFlags(get, linked);
    expect(await onboardingStatusOnce(get, linked.id)).toEqual({ needsOnboarding: false, isVerified: true, isTelegramLinked: true, skipped: false });
    expect(meter.queries).toBe(1);
    const post = { request: new Request("http://localhost/settings", { method: "POST" }), context: { deps: counted } as unknown as AppLoadContext };
    await headerFlags(post, linked);
    await onboardingStatusOnce(post, linked.id);
    expect(meter.queries).toBe(3);
  });

  it("a deleted account's page reads give the 404 every signed-in read gives", async () => {
    const gone = await userWith();
    await deps().db.delete(users).where(eq(users.id, gone.id));
    const get = { request: new Request("http://localhost/dashboard"), context: { deps: deps() } as unknown as AppLoadContext };
    await expect(profileOnce(get, gone.id)).rejects.toMatchObject({ status: 404, code: "USER_NOT_FOUND" });
    await expect(onboardingStatusOnce(get, gone.id)).rejects.toMatchObject({ status: 404, code: "USER_NOT_FOUND" });
  });

  /** A GET page request's loader arguments with D1 metered: its own context, as each request has. */
  function meteredGet(path: string) {
    const meter = newMeter();
    const args = { request: new Request(`http://localhost${path}`), context: { deps: { ...deps(), db: createDb(meteredD1(env.DB, meter)) } } as unknown as AppLoadContext };
    return { args, meter };
  }

  it("the quiet hours come from the person's one read of their row, as the window stands", async () => {
    const quiet = await userWith({ telegramChatId: String(700_500_000 + Math.floor(Math.random() * 1_000_000)), quietStart: 22 * 60, quietEnd: 7 * 60, quietGentle: false });
    const { args, meter } = meteredGet("/settings");
    expect((await profileOnce(args, quiet.id)).id).toBe(quiet.id);
    expect(await quietHoursOnce(args, quiet.id)).toMatchObject({ enabled: true, start: "22:00", end: "07:00", gentlePings: false });
    expect(meter.queries).toBe(1);
    // The same answer as the API's own read.
    expect(await quietHoursOnce(args, quiet.id)).toEqual(await getQuietHours(deps(), quiet.id));
  });

  it("readAlongside reads the page's own data for the session's id while the person's row is read: one round trip", async () => {
    const linked = await userWith({ telegramChatId: String(700_300_000 + Math.floor(Math.random() * 1_000_000)) });
    await createTask(deps(), linked.id, { title: "Early read", dueDate: minutes(90) });
    const { args, meter } = meteredGet("/dashboard");
    const asked: string[] = [];
    const signIn = async () => ({ user: await profileOnce(args, linked.id) });
    const { user, value } = await readAlongside(linked.id, signIn, (userId) => {
      asked.push(userId);
      return listTasks(args.context.deps, userId, { after: "", limit: 20 });
    });
    expect(user.id).toBe(linked.id);
    expect(asked).toEqual([linked.id]);
    expect(value.tasks.map((t) => t.title)).toEqual(["Early read"]);
    expect(meter).toMatchObject({ queries: 2, roundTrips: 1 });
  });

  it("readAlongside: a deleted account still gives its 404, and the early read's failure is dropped, never unhandled", async () => {
    const gone = await userWith();
    await deps().db.delete(users).where(eq(users.id, gone.id));
    const { args } = meteredGet("/dashboard");
    let reads = 0;
    const failingRead = () => {
      reads += 1;
      return Promise.reject(new Error("the early read failed"));
    };
    const signIn = async () => ({ user: await profileOnce(args, gone.id) });
    // The sign-in's own error comes out, not the read's (vitest fails the run on an unhandled rejection).
    await expect(readAlongside(gone.id, signIn, failingRead)).rejects.toMatchObject({ status: 404, code: "USER_NOT_FOUND" });
    expect(reads).toBe(1);
    // Without a session's id nothing is read early; the read waits for the person.
    const signInOther = async () => ({ user: { id: "someone-else" } });
    await expect(readAlongside(null, signInOther, failingRead)).rejects.toThrow("the early read failed");
    expect(reads).toBe(2);
  });

  it("shows the Create Task button once onboarding is not needed (verified and Telegram linked, or skipped)", async () => {
    const verified = await userWith();
    const linked = await userWith({ telegramChatId: String(700_100_000 + Math.floor(Math.random() * 1_000_000)) });
    const unverified = await userWith({ isVerified: false });
    // Spec 01: onboarding is needed while the email is unverified OR Telegram is not linked.
    expect(await createTaskButtonFor(verified)).toBe(false);
    expect(await createTaskButtonFor(linked)).toBe(true);
    expect(await createTaskButtonFor(unverified)).toBe(false);
    expect(await headerFlags(pageArgs(), linked)).toEqual({ createTaskButton: true, onboardingSkipped: false });
    await deps().db.update(users).set({ onboardingSkippedAt: Date.parse(NOW) - 60_000 }).where(eq(users.id, unverified.id));
    expect(await createTaskButtonFor(unverified)).toBe(true);
    // The menu's 'Get Started' follows the same record.
    expect(await headerFlags(pageArgs(), unverified)).toEqual({ createTaskButton: true, onboardingSkipped: true });
  });
});
