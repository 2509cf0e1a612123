import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cronRuns, outboxMessages } from "../../db/schema";
import * as worker from "../../worker/handlers";
import type { Job } from "../../worker/queue-payloads";
import { fixedClock } from "../../worker/services/clock";
import { EMAIL_CONFIGURED, jsonRequest, request, testDeps } from "./helpers";
import { expectConsoleError } from "./console-errors";
import { loadDevOutbox } from "../../app/lib/dev-outbox.server";
import { createTask, deleteTask } from "../../worker/services/tasks";
import { api, createUser, deleteUsers, tasksOfUser } from "./escalation-helpers";

describe("GET /v1/health", () => {
  it("answers ok after asking D1", async () => {
    const response = await request("/v1/health");
    expect(response.status).toBe(200);
    const body = await response.json<{ status: string; database: string }>();
    expect(body).toMatchObject({ status: "ok", database: "ok" });
  });

  it("reports what D1 cost in Server-Timing", async () => {
    const response = await request("/v1/health");
    const timing = response.headers.get("Server-Timing") ?? "";
    expect(timing).toMatch(/d1;dur=\d+(\.\d+)?;desc="1 queries"/);
    expect(timing).toMatch(/d1-rows-read;desc="\d+"/);
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("reports the token check's time on a signed-in route, and only there (bench:api splits a route's time by it)", async () => {
    const user = await createUser();
    try {
      const signedIn = await api("/v1/tasks", "GET", undefined, user.token);
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get("Server-Timing")).toMatch(/^total;dur=\d+\.\d, auth;dur=\d+\.\d, d1;dur=/);
      // No token check ran: health, and a refused token (its 401 says nothing of how far the check got).
      expect((await request("/v1/health")).headers.get("Server-Timing")).not.toMatch(/auth;/);
      const refused = await api("/v1/tasks", "GET", undefined, `${user.token}x`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("Server-Timing")).not.toMatch(/auth;/);
    } finally {
      await deleteUsers(user.id);
    }
  });
});

describe("the error envelope", () => {
  it("answers an unknown /v1 route with a JSON 404 and a sentence", async () => {
    const response = await request("/v1/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.headers.get("Server-Timing")).toBeTruthy();
    const body = await response.json<{ message: string; code: string }>();
    expect(body.code).toBe("ROUTE_NOT_FOUND");
    expect(body.message).toBe("There is no GET /v1/no-such-thing in this API.");
  });

  it("answers a thrown error with a 500, a request id and no stack", async () => {
    // The envelope's log line for an unexpected error (worker/api/errors.ts).
    expectConsoleError(/Failed to run the query 'select 1'/);
    const brokenDb = {
      prepare() {
        throw new Error("D1 exploded: secret internals at worker/db.ts:42");
      },
    } as unknown as D1Database;
    const response = await request("/v1/health", {}, { DB: brokenDb });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("secret internals");
    expect(text).not.toContain("at ");
    const body = JSON.parse(text) as { message: string; code: string; requestId: string };
    expect(body.code).toBe("INTERNAL_ERROR");
    expect(body.message).toBe("Something went wrong on our side. Please try again in a moment.");
    expect(body.requestId).toBe(response.headers.get("X-Request-Id"));
  });
});

describe("scheduled() and queue()", () => {
  it("a tick at a fixed time records itself in cron_runs (finished, with its D1 cost); the queue acks a message whose step is gone", async () => {
    const scheduledTime = Date.parse("2026-03-01T09:00:00Z");
    const controller = createScheduledController({ scheduledTime, cron: "* * * * *" });
    const sent: unknown[] = [];
    const queue = { send: async (job: Job) => void sent.push(job), sendBatch: async (jobs: unknown[]) => void sent.push(...jobs) } as unknown as Queue<Job>;
    const deps = testDeps(fixedClock(scheduledTime));
    await worker.scheduled(controller, { ...env, ESCALATION_QUEUE: queue }, deps);

    // Nothing of this suite is due this early: the tick claims and queues nothing.
    expect(sent).toHaveLength(0);
    const runs = await deps.db.select().from(cronRuns).where(eq(cronRuns.scheduledAt, scheduledTime));
    const run = runs[runs.length - 1];
    expect(run?.claimed).toBe(0);
    expect(run?.finishedAt).toBe(scheduledTime);
    expect(run?.queries).toBeGreaterThan(0);

    const job: Job = { type: "escalation.step", stepId: "no-such-step", claimId: run?.id ?? "" };
    const batch = createMessageBatch<Job>("nudge-escalation", [{ id: "m1", timestamp: new Date(), attempts: 1, body: job }]);
    const batchCtx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, batchCtx);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(result.retryMessages).toEqual([]);
    const [after] = await deps.db.select().from(cronRuns).where(eq(cronRuns.id, run?.id ?? ""));
    expect(after?.stepsHandled).toBe(1);
    expect(after?.stepsSent).toBe(0);
  });
});

describe("the dev outbox", () => {
  it("stores what a channel sends and lists it newest first at /dev/outbox.json", async () => {
    const clock = fixedClock("2026-03-01T09:00:00Z");
    const deps = testDeps(clock);
    await deps.db.delete(outboxMessages);
    await deps.channels.email.send({ to: "first@example.com", subject: "First", text: "Hello https://example.com/a", html: "<p>Hello</p>" });
    clock.advance(1000);
    await deps.channels.sms.send({ to: "+972501234567", text: "Second" });

    const response = await request("/dev/outbox.json");
    expect(response.status).toBe(200);
    const entries = await response.json<Array<Record<string, unknown>>>();
    expect(entries.map((e) => e.to)).toEqual(["+972501234567", "first@example.com"]);
    expect(Object.keys(entries[1]!).sort()).toEqual(["channel", "createdAt", "html", "id", "meta", "subject", "text", "to"]);
    expect(entries[1]).toMatchObject({ channel: "email", subject: "First", text: "Hello https://example.com/a", html: "<p>Hello</p>", createdAt: "2026-03-01T09:00:00.000Z" });
    expect(entries[0]).toMatchObject({ channel: "sms", subject: null, html: null });

    // ?to= keeps one address's messages (exactly: no prefix or case folding).
    const only = await (await request(`/dev/outbox.json?to=${encodeURIComponent("+972501234567")}`)).json<Array<{ to: string }>>();
    expect(only.map((e) => e.to)).toEqual(["+972501234567"]);
    // The "+" typed by hand in the URL (a space once decoded) finds the same messages.
    expect((await (await request("/dev/outbox.json?to=+972501234567")).json<Array<{ to: string }>>()).map((e) => e.to)).toEqual(["+972501234567"]);
    expect(await (await request("/dev/outbox.json?to=FIRST%40example.com")).json()).toEqual([]);
    expect(await (await request("/dev/outbox.json?to=first")).json()).toEqual([]);
  });

  it("the page's lists say when they are cut: 200 newest messages, 10 soonest chains, each also per address", { timeout: 30_000 }, async () => {
    const clock = fixedClock("2026-03-02T09:00:00Z");
    const deps = testDeps(clock);
    await deps.db.delete(outboxMessages);
    const busy = "+972500000001";
    for (let i = 0; i < 201; i++) {
      clock.advance(1);
      await deps.channels.sms.send({ to: busy, text: `Message ${i + 1}` });
    }
    await deps.channels.sms.send({ to: "+972500000002", text: "Only one" });
    const everything = await loadDevOutbox(deps, null);
    expect(everything.messages).toHaveLength(200);
    expect(everything.messages[0]!.text).toBe("Only one");
    expect(everything.moreMessages).toBe(true);
    const busyOnes = await loadDevOutbox(deps, busy);
    expect([busyOnes.messages.length, busyOnes.messages[0]!.text, busyOnes.moreMessages]).toEqual([200, "Message 201", true]);
    const quiet = await loadDevOutbox(deps, "+972500000002");
    expect([quiet.messages.length, quiet.moreMessages, quiet.chains]).toEqual([1, false, []]);

    // Chains: one person's 11 tasks (due in 2098, far past any test's tick) wait for their first step.
    const owner = await createUser();
    try {
      for (let i = 0; i < 11; i++) await createTask(deps, owner.id, { title: `Chain ${i + 1}`, dueDate: new Date(Date.UTC(2098, 0, 1, 9, i)).toISOString() });
      const theirs = await loadDevOutbox(deps, owner.email);
      expect(theirs.chains.map((chain) => chain.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Chain ${i + 1}`));
      expect(theirs.moreChains).toBe(true);
      await deleteTask(deps, owner.id, (await tasksOfUser(owner.id)).find((task) => task.title === "Chain 11")!.id);
      expect((await loadDevOutbox(deps, owner.email)).moreChains).toBe(false);
    } finally {
      await deleteUsers(owner.id);
    }
  });

  it("does not exist when DEV_OUTBOX is off", async () => {
    const response = await request("/dev/outbox.json", {}, { DEV_OUTBOX: "false", ...EMAIL_CONFIGURED });
    expect(response.status).toBe(404);
  });

  it("an unknown method on a known path is a JSON 404, not a page", async () => {
    const response = await jsonRequest("/v1/health", "POST", {});
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "There is no POST /v1/health in this API.", code: "ROUTE_NOT_FOUND" });
  });
});

describe("bad requests", () => {
  it("a body that is not JSON gets a 400 with a sentence, not a 500", async () => {
    const response = await jsonRequest("/v1/auth/login", "POST", "{not json");
    expect(response.status).toBe(400);
    const body = await response.json<{ message: string; code: string }>();
    expect(body.code).toBe("BAD_REQUEST");
    expect(body.message).toBe("The request body could not be read. Please send valid JSON.");
    expect(response.headers.get("Server-Timing")).toMatch(/d1;dur=/);
  });

  it("a body that fails validation gets a 400 with the rule's own message", async () => {
    const response = await jsonRequest("/v1/auth/login", "POST", { email: "", password: "" });
    expect(response.status).toBe(400);
    const body = await response.json<{ message: string; code: string }>();
    expect(body.message).toBe("Please fill in all fields");
  });
});
