/**
 * The escalation engine end to end inside workerd: cron tick -> Queue -> consumer -> channels -> D1,
 * with a fixed clock. The ONLY test file that runs ticks; it keeps to 2027 (see escalation-helpers.ts).
 */
import { createExecutionContext, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { and, asc, eq, inArray } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "../../db/client";
import { cronRuns, deliveries, emergencyContacts, escalations, escalationSteps, linkTokens, pushSubscriptions, tasks } from "../../db/schema";
import type { Channel, Medium, OutboundMessage } from "../../worker/channels/types";
import { DEAD_LETTER_QUEUE, queue, scheduled } from "../../worker/handlers";
import type { Job } from "../../worker/queue-payloads";
import type { fixedClock } from "../../worker/services/clock";
import type { Deps } from "../../worker/services/deps";
import { sha256Hex } from "../../worker/services/tokens";
import { acknowledgeTask, completeTask, createTask, deleteTask, describeActionLink, ONLY_THIS_LINKS_DONE, OPEN_TASKS_MAX, redeemActionLink, reopenByLink, snoozeTask, TASK_LIMIT_MESSAGE } from "../../worker/services/tasks";
import type { EscalationStats } from "../../worker/services/escalation/stats";
import { EMAIL_CONFIGURED, request } from "./helpers";
import { getProfile, updateTimezone } from "../../worker/services/auth";
import { formatLocalDue } from "../../worker/services/escalation/messages";
import { nextMorning } from "../../worker/services/tasks/morning";
import { nextTimeOfDay } from "../../worker/services/tasks/time-of-day";
import { ProviderError } from "../../worker/channels/errors";
import { listWaitingChains, SEND_CHUNK } from "../../worker/services/escalation";
import { rowsOf } from "../../worker/services/escalation/run-plan";
import {
  lastReminderStatement,
  nextStepsPendingStatement,
  pushEndpointsStatement,
  recordSentStatement,
  stepsSentStatement,
  stillOursStatement,
  stretchLeasesStatement,
  takeAndReadStatements,
} from "../../worker/services/escalation/batch-sql";
import {
  FakeQueue,
  MINUTE,
  createUser,
  d1Down,
  d1FailingBatches,
  d1FailingQueries,
  dbWithRaceBeforeFirstBatch,
  deleteUsers,
  depsAt,
  outboxTo,
  stepsOf,
  taskRow,
  tasksOfUser,
  type UserOptions,
} from "./escalation-helpers";
import { expectConsoleError } from "./console-errors";

const created: string[] = [];
afterEach(async () => {
  // Deleting the users cascades to their tasks, escalations and steps, so no later tick sees them.
  await deleteUsers(...created.splice(0));
});

const DAY = 24 * 60 * MINUTE;
let day = 0;
/** Each test gets its own day in 2027, 09:00 UTC. */
function nextDueTime(): number {
  day += 1;
  return Date.parse("2027-01-01T09:00:00Z") + day * 24 * 60 * MINUTE;
}

async function user(options: UserOptions = {}) {
  const u = await createUser(options);
  created.push(u.id);
  return u;
}

async function newTask(userId: string, dueAt: number, extra: Record<string, unknown> = {}, createdAt = dueAt - 60 * MINUTE) {
  const { deps } = depsAt(createdAt);
  return createTask(deps, userId, { title: "Take pills", dueDate: new Date(dueAt).toISOString(), ...extra });
}

/** One cron tick at `at` through worker.scheduled, with the tick's deps on a fixed clock. */
async function tick(at: number, fake = new FakeQueue()) {
  const { deps } = depsAt(at);
  await scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), { ...env, ESCALATION_QUEUE: fake.asQueue }, deps);
  return fake;
}

/** Feeds a batch to worker.queue at `at` and returns what was acked and retried. */
async function consume(batch: MessageBatch<Job>, at: number, override: (deps: Deps) => Deps = (d) => d) {
  const { deps } = depsAt(at);
  const ctx = createExecutionContext();
  await queue(batch, env, override(deps));
  return getQueueResult(batch, ctx);
}

/** A tick at `at` and the consumer right after it, as Cloudflare would run them. */
/** The usual start: a user with a task due at the next free minute, and the tick at that minute. */
async function dueTaskTicked() {
  const T = nextDueTime();
  const u = await user();
  const task = await newTask(u.id, T);
  const fake = await tick(T);
  return { T, u, task, fake };
}

async function tickAndConsume(at: number) {
  const fake = await tick(at);
  const batch = fake.take();
  const result = await consume(batch, at);
  return { fake, batch, result };
}

function stepIdsIn(fake: FakeQueue): string[] {
  return fake.calls.flat().map((job) => job.stepId);
}

describe("the first step", () => {
  it("a task due at T pings at T, not before, in the user's zone, by email when the user has no ping channel", async () => {
    const T = nextDueTime();
    const u = await user({ timezone: "America/New_York" });
    const task = await newTask(u.id, T);
    const [first] = await stepsOf(task.id);

    const early = await tick(T - MINUTE);
    expect(stepIdsIn(early)).not.toContain(first!.id);
    expect(await outboxTo(u.email)).toHaveLength(0);

    const { fake, result } = await tickAndConsume(T);
    expect(stepIdsIn(fake)).toEqual([first!.id]);
    expect(result.retryMessages).toEqual([]);

    // Telegram and push both fall back to email: ONE email, carrying both notes.
    const mail = await outboxTo(u.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.channel).toBe("email");
    expect(mail[0]!.subject).toBe("Reminder: Take pills");
    const localDue = new Date(T).toLocaleString("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit" });
    expect(localDue).toBe("4:00 AM");
    expect(mail[0]!.text).toContain("4:00 AM on");
    expect(mail[0]!.text).toContain("(America/New_York)");
    expect(mail[0]!.text).toContain(
      "This reminder came by email because Telegram isn't connected to your account and no device has Nudge notifications turned on yet.",
    );
    expect(mail[0]!.text).toMatch(/Done: http:\/\/localhost:8787\/r\/[A-Za-z0-9_-]{43}/);
    expect(mail[0]!.text).toMatch(/Snooze 30 minutes: http:\/\/localhost:8787\/r\//);
    expect(mail[0]!.text).toMatch(/Acknowledge \(stop reminders\): http:\/\/localhost:8787\/r\//);
    expect(mail[0]!.html).toContain("Take pills");

    const { deps } = depsAt(T);
    const rows = await deps.db.select().from(deliveries).where(eq(deliveries.taskId, task.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "email", requestedChannel: "telegram", status: "sent", recipient: u.email, sentAt: T });
    // escalation : step @ round (the step's due time when it fired) : medium : recipient
    expect(rows[0]!.idempotencyKey).toMatch(new RegExp(`:0@${T}:email:${u.email}$`));

    const steps = await stepsOf(task.id);
    expect(steps.map((s) => s.state)).toEqual(["sent", "pending", "waiting", "waiting"]);
    expect((await taskRow(task.id))?.lastReminderSentAt).toBe(T);
  });

  it("a missed tick is caught up by the next one", async () => {
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    // No tick at T (missed); the next one, a minute later, still finds the step due.
    const { fake } = await tickAndConsume(T + MINUTE);
    expect(stepIdsIn(fake)).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(1);
    const steps = await stepsOf(task.id);
    expect(steps[0]!.sentAt).toBe(T + MINUTE);
    // Later steps keep their planned times.
    expect(steps[1]!.dueAt).toBe(T + 15 * MINUTE);
  });

  it("after a move from New York to Paris, 'every day at 9' pings at 9:00 on the Paris clock, not at the New York instant (ADR 076)", async () => {
    const T = nextDueTime(); // 09:00 UTC; in January New York is UTC-5, Paris UTC+1
    const u = await user({ timezone: "America/New_York" });
    const nineInNewYork = T + 5 * 60 * MINUTE;
    const nineInParis = T - 60 * MINUTE;
    const task = await newTask(u.id, nineInNewYork, { recurrence: { freq: "daily" } }, T - 4 * 60 * MINUTE);
    await updateTimezone(depsAt(T - 3 * 60 * MINUTE).deps, u.id, u.id, { timezone: "Europe/Paris" });

    const [first] = await stepsOf(task.id);
    expect(stepIdsIn(await tick(nineInParis - MINUTE))).not.toContain(first!.id);
    const { fake } = await tickAndConsume(nineInParis);
    expect(stepIdsIn(fake)).toContain(first!.id);
    const [mail] = await outboxTo(u.email);
    expect(mail?.text).toContain("9:00 AM on");
    expect(mail?.text).toContain("(Europe/Paris)");
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "sent", sentAt: nineInParis });
    // Later steps keep their offsets from the new time.
    expect((await stepsOf(task.id))[1]!.dueAt).toBe(nineInParis + 15 * MINUTE);
  });

  it("a task created with a due date in the past starts now instead of firing every missed step", async () => {
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T - 90 * MINUTE, {}, T);
    const steps = await stepsOf(task.id);
    expect(steps.map((s) => s.dueAt - T)).toEqual([0, 15 * MINUTE, 30 * MINUTE, 60 * MINUTE]);
  });
});

