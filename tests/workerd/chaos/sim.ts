/**
 * The driver: a simulated day of the engine under faults, minute by minute on a fixed clock.
 * Each minute: a tick (skipped, late, or two at once now and then), queue deliveries every 15
 * seconds (batches shuffled, retries after their delay, then the dead-letter queue), answers
 * between steps, and answers from inside a provider call (racing the consumer's next write).
 * After `activeMinutes` no new answers or tasks come; the clock runs on (jumping to the next thing
 * due) until nothing can fire any more, so every chain must have finished. Then invariants.ts.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { vi } from "vitest";
import { DEAD_LETTER_QUEUE, queue as queueHandler } from "../../../worker/handlers";
import { runTick } from "../../../worker/jobs/tick";
import { fixedClock } from "../../../worker/services/clock";
import type { Deps } from "../../../worker/services/deps";
import type { Job } from "../../../worker/queue-payloads";
import { acknowledgeTask, changeTaskStrategy, completeTask, deleteTask, moveTaskToInstant, redeemActionLink, reopenTask, snoozeTask } from "../../../worker/services/tasks";
import { endBreak, startBreak } from "../../../worker/services/quiet-hours";
import { formatTimeOfDay } from "../../../worker/services/tasks/time-of-day";
import { chaosChannels, chaosD1, DEFAULT_RATES, SimQueue, type FaultRates, type InFlightMessage } from "./faults";
import { checkInvariants, type InvariantReport } from "./invariants";
import { Journal, type AnswerVia, type AnswerKind } from "./journal";
import { between, chance, mulberry32, pick } from "./prng";
import { createSimTask, createUsers, freshChaosDb, simDeps } from "./world";

export interface SimOptions {
  seed: number;
  users: number;
  tasksPerUser: [number, number];
  /** Minutes with answers and new tasks; the drain follows. */
  activeMinutes: number;
  rates?: Partial<FaultRates>;
}

export interface SimResult extends InvariantReport {
  seed: number;
  operations: Record<string, number>;
  /** Real milliseconds per part (tick, consumer, answers, drain). */
  timings: Record<string, number>;
  faults: Record<string, number>;
  logEvents: Record<string, number>;
  simulatedMinutes: number;
}

/** The simulation starts here; its database is its own, so the year only has to be valid. */
export const SIM_START = Date.parse("2050-06-01T09:00:00Z");
const MINUTE = 60_000;
/** The drain gives up after this long: longer than any chain with snoozes, retries and leases. */
const DRAIN_LIMIT_MINUTES = 16 * 60;
/**
 * Steps due after this are the next occurrences of recurring tasks (a day after the first ones):
 * the drain does not run into them, and the invariants expect them to wait.
 */
export const FUTURE_AFTER = SIM_START + 20 * 60 * MINUTE;
const SNOOZES = [1, 5, 15, 30, 60];
const SEQUENCES = ["gentle", "standard", "urgent", "no_buddies"] as const;

/**
 * One of the snooze lengths; a quarter of them said as the time of day they end (ADR 086, `until:
 * "09:42"`, the sim's people are on UTC), so the chain also resumes through the time-of-day path.
 */
function snoozeInput(seed: number, taskId: string, startSeq: number, now: number): { minutes: number } | { until: string } {
  const minutes = SNOOZES[Math.floor(chance(seed, "snooze", taskId, startSeq) * SNOOZES.length)]!;
  if (chance(seed, "snooze_until", taskId, startSeq) >= 0.25) return { minutes };
  const end = new Date(now + minutes * MINUTE);
  return { until: formatTimeOfDay({ hour: end.getUTCHours(), minute: end.getUTCMinutes() }) };
}

/**
 * Where a move takes a task (ADR 091, 092): 5 to 60 minutes from now, on the minute, so its new chain
 * runs inside the simulation. As a snooze link's "Another day" it is the day and time on the person's
 * clock (UTC here).
 */
