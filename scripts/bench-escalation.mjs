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
// --verbose (show the Worker's log).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { bundleBenchWorker, ensureDevVars, fireCron, run } from "./lib.mjs";

const BENCH_DIR = ".wrangler/bench-escalation";
const CONFIG = `${BENCH_DIR}/wrangler.toml`;
const WRANGLER_ENV = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", BROWSER: "none" };
const PORT = 8797;
const TIMEOUT_MS = 10 * 60_000;
const USERS_PER_TASKS = 10; // one user for every 10 tasks
const ROWS_PER_INSERT = 200;

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? "true"];
  }),
);
const sizes = (args.get("sizes") ?? "1000,10000").split(",").map(Number);

const STANDARD = [
  { afterMinutes: 0, channels: ["telegram", "push"] },
  { afterMinutes: 15, channels: ["sms", "email"] },
  { afterMinutes: 30, channels: ["voice"] },
  { afterMinutes: 60, channels: ["buddies"] },
];

const q = (value) => (value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`);

function inserts(table, columns, rows) {
  const out = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows
      .slice(i, i + ROWS_PER_INSERT)
      .map((row) => `(${row.map(q).join(",")})`)
      .join(",\n");
    out.push(`INSERT INTO ${table} (${columns.join(",")}) VALUES\n${values};`);
  }
  return out;
}

/** SQL for `count` tasks due at `dueAt`, each with its escalation snapshot and four steps. */
function seedSql(count, dueAt) {
  const now = Date.now();
  const users = [];
  const tasks = [];
  const escalations = [];
  const steps = [];
  const userCount = Math.max(1, Math.ceil(count / USERS_PER_TASKS));
  for (let u = 0; u < userCount; u++) {
    const id = randomUUID();
    users.push([id, `Bench ${u}`, `bench-${u}-${id.slice(0, 8)}@example.com`, 1, "Europe/London", 1, now]);
  }
  const snapshot = JSON.stringify(STANDARD);
  for (let t = 0; t < count; t++) {
    const taskId = randomUUID();
    const escalationId = randomUUID();
    const userId = users[t % userCount][0];
    tasks.push([taskId, userId, `Bench task ${t}`, dueAt, "PENDING", "standard", "web", now]);
    escalations.push([escalationId, taskId, "standard", snapshot, "running", dueAt, now]);
    STANDARD.forEach((step, index) => {
      steps.push([randomUUID(), escalationId, taskId, index, JSON.stringify(step.channels), dueAt + step.afterMinutes * 60_000, index === 0 ? "pending" : "waiting", now]);
    });
  }
  return [
    ...inserts("users", ["id", "name", "email", "is_verified", "timezone", "consent", "created_at"], users),
    ...inserts("tasks", ["id", "user_id", "title", "due_at", "status", "strategy_key", "source", "created_at"], tasks),
    ...inserts("escalations", ["id", "task_id", "strategy_key", "steps", "state", "started_at", "created_at"], escalations),
    ...inserts("escalation_steps", ["id", "escalation_id", "task_id", "step_index", "channels", "due_at", "state", "created_at"], steps),
  ].join("\n");
}

async function stats(url) {
  const response = await fetch(`${url}/dev/escalation.json`);
  if (!response.ok) throw new Error(`/dev/escalation.json answered ${response.status}`);
  return response.json();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One cron tick. A no_bundle Worker has no /__scheduled middleware; miniflare's own trigger
 * endpoint (enabled by --test-scheduled) does the same. /__scheduled is the fallback.
 */
async function fireTick(url) {
  const response = await fetch(`${url}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`);
  if (response.status !== 404) return response.status;
  return fireCron(url);
}

async function benchOne(count) {
  const persistTo = `${BENCH_DIR}/state-${count}`;
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(persistTo, { recursive: true });
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--config", CONFIG, "--persist-to", persistTo], {
    env: WRANGLER_ENV,
    stdio: ["ignore", "ignore", "inherit"],
  });

  const dueAt = Math.floor(Date.now() / 60_000) * 60_000; // the start of this minute
  const seedFile = `${persistTo}/seed.sql`;
  writeFileSync(seedFile, seedSql(count, dueAt));
  const seedStarted = Date.now();
  await run("wrangler", ["d1", "execute", "DB", "--local", "--config", CONFIG, "--persist-to", persistTo, "--file", seedFile], {
    env: WRANGLER_ENV,
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.log(`  seeded ${count} tasks (${count * 4} steps) in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

  const { child, url } = await startBenchWorker(persistTo, args.get("verbose") === "true");
  try {
    const before = await stats(url);
    if ((before.firstSteps.pending ?? 0) !== count) throw new Error(`expected ${count} pending first steps, found ${JSON.stringify(before.firstSteps)}`);

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
      consumerReadsPerStep: t.consumer.rowsRead / t.stepsHandled,
      deliveries: last.deliveries,
      ticks: t.runs,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    if (args.get("keep") !== "true") rmSync(persistTo, { recursive: true, force: true });
  }
}