describe("the standard chain", () => {
  it("fires each unacknowledged step at its offset, on the channels the user has, then exhausts", async () => {
    const T = nextDueTime();
    const chatId = `tg-${crypto.randomUUID()}`;
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const u = await user({ telegramChatId: chatId, phone, phoneVerified: true, name: "Ana" });
    const { deps } = depsAt(T - 2 * 60 * MINUTE);
    const buddy = `buddy-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const unverifiedBuddy = `nope-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const optedOutBuddy = `gone-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await deps.db.insert(emergencyContacts).values([
      { id: crypto.randomUUID(), userId: u.id, name: "Sam", type: "email", contact: buddy, order: 1, verified: true },
      { id: crypto.randomUUID(), userId: u.id, name: "Lee", type: "email", contact: unverifiedBuddy, order: 2, verified: false },
      // Opted out (e.g. through the unsubscribe link): no more alerts. (Order 3 only to fit a third row in this test.)
      { id: crypto.randomUUID(), userId: u.id, name: "Kim", type: "email", contact: optedOutBuddy, order: 3, verified: true, optedOutAt: T - DAY },
    ]);
    const endpoint = `https://push.example.com/${crypto.randomUUID()}`;
    await deps.db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId: u.id, endpoint, p256dh: "k", auth: "a" });
    const task = await newTask(u.id, T);

    // Step 0 at T: a Telegram message with buttons and a push notification; no email.
    await tickAndConsume(T);
    const [tg] = await outboxTo(chatId, "telegram");
    expect(tg?.text).toContain("Take pills");
    // The dev outbox records the Bot API call the real Telegram provider made (issue 9).
    const keyboard = JSON.parse(tg!.meta ?? "{}").payload.reply_markup.inline_keyboard as Array<Array<{ callback_data: string }>>;
    expect(keyboard.map((row) => row.map((b) => b.callback_data))).toEqual([[`done:${task.id}`, `snooze:${task.id}`, `acknowledge:${task.id}`], [`later:${task.id}`]]);
    expect(await outboxTo(endpoint, "push")).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(0);

    // Nothing more until +15 minutes.
    await tickAndConsume(T + 14 * MINUTE);
    expect(await outboxTo(phone)).toHaveLength(0);

    // Step 1 at +15: a text message and an email.
    await tickAndConsume(T + 15 * MINUTE);
    const sms = await outboxTo(phone, "sms");
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('"Take pills" was due at 9:00 AM');
    const mail = await outboxTo(u.email, "email");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Still to do: Take pills");

    // Step 2 at +30: a phone call with a keypad.
    await tickAndConsume(T + 29 * MINUTE);
    expect(await outboxTo(phone, "voice")).toHaveLength(0);
    await tickAndConsume(T + 30 * MINUTE);
    const [call] = await outboxTo(phone, "voice");
    expect(call?.text).toContain("Press 1 if it's done");
    expect(JSON.parse(call!.meta ?? "{}")).toMatchObject({ keypad: { "1": "done", "2": "snooze", "3": "acknowledge" } });

    // Step 3 at +60: the verified email buddy only, with an unsubscribe link.
    await tickAndConsume(T + 60 * MINUTE);
    const [alert] = await outboxTo(buddy, "email");
    expect(alert?.subject).toBe('Ana may need a nudge: "Take pills"');
    expect(alert?.text).toContain("Hi Sam, Ana asked Nudge to remind them");
    expect(alert?.text).toMatch(/Unsubscribe: http:\/\/localhost:8787\/unsubscribe\?token=/);
    expect(await outboxTo(unverifiedBuddy)).toHaveLength(0);
    expect(await outboxTo(optedOutBuddy)).toHaveLength(0);

    const steps = await stepsOf(task.id);
    expect(steps.map((s) => [s.state, s.sentAt === null ? null : (s.sentAt - T) / MINUTE])).toEqual([
      ["sent", 0],
      ["sent", 15],
      ["sent", 30],
      ["sent", 60],
    ]);
    const done = await taskRow(task.id);
    expect(done?.escalationHaltedAt).toBe(T + 60 * MINUTE);
    expect(done?.lastReminderSentAt).toBe(T + 60 * MINUTE);
    const [esc] = await deps.db.select().from(escalations).where(eq(escalations.taskId, task.id));
    expect(esc?.state).toBe("exhausted");
    expect(JSON.parse(esc!.steps)).toHaveLength(4);

    // Nothing after the end.
    const { fake } = await tickAndConsume(T + 3 * 60 * MINUTE);
    expect(stepIdsIn(fake).filter((id) => steps.some((s) => s.id === id))).toEqual([]);
  });

  it("with no verified buddy, the buddies step comes to the user's own email with a note", async () => {
    const T = nextDueTime();
    const u = await user({ defaultEscalationStrategy: "urgent" });
    const task = await newTask(u.id, T);
    expect(task.strategy).toBe("urgent");
    for (const minutes of [0, 5, 15, 30]) await tickAndConsume(T + minutes * MINUTE);
    const mail = await outboxTo(u.email, "email");
    // urgent: step 0 (telegram, push, sms -> one email), 1 (voice, email -> one), 2 (voice -> one), 3 (buddies -> one).
    expect(mail).toHaveLength(4);
    expect(mail[3]!.text).toContain("no verified nudge buddy");
    // No buddy was alerted, so the card does not say one was.
    const [row] = await depsAt(T).deps.db.select({ buddiesAlertedAt: tasks.buddiesAlertedAt }).from(tasks).where(eq(tasks.id, task.id));
    expect(row).toEqual({ buddiesAlertedAt: null });
    expect(mail[0]!.text).toContain(
      "because Telegram isn't connected to your account, no device has Nudge notifications turned on and you have no verified phone number yet.",
    );
  });
});

