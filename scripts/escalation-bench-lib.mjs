// The escalation benchmarks' shared pieces (npm run bench:escalation, npm run bench:shards): seed SQL for
// tasks due in one minute, the bench Worker under `wrangler dev` on a port and a D1 folder of its own,
// one cron tick, and the engine's figures from /dev/escalation.json.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { bundleBenchWorker, ensureDevVars, fireCron, run } from "./lib.mjs";

export const WRANGLER_ENV = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", BROWSER: "none" };
const USERS_PER_TASKS = 10; // one user for every 10 tasks
const ROWS_PER_INSERT = 200;

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

/**
 * SQL for `count` tasks due at `dueAt`, each with its escalation snapshot and four steps. With
 * `connected`, every person has Telegram linked and one push device, so each first step sends two
 * messages (Telegram and push) instead of falling back to one email.
 */
export function seedSql(count, dueAt, { connected = false } = {}) {
  const now = Date.now();
  const users = [];
  const devices = [];
  const tasks = [];
  const escalations = [];
  const steps = [];
  const userCount = Math.max(1, Math.ceil(count / USERS_PER_TASKS));
  for (let u = 0; u < userCount; u++) {
    const id = randomUUID();
    users.push([id, `Bench ${u}`, `bench-${u}-${id.slice(0, 8)}@example.com`, 1, "Europe/London", 1, connected ? String(900_000_000 + u) : null, now]);
    // The dev outbox stands in for the push service, so the keys are never used to encrypt.
    if (connected) devices.push([randomUUID(), id, `https://push.example.com/bench/${id}`, "bench-p256dh", "bench-auth", "Bench device", now]);
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
    ...inserts("users", ["id", "name", "email", "is_verified", "timezone", "consent", "telegram_chat_id", "created_at"], users),
    ...inserts("push_subscriptions", ["id", "user_id", "endpoint", "p256dh", "auth", "label", "created_at"], devices),
    ...inserts("tasks", ["id", "user_id", "title", "due_at", "status", "strategy_key", "source", "created_at"], tasks),
    ...inserts("escalations", ["id", "task_id", "strategy_key", "steps", "state", "started_at", "created_at"], escalations),
    ...inserts("escalation_steps", ["id", "escalation_id", "task_id", "step_index", "channels", "due_at", "state", "created_at"], steps),
  ].join("\n");
}

export async function stats(url) {
  const response = await fetch(`${url}/dev/escalation.json`);
  if (!response.ok) throw new Error(`/dev/escalation.json answered ${response.status}`);
  return response.json();
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One cron tick. A no_bundle Worker has no /__scheduled middleware; miniflare's own trigger
 * endpoint (enabled by --test-scheduled) does the same. /__scheduled is the fallback.
 */
export async function fireTick(url) {
  const response = await fetch(`${url}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`);
  if (response.status !== 404) return response.status;
  return fireCron(url);
}


/** A fresh local D1 in `persistTo`, migrated and seeded with `count` tasks due at `dueAt`. */
export async function seedShard({ config, persistTo, count, dueAt, connected = false }) {
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(persistTo, { recursive: true });
  const quiet = { env: WRANGLER_ENV, stdio: ["ignore", "ignore", "inherit"] };
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--config", config, "--persist-to", persistTo], quiet);
  const seedFile = `${persistTo}/seed.sql`;
  writeFileSync(seedFile, seedSql(count, dueAt, { connected }));
  await run("wrangler", ["d1", "execute", "DB", "--local", "--config", config, "--persist-to", persistTo, "--file", seedFile], quiet);
}

/** The bench Worker (bundled by bundleBenchWorker) under `wrangler dev` on `port`, with its own D1 folder. */
export async function startBenchWorker({ config, port, persistTo, verbose = false }) {
  const child = spawn(
    "wrangler",
    ["dev", "--config", config, "--port", String(port), "--ip", "127.0.0.1", "--test-scheduled", "--show-interactive-dev-session=false", "--persist-to", persistTo, "--var", "DEV_OUTBOX:true"],
    { stdio: verbose ? ["ignore", "inherit", "inherit"] : ["ignore", "ignore", "inherit"], env: WRANGLER_ENV },
  );
  const url = `http://localhost:${port}`;
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

export async function stopWorker(child) {
  child.kill("SIGTERM");
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
}

/** `--key=value` (or a bare `--flag`, "true") from the command line. */
export function benchArgs() {
  return new Map(
    process.argv.slice(2).map((arg) => {
      const [key, value] = arg.replace(/^--/, "").split("=");
      return [key, value ?? "true"];
    }),
  );
}

/** .dev.vars, the app's build (unless --no-build), and the bench Worker bundled into `dir` for `port`. */
export async function prepareBench(args, dir, port) {
  await ensureDevVars();
  if (args.get("no-build") !== "true") {
    console.log("Building the app (remix vite:build)...");
    await run("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"] });
  } else if (!existsSync("build/server/index.js")) {
    throw new Error("No build found: run without --no-build");
  }
  await bundleBenchWorker(dir, { APP_URL: `http://localhost:${port}` });
}

/**
 * CPU time (user + system, ms) the runtime has used so far: every `workerd` process under `rootPid`
 * (wrangler dev runs the Worker, and the local D1 with it, in workerd). Read from /proc, so Linux only;
 * null elsewhere. Differences of two readings give the CPU of what ran between them.
 */
export function workerdCpuMs(rootPid) {
  try {
    const children = new Map();
    const info = new Map();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // the process ended meanwhile
      }
      // "pid (comm) state ppid ..."; comm may hold spaces, so split after the last ")".
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      const pid = Number(entry);
      const ppid = Number(fields[1]);
      info.set(pid, { comm, ticks: Number(fields[11]) + Number(fields[12]) });
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    }
    let ticks = 0;
    const stack = [rootPid];
    while (stack.length > 0) {
      const pid = stack.pop();
      const process = info.get(pid);
      if (process?.comm.startsWith("workerd")) ticks += process.ticks;
      stack.push(...(children.get(pid) ?? []));
    }
    // The kernel counts in clock ticks of 1/100 s on Linux (USER_HZ).
    return ticks * 10;
  } catch {
    return null;
  }
}
