/**
 * Helpers for the tasks-*, escalation-* and nl-api test files: users inserted directly, bearer
 * tokens, a fake Queue that captures sendBatch, and outbox/step readers.
 *
 * D1 is shared by every test file, and a cron tick claims EVERY due step. So the files keep to
 * their own eras: escalation-engine.test.ts (the only file that runs ticks) uses 2027-2028; the
 * API files run with the system time faked into 2041+ and only create steps due after that.
 * The foundation test's tick (2026-03-01) is earlier than both.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { escalations, escalationSteps, outboxMessages, tasks, users } from "../../db/schema";
import { queue } from "../../worker/handlers";
import type { Job } from "../../worker/queue-payloads";
import { signAccessToken } from "../../worker/services/auth/access-token";
import { fixedClock, systemClock, type Clock } from "../../worker/services/clock";
import { createDeps, type Deps } from "../../worker/services/deps";
import { request } from "./helpers";

export const ORIGIN = "http://localhost:8787";

export interface TestUser {
  id: string;
  email: string;
  name: string;
  token: string;
}

export interface UserOptions {
  isVerified?: boolean;
  timezone?: string;
  name?: string;
  phone?: string | null;
  phoneVerified?: boolean;
  telegramChatId?: string | null;
  defaultEscalationStrategy?: string | null;
  /** Quiet hours (issue 13): minutes after local midnight, and whether gentle pings may go. */
  quietStart?: number | null;
  quietEnd?: number | null;
  quietGentle?: boolean;
}

/** Inserts a user directly and signs an access token for it (with `clock`, default the system clock). */
export async function createUser(options: UserOptions = {}, clock: Clock = systemClock): Promise<TestUser> {
  const id = crypto.randomUUID();
  const email = `t-${id.slice(0, 13)}@example.com`;
  const name = options.name ?? "Robin";
  const deps = createDeps(env, { clock });
  await deps.db.insert(users).values({
    id,
    name,
    email,
    isVerified: options.isVerified ?? true,
    timezone: options.timezone ?? "UTC",
    phone: options.phone ?? null,
    phoneVerified: options.phoneVerified ?? false,
    telegramChatId: options.telegramChatId ?? null,
    defaultEscalationStrategy: options.defaultEscalationStrategy ?? null,
    quietStart: options.quietStart ?? null,
    quietEnd: options.quietEnd ?? null,
    quietGentle: options.quietGentle ?? true,
    consent: true,
  });
  return { id, email, name, token: await signAccessToken(env, clock, id) };
}

export async function deleteUsers(...ids: string[]) {
  const deps = createDeps(env);
  for (const id of ids) await deps.db.delete(users).where(eq(users.id, id));
}