describe("acknowledge, done and snooze", () => {
  it("acknowledge stops the chain: pending steps are cancelled and nothing more is sent", async () => {
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    await tickAndConsume(T);
    const { deps } = depsAt(T + 3 * MINUTE);
    const acked = await acknowledgeTask(deps, u.id, task.id);
    expect(acked).toMatchObject({ status: "ACKNOWLEDGED", escalationHaltedAt: new Date(T + 3 * MINUTE).toISOString(), acknowledgedAt: new Date(T + 3 * MINUTE).toISOString() });
    // Twice is the same as once.
    expect(await acknowledgeTask(depsAt(T + 4 * MINUTE).deps, u.id, task.id)).toEqual(acked);
    for (const minutes of [15, 30, 60, 120]) await tickAndConsume(T + minutes * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(1);
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["sent", "cancelled", "cancelled", "cancelled"]);
    const [esc] = await deps.db.select().from(escalations).where(eq(escalations.taskId, task.id));
    expect(esc).toMatchObject({ state: "acknowledged", endedAt: T + 3 * MINUTE });
  });

  it("a step already claimed when the user acknowledges is skipped by the consumer", async () => {
    const { T, u, task, fake } = await dueTaskTicked();
    await acknowledgeTask(depsAt(T).deps, u.id, task.id);
    const result = await consume(fake.take(), T);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(0);
    expect((await stepsOf(task.id))[0]?.state).toBe("cancelled");
  });

  it("a step claimed when the user snoozes is not sent; it fires when the snooze ends", async () => {
    const { T, u, task, fake } = await dueTaskTicked();
    await snoozeTask(depsAt(T).deps, u.id, task.id, { minutes: 10 });
    const result = await consume(fake.take(), T);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(0);
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "pending", dueAt: T + 10 * MINUTE });
    await tickAndConsume(T + 10 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(1);
    expect((await taskRow(task.id))?.status).toBe("PENDING");
  });

  it("done ends the chain; for a recurring task it creates ONE next occurrence with its own escalation", async () => {
    const T = nextDueTime();
    const u = await user({ timezone: "Europe/London" });
    const task = await newTask(u.id, T, { recurrence: { freq: "daily" } });
    await tickAndConsume(T);
    const first = await completeTask(depsAt(T + 5 * MINUTE).deps, u.id, task.id);
    expect(first).toMatchObject({ status: "COMPLETED", completedAt: new Date(T + 5 * MINUTE).toISOString() });
    expect(first.nextTask).toMatchObject({ title: "Take pills", status: "PENDING", dueDate: new Date(T + 24 * 60 * MINUTE).toISOString(), recurrence: { freq: "daily" } });
    const again = await completeTask(depsAt(T + 6 * MINUTE).deps, u.id, task.id);
    expect(again.nextTask?.id).toBe(first.nextTask?.id);
    expect(await tasksOfUser(u.id)).toHaveLength(2);

    for (const minutes of [15, 30, 60]) await tickAndConsume(T + minutes * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(1);
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["sent", "cancelled", "cancelled", "cancelled"]);

    // The next occurrence escalates on its own the next day.
    const nextSteps = await stepsOf(first.nextTask!.id);
    expect(nextSteps.map((s) => s.state)).toEqual(["pending", "waiting", "waiting", "waiting"]);
    await tickAndConsume(T + 24 * 60 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(2);
  });

  it("snooze pauses the chain and resumes at the same step after N minutes, without moving the due date", async () => {
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    await tickAndConsume(T); // step 0 sent
    const snoozed = await snoozeTask(depsAt(T + 2 * MINUTE).deps, u.id, task.id, { minutes: 30 });
    expect(snoozed).toMatchObject({ status: "SNOOZED", snoozedUntil: new Date(T + 32 * MINUTE).toISOString(), dueDate: new Date(T).toISOString() });
    let steps = await stepsOf(task.id);
    // The next step (planned at +15) fires at +32; the later ones keep their spacing (+17 minutes each).
    expect(steps.map((s) => [s.state, (s.dueAt - T) / MINUTE])).toEqual([
      ["sent", 0],
      ["pending", 32],
      ["waiting", 47],
      ["waiting", 77],
    ]);
    const { deps } = depsAt(T);
    const [esc] = await deps.db.select().from(escalations).where(eq(escalations.taskId, task.id));
    expect(esc?.state).toBe("paused");

    await tickAndConsume(T + 15 * MINUTE);
    await tickAndConsume(T + 31 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(1);

    await tickAndConsume(T + 32 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(2);
    const resumed = await taskRow(task.id);
    expect(resumed).toMatchObject({ status: "PENDING", snoozedUntil: null, dueAt: T });
    const [esc2] = await deps.db.select().from(escalations).where(eq(escalations.taskId, task.id));
    expect(esc2?.state).toBe("running");
    steps = await stepsOf(task.id);
    expect(steps.map((s) => s.state)).toEqual(["sent", "sent", "pending", "waiting"]);
  });

  it("snoozing before the due time holds the first ping until the snooze ends", async () => {
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    await snoozeTask(depsAt(T - 10 * MINUTE).deps, u.id, task.id, { minutes: 20 });
    expect((await stepsOf(task.id)).map((s) => (s.dueAt - T) / MINUTE)).toEqual([10, 25, 40, 70]);
    await tickAndConsume(T);
    expect(await outboxTo(u.email)).toHaveLength(0);
    await tickAndConsume(T + 10 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(1);
  });

  it("snoozing after the chain ran out (or after acknowledging) adds one more reminder at the end of the snooze", async () => {
    const T = nextDueTime();
    const u = await user({ defaultEscalationStrategy: "gentle" });
    const task = await newTask(u.id, T);
    await tickAndConsume(T);
    await acknowledgeTask(depsAt(T + MINUTE).deps, u.id, task.id);
    const snoozed = await snoozeTask(depsAt(T + 2 * MINUTE).deps, u.id, task.id, { minutes: 10 });
    expect(snoozed.status).toBe("SNOOZED");
    expect(snoozed.escalationHaltedAt).toBeNull();
    await tickAndConsume(T + 12 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(2);
    const after = await taskRow(task.id);
    expect(after?.status).toBe("PENDING");
    // The extra step was the last one: the chain is exhausted again.
    expect(after?.escalationHaltedAt).toBe(T + 12 * MINUTE);
  });
});

describe("exactly once, under at-least-once delivery", () => {
  it("a duplicate queue delivery and a replayed batch send nothing twice", async () => {
    const T = nextDueTime();
    const u = await user();
    await newTask(u.id, T);
    const fake = await tick(T);
    const [job] = fake.pending;
    // The same message delivered twice in one batch, then the batch replayed.
    fake.pending.push(job!);
    const first = fake.take();
    const result = await consume(first, T);
    expect(result.explicitAcks).toHaveLength(2);
    fake.pending.push(job!, job!);
    await consume(fake.take(), T + 10_000);
    expect(await outboxTo(u.email)).toHaveLength(1);
  });

  it("two overlapping ticks claim each step once", async () => {
    const T = nextDueTime();
    const u1 = await user();
    const u2 = await user();
    const a = await newTask(u1.id, T);
    const b = await newTask(u2.id, T);
    const q1 = new FakeQueue();
    const q2 = new FakeQueue();
    await Promise.all([tick(T, q1), tick(T, q2), tick(T, q1)]);
    const ids = [...stepIdsIn(q1), ...stepIdsIn(q2)];
    const mine = [(await stepsOf(a.id))[0]!.id, (await stepsOf(b.id))[0]!.id];
    expect(ids.filter((id) => mine.includes(id)).sort()).toEqual([...mine].sort());
    await consume(q1.take(), T);
    await consume(q2.take(), T);
    expect(await outboxTo(u1.email)).toHaveLength(1);
    expect(await outboxTo(u2.email)).toHaveLength(1);
  });

  it("a delivery left 'pending' by a crashed attempt is sent on the retry; a 'sent' one is not sent again", async () => {
    expectConsoleError(/queue\.retry/);
    const T = nextDueTime();
    const u = await user({ telegramChatId: `tg-${crypto.randomUUID()}` });
    const endpoint = `https://push.example.com/${crypto.randomUUID()}`;
    await depsAt(T - DAY).deps.db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId: u.id, endpoint, p256dh: "k", auth: "a" });
    const task = await newTask(u.id, T);
    const fake = await tick(T);
    const batch = fake.take();
    const job = batch.messages[0]!.body;
    // First attempt: telegram goes out, then the push service fails.
    let pushCalls = 0;
    const failingPush = (deps: Deps): Deps => ({
      ...deps,
      channels: {
        ...deps.channels,
        push: {
          medium: "push",
          status: deps.channels.push.status,
          send: async (message) => {
            pushCalls += 1;
            if (pushCalls === 1) throw new Error("push service timeout");
            return deps.channels.push.send(message);
          },
        } satisfies Channel,
      },
    });
    const r1 = await consume(batch, T, failingPush);
    expect(r1.retryMessages).toEqual([{ msgId: batch.messages[0]!.id }]);
    expect(fake.retryDelays).toEqual([10]);
    const { deps } = depsAt(T);
    const rows = await deps.db.select().from(deliveries).where(eq(deliveries.taskId, task.id));
    expect(rows.map((r) => [r.channel, r.status]).sort()).toEqual([
      ["push", "failed"],
      ["telegram", "sent"],
    ]);
    expect(rows.find((r) => r.channel === "push")?.error).toBe("push service timeout");

    // The retry, 10 seconds later: only the push notification goes out.
    fake.pending.push(job);
    const r2 = await consume(fake.take("nudge-escalation", 2), T + 10_000, failingPush);
    expect(r2.explicitAcks).toHaveLength(1);
    expect(await outboxTo(endpoint, "push")).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(0);
    const tg = await deps.db.select().from(deliveries).where(and(eq(deliveries.taskId, task.id), eq(deliveries.channel, "telegram")));
    expect(tg[0]?.attempts).toBe(1);
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "sent", attempts: 2, lastError: null });
  });

  it("a provider that keeps failing is retried with growing delays, then dead-lettered; the chain moves on", async () => {
    expectConsoleError(/queue\.retry/, /escalation\.step\.dead/, /queue\.dead_letter/);
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    const broken = (deps: Deps): Deps => ({
      ...deps,
      channels: { ...deps.channels, email: { medium: "email", status: deps.channels.email.status, send: async () => Promise.reject(new Error("Resend answered 503: try later")) } },
    });
    const fake = await tick(T);
    const job = fake.pending[0]!;
    let at = T;
    for (let attempt = 1; attempt <= 6; attempt++) {
      fake.pending.push(...(attempt === 1 ? [] : [job]));
      const result = await consume(fake.take("nudge-escalation", attempt), at, broken);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(1);
      at += fake.retryDelays[fake.retryDelays.length - 1]! * 1000;
    }
    expect(fake.retryDelays).toEqual([10, 20, 40, 80, 160, 300]);
    const { deps } = depsAt(at);
    let [row] = await deps.db.select().from(deliveries).where(eq(deliveries.taskId, task.id));
    expect(row).toMatchObject({ status: "failed", attempts: 6, error: "Resend answered 503: try later" });

    // The queue gives up and moves the message to the dead-letter queue.
    fake.pending.push(job);
    const dead = await consume(fake.take(DEAD_LETTER_QUEUE, 1), at);
    expect(dead.explicitAcks).toHaveLength(1);
    [row] = await deps.db.select().from(deliveries).where(eq(deliveries.taskId, task.id));
    expect(row?.status).toBe("dead");
    expect(row?.error).toBe("Gave up after 6 attempts. Last error: Resend answered 503: try later");
    const steps = await stepsOf(task.id);
    expect(steps[0]).toMatchObject({ state: "dead" });
    expect(steps[0]?.lastError).toContain("Gave up after 6 attempts");
    // The next step is still coming: one broken provider never silences the rest of the chain.
    expect(steps[1]?.state).toBe("pending");
    expect(await outboxTo(u.email)).toHaveLength(0);
  });

  it("a claim whose lease ran out is claimed again by a later tick, and the old message is then ignored", async () => {
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    const lost = await tick(T); // its message is lost
    const oldJob = lost.pending[0]!;
    const later = await tick(T + 6 * MINUTE);
    expect(stepIdsIn(later)).toContain(oldJob.stepId);
    const newJob = later.pending.find((j) => j.stepId === oldJob.stepId)!;
    expect(newJob.claimId).not.toBe(oldJob.claimId);
    const stale = new FakeQueue();
    stale.pending.push(oldJob);
    await consume(stale.take(), T + 6 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(0);
    await consume(later.take(), T + 6 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(1);
    expect((await stepsOf(task.id))[0]?.state).toBe("sent");
  });

  it("a deleted task's queued step is dropped quietly", async () => {
    const { T, u, task, fake } = await dueTaskTicked();
    const { deps } = depsAt(T);
    const { deleteTask } = await import("../../worker/services/tasks");
    await deleteTask(deps, u.id, task.id);
    expect(await stepsOf(task.id)).toEqual([]);
    const result = await consume(fake.take(), T);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(0);
  });
});

describe("the tick", () => {
  it("queues in sendBatch calls of at most 100 messages and records its cost in cron_runs", { timeout: 60_000 }, async () => {
    const T = nextDueTime();
    const u = await user();
    for (let i = 0; i < 130; i++) await newTask(u.id, T);
    const fake = await tick(T);
    const sizes = fake.calls.map((c) => c.length);
    expect(sizes.every((n) => n <= 100)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(130);
    const claimId = fake.calls[0]![0]!.claimId;
    const { deps } = depsAt(T);
    const [run] = await deps.db.select().from(cronRuns).where(eq(cronRuns.id, claimId));
    expect(run).toMatchObject({ scheduledAt: T, claimed: 130, finishedAt: T });
    expect(run!.rowsRead).toBeGreaterThan(0);

    await consume(fake.take(), T);
    const [after] = await deps.db.select().from(cronRuns).where(eq(cronRuns.id, claimId));
    expect(after).toMatchObject({ stepsHandled: 130, stepsSent: 130 });
    // The batch's shared statements read each step's rows through JSON lists (about 47 rows per
    // step against 20 one step at a time, for well under one statement per step instead of 11;
    // ADR 065). A scan of a table that grows would read thousands per step.
    expect(after!.consumerRowsRead / 130).toBeLessThan(60);
    expect(after!.consumerQueries / 130).toBeLessThan(0.5);
    expect(await outboxTo(u.email)).toHaveLength(130);

    // The same counters, summed, at the dev-only /dev/escalation.json (the benchmark polls it).
    const stats = await (await request("/dev/escalation.json")).json<EscalationStats>();
    expect(stats.ticks.stepsSent).toBeGreaterThanOrEqual(130);
    expect(stats.ticks.tick.rowsRead).toBeGreaterThan(0);
    expect(stats.firstSteps.sent).toBeGreaterThanOrEqual(130);
    expect((await request("/dev/escalation.json", {}, { DEV_OUTBOX: "false", ...EMAIL_CONFIGURED })).status).toBe(404);
    // The fast-forward is a development tool too: in production it does not exist.
    const advance = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ taskId: crypto.randomUUID() }) };
    expect((await request("/dev/escalation/advance", advance, { DEV_OUTBOX: "false", ...EMAIL_CONFIGURED })).status).toBe(404);
  });

  it("the dev fast-forward: /dev/outbox?to= lists only that person's chains, and a press goes back to the same filter", async () => {
    const T = nextDueTime();
    const [mine, theirs] = [await user(), await user()];
    const myTask = await newTask(mine.id, T);
    const theirTask = await newTask(theirs.id, T);
    const { deps } = depsAt(T - MINUTE);
    expect((await listWaitingChains(deps, { ownerEmail: mine.email })).map((chain) => [chain.taskId, chain.notDueYet])).toEqual([[myTask.id, true]]);
    // Once the task's time has come, its chain's button sends the next step instead.
    expect((await listWaitingChains(depsAt(T + MINUTE).deps, { ownerEmail: mine.email })).map((chain) => chain.notDueYet)).toEqual([false]);
    expect(await listWaitingChains(deps, { ownerEmail: "nobody@example.com" })).toEqual([]);
    const everyone = (await listWaitingChains(deps, { limit: 50 })).map((chain) => chain.taskId);
    expect(everyone).toEqual(expect.arrayContaining([myTask.id, theirTask.id]));

    const press = (taskId: string, to?: string) =>
      request("/dev/escalation/advance", { method: "POST", body: new URLSearchParams(to ? { taskId, to } : { taskId }), redirect: "manual" });
    const filtered = await press(myTask.id, mine.email);
    expect(filtered.status).toBe(303);
    expect(filtered.headers.get("Location")).toBe(`/dev/outbox?to=${encodeURIComponent(mine.email)}`);
    const unfiltered = await press(theirTask.id);
    expect(unfiltered.headers.get("Location")).toBe("/dev/outbox");
    // Neither task was due yet: each press made the task itself due now (as Edit Task would), so its first
    // step says it is due now and Active Reminders lists it; the first step of the new chain is under way.
    const now = Date.now();
    for (const task of [myTask, theirTask]) {
      const [row] = await deps.db.select({ dueAt: tasks.dueAt }).from(tasks).where(eq(tasks.id, task.id));
      expect(Math.abs(row!.dueAt - now)).toBeLessThan(MINUTE);
      const steps = await stepsOf(task.id);
      expect(steps.find((s) => s.stepIndex === 0)!.state).not.toBe("pending");
    }
    // The task is due now: a press no longer moves it. Its first step is on its way, and the next one waits
    // for it to be sent (pressNextStepsUntil in the browser suite presses until it is there).
    const again = await request("/dev/escalation/advance", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ taskId: myTask.id }) });
    expect(again.status).toBe(404);
    const [after] = await deps.db.select({ dueAt: tasks.dueAt }).from(tasks).where(eq(tasks.id, myTask.id));
    expect(Math.abs(after!.dueAt - now)).toBeLessThan(MINUTE);
    // Due now (in this file's past): removed, so no later tick of this file finds their steps.
    await deps.db.delete(tasks).where(inArray(tasks.id, [myTask.id, theirTask.id]));
    const gone = await request("/dev/escalation/advance", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ taskId: "no-such-task" }) });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ advanced: false, message: "That task has no step waiting for its time." });
  });

  it("audits the live chains first: a chain left with no step that can fire is repaired, and its due step claimed by the same tick", async () => {
    expectConsoleError(/escalation\.audit_repaired/);
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    // Step 0 sent, step 1 left "waiting" (what the snooze race of issue 7 did): nothing would ever fire.
    const [first, second] = await stepsOf(task.id);
    await depsAt(T).deps.db.update(escalationSteps).set({ state: "sent", sentAt: T }).where(eq(escalationSteps.id, first!.id));

    const fake = await tick(T + 15 * MINUTE);
    expect(stepIdsIn(fake)).toEqual([second!.id]);
    const [run] = await depsAt(T).deps.db.select().from(cronRuns).where(eq(cronRuns.id, fake.calls[0]![0]!.claimId));
    expect(run!.auditCursor).toBe(""); // fewer than a slice of live chains: the next tick starts again
    await consume(fake.take(), T + 15 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(1);
  });

  it("a failing audit is logged and the tick still claims what is due", async () => {
    expectConsoleError(/escalation\.audit_failed/);
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    const { deps } = depsAt(T);
    const failing = createDb(d1FailingQueries(env.DB, (query) => query.startsWith("select") && query.includes('"audit_cursor"')));
    const fake = new FakeQueue();
    await scheduled(createScheduledController({ scheduledTime: T, cron: "* * * * *" }), { ...env, ESCALATION_QUEUE: fake.asQueue }, { ...deps, db: failing });
    expect(stepIdsIn(fake)).toEqual([(await stepsOf(task.id))[0]!.id]);
    const [run] = await deps.db.select().from(cronRuns).where(eq(cronRuns.id, fake.calls[0]![0]!.claimId));
    expect(run).toMatchObject({ claimed: 1, auditCursor: null });
  });
});