function moveTarget(seed: number, taskId: string, startSeq: number, now: number): { at: number; day: string; time: string } {
  const at = Math.floor(now / MINUTE) * MINUTE + (5 + Math.floor(chance(seed, "move", taskId, startSeq) * 56)) * MINUTE;
  const iso = new Date(at).toISOString();
  return { at, day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

export async function runSimulation(options: SimOptions): Promise<SimResult> {
  const { seed } = options;
  const rates = { ...DEFAULT_RATES, ...options.rates };
  const rng = mulberry32(seed);
  const journal = new Journal();
  const clock = fixedClock(SIM_START - 10 * MINUTE);
  const now = () => clock.now().getTime();
  const raw = await freshChaosDb();
  const engineDb = chaosD1(raw, seed, rates.d1Batch, journal, "engine");
  const answerDb = chaosD1(raw, seed, rates.d1Batch, journal, "answers");
  const simQueue = new SimQueue(mulberry32(seed ^ 0x5bd1e995), rates, journal, now);
  const logs = silenceLogs(journal);

  const answer = async (kind: AnswerKind, taskId: string, via: AnswerVia) => {
    const owner = await raw.prepare("SELECT user_id FROM tasks WHERE id = ?").bind(taskId).first<string>("user_id");
    if (!owner) return;
    const seriesId = await raw.prepare("SELECT COALESCE(series_id, id) AS s FROM tasks WHERE id = ? AND recurrence IS NOT NULL").bind(taskId).first<string>("s");
    const escalationIds = (await raw.prepare("SELECT id FROM escalations WHERE task_id = ?").bind(taskId).all<{ id: string }>()).results.map((r) => r.id);
    const deps = simDeps(answerDb, clock);
    const at = now();
    const startSeq = journal.seq();
    // A third of the answers a link can give come through the reminder email's link instead.
    const links = journal.links.get(taskId);
    if (links && kind !== "delete" && kind !== "reopen" && kind !== "renudge" && via === "between_steps" && chance(seed, "by_link", taskId, startSeq) < 1 / 3) {
      // A move by link is the snooze link's "Another day" (ADR 092).
      const [token, answer] = links[{ done: 0, snooze: 1, acknowledge: 2, move: 1 }[kind]]!.split("/");
      const choice = kind === "move" ? { move: moveTarget(seed, taskId, startSeq, now()) } : {};
      const outcome = await redeemActionLink(deps, token!, answer, choice).catch(() => null);
      if (outcome?.state !== "done") {
        journal.op("answer_link_used_or_failed"); // an older email's link, or a D1 blip: nothing took
        return;
      }
      journal.op(`answer_${kind}_by_link`);
      journal.answers.push({ kind, taskId, seriesId, escalationIds, startSeq, endSeq: journal.seq(), at, via: "by_link" });
      return;
    }
    try {
      if (kind === "acknowledge") await acknowledgeTask(deps, owner, taskId);
      else if (kind === "done") await completeTask(deps, owner, taskId);
      else if (kind === "delete") await deleteTask(deps, owner, taskId);
      else if (kind === "reopen") {
        if (!(await reopenTask(deps, owner, taskId)).reopened) return;
      } else if (kind === "move") {
        if ((await moveTaskToInstant(deps, owner, taskId, moveTarget(seed, taskId, startSeq, now()).at)).state !== "moved") return;
      } else if (kind === "renudge") {
        const sequence = SEQUENCES[Math.floor(chance(seed, "renudge", taskId, startSeq) * SEQUENCES.length)]!;
        if ((await changeTaskStrategy(deps, owner, taskId, sequence)).state !== "changed") return;
      } else {
        const input = snoozeInput(seed, taskId, startSeq, now());
        await snoozeTask(deps, owner, taskId, input);
        if ("until" in input) journal.op("snooze_said_as_a_time");
      }
    } catch {
      journal.op("answer_refused_or_failed"); // a D1 blip, or a snooze of a done task: nothing took
      return;
    }
    journal.op(`answer_${kind}_${via}`);
    journal.answers.push({ kind, taskId, seriesId, escalationIds, startSeq, endSeq: journal.seq(), at, via });
  };

  const active = () => now() < SIM_START + options.activeMinutes * MINUTE;
  const engineDeps = (): Deps => {
    const deps = simDeps(engineDb, clock);
    const inFlight = async (escalationId: string, key: string, attempt: number, moment: "before" | "after") => {
      if (!active() || chance(seed, `in_flight_${moment}`, key, attempt) >= rates.answerInFlight) return;
      const taskId = await raw.prepare("SELECT task_id FROM escalations WHERE id = ?").bind(escalationId).first<string>("task_id");
      const kinds: AnswerKind[] = ["acknowledge", "done", "snooze", "delete", "move", "renudge"];
      const kind = kinds[Math.floor(chance(seed, `in_flight_kind_${moment}`, key, attempt) * kinds.length)]!;
      if (taskId) await answer(kind, taskId, moment === "before" ? "in_flight" : "after_send");
    };
    return { ...deps, channels: chaosChannels(deps.channels, seed, rates, journal, inFlight, now) };
  };

  try {
    const people = await createUsers(raw, clock, rng, options.users);
    for (const person of people) {
      for (let i = between(rng, ...options.tasksPerUser); i > 0; i--) {
        await createSimTask(simDeps(raw, clock), rng, person.id, between(rng, 10, 10 + options.activeMinutes / 2));
        journal.op("task_created");
      }
    }

    const lateTicks: { scheduledTime: number; runAt: number }[] = [];
    const tick = async (scheduledTime: number) => {
      journal.op("tick");
      try {
        await journal.timed("tick", () => runTick(engineDeps(), scheduledTime, simQueue.asQueue));
      } catch {
        journal.op("tick_aborted"); // a D1 failure mid-tick: the next one takes over
      }
    };

    let t = SIM_START;
    const end = SIM_START + (options.activeMinutes + DRAIN_LIMIT_MINUTES) * MINUTE;
    for (; t <= end; t += MINUTE) {
      clock.set(t);
      if (active()) await journal.timed("answers", () => answersBetweenSteps(raw, rng, rates, answer));
      if (active() && rng() < 0.05) {
        await createSimTask(simDeps(raw, clock), rng, pick(rng, people).id, between(rng, -30, 30));
        journal.op("task_created");
      }
      if (active() && rng() < rates.breakPerMinute) await takeOrEndBreak(simDeps(answerDb, clock), rng, people.map((p) => p.id), journal);

      for (const late of lateTicks.filter((l) => l.runAt <= t)) {
        lateTicks.splice(lateTicks.indexOf(late), 1);
        journal.fault("tick_late");
        await tick(late.scheduledTime);
      }
      const roll = rng();
      if (roll < rates.tickSkipped) journal.fault("tick_skipped");
      else if (roll < rates.tickSkipped + rates.tickLate) lateTicks.push({ scheduledTime: t, runAt: t + between(rng, 1, 3) * MINUTE });
      else if (roll < rates.tickSkipped + rates.tickLate + rates.tickOverlap) {
        journal.fault("tick_overlapping");
        await Promise.all([tick(t), tick(t)]);
      } else await tick(t);

      for (const offset of [5_000, 20_000, 35_000, 50_000]) {
        clock.set(t + offset);
        await journal.timed("consumer", () => deliver(simQueue, "main", engineDeps, journal));
        await journal.timed("consumer", () => deliver(simQueue, "dlq", engineDeps, journal));
      }

      if (lateTicks.length === 0) {
        const next = await journal.timed("drain", () => nextThingDue(raw, simQueue));
        if (next === null && !active()) break;
        // Nothing can fire before `next`: jump there (the tick of that minute claims it). While
        // answers still come, jump at most 5 minutes, so they keep landing between the steps.
        const target = Math.min(next ?? Infinity, active() ? t + 6 * MINUTE : Infinity);
        if (target > t + 2 * MINUTE) {
          journal.op("minutes_jumped");
          t = Math.floor((target - MINUTE) / MINUTE) * MINUTE - MINUTE;
        }
      }
    }
    clock.set(t);
    const report = await checkInvariants(raw, journal, { now: t, futureAfter: FUTURE_AFTER });
        return { seed, ...report, operations: journal.operations, timings: journal.timings, faults: journal.faults, logEvents: journal.logEvents, simulatedMinutes: Math.round((t - SIM_START) / MINUTE) };
  } finally {
    logs.restore();
  }
}

/**
 * A person takes a break of 5 to 40 minutes, or ends theirs early (ADR 095), through the break service, on
 * the answers' D1 (so its batch may fail like an answer's). The journal keeps how long each break really
 * lasted: a break ended or replaced early lasted until then.
 */
async function takeOrEndBreak(deps: Deps, rng: () => number, people: string[], journal: Journal) {
  const now = deps.clock.now().getTime();
  const ending = rng() < 0.5 ? journal.breaks.find((b) => b.until > now) : undefined;
  const userId = ending?.userId ?? pick(rng, people);
  const running = ending ?? journal.breaks.find((b) => b.userId === userId && b.until > now);
  try {
    if (ending) {
      await endBreak(deps, userId);
      ending.until = now;
      journal.op("break_ended_early");
      return;
    }
    const minutes = between(rng, 5, 40);
    await startBreak(deps, userId, { minutes });
    if (running) running.until = now;
    journal.breaks.push({ userId, startSeq: journal.seq(), until: now + minutes * MINUTE });
    journal.op("break_taken");
  } catch {
    journal.op("break_failed"); // a D1 blip: nothing took
  }
}

/** Each open task may get an answer this minute, from any channel (they all call the same services). */
async function answersBetweenSteps(raw: D1Database, rng: () => number, rates: FaultRates, answer: (kind: AnswerKind, taskId: string, via: "between_steps") => Promise<void>) {
  // Today's tasks only: a next occurrence (due tomorrow) answered today would start a series' third
  // occurrence, which the check of "exactly one next occurrence" does not model.
  const open = (await raw.prepare("SELECT id FROM tasks WHERE status <> 'COMPLETED' AND due_at < ? ORDER BY id").bind(FUTURE_AFTER).all<{ id: string }>()).results;
  for (const { id } of open) {
    if (rng() >= rates.answerPerMinute) continue;
    const kind = pick<AnswerKind>(rng, ["acknowledge", "done", "snooze", "snooze", "delete", "move", "renudge"]);
    await answer(kind, id, "between_steps");
  }
  // "Not done yet" (ADR 083) on some of today's done tasks: a new chain, and a repeat's untouched next occurrence taken back.
  const done = (await raw.prepare("SELECT id FROM tasks WHERE status = 'COMPLETED' AND due_at < ? ORDER BY id").bind(FUTURE_AFTER).all<{ id: string }>()).results;
  for (const { id } of done) {
    if (rng() < rates.answerPerMinute * 2) await answer("reopen", id, "between_steps");
  }
}

/** The queue's deliveries due by now, in shuffled batches of up to 10, through the Worker's queue handler. */
async function deliver(simQueue: SimQueue, which: "main" | "dlq", engineDeps: () => Deps, journal: Journal) {
  const deps = engineDeps();
  const at = deps.clock.now().getTime();
  const due = simQueue.takeDue(at, which);
  for (let i = 0; i < due.length; i += 10) {
    const slice = due.slice(i, i + 10);
    const byId = new Map<string, InFlightMessage>();
    const batch = createMessageBatch<Job>(
      which === "main" ? "nudge-escalation" : DEAD_LETTER_QUEUE,
      slice.map((m, n) => {
        const id = `m-${at}-${i + n}-${m.attempts}`;
        byId.set(id, m);
        return { id, timestamp: new Date(at), attempts: m.attempts, body: m.body };
      }),
    );
    journal.op(which === "main" ? "message_delivered" : "dead_letter_delivered");
    try {
      await queueHandler(batch, deps.env, deps);
    } catch {
      journal.op("batch_threw"); // the platform would redeliver the whole batch
      for (const m of slice) simQueue.retry(m, 10, at);
      continue;
    }
    const result = await getQueueResult(batch, createExecutionContext());
    const retried = new Map(result.retryMessages.map((r) => [r.msgId, r.delaySeconds ?? 0]));
    for (const [id, m] of byId) {
      if (result.retryBatch.retry || retried.has(id)) simQueue.retry(m, retried.get(id) ?? result.retryBatch.delaySeconds ?? 0, at);
    }
  }
}

/** The next moment anything can happen: a queued message, a pending step coming due, a lease running out. */
async function nextThingDue(raw: D1Database, simQueue: SimQueue): Promise<number | null> {
  const row = await raw
    .prepare(
      `SELECT MIN(t) AS t FROM (
         SELECT MIN(due_at) AS t FROM escalation_steps WHERE state = 'pending' AND due_at < ?
         UNION ALL SELECT MIN(lease_until) + 60000 FROM escalation_steps WHERE state IN ('claimed', 'sending'))`,
    )
    .bind(FUTURE_AFTER)
    .first<{ t: number | null }>();
  const candidates = [row?.t ?? null, simQueue.nextDeliveryAt()].filter((v): v is number => v !== null);
  return candidates.length === 0 ? null : Math.min(...candidates);
}

/** The engine logs a line per tick and batch: counted, kept out of the output. */
function silenceLogs(journal: Journal) {
  const count = (args: unknown[]) => {
    const text = String(args[0]);
    const event = /"event":"([^"]+)"/.exec(text)?.[1] ?? text.slice(0, 40);
    journal.logEvents[event] = (journal.logEvents[event] ?? 0) + 1;
  };
  const spies = [vi.spyOn(console, "log").mockImplementation(() => {}), vi.spyOn(console, "warn").mockImplementation((...a) => count(a)), vi.spyOn(console, "error").mockImplementation((...a) => count(a))];
  return { restore: () => spies.forEach((s) => s.mockRestore()) };
}