/** A JSON request to the API with a bearer token. */
export function api(path: string, method = "GET", body?: unknown, token?: string) {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return request(path, { method, headers, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
}

/** A Queue whose sendBatch calls are recorded; `take()` hands the messages over as a MessageBatch. */
export class FakeQueue {
  calls: Job[][] = [];
  pending: Job[] = [];
  async send(job: Job) {
    this.calls.push([job]);
    this.pending.push(job);
  }
  async sendBatch(messages: Iterable<MessageSendRequest<Job>>) {
    const jobs = [...messages].map((m) => m.body);
    if (jobs.length > 100) throw new Error(`sendBatch takes at most 100 messages, got ${jobs.length}`);
    this.calls.push(jobs);
    this.pending.push(...jobs);
  }
  get asQueue(): Queue<Job> {
    return this as unknown as Queue<Job>;
  }
  /** The delaySeconds of every message.retry() call on batches from take() (getQueueResult omits them). */
  retryDelays: number[] = [];
  /** Empties the queue into a MessageBatch (attempts = 1). */
  take(queueName = "nudge-escalation", attempts = 1): MessageBatch<Job> {
    const jobs = this.pending;
    this.pending = [];
    const batch = createMessageBatch<Job>(
      queueName,
      jobs.map((body, i) => ({ id: `msg-${i}-${crypto.randomUUID().slice(0, 8)}`, timestamp: new Date(), attempts, body })),
    );
    for (const message of batch.messages) {
      const retry = message.retry.bind(message);
      Object.defineProperty(message, "retry", {
        value: (options?: QueueRetryOptions) => {
          this.retryDelays.push(options?.delaySeconds ?? -1);
          retry(options);
        },
      });
    }
    return batch;
  }
}

export function depsAt(at: string | number | Date) {
  const clock = fixedClock(at);
  return { clock, deps: createDeps(env, { clock }) };
}

export async function outboxTo(to: string, channel?: string) {
  const deps = createDeps(env);
  return deps.db
    .select()
    .from(outboxMessages)
    .where(channel ? and(eq(outboxMessages.to, to), eq(outboxMessages.channel, channel)) : eq(outboxMessages.to, to))
    .orderBy(asc(outboxMessages.createdAt), asc(sql`rowid`));
}

/**
 * A task's steps, oldest chain first. The task's reminder chains by default; the check-back pings
 * after an Acknowledge (issue 13) are `{ kind: "check_back" }` (tests/workerd/check-back.test.ts).
 */
export async function stepsOf(taskId: string, { kind = "reminder" }: { kind?: "reminder" | "check_back" } = {}) {
  const deps = createDeps(env);
  const rows = await deps.db
    .select({ step: escalationSteps })
    .from(escalationSteps)
    .innerJoin(escalations, eq(escalations.id, escalationSteps.escalationId))
    .where(and(eq(escalationSteps.taskId, taskId), eq(escalations.kind, kind)))
    .orderBy(asc(escalationSteps.createdAt), asc(escalationSteps.stepIndex));
  return rows.map((row) => row.step);
}

export async function taskRow(taskId: string) {
  const deps = createDeps(env);
  const [row] = await deps.db.select().from(tasks).where(eq(tasks.id, taskId));
  return row;
}

export async function tasksOfUser(userId: string) {
  const deps = createDeps(env);
  return deps.db.select().from(tasks).where(eq(tasks.userId, userId)).orderBy(desc(tasks.dueAt));
}

export const MINUTE = 60_000;

/**
 * A test file's own era: Date is faked at `now` (before each test, so a test that moves the clock
 * does not leak into the next), and every user made through `user()` is deleted afterwards.
 */
export function testEra(now: Date) {
  const created: string[] = [];
  beforeAll(() => vi.useFakeTimers({ toFake: ["Date"] }));
  beforeEach(() => vi.setSystemTime(now));
  afterAll(async () => {
    await deleteUsers(...created);
    vi.useRealTimers();
  });
  return {
    async user(options: UserOptions = {}): Promise<TestUser> {
      const u = await createUser(options);
      created.push(u.id);
      return u;
    },
  };
}

const QUERY = Symbol("query");
const INNER = Symbol("inner");
interface Tagged {
  [QUERY]: string;
  [INNER]: D1PreparedStatement;
}

function tagStatement(stmt: D1PreparedStatement, query: string): D1PreparedStatement {
  const tagged = {
    [QUERY]: query,
    [INNER]: stmt,
    bind: (...values: unknown[]) => tagStatement(stmt.bind(...values), query),
    first: (column?: string) => (column === undefined ? stmt.first() : stmt.first(column)),
    all: () => stmt.all(),
    run: () => stmt.run(),
    raw: (options?: { columnNames?: boolean }) => stmt.raw(options as { columnNames: true }),
  };
  return tagged as unknown as D1PreparedStatement;
}

/**
 * A D1 binding whose `batch()` throws a D1-style error whenever `shouldFail` says so for the SQL of
 * the batch's statements (a D1 outage, or the isolate dying at exactly that write). Everything
 * else goes to the real binding.
 */
export function d1FailingBatches(db: D1Database, shouldFail: (queries: string[]) => boolean): D1Database {
  return {
    prepare: (query: string) => tagStatement(db.prepare(query), query),
    async batch(statements: D1PreparedStatement[]) {
      const tagged = statements as unknown as Tagged[];
      if (shouldFail(tagged.map((s) => s[QUERY]))) throw new Error("D1_ERROR: simulated failure of this batch");
      return db.batch(tagged.map((s) => s[INNER]));
    },
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (...args: Parameters<D1Database["withSession"]>) => db.withSession(...args),
  } as D1Database;
}

/**
 * A D1 binding on which every single query (not a batch) whose SQL `shouldFail` picks throws a
 * D1-style error: one read or write failing while the rest of the database works.
 */
export function d1FailingQueries(db: D1Database, shouldFail: (query: string) => boolean): D1Database {
  const failing = d1FailingBatches(db, () => false);
  return {
    prepare: (query: string) => {
      if (shouldFail(query)) throw new Error("D1_ERROR: simulated failure of this query");
      return failing.prepare(query);
    },
    batch: (statements: D1PreparedStatement[]) => failing.batch(statements),
    exec: (query: string) => failing.exec(query),
    dump: () => failing.dump(),
    withSession: (...args: Parameters<D1Database["withSession"]>) => failing.withSession(...args),
  } as D1Database;
}

/** A D1 binding that is down: every query throws. */
export function d1Down(): D1Database {
  const fail = () => {
    throw new Error("D1_ERROR: the database is overloaded");
  };
  return { prepare: fail, batch: async () => fail(), exec: async () => fail(), dump: async () => fail(), withSession: fail } as unknown as D1Database;
}

/**
 * A Drizzle client that runs `before()` ahead of its first `batch()` call: what another request
 * did between this one's read and its write (a race, made deterministic).
 */
export function dbWithRaceBeforeFirstBatch<T extends object>(db: T, before: () => Promise<unknown>, options: { fail?: boolean } = {}): T {
  let raced = false;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "batch") {
        return async (statements: unknown) => {
          if (!raced) {
            raced = true;
            await before();
            if (options.fail) throw new Error("D1_ERROR: simulated failure of this batch");
          }
          return (target as { batch(s: unknown): Promise<unknown> }).batch(statements);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

/**
 * Claims the step by hand at `at` (as a tick would) and runs the queue consumer on it, with
 * `channels` in place of the dev outbox's (a real provider against a fake). For files that run no tick.
 */
export async function runStepByHand(stepId: string, at: number, channels: Partial<Deps["channels"]> = {}) {
  return runStepsByHand([stepId], at, channels);
}

/** As runStepByHand, for several steps claimed together and delivered in one queue batch. */
export async function runStepsByHand(stepIds: string[], at: number, channels: Partial<Deps["channels"]> = {}) {
  const { deps } = depsAt(at);
  const claimId = `claim-${crypto.randomUUID()}`;
  const fake = new FakeQueue();
  for (const stepId of stepIds) {
    await deps.db.update(escalationSteps).set({ state: "claimed", claimedBy: claimId, leaseUntil: at + 5 * MINUTE }).where(eq(escalationSteps.id, stepId));
    fake.pending.push({ type: "escalation.step", stepId, claimId } satisfies Job);
  }
  const batch = fake.take();
  await queue(batch, env, { ...deps, channels: { ...deps.channels, ...channels } });
  return getQueueResult(batch, createExecutionContext());
}