describe("fair claims (ADR 043)", () => {
  /** `count` open tasks of one user, each with a chain of two steps, step `pendingIndex` pending and due at `dueAt`; written in three statements. */
  async function bulkChains(userId: string, prefix: string, count: number, dueAt: number, pendingIndex: 0 | 1) {
    const other = pendingIndex === 0 ? 1 : 0;
    const otherState = pendingIndex === 0 ? "waiting" : "sent";
    const n = `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${count - 1})`;
    await env.DB.batch([
      env.DB.prepare(`${n} insert into tasks (id, user_id, title, due_at, status, strategy_key, source, created_at) select '${prefix}-t-' || i, ?, 'Backlog', ?, 'PENDING', 'gentle', 'api', ? from n`).bind(userId, dueAt, dueAt),
      env.DB.prepare(`${n} insert into escalations (id, task_id, strategy_key, steps, state, started_at, created_at) select '${prefix}-e-' || i, '${prefix}-t-' || i, 'gentle', '[]', 'running', ?, ? from n`).bind(dueAt, dueAt),
      env.DB.prepare(
        `${n} insert into escalation_steps (id, escalation_id, task_id, step_index, channels, due_at, state, created_at)
         select '${prefix}-s' || ${pendingIndex} || '-' || i, '${prefix}-e-' || i, '${prefix}-t-' || i, ${pendingIndex}, '["email"]', ?, 'pending', ? from n
         union all select '${prefix}-s' || ${other} || '-' || i, '${prefix}-e-' || i, '${prefix}-t-' || i, ${other}, '["email"]', ?, '${otherState}', ? from n`,
      ).bind(dueAt, dueAt, dueAt, dueAt),
    ]);
  }

  it("one account's 2,000 due steps do not hold back five other people's first pings: they go out in the tick's first batch", { timeout: 60_000 }, async () => {
    const T = nextDueTime();
    const heavy = await user();
    // Due earlier than everyone else's: 1,000 follow-ups (step 1) and 1,000 first pings of one account.
    await bulkChains(heavy.id, `fair-${T}-late`, 1000, T - 30 * MINUTE, 1);
    await bulkChains(heavy.id, `fair-${T}-first`, 1000, T - 20 * MINUTE, 0);
    const others = [];
    for (let i = 0; i < 5; i++) {
      const u = await user();
      others.push((await stepsOf((await newTask(u.id, T)).id))[0]!.id);
    }

    const fake = await tick(T);
    const claimed = stepIdsIn(fake);
    expect(claimed).toHaveLength(2005);
    expect(fake.calls[0]!.map((job) => job.stepId)).toEqual(expect.arrayContaining(others));
    // First pings (the heavy account's too) are queued before any later step.
    const firstLate = claimed.findIndex((id) => id.includes("-late-"));
    expect(firstLate).toBe(1005);
  });

  it("each claim reads an index range, never the whole table: the first pings their own partial index", async () => {
    const { claimSteps } = await import("../../worker/services/escalation/claim");
    const expected = { first: "escalation_steps_first_due_idx", due: "escalation_steps_pending_due_idx", expired: "escalation_steps_leased_idx" } as const;
    for (const kind of ["first", "due", "expired"] as const) {
      const captured: string[] = [];
      const spying = createDb(d1FailingQueries(env.DB, (query) => (captured.push(query), false)));
      // now = 0: nothing is due, so the claim changes nothing; only its statement is kept.
      await claimSteps({ db: spying }, { kind, now: 0, claimId: "plan", leaseUntil: 1, limit: 500 });
      const update = captured.find((q) => q.startsWith("update"))!;
      const params = new Array<number>(update.split("?").length - 1).fill(0);
      const plan = await env.DB.prepare(`explain query plan ${update}`).bind(...params).all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join("\n");
      expect(details, kind).toContain(expected[kind]);
      expect(details, kind).not.toMatch(/SCAN escalation_steps(?! USING)/);
      expect(details, kind).not.toMatch(/SCAN t\b|SCAN tasks/);
    }
  });

  it("the in-flight count and the burial's choice read the partial lease index; the daily cap a person's deliveries by age", async () => {
    const { inFlightStatement } = await import("../../worker/services/escalation/claim");
    const { exhaustedStepsStatement } = await import("../../worker/services/escalation/dead-letter");
    const { cappedEmailStatement, phoneSendsStatement } = await import("../../worker/services/escalation/step-read");
    const { deps } = depsAt(Date.parse("2027-06-01T09:00:00Z"));
    const cases = [
      [inFlightStatement(deps, 0), "escalation_steps", "escalation_steps_leased_idx"],
      [exhaustedStepsStatement(deps, { now: 0, limit: 500 }), "escalation_steps", "escalation_steps_leased_idx"],
      [phoneSendsStatement(deps, "u1", "s1"), "deliveries", "deliveries_user_idx"],
      [cappedEmailStatement(deps, "u1"), "deliveries", "deliveries_user_idx"],
    ] as const;
    for (const [statement, table, index] of cases) {
      const query = statement.toSQL();
      const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).bind(...query.params).all<{ detail: string }>()).results.map((r) => r.detail).join("\n");
      expect(plan, query.sql).toContain(index);
      expect(plan, query.sql).not.toMatch(new RegExp(`SCAN ${table}(?! USING)|TEMP B-TREE`));
    }
  });
});

/** A user's task due at the next free minute, ticked and delivered: its reminder email. */
async function remindedByEmail() {
  const T = nextDueTime();
  const u = await user();
  const task = await newTask(u.id, T);
  await tickAndConsume(T);
  const [mail] = await outboxTo(u.email);
  return { T, u, task, mail };
}

/** An email's answer link by its label: the token and the answer of `/r/<token>/<answer>`. */
function answerLink(text: string, label: string): [string, string] {
  const found = new RegExp(`${label}: http://localhost:8787/r/([A-Za-z0-9_-]+)/([a-z]+)\\n`).exec(text);
  expect(found, `${label} in ${text}`).toBeTruthy();
  return [found![1]!, found![2]!];
}