/**
 * The bench Worker: the real Worker bundled into one file, with the project's wrangler.toml minus
 * the static assets (not needed here) and pointing at that bundle.
 */
async function prepareBenchWorker() {
  await bundleBenchWorker(BENCH_DIR, { APP_URL: `http://localhost:${PORT}` });
}

async function startBenchWorker(persistTo, verbose) {
  const child = spawn(
    "wrangler",
    ["dev", "--config", CONFIG, "--port", String(PORT), "--ip", "127.0.0.1", "--test-scheduled", "--show-interactive-dev-session=false", "--persist-to", persistTo, "--var", "DEV_OUTBOX:true"],
    { stdio: verbose ? ["ignore", "inherit", "inherit"] : ["ignore", "ignore", "inherit"], env: WRANGLER_ENV },
  );
  const url = `http://localhost:${PORT}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/v1/health`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  child.kill("SIGTERM");
  throw new Error("wrangler dev did not answer /v1/health within 90 seconds");
}

await ensureDevVars();
if (args.get("no-build") !== "true") {
  console.log("Building the app (remix vite:build)...");
  await run("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"] });
} else if (!existsSync("build/server/index.js")) {
  throw new Error("No build found: run without --no-build");
}
await prepareBenchWorker();

const results = [];
for (const count of sizes) {
  console.log(`\n${count.toLocaleString("en-US")} tasks due in the same minute`);
  const result = await benchOne(count);
  results.push(result);
  console.log(
    `  tick: ${result.tickMs} ms to claim and queue; every first step sent ${(result.deliverMs / 1000).toFixed(1)} s after the tick (polled: ${(result.polledMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  D1 per delivered step: ${result.readsPerStep.toFixed(1)} rows read (tick ${result.tickReadsPerStep.toFixed(1)}, consumer ${result.consumerReadsPerStep.toFixed(1)}), ${result.writesPerStep.toFixed(1)} rows written, ${result.queriesPerStep.toFixed(1)} queries`,
  );
  console.log(`  deliveries: ${JSON.stringify(result.deliveries)}; ticks: ${result.ticks}`);
}

console.log("\n| tasks due | tick (claim + queue) | all first steps sent | rows read / step | rows written / step | queries / step |");
console.log("|---:|---:|---:|---:|---:|---:|");
for (const r of results) {
  console.log(
    `| ${r.count.toLocaleString("en-US")} | ${(r.tickMs / 1000).toFixed(2)} s | ${(r.deliverMs / 1000).toFixed(1)} s | ${r.readsPerStep.toFixed(1)} | ${r.writesPerStep.toFixed(1)} | ${r.queriesPerStep.toFixed(1)} |`,
  );
}
const small = results.find((r) => r.count === 1000);
const large = results.find((r) => r.count === 10000);
if (small && large) {
  const ratio = large.deliverMs / small.deliverMs;
  console.log(`\n10k/1k time ratio: ${ratio.toFixed(2)} (10x the work; linear is about 10)`);
  console.log(`Target: 10,000 first steps within 60 s: ${large.deliverMs <= 60_000 ? "met" : "NOT met"} (${(large.deliverMs / 1000).toFixed(1)} s)`);
}
