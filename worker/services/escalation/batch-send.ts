import { runNamedBatch } from "../../../db/batch";
import type { Medium } from "../../channels/types";
import type { Deps } from "../deps";
import { preSendWrites, recordSentStatement, stillOursStatement, stretchLeasesStatement, type SentRecord } from "./batch-sql";
import { handBack, stop, triedBefore, type BatchResult, type Sending } from "./batch-step";
import { SENDING_LEASE_MS } from "./leases";
import { errorText } from "./outcomes";
import { dueToSend, markSentStatement, newSendState, rowsOf, sendOne, type Prepared } from "./run-plan";
import { stillMine } from "./step-read";

/**
 * The sends of a queue batch (ADR 065): one round trip writes every link token and delivery row
 * before any send and says which steps are still ours; then the sends go in waves (each step's next
 * delivery) cut into chunks of SEND_CHUNK, each chunk after the first preceded by one check that its
 * steps are still ours (stretching their leases when little is left) and followed by one record of
 * its sends (texts and calls: each at once).
 */

/** Sends started together (a provider call lasts at most PROVIDER_TIMEOUT_MS, 20 s). */
export const SEND_CHUNK = 25;

/**
 * A chunk starts only with this much of its steps' "sending" lease left: its sends end within
 * PROVIDER_TIMEOUT_MS (20 s) and its record is one D1 write, so a minute is a wide margin. With more
 * left, the check before the chunk is a read; with less, it stretches the leases (a write per step,
 * and D1 counts each: ADR 067). A batch of two chunks never needs the stretch; a slow provider does.
 */
export const CHUNK_LEASE_LEFT_MS = 60_000;

/** Sends every step's deliveries; returns the steps still to conclude (the others have their result). */
export async function sendBatch(deps: Deps, sending: Sending[], results: BatchResult[], now: number): Promise<Sending[]> {
  const jobs = sending.map((s) => s.job);
  let ours: Set<string>;
  try {
    const tokens = sending.flatMap((s) => s.prepared.flatMap((p) => p.tokens));
    const rows = sending.flatMap((s) => s.prepared.map((p) => p.row));
    // Only a step tried before in this round can find rows of its keys (a catch-up's key is the
    // person's, shared by their held steps): the others' keys are new, so they are not read.
    const keys = sending.filter((s) => triedBefore(s.step) || s.plan.catchUp).flatMap((s) => s.prepared.map((p) => p.delivery.key));
    const answer = await runNamedBatch(deps.db, { ours: stillOursStatement(deps, jobs), existing: rowsOf(deps, keys) }, preSendWrites(deps, tokens, rows));
    ours = new Set(answer.ours.map((row) => row.id));
    for (const s of sending) s.send = newSendState(deps, s.plan, stillMine(s.job), now, s.prepared, answer.existing);
  } catch (error) {
    await Promise.all(sending.map(async (s) => (results[s.index] = { error: await handBack(deps, s.job, error) })));
    return [];
  }
  const live = sending.filter((s) => ours.has(s.job.stepId) || stop(s, results, { outcome: "stale" }));

  // What the take set (step-read.ts takeStatement); the first chunk goes on the round trip's check above.
  const lease = { until: now + SENDING_LEASE_MS, checked: true };
  for (;;) {
    const wave = await nextWave(deps, live, results);
    if (wave.length === 0) break;
    for (let i = 0; i < wave.length; i += SEND_CHUNK) {
      let chunk = wave.slice(i, i + SEND_CHUNK);
      if (!lease.checked) chunk = await stillOursBeforeChunk(deps, chunk, results, lease);
      lease.checked = false;
      await sendChunk(deps, chunk, results);
    }
  }
  return live.filter((s) => !s.done);
}

/**
 * Before a chunk, one statement: a read of which of its steps are still ours (none answered or taken
 * over meanwhile), or, when little of the lease is left, the stretch of their leases, which says the
 * same. The steps no longer ours stop here, stale.
 */
async function stillOursBeforeChunk(deps: Deps, chunk: Array<{ s: Sending; item: Prepared }>, results: BatchResult[], lease: { until: number }) {
  const jobs = chunk.map(({ s }) => s.job);
  const at = deps.clock.now().getTime();
  const stretch = lease.until - at < CHUNK_LEASE_LEFT_MS;
  try {
    const ours = new Set((await (stretch ? stretchLeasesStatement(deps, jobs) : stillOursStatement(deps, jobs))).map((row) => row.id));
    if (stretch) lease.until = at + SENDING_LEASE_MS;
    return chunk.filter(({ s }) => ours.has(s.job.stepId) || stop(s, results, { outcome: "stale" }));
  } catch (error) {
    for (const { s } of chunk) stop(s, results, { error: await handBack(deps, s.job, error) });
    return [];
  }
}

/** Each live step's next delivery to send (skipping what is sent, or refused: its email is added instead). */
async function nextWave(deps: Deps, live: Sending[], results: BatchResult[]): Promise<Array<{ s: Sending; item: Prepared }>> {
  const wave: Array<{ s: Sending; item: Prepared }> = [];
  for (const s of live) {
    if (s.done) continue;
    try {
      while (s.next < s.send!.prepared.length) {
        const item = await dueToSend(s.send!, s.next++);
        if (item) {
          wave.push({ s, item });
          break;
        }
      }
    } catch (error) {
      stop(s, results, { error: await handBack(deps, s.job, error) });
    }
  }
  return wave;
}

/**
 * Texts and calls are recorded the moment the provider took them, each on its own: a call cannot be
 * taken back and Twilio has no idempotency key, so a consumer dying later in the chunk must not leave
 * them "pending" (to be placed again). Email carries its key (Resend dedupes); a repeated Telegram
 * message or push is a duplicate ping at worst. Those wait for the chunk's one record.
 */
const RECORDED_AT_ONCE: ReadonlySet<Medium> = new Set(["sms", "voice"]);

async function recordAtOnce(deps: Deps, s: Sending, record: SentRecord) {
  try {
    await markSentStatement(deps, record.key, record.providerMessageId, record.at);
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", event: "delivery.record_failed", keys: [record.key], error: errorText(error) }));
    s.send!.unrecorded.push(markSentStatement(deps, record.key, record.providerMessageId, record.at));
  }
}

/**
 * The chunk's sends, started together, then ONE statement recording those that went as "sent" (texts
 * and calls are recorded at once instead). If that write fails, each step writes its records again in
 * its final batch.
 */
async function sendChunk(deps: Deps, chunk: Array<{ s: Sending; item: Prepared }>, results: BatchResult[]) {
  const records: Array<SentRecord & { s: Sending }> = [];
  await Promise.all(
    chunk.map(async ({ s, item }) => {
      try {
        await sendOne(s.send!, item, async (key, providerMessageId, at) => {
          if (RECORDED_AT_ONCE.has(item.delivery.medium)) await recordAtOnce(deps, s, { key, providerMessageId, at });
          else records.push({ key, providerMessageId, at, s });
        });
      } catch (error) {
        stop(s, results, { error: await handBack(deps, s.job, error) });
      }
    }),
  );
  if (records.length === 0) return;
  try {
    await recordSentStatement(deps, records);
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", event: "delivery.record_failed", keys: records.map((r) => r.key), error: errorText(error) }));
    for (const r of records) r.s.send!.unrecorded.push(markSentStatement(deps, r.key, r.providerMessageId, r.at));
  }
}