describe("email action links (/r/<token>/<answer>)", () => {
  it("GET shows without acting; POST acts once", async () => {
    const T = nextDueTime();
    const u = await user({ timezone: "Asia/Tokyo" });
    const task = await newTask(u.id, T);
    await tickAndConsume(T);
    const [mail] = await outboxTo(u.email);
    const done = answerLink(mail!.text, "Done");
    const snooze = answerLink(mail!.text, "Snooze 30 minutes");
    expect(done[1]).toBe("done");
    expect(snooze).toEqual([done[0], "snooze"]);

    const { deps } = depsAt(T + 5 * MINUTE);
    const view = await describeActionLink(deps, ...done);
    expect(view).toMatchObject({ state: "ready", action: "done", task: { title: "Take pills", status: "PENDING" } });
    expect(view.state === "ready" && view.task.dueLocal).toMatch(/^6:00 PM on \w+day, \d{1,2} January \(Asia\/Tokyo\)$/);
    expect(await describeActionLink(deps, ...done)).toMatchObject({ state: "ready" });
    expect((await taskRow(task.id))?.status).toBe("PENDING");

    const acted = await redeemActionLink(deps, ...done);
    expect(acted).toMatchObject({ state: "done", action: "done", task: { status: "COMPLETED" }, message: '"Take pills" is done. Well done!' });
    expect(await redeemActionLink(deps, ...done)).toMatchObject({ state: "used", task: { status: "COMPLETED" } });
    expect(await describeActionLink(deps, ...done)).toMatchObject({ state: "used" });
    // The snooze link of the same email now explains why it can't act.
    expect(await redeemActionLink(deps, ...snooze)).toMatchObject({ state: "failed", message: "This task is already done, so there is nothing to snooze." });
    expect(await describeActionLink(deps, "not-a-real-token-at-all-0000000000", "done")).toEqual({ state: "invalid" });
    expect(await describeActionLink(deps, "../../etc", "done")).toEqual({ state: "invalid" });
  });

  it("each answer of an email acts once: snoozed by its link, the same email's Done still works", async () => {
    const { T, task, mail } = await remindedByEmail();
    const snooze = answerLink(mail!.text, "Snooze 30 minutes");
    const done = answerLink(mail!.text, "Done");
    const { deps } = depsAt(T + 2 * MINUTE);

    expect(await redeemActionLink(deps, ...snooze)).toMatchObject({ state: "done", action: "snooze", minutes: 30, task: { status: "SNOOZED" } });
    expect(await redeemActionLink(deps, ...snooze)).toMatchObject({ state: "used", action: "snooze" });
    expect(await describeActionLink(deps, ...done)).toMatchObject({ state: "ready", action: "done" });
    expect(await redeemActionLink(depsAt(T + 10 * MINUTE).deps, ...done)).toMatchObject({ state: "done", task: { status: "COMPLETED" } });

    // What the row keeps: the token's hash and when each answer was used, never the token itself.
    const rows = await deliveriesOf(task.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.linkTokenHash).toBe(await sha256Hex(done[0]));
    expect(JSON.parse(rows[0]!.linkUses!)).toEqual({ snooze: T + 2 * MINUTE, done: T + 10 * MINUTE });
    expect(JSON.stringify(rows)).not.toContain(done[0]);
  });

  it("an email's snooze page offers other times: 1 hour is taken, a time it does not offer is the link's own", async () => {
    const first = await remindedByEmail();
    const { deps } = depsAt(first.T + MINUTE);
    const hour = await redeemActionLink(deps, ...answerLink(first.mail!.text, "Snooze 30 minutes"), { minutes: 60 });
    expect(hour).toMatchObject({ state: "done", action: "snooze", minutes: 60, message: 'Snoozed. We\'ll remind you about "Take pills" again in 1 hour.' });
    expect((await taskRow(first.task.id))?.snoozedUntil).toBe(first.T + MINUTE + 60 * MINUTE);

    const second = await remindedByEmail();
    const odd = await redeemActionLink(depsAt(second.T + MINUTE).deps, ...answerLink(second.mail!.text, "Snooze 30 minutes"), { minutes: 45 });
    expect(odd).toMatchObject({ state: "done", minutes: 30, message: 'Snoozed. We\'ll remind you about "Take pills" again in 30 minutes.' });
    expect((await taskRow(second.task.id))?.snoozedUntil).toBe(second.T + MINUTE + 30 * MINUTE);
  });

  it("an email's snooze page's Tomorrow morning snoozes until 9:00 AM on the person's clock and says when", async () => {
    const { T, u, task, mail } = await remindedByEmail();
    const { deps } = depsAt(T + MINUTE);
    const result = await redeemActionLink(deps, ...answerLink(mail!.text, "Snooze 30 minutes"), { until: "morning" });
    const zone = (await getProfile(deps, u.id)).timezone;
    const morning = nextMorning(T + MINUTE, zone);
    expect(result).toMatchObject({ state: "done", action: "snooze", message: `Snoozed. We'll remind you about "Take pills" again at ${formatLocalDue(morning, zone)}.` });
    expect((await taskRow(task.id))?.snoozedUntil).toBe(morning);
    expect(morning - (T + MINUTE)).toBeGreaterThan(4 * 60 * MINUTE);
  });

  it("an email's snooze page's Until snoozes until the next time the person's clock shows it; a time that is no time is refused and the link still works", async () => {
    const { T, u, task, mail } = await remindedByEmail();
    const { deps } = depsAt(T + MINUTE);
    const link = answerLink(mail!.text, "Snooze 30 minutes");
    for (const until of ["", "7pm", "24:00", "9:5"]) {
      const refused = await redeemActionLink(deps, ...link, { until });
      expect(refused, until).toMatchObject({ state: "refused", action: "snooze", message: "Choose the time to snooze until, like 7:00 PM.", task: { title: "Take pills" } });
    }
    expect((await taskRow(task.id))?.status).not.toBe("SNOOZED");
    const zone = (await getProfile(deps, u.id)).timezone;
    const at = nextTimeOfDay(T + MINUTE, zone, { hour: 18, minute: 45 });
    const result = await redeemActionLink(deps, ...link, { until: "18:45" });
    expect(result).toMatchObject({ state: "done", action: "snooze", message: `Snoozed. We'll remind you about "Take pills" again at ${formatLocalDue(at, zone)}.` });
    expect((await taskRow(task.id))?.snoozedUntil).toBe(at);
    expect(at - (T + MINUTE)).toBeLessThanOrEqual(24 * 60 * MINUTE);
  });

  it("an email's snooze page's Another day moves the reminder to the day and time picked; no day, or one gone by, is refused and the link still works", async () => {
    const { T, u, task, mail } = await remindedByEmail();
    const { deps } = depsAt(T + MINUTE);
    const link = answerLink(mail!.text, "Snooze 30 minutes");
    const zone = (await getProfile(deps, u.id)).timezone;
    const local = DateTime.fromMillis(T + MINUTE, { zone });
    // The page offers tomorrow at the reminder's own time, and nothing before today.
    const view = await describeActionLink(deps, ...link);
    expect(view).toMatchObject({
      state: "ready",
      move: { day: local.plus({ days: 1 }).toISODate(), time: DateTime.fromMillis(T, { zone }).toFormat("HH:mm"), today: local.toISODate() },
    });
    for (const move of [{ day: "", time: "09:00" }, { day: "2090-02-30", time: "09:00" }, { day: local.plus({ days: 1 }).toISODate()!, time: "9am" }]) {
      expect(await redeemActionLink(deps, ...link, { move }), JSON.stringify(move)).toMatchObject({ state: "refused", action: "snooze", message: "Choose the day to move it to, and its time." });
    }
    const gone = { day: local.toISODate()!, time: local.minus({ minutes: 2 }).toFormat("HH:mm") };
    expect(await redeemActionLink(deps, ...link, { move: gone })).toMatchObject({
      state: "refused",
      message: 'That time has already passed, so "Take pills" stays as it was. Choose a day and time still to come.',
    });
    // The time it is already due at: nothing would change, so the link is kept.
    const same = DateTime.fromMillis(T, { zone });
    expect(await redeemActionLink(deps, ...link, { move: { day: same.toISODate()!, time: same.toFormat("HH:mm") } })).toMatchObject({
      state: "refused",
      message: `"Take pills" is already due at ${formatLocalDue(T, zone)}, so nothing changed.`,
    });
    expect(await taskRow(task.id)).toMatchObject({ dueAt: T, status: "PENDING" });
    expect(await describeActionLink(deps, ...link)).toMatchObject({ state: "ready" });

    const friday = local.plus({ days: 3 }).set({ hour: 16, minute: 30, second: 0, millisecond: 0 });
    const moved = await redeemActionLink(deps, ...link, { move: { day: friday.toISODate()!, time: "16:30" } });
    expect(moved).toMatchObject({ state: "done", action: "snooze", message: `Moved "Take pills" to ${formatLocalDue(friday.toMillis(), zone)}. We'll remind you then.` });
    expect(await taskRow(task.id)).toMatchObject({ dueAt: friday.toMillis(), status: "PENDING", snoozedUntil: null });
    // The chain starts over from the new time; nothing of the old one is left to fire.
    const live = (await stepsOf(task.id)).filter((step) => step.state === "pending" || step.state === "waiting");
    expect(Math.min(...live.map((step) => step.dueAt))).toBe(friday.toMillis());
    // The link is used: a second move is not made.
    expect(await redeemActionLink(deps, ...link, { move: { day: friday.plus({ days: 1 }).toISODate()!, time: "16:30" } })).toMatchObject({ state: "used" });
  });

  it("Not done yet under a Done made with the link takes it back: the task is open again and the link's Done works again; once per Done", async () => {
    const { T, task, mail } = await remindedByEmail();
    const { deps } = depsAt(T + MINUTE);
    const [token] = answerLink(mail!.text, "Done");
    // Nothing to take back before the link's Done was used (only a crafted request gets here).
    expect(await reopenByLink(deps, token)).toMatchObject({ state: "failed", action: "reopen", message: ONLY_THIS_LINKS_DONE });
    expect(await redeemActionLink(deps, token, "done")).toMatchObject({ state: "done", action: "done" });
    expect(await describeActionLink(deps, token, "done")).toMatchObject({ state: "used", task: { status: "COMPLETED" } });

    const reopened = await reopenByLink(deps, token);
    expect(reopened).toMatchObject({ state: "done", action: "reopen", task: { status: "PENDING" }, message: '"Take pills" is open again. We\'ll remind you again in a moment, starting gently.' });
    expect((await taskRow(task.id))?.status).toBe("PENDING");
    expect((await stepsOf(task.id)).filter((s) => s.state === "pending").length).toBeGreaterThan(0);
    // The link's Done is free again; the Done taken back cannot be taken back twice.
    expect(await describeActionLink(deps, token, "done")).toMatchObject({ state: "ready" });
    expect(await reopenByLink(deps, token)).toMatchObject({ state: "failed", message: ONLY_THIS_LINKS_DONE });
    expect(await redeemActionLink(deps, token, "done")).toMatchObject({ state: "done", action: "done" });
    expect((await taskRow(task.id))?.status).toBe("COMPLETED");

    // Two presses at once: one opens the task, the other says where it stands.
    const both = await Promise.all([reopenByLink(deps, token), reopenByLink(deps, token)]);
    expect(both.filter((outcome) => outcome.state === "done")).toHaveLength(1);
    expect((await taskRow(task.id))?.status).toBe("PENDING");
  });

  it("Not done yet by link, when the account is at its open-task cap: refused with the cap's sentence, the task stays done and the link's Done stays used", async () => {
    const { T, u, task, mail } = await remindedByEmail();
    const { deps } = depsAt(T + MINUTE);
    const [token] = answerLink(mail!.text, "Done");
    await redeemActionLink(deps, token, "done");
    const prefix = crypto.randomUUID();
    await env.DB.prepare(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${OPEN_TASKS_MAX - 1}) insert into tasks (id, user_id, title, due_at, status, strategy_key, source, created_at) select '${prefix}-' || i, ?, 'Bulk', ?, 'PENDING', 'gentle', 'api', ? from n`,
    )
      .bind(u.id, T + 86_400_000, T)
      .run();
    expect(await reopenByLink(deps, token)).toMatchObject({ state: "failed", action: "reopen", message: TASK_LIMIT_MESSAGE });
    expect((await taskRow(task.id))?.status).toBe("COMPLETED");
    expect(await describeActionLink(deps, token, "done")).toMatchObject({ state: "used" });
  });

  it("a link with an answer that is not one, or older than a week, does nothing", async () => {
    const { T, task, mail } = await remindedByEmail();
    const [token] = answerLink(mail!.text, "Done");
    const { deps } = depsAt(T + MINUTE);
    for (const answer of ["delete", "DONE", "", "done/extra"]) {
      expect(await describeActionLink(deps, token, answer)).toEqual({ state: "invalid" });
      expect(await redeemActionLink(deps, token, answer)).toEqual({ state: "invalid" });
    }
    const weekLater = depsAt(T + 7 * 24 * 60 * MINUTE).deps;
    expect(await describeActionLink(weekLater, token, "done")).toEqual({ state: "invalid" });
    expect(await redeemActionLink(weekLater, token, "done")).toEqual({ state: "invalid" });
    expect((await taskRow(task.id))?.status).toBe("PENDING");
    expect((await deliveriesOf(task.id))[0]!.linkUses).toBeNull();
    // A day before the week is out, it works.
    expect(await redeemActionLink(depsAt(T + 6 * 24 * 60 * MINUTE).deps, token, "done")).toMatchObject({ state: "done" });
  });

  it("a link whose task was deleted does nothing and says the link does not work", async () => {
    const { T, u, task, mail } = await remindedByEmail();
    const done = answerLink(mail!.text, "Done");
    await deleteTask(depsAt(T + MINUTE).deps, u.id, task.id);
    expect(await describeActionLink(depsAt(T + 2 * MINUTE).deps, ...done)).toEqual({ state: "invalid" });
    expect(await redeemActionLink(depsAt(T + 2 * MINUTE).deps, ...done)).toEqual({ state: "invalid" });
  });

  it("a link of the earlier shape (/r/<token>, one link_tokens row per answer) works until it expires", async () => {
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    const { deps } = depsAt(T);
    const token = "earlier-shape-token-0123456789abcdefghijklmnop";
    await deps.db.insert(linkTokens).values({
      id: crypto.randomUUID(),
      purpose: "task_action",
      tokenHash: await sha256Hex(token),
      userId: u.id,
      subjectId: task.id,
      data: JSON.stringify({ action: "acknowledge" }),
      expiresAt: T + 7 * 24 * 60 * MINUTE,
      createdAt: T,
    });
    expect(await describeActionLink(deps, token)).toMatchObject({ state: "ready", action: "acknowledge" });
    // The answer in the path is the new shape's: it does not open an earlier link.
    expect(await describeActionLink(deps, token, "acknowledge")).toEqual({ state: "invalid" });
    expect(await redeemActionLink(deps, token)).toMatchObject({ state: "done", action: "acknowledge", task: { status: "ACKNOWLEDGED" } });
    expect(await redeemActionLink(deps, token)).toMatchObject({ state: "used" });
  });
});

/** Wraps the consumer's channels so `hook` runs right after the provider accepted a message (the step is "sending"). */
function afterSend(hook: (deps: Deps, message: OutboundMessage) => Promise<void>, media: Medium[] = ["email"]) {
  return (deps: Deps): Deps => {
    const channels = { ...deps.channels };
    for (const medium of media) {
      const inner = deps.channels[medium];
      channels[medium] = {
        medium,
        status: inner.status,
        send: async (message) => {
          const result = await inner.send(message);
          await hook(deps, message);
          return result;
        },
      };
    }
    return { ...deps, channels };
  };
}

async function deliveriesOf(taskId: string) {
  return depsAt(0).deps.db.select().from(deliveries).where(eq(deliveries.taskId, taskId)).orderBy(asc(deliveries.createdAt), asc(deliveries.recipient));
}

const FINAL_BATCH = /^update "escalation_steps" set .*"sent_at" = \?/;

describe("crashes, failed writes and slow providers", () => {
  it("a consumer that died between writing its delivery row and sending: the retry is acked, the tick re-claims the step after the lease, it is sent once", async () => {
    expectConsoleError(/queue\.retry/);
    const { T, u, task, fake } = await dueTaskTicked();
    const job = fake.pending[0]!;
    // Have a consumer write the delivery row (its provider fails), then make the rows look exactly like a
    // consumer that died right after writing it: step "sending" under a 2-minute lease, delivery "pending".
    await consume(fake.take(), T, (d) => ({ ...d, channels: { ...d.channels, email: { medium: "email", status: d.channels.email.status, send: () => Promise.reject(new Error("isolate died")) } } }));
    const { deps } = depsAt(T);
    await deps.db.update(deliveries).set({ status: "pending", error: null, attempts: 0 }).where(eq(deliveries.taskId, task.id));
    await deps.db.update(escalationSteps).set({ state: "sending", leaseUntil: T + 2 * MINUTE, lastError: null, attempts: 1 }).where(eq(escalationSteps.id, job.stepId));
    expect(await outboxTo(u.email)).toHaveLength(0);

    // The queue's retry arrives while the lease is live: acked as stale, nothing sent.
    fake.pending.push(job);
    const retry = await consume(fake.take("nudge-escalation", 2), T + 10_000);
    expect(retry.explicitAcks).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(0);

    const { fake: later } = await tickAndConsume(T + 3 * MINUTE);
    expect(stepIdsIn(later)).toContain(job.stepId);
    expect(await outboxTo(u.email)).toHaveLength(1);
    expect((await deliveriesOf(task.id)).map((d) => d.status)).toEqual(["sent"]);
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "sent", attempts: 2 });
  });

  it("a final batch that fails after the provider accepted never leads to a second send", async () => {
    expectConsoleError(/queue\.retry/);
    const { T, u, task, fake } = await dueTaskTicked();
    const job = fake.pending[0]!;
    let failures = 0;
    const flaky = (deps: Deps): Deps => ({
      ...deps,
      env: {
        ...deps.env,
        DB: d1FailingBatches(deps.env.DB, (queries) => {
          if (failures > 0 || !queries.some((q) => FINAL_BATCH.test(q))) return false;
          failures += 1;
          return true;
        }),
      },
    });
    const first = await consume(fake.take(), T, flaky);
    expect(failures).toBe(1);
    expect(first.retryMessages).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(1);

    // The failed attempt handed the step back to the queue: its retry finds the delivery recorded as
    // sent, sends nothing, and finishes the step.
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "claimed", claimedBy: job.claimId, lastError: "D1_ERROR: simulated failure of this batch" });
    fake.pending.push(job);
    expect((await consume(fake.take("nudge-escalation", 2), T + 10_000)).explicitAcks).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(1);
    await tickAndConsume(T + 15 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(2); // the next step, and nothing of the first one again
    // Attempts count every time a consumer took the step, including the one whose final write failed.
    expect((await stepsOf(task.id)).map((s) => [s.state, s.attempts])).toEqual([
      ["sent", 2],
      ["sent", 1],
      ["pending", 0],
      ["waiting", 0],
    ]);
    const rows = await deliveriesOf(task.id);
    expect(rows.map((r) => [r.status, r.sentAt])).toEqual([
      ["sent", T],
      ["sent", T + 15 * MINUTE],
    ]);
  });

  it("a step whose consumer keeps dying is buried by the tick after 6 attempts instead of being claimed forever", async () => {
    expectConsoleError(/escalation\.step\.dead/);
    const { T, u, task, fake } = await dueTaskTicked();
    const job = fake.pending[0]!;
    // Six consumers took the step and died before recording anything; the last lease ran out.
    const { deps } = depsAt(T);
    await deps.db.update(escalationSteps).set({ state: "sending", leaseUntil: T + 2 * MINUTE, attempts: 6 }).where(eq(escalationSteps.id, job.stepId));

    const later = await tick(T + 3 * MINUTE);
    expect(stepIdsIn(later)).not.toContain(job.stepId);
    const steps = await stepsOf(task.id);
    expect(steps[0]).toMatchObject({ state: "dead", leaseUntil: null });
    expect(steps[0]!.lastError).toBe("Gave up after 6 attempts. Last error: none recorded (each attempt stopped before it could record one).");
    // The chain moves on.
    expect(steps[1]!.state).toBe("pending");
    // No delivery row had been written: a dead one records why nothing went out.
    const rows = await deliveriesOf(task.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "dead", escalationStepId: job.stepId, userId: u.id });
    expect(rows[0]!.error).toContain("Gave up after 6 attempts.");
    // A late copy of the old message does nothing.
    const late = new FakeQueue();
    late.pending.push(job);
    expect((await consume(late.take(), T + 3 * MINUTE)).explicitAcks).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(0);
    expect((await stepsOf(task.id))[0]?.state).toBe("dead");
  });

  it("an error before the delivery rows are written releases the step for the queue's retry; after the retries it is dead with a dead delivery row", async () => {
    expectConsoleError(/queue\.retry/, /escalation\.step\.dead/, /queue\.dead_letter/);
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    const broken = (deps: Deps): Deps => ({
      ...deps,
      env: { ...deps.env, DB: d1FailingBatches(deps.env.DB, (queries) => queries.some((q) => q.startsWith('insert into "deliveries"'))) },
    });
    const fake = await tick(T);
    const job = fake.pending[0]!;
    let at = T;
    for (let attempt = 1; attempt <= 6; attempt++) {
      if (attempt > 1) fake.pending.push(job);
      const result = await consume(fake.take("nudge-escalation", attempt), at, broken);
      expect(result.retryMessages, `attempt ${attempt}`).toHaveLength(1);
      at += fake.retryDelays[fake.retryDelays.length - 1]! * 1000;
    }
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "claimed", attempts: 6, lastError: "D1_ERROR: simulated failure of this batch" });
    fake.pending.push(job);
    expect((await consume(fake.take(DEAD_LETTER_QUEUE), at)).explicitAcks).toHaveLength(1);
    const steps = await stepsOf(task.id);
    expect(steps.map((s) => s.state)).toEqual(["dead", "pending", "waiting", "waiting"]);
    const rows = await deliveriesOf(task.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "dead", error: "Gave up after 6 attempts. Last error: D1_ERROR: simulated failure of this batch" });
    expect(await outboxTo(u.email)).toHaveLength(0);
  });

  it("a send that starts with under a minute of 'sending' lease left stretches it first, so slow sends never let a tick hand the step to a second consumer", async () => {
    const T = nextDueTime();
    const u = await user();
    const { deps: setup } = depsAt(T - 60 * MINUTE);
    const endpoints = [1, 2, 3, 4].map(() => `https://push.example.com/${crypto.randomUUID()}`);
    for (const endpoint of endpoints) await setup.db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId: u.id, endpoint, p256dh: "k", auth: "a" });
    const task = await newTask(u.id, T);
    const fake = await tick(T);
    const job = fake.pending[0]!;
    const claimedMeanwhile: string[] = [];
    // Push goes to four devices (and Telegram, which the user lacks, needs no email then): four sends of
    // 50 seconds each, with a tick after each one. Without a stretch, the 2-minute lease would run out
    // during the third send.
    const slow = afterSend(async (deps) => {
      const clock = deps.clock as ReturnType<typeof fixedClock>;
      clock.advance(50_000);
      claimedMeanwhile.push(...stepIdsIn(await tick(clock.now().getTime())));
    }, ["email", "push"]);
    const statements: string[] = [];
    const watched = (deps: Deps): Deps => {
      const slowed = slow(deps);
      return { ...slowed, env: { ...slowed.env, DB: d1FailingQueries(slowed.env.DB, (query) => (statements.push(query), false)) } };
    };
    const result = await consume(fake.take(), T, watched);
    expect(result.explicitAcks).toHaveLength(1);
    expect(claimedMeanwhile).not.toContain(job.stepId);
    // The second send starts with 70 s left: a read says the step is still ours. The third, with 20 s
    // left, stretches the lease first (to T + 100 s + 2 min); the fourth starts with 70 s left again.
    expect(statements.filter((q) => q.startsWith('update "escalation_steps" set "lease_until"'))).toHaveLength(1);
    expect(statements.filter((q) => q.startsWith('select "id" from "escalation_steps"'))).toHaveLength(3);
    expect(await outboxTo(u.email)).toHaveLength(0);
    for (const endpoint of endpoints) expect(await outboxTo(endpoint, "push")).toHaveLength(1);
    expect((await stepsOf(task.id))[0]?.state).toBe("sent");
  });
});

