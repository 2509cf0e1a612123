// `npm run bench:escalation`: how fast the escalation engine delivers a minute's worth of first
// steps, and what it costs in D1.
//
// For 1,000 and then 10,000 tasks due in the same minute: a fresh local D1 (its own --persist-to),
// migrated and seeded with generated SQL (users, tasks, escalations, 4 steps each: the standard
// strategy); the Worker under `wrangler dev` on port 8797 with the dev outbox on; one cron tick
// (miniflare's scheduled trigger); then /dev/escalation.json is polled until every first step is sent.
//
// The Worker is bundled once (`wrangler deploy --dry-run`) into .wrangler/bench-escalation/ and
// served from there with no_bundle, so a rebuild of build/ or an edit under worker/ by someone
// else while the benchmark runs cannot reload the Worker halfway through a measurement.
//
// Printed per size: wall time from firing the tick to the last first step sent, D1 rows read and
// written per delivered step (the tick's and the consumer's deps.meter, summed in cron_runs), and
// the 10k/1k time ratio. Options: --sizes=1000,10000  --no-build  --keep (keep the state folders)
// --verbose (show the Worker's log)  --people=connected (everyone has Telegram and a push device, so
// each first step sends two messages; the default, --people=email, falls back to one email).
import { rmSync } from "node:fs";
import { benchArgs, fireTick, prepareBench, seedShard, sleep, startBenchWorker, stats, stopWorker, workerdCpuMs } from "./escalation-bench-lib.mjs";

const BENCH_DIR = ".wrangler/bench-escalation";
const CONFIG = `${BENCH_DIR}/wrangler.toml`;
const PORT = 8797;
const TIMEOUT_MS = 10 * 60_000;

const args = benchArgs();
const sizes = (args.get("sizes") ?? "1000,10000").split(",").map(Number);
const people = args.get("people") ?? "email";
if (!["email", "connected"].includes(people)) throw new Error(`--people is "email" or "connected", not "${people}"`);
const connected = people === "connected";

async function benchOne(count) {
  const persistTo = `${BENCH_DIR}/state-${count}`;
  const dueAt = Math.floor(Date.now() / 60_000) * 60_000; // the start of this minute
  const seedStarted = Date.now();
  await seedShard({ config: CONFIG, persistTo, count, dueAt, connected });
  console.log(`  seeded ${count} tasks (${count * 4} steps) in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

  const { child, url } = await startBenchWorker({ config: CONFIG, port: PORT, persistTo, verbose: args.get("verbose") === "true" });
  try {
    const before = await stats(url);
    if ((before.firstSteps.pending ?? 0) !== count) throw new Error(`expected ${count} pending first steps, found ${JSON.stringify(before.firstSteps)}`);

    const cpuBefore = workerdCpuMs(child.pid);
    const fired = Date.now();
    const status = await fireTick(url);
    if (status !== 200) throw new Error(`the scheduled trigger answered ${status}`);
    const tickDone = Date.now();

    let last = before;
    while (Date.now() - fired < TIMEOUT_MS) {
      last = await stats(url);
      if ((last.firstSteps.sent ?? 0) >= count) break;
      await sleep(200);
    }
    const polledAt = Date.now();
    const cpuAfter = workerdCpuMs(child.pid);
    const sent = last.firstSteps.sent ?? 0;
    if (sent < count) throw new Error(`only ${sent} of ${count} first steps sent after ${TIMEOUT_MS / 1000} s: ${JSON.stringify(last)}`);

    const t = last.ticks;
    const rowsRead = t.tick.rowsRead + t.consumer.rowsRead;
    const rowsWritten = t.tick.rowsWritten + t.consumer.rowsWritten;
    const queries = t.tick.queries + t.consumer.queries;
    return {
      count,
      tickMs: tickDone - fired,
      // From the tick's own "now" to the last first step marked sent (server clock), and as polled.
      deliverMs: last.firstStepLastSentAt - t.firstScheduledAt,
      polledMs: polledAt - fired,
      sent: t.stepsSent,
      readsPerStep: rowsRead / t.stepsSent,
      writesPerStep: rowsWritten / t.stepsSent,
      queriesPerStep: queries / t.stepsSent,
      tickReadsPerStep: t.tick.rowsRead / t.claimed,
      // The runtime's CPU (Worker and local D1 together) from the tick to the last step sent, per step.
      cpuMsPerStep: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / t.stepsSent,
      consumerReadsPerStep: t.consumer.rowsRead / t.stepsHandled,
      deliveries: last.deliveries,
      ticks: t.runs,
    };
  } finally {
    await stopWorker(child);
    if (args.get("keep") !== "true") rmSync(persistTo, { recursive: true, force: true });
  }
}

await prepareBench(args, BENCH_DIR, PORT);

const results = [];
for (const count of sizes) {
  console.log(`\n${count.toLocaleString("en-US")} tasks due in the same minute (${connected ? "everyone with Telegram and a push device: two messages per first step" : "no ping channel: one email per first step"})`);
  const result = await benchOne(count);
  results.push(result);
  console.log(
    `  tick: ${result.tickMs} ms to claim and queue; every first step sent ${(result.deliverMs / 1000).toFixed(1)} s after the tick (polled: ${(result.polledMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  D1 per delivered step: ${result.readsPerStep.toFixed(1)} rows read (tick ${result.tickReadsPerStep.toFixed(1)}, consumer ${result.consumerReadsPerStep.toFixed(1)}), ${result.writesPerStep.toFixed(1)} rows written, ${result.queriesPerStep.toFixed(2)} queries`,
  );
  console.log(
    `  CPU per delivered step (workerd processes, the Worker and the local D1 together): ${result.cpuMsPerStep === null ? "not measured (no /proc)" : `${result.cpuMsPerStep.toFixed(2)} ms`}`,
  );
  const messagesPerStep = (result.deliveries.sent ?? 0) / result.sent;
  console.log(`  deliveries: ${JSON.stringify(result.deliveries)}; ticks: ${result.ticks}`);
  console.log(`  messages per step: ${messagesPerStep.toFixed(2)}; rows written per message: ${(result.writesPerStep / messagesPerStep).toFixed(1)}`);
}

console.log("\n| tasks due | tick (claim + queue) | all first steps sent | rows read / step | rows written / step | queries / step | CPU / step |");
console.log("|---:|---:|---:|---:|---:|---:|---:|");
for (const r of results) {
  console.log(
    `| ${r.count.toLocaleString("en-US")} | ${(r.tickMs / 1000).toFixed(2)} s | ${(r.deliverMs / 1000).toFixed(1)} s | ${r.readsPerStep.toFixed(1)} | ${r.writesPerStep.toFixed(1)} | ${r.queriesPerStep.toFixed(2)} | ${r.cpuMsPerStep === null ? "-" : `${r.cpuMsPerStep.toFixed(2)} ms`} |`,
  );
}
const small = results.find((r) => r.count === 1000);
const large = results.find((r) => r.count === 10000);
if (small && large) {
  const ratio = large.deliverMs / small.deliverMs;
  console.log(`\n10k/1k time ratio: ${ratio.toFixed(2)} (10x the work; linear is about 10)`);
  console.log(`Target (issue 8): 10,000 first steps within 30 s: ${large.deliverMs <= 30_000 ? "met" : "NOT met"} (${(large.deliverMs / 1000).toFixed(1)} s)`);
}
