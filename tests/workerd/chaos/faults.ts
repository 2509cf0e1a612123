/**
 * The faults the simulation injects, each one wrapped around a real part of the engine:
 * - providers (a Channels record around the real outbox channels): fail before accepting, answer
 *   429 with Retry-After, or accept and then time out (the only way a key may go out twice);
 * - D1 (d1FailingBatches around the simulation's own database): a batch fails now and then;
 * - the queue (SimQueue): messages delayed, duplicated, dropped and reordered, sendBatch failing
 *   after the tick's claim; retries honoured with their delay, then the dead-letter queue.
 */
import type { Channel, Channels, OutboundMessage } from "../../../worker/channels";
import { MEDIA } from "../../../worker/channels";
import { ResendError } from "../../../worker/channels/email/resend";
import type { Job } from "../../../worker/queue-payloads";
import { d1FailingBatches } from "../escalation-helpers";
import { escalationOfKey, type Journal } from "./journal";
import { chance, shuffle, type Rng } from "./prng";

export interface FaultRates {
  /** Provider calls: fail before accepting, 429 with Retry-After, accept then time out. */
  providerError: number;
  providerRateLimited: number;
  timeoutAfterAccept: number;
  /** Any one D1 batch of the engine or of an answer. */
  d1Batch: number;
  /** Queue: a message lost, delivered twice, delivered late (1-3 minutes); a whole sendBatch failing. */
  queueDrop: number;
  queueDuplicate: number;
  queueDelay: number;
  sendBatchFails: number;
  /** Ticks: skipped, run 1-3 minutes late, run twice at once. */
  tickSkipped: number;
  tickLate: number;
  tickOverlap: number;
  /** An answer per open task per simulated minute, and one given while a provider call is in flight. */
  answerPerMinute: number;
  answerInFlight: number;
  /** A person starting a break (5 to 40 minutes) or ending theirs early, per simulated minute (ADR 095). */
  breakPerMinute: number;
}

/** ~30% of provider calls go wrong (issue 7): 20% errors, 5% 429, 5% accepted then timed out. */
export const DEFAULT_RATES: FaultRates = {
  providerError: 0.2,
  providerRateLimited: 0.05,
  timeoutAfterAccept: 0.05,
  d1Batch: 0.05,
  queueDrop: 0.03,
  queueDuplicate: 0.1,
  queueDelay: 0.1,
  sendBatchFails: 0.05,
  tickSkipped: 0.1,
  tickLate: 0.1,
  tickOverlap: 0.1,
  answerPerMinute: 0.02,
  answerInFlight: 0.08,
  breakPerMinute: 0.04,
};

/** Called from inside a provider call, before it accepts: an answer racing the consumer. */
/** `moment`: "before" the provider call, or "after" it was accepted (before the consumer's final batch). */
export type InFlightHook = (escalationId: string, key: string, attempt: number, moment: "before" | "after") => Promise<void>;

/** The real channels, each send passed through the fault schedule and recorded when accepted. */
export function chaosChannels(real: Channels, seed: number, rates: FaultRates, journal: Journal, inFlight: InFlightHook, now: () => number): Channels {
  const attempts = journal.providerCalls;
  const wrap = (channel: Channel): Channel => ({
    medium: channel.medium,
    status: channel.status,
    async send(message: OutboundMessage) {
      const key = message.idempotencyKey ?? `no-key:${message.to}`;
      const n = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, n);
      journal.op("provider_call");
      await inFlight(escalationOfKey(key), key, n, "before");
      const roll = chance(seed, "send", key, n);
      if (roll < rates.providerError) {
        journal.fault("provider_error");
        throw new ResendError(503, "Resend answered 503: simulated outage (chaos)");
      }
      if (roll < rates.providerError + rates.providerRateLimited) {
        journal.fault("provider_429");
        throw new ResendError(429, "Resend answered 429: rate limit exceeded (chaos)", { retryAfterMs: (2 + (Math.floor(roll * 100) % 60)) * 1000 });
      }
      const startSeq = journal.seq();
      const result = await channel.send(message);
      journal.sends.push({ key, escalationId: escalationOfKey(key), medium: channel.medium, startSeq, endSeq: journal.seq(), at: now() });
      if (roll < rates.providerError + rates.providerRateLimited + rates.timeoutAfterAccept) {
        journal.fault("timeout_after_accept");
        journal.timedOutAfterAccept.set(key, (journal.timedOutAfterAccept.get(key) ?? 0) + 1);
        throw new DOMException("The operation was aborted due to timeout (chaos: the provider had accepted it)", "TimeoutError");
      }
      rememberLinks(journal, message);
      await inFlight(escalationOfKey(key), key, n, "after");
      return result;
    },
  });
  return Object.fromEntries(MEDIA.map((medium) => [medium, wrap(real[medium])])) as Channels;
}