describe("answers racing a send", () => {
  it("snooze while the step is being sent: the step fires again when the snooze ends (a new round)", async () => {
    const { T, u, task, fake } = await dueTaskTicked();
    let stateDuringSend = "";
    const result = await consume(
      fake.take(),
      T,
      afterSend(async () => {
        stateDuringSend = (await stepsOf(task.id))[0]!.state;
        await snoozeTask(depsAt(T).deps, u.id, task.id, { minutes: 30 });
      }),
    );
    expect(stateDuringSend).toBe("sending");
    expect(result.explicitAcks).toHaveLength(1);
    expect(await outboxTo(u.email)).toHaveLength(1);
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: T + 30 * MINUTE, lastReminderSentAt: T });
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "pending", dueAt: T + 30 * MINUTE });

    await tickAndConsume(T + 30 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(2);
    expect(await taskRow(task.id)).toMatchObject({ status: "PENDING", snoozedUntil: null, lastReminderSentAt: T + 30 * MINUTE });
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["sent", "pending", "waiting", "waiting"]);
    const rows = await deliveriesOf(task.id);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(2);
  });

  it("a new snooze given while the step that ends the previous snooze is being sent is kept", async () => {
    const T = nextDueTime();
    const u = await user();
    const task = await newTask(u.id, T);
    await snoozeTask(depsAt(T - 10 * MINUTE).deps, u.id, task.id, { minutes: 20 });
    const fake = await tick(T + 10 * MINUTE);
    await consume(
      fake.take(),
      T + 10 * MINUTE,
      afterSend(async () => {
        await snoozeTask(depsAt(T + 10 * MINUTE).deps, u.id, task.id, { minutes: 30 });
      }),
    );
    expect(await outboxTo(u.email)).toHaveLength(1);
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: T + 40 * MINUTE });
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "pending", dueAt: T + 40 * MINUTE });
    await tickAndConsume(T + 40 * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(2);
    expect((await taskRow(task.id))?.status).toBe("PENDING");
  });

  it("acknowledge while the step is being sent: nothing more of the step goes out and the chain stays stopped", async () => {
    const T = nextDueTime();
    const u = await user();
    const [first, second] = [1, 2].map(() => `https://push.example.com/${crypto.randomUUID()}`);
    for (const endpoint of [first!, second!]) {
      await depsAt(T - DAY).deps.db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId: u.id, endpoint, p256dh: "k", auth: "a" });
    }
    const task = await newTask(u.id, T);
    const fake = await tick(T);
    let stateDuringSend = "";
    // The first device's notification goes, then the person acknowledges; the second device's does not.
    await consume(
      fake.take(),
      T,
      afterSend(async () => {
        if (stateDuringSend) return;
        stateDuringSend = (await stepsOf(task.id))[0]!.state;
        await acknowledgeTask(depsAt(T).deps, u.id, task.id);
      }, ["push"]),
    );
    expect(stateDuringSend).toBe("sending");
    expect((await outboxTo(first!, "push")).length + (await outboxTo(second!, "push")).length).toBe(1);
    expect(await outboxTo(u.email)).toHaveLength(0);
    expect(await taskRow(task.id)).toMatchObject({ status: "ACKNOWLEDGED", acknowledgedAt: T, escalationHaltedAt: T });
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
    const [esc] = await depsAt(T).deps.db.select().from(escalations).where(eq(escalations.taskId, task.id));
    expect(esc?.state).toBe("acknowledged");
    for (const minutes of [3, 15, 30, 60]) await tickAndConsume(T + minutes * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(0);
    expect((await outboxTo(first!, "push")).length + (await outboxTo(second!, "push")).length).toBe(1);
  });
});

