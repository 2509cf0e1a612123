// `npm run bench:shards`: the local simulation of docs/scale.md's design, users split across several D1
// databases (shards), each with its own Worker, queue and minute tick, as separate Cloudflare deployments
// of the same code would be. The same total of first steps due in one minute is split evenly across
// 1, 2 and 4 shards; every shard's tick fires at once; the wall time until the last first step of every
// shard is sent gives the throughput. Each shard here is its own `wrangler dev` (its own workerd process and
// SQLite file), so on this machine the gain stops at the number of cores: the figures show the shape
// (throughput grows with shards until the machine is full), not Cloudflare's numbers.
// Options: --total=4000  --shards=1,2,4  --rounds=1  --no-build
import { rmSync } from "node:fs";
import { benchArgs, fireTick, prepareBench, seedShard, sleep, startBenchWorker, stats, stopWorker } from "./escalation-bench-lib.mjs";

const BENCH_DIR = ".wrangler/bench-shards";
const CONFIG = `${BENCH_DIR}/wrangler.toml`;
const FIRST_PORT = 8810;
const TIMEOUT_MS = 10 * 60_000;

const args = benchArgs();
const total = Number(args.get("total") ?? 4000);
const shardCounts = (args.get("shards") ?? "1,2,4").split(",").map(Number);
const rounds = Number(args.get("rounds") ?? 1);

async function simulate(shards) {
  const perShard = Math.ceil(total / shards);
  const dueAt = Math.floor(Date.now() / 60_000) * 60_000;
  const folders = Array.from({ length: shards }, (_, i) => `${BENCH_DIR}/shard-${shards}-${i}`);
  // Seeding is not measured: one after another, so the seeds do not compete with each other.
  for (const persistTo of folders) await seedShard({ config: CONFIG, persistTo, count: perShard, dueAt });
  const workers = [];
  try {
    for (const [i, persistTo] of folders.entries()) workers.push(await startBenchWorker({ config: CONFIG, port: FIRST_PORT + i, persistTo }));
    for (const { url } of workers) {
      const before = await stats(url);
      if ((before.firstSteps.pending ?? 0) !== perShard) throw new Error(`${url}: expected ${perShard} pending first steps, found ${JSON.stringify(before.firstSteps)}`);
    }
    const fired = Date.now();
    const statuses = await Promise.all(workers.map(({ url }) => fireTick(url)));
    if (statuses.some((status) => status !== 200)) throw new Error(`a scheduled trigger answered ${statuses.join(", ")}`);
    const doneAt = await Promise.all(
      workers.map(async ({ url }) => {
        while (Date.now() - fired < TIMEOUT_MS) {
          const now = await stats(url);
          if ((now.firstSteps.sent ?? 0) >= perShard) return Date.now();
          await sleep(250);
        }
        throw new Error(`${url}: not every first step was sent within ${TIMEOUT_MS / 1000} s`);
      }),
    );
    const wallMs = Math.max(...doneAt) - fired;
    return { shards, steps: perShard * shards, wallMs, perSecond: (perShard * shards) / (wallMs / 1000) };
  } finally {
    for (const { child } of workers) await stopWorker(child);
    for (const persistTo of folders) rmSync(persistTo, { recursive: true, force: true });
  }
}

await prepareBench(args, BENCH_DIR, FIRST_PORT);

const results = [];
for (let round = 1; round <= rounds; round++) {
  for (const shards of shardCounts) {
    const result = await simulate(shards);
    results.push({ ...result, round });
    console.log(`round ${round}, ${shards} shard(s): ${result.steps} first steps in ${(result.wallMs / 1000).toFixed(1)} s = ${result.perSecond.toFixed(0)} steps/s`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\n${total} first steps due in one minute, split across shards (median of ${rounds} round(s), spread in brackets)`);
console.log("| shards | all first steps sent | steps/s | vs 1 shard (same run) |");
console.log("|---:|---:|---:|---:|");
const base = median(results.filter((r) => r.shards === shardCounts[0]).map((r) => r.perSecond));
for (const shards of shardCounts) {
  const mine = results.filter((r) => r.shards === shards);
  const walls = mine.map((r) => r.wallMs / 1000);
  const rates = mine.map((r) => r.perSecond);
  console.log(
    `| ${shards} | ${median(walls).toFixed(1)} s (${Math.min(...walls).toFixed(1)}-${Math.max(...walls).toFixed(1)}) | ${median(rates).toFixed(0)} (${Math.min(...rates).toFixed(0)}-${Math.max(...rates).toFixed(0)}) | ${(median(rates) / base).toFixed(2)}x |`,
  );
}
