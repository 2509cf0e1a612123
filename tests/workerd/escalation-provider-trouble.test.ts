/**
 * Provider trouble (issue 7 item 4, ADR 042): transient failures (429, 5xx, timeouts) are retried by
 * rescheduling the step in the same round for up to 6 hours, permanent ones (422, 401/403) fail the
 * delivery for good and the chain goes on, a refused SMS falls back to one email, and sends to a
 * provider are paced. The real Resend channel talks to the fake Resend (tests/fakes/resend.ts).
 * Era: 2047 (docs/testing.md). No tick runs here: steps are claimed by hand, as a tick would.
 */
import { env } from "cloudflare:test";
import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { deliveries, escalationSteps, pushSubscriptions, users } from "../../db/schema";
import { resendEmailChannel, ResendError } from "../../worker/channels/email";
import { ProviderError, retryAfterMs } from "../../worker/channels/errors";
import { rateLimited, tokenBucket } from "../../worker/channels/rate-limit";
import { createChannels } from "../../worker/channels";
import type { Channel } from "../../worker/channels/types";
import type { Deps } from "../../worker/services/deps";
import { createTask, snoozeTask } from "../../worker/services/tasks";
import { fakeFetch } from "../fakes/fake";
import { createFakeResend } from "../fakes/resend";
import { expectConsoleError } from "./console-errors";
import { depsAt, MINUTE, runStepByHand, stepsOf, testEra } from "./escalation-helpers";

const ERA = Date.parse("2047-01-01T09:00:00Z");
const DAY = 24 * 60 * MINUTE;
const HOUR = 60 * MINUTE;
const { user } = testEra(new Date(ERA));

let day = 0;
/** Each test gets its own day in 2047, 09:00 UTC. */
function nextDueTime(): number {
  day += 1;
  return ERA + day * DAY;
}

/** The fake Resend on the fake clock `at()`, and the real Resend channel pointed at it. */
function resendAt(at: () => number) {
  const resend = createFakeResend({ apiKey: "re_test", origin: "https://resend.test", now: at });
  const channel = resendEmailChannel({ apiKey: "re_test", apiBase: "https://resend.test", from: "Nudge <reminders@nudge.example.com>", fetch: fakeFetch(resend) });
  return { resend, channel };
}

const runStep = runStepByHand;

async function newTask(userId: string, dueAt: number, strategy?: string) {
  return createTask(depsAt(dueAt - HOUR).deps, userId, { title: "Take pills", dueDate: new Date(dueAt).toISOString(), ...(strategy ? { strategy } : {}) });
}

/** A user with a task due at the next free day, its first step, and the fake Resend on a clock the test moves (`clock.now`). */
async function scenario(options: { user?: Parameters<typeof user>[0] } = {}) {
  const T = nextDueTime();
  const clock = { now: T };
  const { resend, channel } = resendAt(() => clock.now);
  const u = await user(options.user);
  return { T, clock, resend, channel, u };
}

/** Runs the step at each due time it is given, while it is pending (at most `max` tries); the times tried, from T, in seconds. */
async function tryWhilePending(taskId: string, stepId: string, T: number, clock: { now: number }, channels: Partial<Deps["channels"]>, max: number) {
  const tries: number[] = [];
  for (let i = 0; i < max; i++) {
    const step = (await stepsOf(taskId))[0]!;
    if (step.state !== "pending") break;
    clock.now = step.dueAt;
    tries.push((clock.now - T) / 1000);
    const result = await runStep(stepId, clock.now, channels);
    expect(result.retryMessages).toEqual([]);
  }
  return tries;
}

/**
 * Makes the task's first step the chain's last (its later steps removed): a step with a next step is
 * retried only until that one is due (ADR 042), the last one for up to 6 hours.
 */
async function onlyFirstStep(taskId: string) {
  await depsAt(ERA).deps.db.delete(escalationSteps).where(and(eq(escalationSteps.taskId, taskId), gt(escalationSteps.stepIndex, 0)));
}