describe("recurring series without a done", () => {
  it("a chain that runs out unanswered still creates the next occurrence; a later done does not create a second", async () => {
    const T = nextDueTime();
    const u = await user({ defaultEscalationStrategy: "gentle" });
    const task = await newTask(u.id, T, { recurrence: { freq: "daily" } });
    for (const minutes of [0, 30, 120]) await tickAndConsume(T + minutes * MINUTE);
    expect(await outboxTo(u.email)).toHaveLength(3);
    const all = await tasksOfUser(u.id);
    expect(all).toHaveLength(2);
    const next = all.find((t) => t.id !== task.id)!;
    expect(next).toMatchObject({ status: "PENDING", dueAt: T + DAY, seriesId: task.id, recurrence: '{"freq":"daily"}', strategyKey: "gentle" });
    expect((await stepsOf(next.id)).map((s) => s.state)).toEqual(["pending", "waiting", "waiting"]);

    const done = await completeTask(depsAt(T + 4 * 60 * MINUTE).deps, u.id, task.id);
    expect(done.nextTask?.id).toBe(next.id);
    expect(await tasksOfUser(u.id)).toHaveLength(2);
  });

  it("a last step that is dead-lettered ends the chain and continues the series too", async () => {
    expectConsoleError(/escalation\.step\.dead/, /queue\.dead_letter/);
    const T = nextDueTime();
    const u = await user({ defaultEscalationStrategy: "gentle" });
    const task = await newTask(u.id, T, { recurrence: { freq: "daily" } });
    for (const minutes of [0, 30]) await tickAndConsume(T + minutes * MINUTE);
    const fake = await tick(T + 120 * MINUTE);
    await consume(fake.take(DEAD_LETTER_QUEUE), T + 125 * MINUTE);
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["sent", "sent", "dead"]);
    const all = await tasksOfUser(u.id);
    expect(all.map((t) => t.dueAt).sort()).toEqual([T, T + DAY]);
  });
});

describe("the dead-letter consumer", () => {
  it("acks a stale message without touching the step", async () => {
    expectConsoleError(/queue\.dead_letter/);
    const { T, task, fake } = await dueTaskTicked();
    const job = fake.pending[0]!;
    const dlq = new FakeQueue();
    dlq.pending.push({ ...job, claimId: crypto.randomUUID() });
    const result = await consume(dlq.take(DEAD_LETTER_QUEUE), T);
    expect(result.explicitAcks).toHaveLength(1);
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "claimed", claimedBy: job.claimId });
    expect(await deliveriesOf(task.id)).toEqual([]);
  });

  it("never throws: a failure is retried a few times, then logged loudly with the message and acked", async () => {
    const { T, task, fake } = await dueTaskTicked();
    const job = fake.pending[0]!;
    const down = (deps: Deps): Deps => ({ ...deps, db: createDb(d1Down()) });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const dlq = new FakeQueue();
      dlq.pending.push(job);
      const first = await consume(dlq.take(DEAD_LETTER_QUEUE, 1), T, down);
      expect(first.retryMessages).toHaveLength(1);
      dlq.pending.push(job);
      const last = await consume(dlq.take(DEAD_LETTER_QUEUE, 3), T + MINUTE, down);
      expect(last.retryMessages).toEqual([]);
      expect(last.explicitAcks).toHaveLength(1);
      const logged = errors.mock.calls.map((c) => String(c[0])).filter((line) => line.includes("queue.dead_letter.dropped"));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!)).toMatchObject({ level: "error", body: job, error: expect.stringContaining("D1_ERROR") });
    } finally {
      errors.mockRestore();
    }
    // Nothing was lost: the step is still claimed, and the tick takes it again after its lease.
    expect((await stepsOf(task.id))[0]?.state).toBe("claimed");
  });
});

describe("retries and email links", () => {
  it("a retried email is identical to the first attempt (same links), and its token is stored hashed only", async () => {
    expectConsoleError(/queue\.retry/);
    const { T, task, fake } = await dueTaskTicked();
    const job = fake.pending[0]!;
    const sent: OutboundMessage[] = [];
    const flaky = (deps: Deps): Deps => ({
      ...deps,
      channels: {
        ...deps.channels,
        email: {
          medium: "email",
          status: deps.channels.email.status,
          send: async (message) => {
            sent.push(message);
            if (sent.length === 1) throw new Error("Resend answered 500: internal");
            return deps.channels.email.send(message);
          },
        },
      },
    });
    await consume(fake.take(), T, flaky);
    fake.pending.push(job);
    await consume(fake.take("nudge-escalation", 2), T + 10_000, flaky);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    // One token for the email's three answers, its hash on the delivery's one row (ADR 067).
    const links = [...sent[0]!.text.matchAll(/\/r\/([A-Za-z0-9_-]+)\/(done|snooze|acknowledge)/g)].map((m) => [m[1]!, m[2]!]);
    expect(links.map(([, answer]) => answer)).toEqual(["done", "snooze", "acknowledge"]);
    expect(new Set(links.map(([token]) => token)).size).toBe(1);
    const rows = await deliveriesOf(task.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.linkTokenHash).toBe(await sha256Hex(links[0]![0]!));
    expect(await depsAt(T).deps.db.select().from(linkTokens).where(eq(linkTokens.subjectId, task.id))).toEqual([]);
  });

  it("a link whose action hits a database error stays usable", async () => {
    const { T, task, mail } = await remindedByEmail();
    const done = answerLink(mail!.text, "Done");
    const { deps } = depsAt(T + 5 * MINUTE);
    const failing = { ...deps, db: dbWithRaceBeforeFirstBatch(deps.db, async () => {}, { fail: true }) };
    await expect(redeemActionLink(failing, ...done)).rejects.toThrow("D1_ERROR");
    expect((await taskRow(task.id))?.status).toBe("PENDING");
    expect(await describeActionLink(deps, ...done)).toMatchObject({ state: "ready" });
    expect(await redeemActionLink(deps, ...done)).toMatchObject({ state: "done", task: { status: "COMPLETED" } });
    expect(await redeemActionLink(deps, ...done)).toMatchObject({ state: "used" });
  });
});

type TaskJsonOf = Awaited<ReturnType<typeof newTask>>;