/** A reminder email's /r/<token>/<answer> links (done, snooze, acknowledge), for answers "by_link". */
function rememberLinks(journal: Journal, message: OutboundMessage) {
  const taskId = typeof message.meta?.taskId === "string" ? message.meta.taskId : null;
  const links = [...message.text.matchAll(/\/r\/([A-Za-z0-9_-]+\/(?:done|snooze|acknowledge))/g)].map((m) => m[1]!);
  if (taskId && links.length >= 3) journal.links.set(taskId, links.slice(0, 3));
}

/** The simulation's D1 with failing batches. The n-th batch's fate is fixed by the seed. */
export function chaosD1(db: D1Database, seed: number, rate: number, journal: Journal, label: string): D1Database {
  let n = 0;
  return d1FailingBatches(db, () => {
    const fail = chance(seed, "d1", label, n++) < rate;
    if (fail) journal.fault("d1_batch");
    return fail;
  });
}

export interface InFlightMessage {
  body: Job;
  queue: "main" | "dlq";
  /** Simulated ms at which the queue hands it to a consumer. */
  deliverAt: number;
  /** How many times it has been delivered before, plus one (what `message.attempts` says). */
  attempts: number;
}

/** The escalation queue (max_retries = 5, then the DLQ) and its dead-letter queue (max_retries = 10). */
export const MAIN_MAX_RETRIES = 5;
export const DLQ_MAX_RETRIES = 10;

export class SimQueue {
  messages: InFlightMessage[] = [];
  constructor(
    private readonly rng: Rng,
    private readonly rates: FaultRates,
    private readonly journal: Journal,
    private readonly now: () => number,
  ) {}

  get asQueue(): Queue<Job> {
    const metrics = () => ({ backlogCount: this.messages.length, backlogBytes: 0 });
    const send = async (jobs: Job[]) => {
      this.accept(jobs);
      return { metadata: { metrics: metrics() } };
    };
    return {
      metrics: async () => metrics(),
      send: (body: Job) => send([body]),
      sendBatch: (items: Iterable<MessageSendRequest<Job>>) => send([...items].map((m) => m.body)),
    };
  }

  private accept(jobs: Job[]) {
    if (jobs.length > 100) throw new Error(`sendBatch takes at most 100 messages, got ${jobs.length}`);
    if (this.rng() < this.rates.sendBatchFails) {
      this.journal.fault("send_batch_failed");
      throw new Error("Queue send failed (chaos)");
    }
    for (const body of jobs) {
      this.journal.op("message_queued");
      if (this.rng() < this.rates.queueDrop) {
        this.journal.fault("message_lost");
        continue;
      }
      const copies = this.rng() < this.rates.queueDuplicate ? 2 : 1;
      if (copies === 2) this.journal.fault("message_duplicated");
      for (let i = 0; i < copies; i++) {
        const late = this.rng() < this.rates.queueDelay;
        if (late) this.journal.fault("message_delayed");
        this.messages.push({ body, queue: "main", deliverAt: this.now() + (late ? (1 + Math.floor(this.rng() * 3)) * 60_000 : Math.floor(this.rng() * 20_000)), attempts: 1 });
      }
    }
  }

  /** The messages due by `at`, in a shuffled order (queues do not keep order). */
  takeDue(at: number, queue: "main" | "dlq"): InFlightMessage[] {
    const due = this.messages.filter((m) => m.queue === queue && m.deliverAt <= at);
    this.messages = this.messages.filter((m) => !(m.queue === queue && m.deliverAt <= at));
    if (due.length > 1) this.journal.fault("batch_reordered");
    return shuffle(this.rng, due);
  }

  /** A retried message comes back after its delay, or goes to the DLQ once its retries are used up. */
  retry(message: InFlightMessage, delaySeconds: number, at: number) {
    const max = message.queue === "main" ? MAIN_MAX_RETRIES : DLQ_MAX_RETRIES;
    if (message.attempts > max) {
      if (message.queue === "main") this.messages.push({ body: message.body, queue: "dlq", deliverAt: at + 1_000, attempts: 1 });
      else this.journal.op("dlq_message_expired");
      return;
    }
    this.messages.push({ ...message, deliverAt: at + delaySeconds * 1000, attempts: message.attempts + 1 });
  }

  nextDeliveryAt(): number | null {
    return this.messages.length === 0 ? null : Math.min(...this.messages.map((m) => m.deliverAt));
  }
}