async function deliveriesOfStep(stepId: string) {
  return depsAt(ERA).deps.db.select().from(deliveries).where(eq(deliveries.escalationStepId, stepId));
}

describe("Resend's failures, classified", () => {
  const message = { to: "ana@example.com", subject: "Reminder", text: "Take pills", idempotencyKey: "k-1" };
  const answering = (status: number, headers: Record<string, string> = {}) =>
    resendEmailChannel({ apiKey: "k", from: "a@b.c", fetch: (async () => Response.json({ message: "no" }, { status, headers })) as typeof fetch });
  const failureOf = (channel: Channel) => channel.send(message).then(() => null, (error: unknown) => error as ProviderError);

  it("429 and 5xx, a timeout and a network error are transient; Retry-After (seconds or a date) is passed on", async () => {
    expect(await failureOf(answering(429, { "retry-after": "7" }))).toMatchObject({ kind: "transient", retryAfterMs: 7000, status: 429 });
    for (const status of [500, 502, 503]) expect(await failureOf(answering(status))).toMatchObject({ kind: "transient" });
    const unreachable = resendEmailChannel({ apiKey: "k", from: "a@b.c", fetch: (async () => Promise.reject(new TypeError("Network connection lost."))) as typeof fetch });
    expect(await failureOf(unreachable)).toMatchObject({ kind: "transient", message: "Resend could not be reached: Network connection lost." });
    const hung = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)))) as typeof fetch;
    expect(await failureOf(resendEmailChannel({ apiKey: "k", from: "a@b.c", fetch: hung, timeoutMs: 20 }))).toMatchObject({ kind: "transient" });
    expect(retryAfterMs("Wed, 21 Oct 2043 07:28:30 GMT", Date.parse("2043-10-21T07:28:00Z"))).toBe(30_000);
    expect(retryAfterMs("soon", 0)).toBeNull();
  });

  it("422, 401, 403 and 400 are permanent, with a sentence a person understands", async () => {
    const refused = await failureOf(answering(422));
    expect(refused).toBeInstanceOf(ResendError);
    expect(refused).toMatchObject({ kind: "permanent", reason: "Resend refused the address or the message: no" });
    expect(await failureOf(answering(403))).toMatchObject({ kind: "permanent", reason: "Resend refused our API key (check RESEND_API_KEY): no" });
    for (const status of [400, 401]) expect(await failureOf(answering(status))).toMatchObject({ kind: "permanent" });
  });
});