describe("rows written per step (issue 8, ADR 067, ADR 069)", () => {
  it("a first step that goes by email writes 12 rows (D1's count), the tick's claim and the cron run's bookkeeping included", async () => {
    const T = nextDueTime();
    const N = 10;
    const people = await Promise.all(Array.from({ length: N }, () => user()));
    await Promise.all(people.map((p) => newTask(p.id, T)));
    const fake = await tick(T);
    const claimId = fake.pending[0]!.claimId;
    const result = await consume(fake.take(), T);
    expect(result.explicitAcks).toHaveLength(N);
    for (const p of people) expect(await outboxTo(p.email)).toHaveLength(1);
    const [run] = await depsAt(T).deps.db.select().from(cronRuns).where(eq(cronRuns.id, claimId));
    // Per step: claim 2, take 2, the delivery row 3 (the row, which is its primary key in a WITHOUT ROWID
    // table, its person and its answer links), its "sent" record 1, the task 1, step sent 1, next step
    // pending 2 (docs/performance.md says how D1 counts). The cron run's own row (3) is written once per
    // tick. One more index entry on the hot path per step would add N.
    expect(run!.rowsWritten + run!.consumerRowsWritten).toBe(12 * N + 3);
  });

  it("a first step that sends two messages (Telegram and push) writes 15 rows", async () => {
    const T = nextDueTime();
    const N = 10;
    const people = await Promise.all(Array.from({ length: N }, () => user({ telegramChatId: `tg-${crypto.randomUUID()}` })));
    for (const p of people) {
      await depsAt(T - DAY).deps.db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId: p.id, endpoint: `https://push.example.com/${crypto.randomUUID()}`, p256dh: "k", auth: "a" });
    }
    const taskList = await Promise.all(people.map((p) => newTask(p.id, T)));
    const fake = await tick(T);
    const claimId = fake.pending[0]!.claimId;
    const result = await consume(fake.take(), T);
    expect(result.explicitAcks).toHaveLength(N);
    for (const task of taskList) expect((await deliveriesOf(task.id)).map((d) => [d.channel, d.status]).sort()).toEqual([["push", "sent"], ["telegram", "sent"]]);
    const [run] = await depsAt(T).deps.db.select().from(cronRuns).where(eq(cronRuns.id, claimId));
    // The same 8 per step, and per message its row, person index and "sent" record (3), the push's
    // answer-link hash one more: 8 + 3 + 4.
    expect(run!.rowsWritten + run!.consumerRowsWritten).toBe(15 * N + 3);
  });
});

describe("a queue batch delivered together (issue 8, ADR 065)", () => {
  /** The consumer's deps with an email channel that runs `before` for each message, then the dev outbox's send. */
  function emailWith(before: (message: OutboundMessage) => Promise<void>) {
    return (deps: Deps): Deps => ({
      ...deps,
      channels: {
        ...deps.channels,
        email: { medium: "email", status: deps.channels.email.status, send: async (message: OutboundMessage) => (await before(message), deps.channels.email.send(message)) },
      },
    });
  }
  /** An email channel that answers by address: `fail(to)` throws for the addresses it chooses. */
  const emailFailingFor = (fail: (to: string) => Error | null) =>
    emailWith(async (message) => {
      const error = fail(message.to);
      if (error) throw error;
    });

  it("five people's first steps: each sent once, each chain moved on, in a few statements for the whole batch", async () => {
    const T = nextDueTime();
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => user()));
    const taskList = await Promise.all(people.map((p) => newTask(p.id, T)));
    const fake = await tick(T);
    const claimId = fake.calls[0]![0]!.claimId;
    const result = await consume(fake.take(), T);
    expect(result.explicitAcks).toHaveLength(5);
    for (const [i, p] of people.entries()) {
      expect(await outboxTo(p.email)).toHaveLength(1);
      expect((await stepsOf(taskList[i]!.id)).map((s) => s.state)).toEqual(["sent", "pending", "waiting", "waiting"]);
      expect((await taskRow(taskList[i]!.id))?.lastReminderSentAt).toBe(T);
    }
    const { deps } = depsAt(T);
    const [run] = await deps.db.select().from(cronRuns).where(eq(cronRuns.id, claimId));
    // Take + read, the pre-send writes with their reads, one record of the sends, the final three.
    expect(run).toMatchObject({ stepsHandled: 5, stepsSent: 5 });
    expect(run!.consumerQueries).toBeLessThanOrEqual(11);
  });

  it("a second copy of a message in the same batch is acked as stale: one email", async () => {
    const { T, u, task, fake } = await dueTaskTicked();
    fake.pending.push({ ...fake.pending[0]! });
    const result = await consume(fake.take(), T);
    expect(result.explicitAcks).toHaveLength(2);
    expect(await outboxTo(u.email)).toHaveLength(1);
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("steps claimed by two ticks travel in one batch: both are taken under their own claims", async () => {
    const T = nextDueTime();
    const a = await user();
    const b = await user();
    const taskA = await newTask(a.id, T);
    const fake = await tick(T);
    const taskB = await newTask(b.id, T + MINUTE);
    await tick(T + MINUTE, fake);
    expect(new Set(fake.pending.map((job) => job.claimId)).size).toBe(2);
    const result = await consume(fake.take(), T + MINUTE);
    expect(result.explicitAcks).toHaveLength(2);
    expect(await outboxTo(a.email)).toHaveLength(1);
    expect(await outboxTo(b.email)).toHaveLength(1);
    expect((await stepsOf(taskA.id))[0]?.state).toBe("sent");
    expect((await stepsOf(taskB.id))[0]?.state).toBe("sent");
  });

  it("one person's provider trouble reschedules only their step; an unclassified error retries only its message", async () => {
    expectConsoleError(/queue\.retry/);
    const T = nextDueTime();
    const [busy, broken, fine] = await Promise.all([user(), user(), user()]);
    const [busyTask, brokenTask, fineTask] = (await Promise.all([busy, broken, fine].map((p) => newTask(p!.id, T)))) as [TaskJsonOf, TaskJsonOf, TaskJsonOf];
    const fake = await tick(T);
    const result = await consume(
      fake.take(),
      T,
      emailFailingFor((to) => (to === busy.email ? new ProviderError("transient", "Resend answered 503") : to === broken.email ? new Error("isolate died") : null)),
    );
    expect(result.explicitAcks).toHaveLength(2);
    expect(result.retryMessages).toHaveLength(1);
    expect(await outboxTo(fine.email)).toHaveLength(1);
    expect((await stepsOf(fineTask.id)).map((s) => s.state)).toEqual(["sent", "pending", "waiting", "waiting"]);
    // The transient failure: pending again later in the same round, its row failed with the reason.
    const [busyStep] = await stepsOf(busyTask.id);
    expect(busyStep).toMatchObject({ state: "pending", roundAt: T, lastError: `email:${busy.email}: Resend answered 503` });
    expect(busyStep!.dueAt).toBeGreaterThan(T);
    expect((await deliveriesOf(busyTask.id)).map((d) => [d.status, d.error])).toEqual([["failed", "Resend answered 503"]]);
    // The unclassified one: back to "claimed" under its claim for the queue's retry.
    expect((await stepsOf(brokenTask.id))[0]).toMatchObject({ state: "claimed", lastError: `email:${broken.email}: isolate died` });
    expect(await outboxTo(busy.email)).toHaveLength(0);
    expect(await outboxTo(broken.email)).toHaveLength(0);
  });

  it(`a step answered while an earlier chunk of ${SEND_CHUNK} sends is going out is not sent: its chunk's lease check stops it`, { timeout: 60_000 }, async () => {
    const T = nextDueTime();
    const people = await Promise.all(Array.from({ length: SEND_CHUNK + 3 }, () => user()));
    const taskList = await Promise.all(people.map((p) => newTask(p.id, T)));
    const fake = await tick(T);
    let answered = false;
    const { deps: answering } = depsAt(T);
    // The first send of the batch: every person acknowledges. The first chunk's sends are already on
    // their way (they started together); the next chunk's lease check finds its steps cancelled.
    const result = await consume(
      fake.take(),
      T,
      emailWith(async () => {
        if (answered) return;
        answered = true;
        for (const [i, p] of people.entries()) await acknowledgeTask(answering, p.id, taskList[i]!.id);
      }),
    );
    expect(result.explicitAcks).toHaveLength(SEND_CHUNK + 3);
    const emails = (await Promise.all(people.map((p) => outboxTo(p.email)))).map((list) => list.length);
    expect(emails.reduce((a, b) => a + b, 0)).toBe(SEND_CHUNK);
    for (const [i, count] of emails.entries()) {
      const rows = await deliveriesOf(taskList[i]!.id);
      // Sent where it went; a step stopped by its chunk's check keeps its pending row and sends nothing.
      expect(rows.map((r) => r.status)).toEqual([count === 1 ? "sent" : "pending"]);
      expect((await stepsOf(taskList[i]!.id)).map((s) => s.state)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
    }
  });

  it("when a chunk's record of its sends fails, each step writes it again in its own final batch: sent once, recorded, chain moved on", async () => {
    const T = nextDueTime();
    const people = await Promise.all([1, 2].map(() => user()));
    const taskList = await Promise.all(people.map((p) => newTask(p.id, T)));
    const fake = await tick(T);
    let failed = 0;
    const warn = vi.spyOn(console, "warn");
    const result = await consume(fake.take(), T, (deps) => ({
      ...deps,
      env: {
        ...deps.env,
        DB: d1FailingQueries(deps.env.DB, (query) => {
          // The chunk's record: an UPDATE of deliveries FROM the JSON list of its sends.
          const chunkRecord = query.startsWith('update "deliveries" set') && query.includes("from json_each");
          if (chunkRecord) failed += 1;
          return chunkRecord;
        }),
      },
    }));
    expect(failed).toBe(1);
    expect(warn.mock.calls.some(([line]) => String(line).includes('"event":"delivery.record_failed"'))).toBe(true);
    warn.mockRestore();
    expect(result.explicitAcks).toHaveLength(2);
    for (const [i, p] of people.entries()) {
      expect(await outboxTo(p.email)).toHaveLength(1);
      expect((await deliveriesOf(taskList[i]!.id)).map((d) => [d.status, d.sentAt])).toEqual([["sent", T]]);
      expect((await stepsOf(taskList[i]!.id)).map((s) => s.state)).toEqual(["sent", "pending", "waiting", "waiting"]);
    }
  });

  it("every shared statement finds its steps, rows and tasks by key: no scan, no sort", async () => {
    const { deps } = depsAt(Date.parse("2027-06-01T09:00:00Z"));
    const jobs = [
      { stepId: "s1", claimId: "c1" },
      { stepId: "s2", claimId: "c2" },
    ];
    const { take, read } = takeAndReadStatements(deps, jobs, 0);
    const statements = [
      take,
      read,
      stillOursStatement(deps, jobs),
      stretchLeasesStatement(deps, jobs),
      rowsOf(deps, ["k1", "k2"]),
      pushEndpointsStatement(deps, ["u1"]),
      recordSentStatement(deps, [{ key: "k1", providerMessageId: "p", at: 0 }]),
      lastReminderStatement(deps, [{ taskId: "t1", keys: ["k1", "k2"] }, { taskId: "t1", keys: ["k3"] }]),
      stepsSentStatement(deps, jobs, 0),
      nextStepsPendingStatement(deps, [{ escalationId: "e1", nextIndex: 1, stepId: "s1", claimId: "c1" }]),
    ];
    for (const statement of statements) {
      const query = statement.toSQL();
      const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).bind(...query.params).all<{ detail: string }>()).results.map((r) => r.detail).join("\n");
      expect(plan, query.sql).not.toMatch(/SCAN (escalation_steps|deliveries|tasks|escalations|users|push_subscriptions)\b|TEMP B-TREE/);
      // The steps by id, never through the lease index, whose every leased step would be read.
      expect(plan, query.sql).not.toContain("escalation_steps_leased_idx");
    }
  });
});