describe("transient trouble: the step is rescheduled in the same round, not dead-lettered", () => {
  it("429 with Retry-After, then 200: sent once, after the delay, with the same delivery key", async () => {
    const { T, clock, resend, channel, u } = await scenario();
    const task = await newTask(u.id, T);
    const step = (await stepsOf(task.id))[0]!;

    resend.failNext({ status: 429, retryAfterSeconds: 120, times: 1 });
    const first = await runStep(step.id, T, { email: channel });
    expect(first.retryMessages).toEqual([]);
    expect(first.explicitAcks).toHaveLength(1);
    // Retry-After (2 minutes) is a floor over the first delay (30 s); the round stays T.
    const rescheduled = (await stepsOf(task.id))[0]!;
    expect(rescheduled).toMatchObject({ state: "pending", dueAt: T + 2 * MINUTE, roundAt: T, claimedBy: null, attempts: 0 });
    const [failed] = await deliveriesOfStep(step.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, error: expect.stringContaining("Resend asked us to slow down") });
    expect(resend.sent).toHaveLength(0);

    clock.now = T + 2 * MINUTE;
    await runStep(step.id, clock.now, { email: channel });
    expect(resend.sent).toHaveLength(1);
    const [sent] = await deliveriesOfStep(step.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, idempotencyKey: failed!.idempotencyKey, error: null });
    expect(sent!.idempotencyKey).toContain(`@${T}:email:`);
    expect(resend.received.map((r) => r.headers["idempotency-key"])).toEqual([failed!.idempotencyKey, failed!.idempotencyKey]);
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["sent", "pending", "waiting", "waiting"]);
  });

  it("a snooze while the step waits for its next try starts a new round: new keys, at the snooze's end", async () => {
    const { T, clock, resend, channel, u } = await scenario();
    const task = await newTask(u.id, T);
    const stepId = (await stepsOf(task.id))[0]!.id;
    resend.failNext({ status: 503, times: 1 });
    await runStep(stepId, T, { email: channel });
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "pending", dueAt: T + 30_000, roundAt: T });

    clock.now = T + MINUTE;
    await snoozeTask(depsAt(clock.now).deps, u.id, task.id, { minutes: 30 });
    // The chain resumes from the round (T), so the later steps keep their spacing from it.
    const steps = await stepsOf(task.id);
    expect(steps[0]).toMatchObject({ state: "pending", dueAt: clock.now + 30 * MINUTE, roundAt: null });
    expect(steps[1]!.dueAt - steps[0]!.dueAt).toBe(15 * MINUTE);

    clock.now = steps[0]!.dueAt;
    await runStep(stepId, clock.now, { email: channel });
    expect(resend.sent).toHaveLength(1);
    expect(resend.sent[0]!.idempotencyKey).toContain(`@${clock.now}:email:`);
  });

  it("5xx for 30 minutes of the clock, then 200: tried with growing delays, sent, not dead", async () => {
    const { T, clock, resend, channel, u } = await scenario();
    const task = await newTask(u.id, T);
    const stepId = (await stepsOf(task.id))[0]!.id;
    await onlyFirstStep(task.id);
    resend.failNext({ status: 503, until: T + 30 * MINUTE });

    const tries = await tryWhilePending(task.id, stepId, T, clock, { email: channel }, 12);
    // 30 s, 1, 2, 5, 10, 20 minutes apart: more than the queue's 5 retries, and still going.
    expect(tries).toEqual([0, 30, 90, 210, 510, 1110, 2310]);
    expect(resend.sent).toHaveLength(1);
    const [row] = await deliveriesOfStep(stepId);
    expect(row).toMatchObject({ status: "sent", attempts: 7 });
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "sent", lastError: null });
  });

  it("the last step in trouble past the 6-hour window: dead with the reason on its delivery, and the chain ends", async () => {
    expectConsoleError(/escalation\.step\.dead/);
    const { T, clock, resend, channel, u } = await scenario();
    const task = await newTask(u.id, T);
    const stepId = (await stepsOf(task.id))[0]!.id;
    await onlyFirstStep(task.id);
    resend.failNext({ status: 500, until: T + 8 * HOUR });

    await tryWhilePending(task.id, stepId, T, clock, { email: channel }, 30);
    expect(clock.now - T).toBeLessThanOrEqual(6 * HOUR);
    expect(clock.now - T).toBeGreaterThan(5 * HOUR);
    const [row] = await deliveriesOfStep(stepId);
    expect(row!.status).toBe("dead");
    expect(row!.error).toMatch(/^Gave up after 5\.\d hours of provider trouble\. Last error: Resend is having trouble \(500\): An unexpected error occurred\.$/);
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["dead"]);
  });

  it("a step held by quiet hours whose catch-up stays in trouble: dead, and its catch-up delivery dead with the reason (not left 'failed')", async () => {
    expectConsoleError(/escalation\.step\.dead/);
    // Quiet from 08:00 to 10:00 in London (UTC in January): the 09:00 step is held, and fires as the catch-up at 10:00.
    const { T, clock, resend, channel, u } = await scenario({ user: { quietStart: 8 * 60, quietEnd: 10 * 60, timezone: "Europe/London" } });
    const task = await newTask(u.id, T);
    const stepId = (await stepsOf(task.id))[0]!.id;
    await onlyFirstStep(task.id);
    await runStep(stepId, T, { email: channel });
    expect((await stepsOf(task.id))[0]).toMatchObject({ state: "pending", dueAt: T + HOUR });
    resend.failNext({ status: 500, until: T + 9 * HOUR });

    await tryWhilePending(task.id, stepId, T, clock, { email: channel }, 30);
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["dead"]);
    // The catch-up's key is the person's, not the step's (ADR 064); giving up closes it all the same, and no
    // "nothing was resolved" row is added beside it.
    const rows = await deliveriesOfStep(stepId);
    expect(rows.map((row) => [row.idempotencyKey.split("@")[0], row.status])).toEqual([[`quiet:${u.id}`, "dead"]]);
    expect(rows[0]!.error).toMatch(/^Gave up after .+ Last error: Resend is having trouble \(500\)/);
    expect(resend.sent).toHaveLength(0);
  });

  it("a step with a next step is retried only until that one is due: the escalation keeps its schedule", async () => {
    expectConsoleError(/escalation\.step\.dead/);
    const { T, clock, resend, channel, u } = await scenario();
    const task = await newTask(u.id, T);
    const [first, second] = await stepsOf(task.id);
    resend.failNext({ status: 500, until: T + 8 * HOUR });

    await tryWhilePending(task.id, first!.id, T, clock, { email: channel }, 30);
    expect(clock.now).toBeLessThanOrEqual(second!.dueAt);
    const [row] = await deliveriesOfStep(first!.id);
    expect(row!.status).toBe("dead");
    expect(row!.error).toMatch(/^Gave up after \d+ minutes of provider trouble, when the next step was due\. Last error: /);
    const steps = await stepsOf(task.id);
    expect(steps.map((s) => s.state)).toEqual(["dead", "pending", "waiting", "waiting"]);
    expect(steps[1]!.dueAt).toBe(second!.dueAt);
  });
});

describe("permanent failures: failed for good, the chain goes on", () => {
  it("422 (a bad address): the delivery is refused with the reason, never retried, and the next step comes", async () => {
    expectConsoleError(/delivery\.permanent_failure/);
    const { T, resend, channel, u } = await scenario();
    await depsAt(T).deps.db.update(users).set({ email: `robin-${u.id.slice(0, 8)}@localhost` }).where(eq(users.id, u.id));
    const task = await newTask(u.id, T);
    const stepId = (await stepsOf(task.id))[0]!.id;

    const result = await runStep(stepId, T, { email: channel });
    expect(result.retryMessages).toEqual([]);
    const [row] = await deliveriesOfStep(stepId);
    expect(row).toMatchObject({ status: "refused", attempts: 1 });
    expect(row!.error).toMatch(/^Resend refused the address or the message: Invalid `to` field/);
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["sent", "pending", "waiting", "waiting"]);
    expect(resend.received).toHaveLength(1);
    expect(resend.sent).toHaveLength(0);
  });

  it("an SMS the provider refuses falls back to ONE email saying why; the SMS is not tried again", async () => {
    expectConsoleError(/delivery\.permanent_failure/);
    const { T, clock, resend, channel, u } = await scenario({ user: { phone: "+447700900123", phoneVerified: true, telegramChatId: "4242" } });
    await depsAt(T).deps.db.insert(pushSubscriptions).values({ id: crypto.randomUUID(), userId: u.id, endpoint: `https://push.test/${u.id}`, p256dh: "p", auth: "a" });
    // Urgent's first step is telegram, push and sms: nothing of it goes by email unless a send fails.
    const task = await newTask(u.id, T, "urgent");
    const stepId = (await stepsOf(task.id))[0]!.id;
    let smsTries = 0;
    const sms: Channel = {
      medium: "sms",
      status: { available: true, provider: "twilio", reason: null },
      async send() {
        smsTries += 1;
        throw new ProviderError("permanent", "Twilio answered 400: 21211", { reason: "Twilio refused the number: it is not a valid phone number." });
      },
    };
    // The fallback email meets Resend's outage once: the step is rescheduled, and sends it on the next try.
    resend.failNext({ status: 500, times: 1 });
    await runStep(stepId, T, { email: channel, sms });
    clock.now = (await stepsOf(task.id))[0]!.dueAt;
    await runStep(stepId, clock.now, { email: channel, sms });

    expect(smsTries).toBe(1);
    expect(resend.sent).toHaveLength(1);
    expect(resend.sent[0]!.to).toEqual([u.email]);
    expect(resend.sent[0]!.text).toContain("Your text message for this reminder couldn't be delivered, so it came by email.");
    const rows = await deliveriesOfStep(stepId);
    expect(rows.find((r) => r.channel === "sms")).toMatchObject({ status: "refused", error: "Twilio refused the number: it is not a valid phone number." });
    expect(rows.find((r) => r.channel === "email")).toMatchObject({ status: "sent", requestedChannel: "sms", attempts: 2 });
    expect(rows.filter((r) => r.status === "sent").map((r) => r.channel).sort()).toEqual(["email", "push", "telegram"]);
    expect((await stepsOf(task.id)).map((s) => s.state)).toEqual(["sent", "pending", "waiting", "waiting"]);
    const emails = await depsAt(T).deps.db.select().from(deliveries).where(and(eq(deliveries.taskId, task.id), eq(deliveries.channel, "email")));
    expect(emails).toHaveLength(1);
  });
});

describe("the send rate to a provider is bounded", () => {
  it("N sends at once through production's Resend channel never exceed the bucket in any one-second window, and none is dropped", async () => {
    const resend = createFakeResend({ apiKey: "re_rate", origin: "https://resend.test" });
    const arrivals: number[] = [];
    const started = performance.now();
    const answer = fakeFetch(resend);
    vi.stubGlobal("fetch", (async (input: RequestInfo | URL, init?: RequestInit) => {
      arrivals.push(performance.now() - started);
      return answer(input, init);
    }) as typeof fetch);
    const { deps } = depsAt(ERA);
    const production = { ...env, DEV_OUTBOX: "false", EMAIL_PROVIDER: "resend", RESEND_API_KEY: "re_rate", RESEND_API_BASE: "https://resend.test", RESEND_MAX_PER_SECOND: "20" };
    const channel = createChannels(production, deps.db, deps.clock).email;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => channel.send({ to: `n${i}@example.com`, subject: "Hi", text: "Hi", idempotencyKey: `rate-${i}` })),
    ).finally(() => vi.unstubAllGlobals());
    expect(outcomes.every((o) => o.status === "fulfilled")).toBe(true);
    expect(resend.sent).toHaveLength(30);
    arrivals.sort((a, b) => a - b);
    for (const first of arrivals) expect(arrivals.filter((t) => t >= first && t < first + 1000).length).toBeLessThanOrEqual(20 + 1);
    // 30 sends at 20 a second take about 1.5 s.
    expect(arrivals.at(-1)!).toBeGreaterThan(1_300);
  });

  it("a send that would wait past the bound fails as transient with the wait, so the engine reschedules it", async () => {
    // Time stands still: each send takes the next slot, 500 ms apart.
    const waits: number[] = [];
    const bucket = tokenBucket({ perSecond: 2, maxWaitMs: 600, now: () => 0, sleep: async (ms) => void waits.push(ms) });
    let sends = 0;
    const ok: Channel = { medium: "email", status: { available: true, provider: "resend", reason: null }, send: async () => ({ providerMessageId: `x${++sends}` }) };
    const paced = rateLimited(ok, bucket);
    await paced.send({ to: "a@example.com", text: "1" });
    await paced.send({ to: "a@example.com", text: "2" });
    expect(waits).toEqual([500]);
    const held = await paced.send({ to: "a@example.com", text: "3" }).then(() => null, (e: unknown) => e as ProviderError);
    expect(held).toBeInstanceOf(ProviderError);
    expect(held).toMatchObject({ kind: "transient", retryAfterMs: 1000 });
    expect(held!.message).toBe("Held back: more than 2 sends a second to resend; tried again later.");
    expect(sends).toBe(2);
  });
});
