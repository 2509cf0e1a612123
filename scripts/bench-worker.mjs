// What the request benchmarks (bench-api.mjs, bench-pages.mjs) share: the Worker bundled once and
// served under `wrangler dev` with its own local D1, users seeded straight into that D1, a session
// through the real login, and the CPU time of the workerd process (the runtime that runs the
// Worker and, locally, D1's SQLite too) read from /proc.
import { spawn } from "node:child_process";
import { pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleBenchWorker, ensureDevVars, run } from "./lib.mjs";

const WRANGLER_ENV = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false", BROWSER: "none" };
const ROWS_PER_INSERT = 200;
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux build we run on (getconf CLK_TCK)
export const BENCH_PASSWORD = "Bench-password-1";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `--key=value` flags as a Map (`--flag` alone is "true"). */
export function parseArgs(argv = process.argv.slice(2)) {
  return new Map(
    argv.map((arg) => {
      const [key, value] = arg.replace(/^--/, "").split("=");
      return [key, value ?? "true"];
    }),
  );
}

/**
 * Builds the app (unless `noBuild`) and bundles the Worker once into `dir`, served from there with
 * no_bundle: a rebuild or an edit by someone else cannot reload the Worker mid-measurement. `root`
 * is the source tree (this one, or another commit's worktree for bench:compare).
 */
export async function prepareWorker({ dir, noBuild, root = "." }) {
  await ensureDevVars();
  if (!noBuild) {
    console.log(`Building the app (remix vite:build)${root === "." ? "" : ` in ${root}`}...`);
    await run("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"], cwd: root });
  } else if (!existsSync(join(root, "build/server/index.js"))) {
    throw new Error("No build found: run without --no-build");
  }
  await bundleBenchWorker(dir, {}, root);
}

/** A fresh, migrated local D1 under `${dir}/state`; returns the wrangler arguments that address it. */
export async function freshDatabase(dir) {
  const persistTo = `${dir}/state`;
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(persistTo, { recursive: true });
  const target = ["--local", "--config", `${dir}/wrangler.toml`, "--persist-to", persistTo];
  await run("wrangler", ["d1", "migrations", "apply", "DB", ...target], { env: WRANGLER_ENV, stdio: ["ignore", "ignore", "inherit"] });
  return { persistTo, target };
}

const sqlValue = (value) => (value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`);

function insertStatements(table, columns, rows) {
  const statements = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values = rows.slice(start, start + ROWS_PER_INSERT).map((row) => `(${row.map(sqlValue).join(",")})`);
    statements.push(`INSERT INTO ${table} (${columns.join(",")}) VALUES\n${values.join(",\n")};`);
  }
  return statements;
}

/** The stored form of BENCH_PASSWORD, as worker/services/auth/passwords.ts makes it. */
function benchPasswordHash() {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(BENCH_PASSWORD, salt, 100_000, 32, "sha256");
  const b64 = (bytes) => bytes.toString("base64").replace(/=+$/, "");
  return `$pbkdf2-sha256$i=100000$${b64(salt)}$${b64(hash)}`;
}

/**
 * Seeds verified users, each with `tasks` one-off tasks due hourly from tomorrow on (so no cron tick
 * would touch them), every `completedEvery`-th one completed. Returns the users' emails and ids.
 */
export async function seedUsers(database, specs) {
  const now = Date.now();
  const start = (Math.floor(now / 3_600_000) + 24) * 3_600_000;
  const hash = benchPasswordHash();
  const users = [];
  const userRows = [];
  const taskRows = [];
  for (const spec of specs) {
    const id = randomUUID();
    const email = `bench-${spec.tasks}-${id.slice(0, 8)}@example.com`;
    users.push({ id, email, tasks: spec.tasks });
    // Onboarding skipped: a verified person without Telegram would otherwise be sent to the wizard (ADR 062).
    userRows.push([id, `Bench ${spec.tasks}`, email, hash, 1, "Europe/London", 1, now, now]);
    for (let t = 0; t < spec.tasks; t++) {
      const completed = spec.completedEvery && t % spec.completedEvery === spec.completedEvery - 1;
      taskRows.push([randomUUID(), id, `Bench task ${t + 1}`, start + t * 3_600_000, completed ? "COMPLETED" : "PENDING", "standard", "web", completed ? now : null, now]);
    }
  }
  const sql = [
    ...insertStatements("users", ["id", "name", "email", "password_hash", "is_verified", "timezone", "consent", "created_at", "onboarding_skipped_at"], userRows),
    ...insertStatements("tasks", ["id", "user_id", "title", "due_at", "status", "strategy_key", "source", "completed_at", "created_at"], taskRows),
  ].join("\n");
  const file = `${database.persistTo}/seed.sql`;
  writeFileSync(file, sql);
  const started = Date.now();
  await run("wrangler", ["d1", "execute", "DB", ...database.target, "--file", file], { env: WRANGLER_ENV, stdio: ["ignore", "ignore", "inherit"] });
  console.log(`  seeded ${users.length} user(s), ${taskRows.length.toLocaleString("en-US")} tasks in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return users;
}

/**
 * `wrangler dev` on the bundle; resolves once /v1/health answers. `stop()` ends it. With
 * `inspectorPort`, wrangler's DevTools inspector listens there (scripts/profile-page.mjs).
 */
export async function startWorker({ dir, port, persistTo, verbose, inspectorPort }) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    "wrangler",
    ["dev", "--config", `${dir}/wrangler.toml`, "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--persist-to", persistTo, "--var", "DEV_OUTBOX:true", "--var", `APP_URL:${url}`, ...(inspectorPort ? ["--inspector-port", String(inspectorPort)] : [])],
    { stdio: verbose ? ["ignore", "inherit", "inherit"] : ["ignore", "ignore", "inherit"], env: WRANGLER_ENV },
  );
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    const status = await fetch(`${url}/v1/health`).then(
      (response) => response.status,
      () => 0, // not listening yet
    );
    if (status === 200) {
      try {
        return { url, stop, workerdPid: findWorkerd(child.pid) };
      } catch (error) {
        await stop();
        throw error;
      }
    }
    if (status !== 0) {
      await stop();
      throw new Error(`/v1/health answered ${status}`);
    }
    await sleep(300);
  }
  await stop();
  throw new Error("wrangler dev did not answer /v1/health within 90 seconds");
}

/**
 * The workerd process that runs the Worker (and D1), among the descendants of `rootPid`. Wrangler
 * starts two: a proxy that owns the public port, and the runtime miniflare configures, the one
 * with an inspector port. The proxy's cost is the same for every request, health included.
 */
function findWorkerd(rootPid) {
  const parentOf = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const runtime = readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("--inspector-addr");
      parentOf.set(Number(entry), { ppid: Number(fields[1]), comm, runtime });
    } catch {
      // the process ended while we looked
    }
  }
  const descends = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = parentOf.get(p)?.ppid ?? 0, hops++) if (p === rootPid) return true;
    return false;
  };
  const found = [...parentOf].filter(([pid, info]) => info.comm === "workerd" && info.runtime && descends(pid)).map(([pid]) => pid);
  if (found.length !== 1) throw new Error(`expected one workerd runtime (with an inspector port) under wrangler (pid ${rootPid}), found ${found.length}`);
  return found[0];
}

/** User + system CPU time of a process so far, in milliseconds (all its threads). */
export function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After "(comm) ", field 3 (state) is index 0, so utime (14) and stime (15) are 11 and 12.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Signs in through POST /v1/auth/login; returns the bearer header and the session cookies. */
export async function signIn(url, email) {
  const response = await fetch(`${url}/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const body = await response.json();
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { bearer: { authorization: `Bearer ${body.accessToken}` }, cookie: { cookie } };
}

/** The `Server-Timing` figures of one answer: total, token check and D1 time (ms), D1 queries, round trips and rows read. */
export function serverTiming(response) {
  const header = response.headers.get("server-timing") ?? "";
  const total = /total;dur=([\d.]+)/.exec(header);
  const auth = /auth;dur=([\d.]+)/.exec(header);
  const d1 = /d1;dur=([\d.]+);desc="(\d+) queries"/.exec(header);
  const rows = /d1-rows-read;desc="(\d+)"/.exec(header);
  const trips = /d1-round-trips;desc="(\d+)"/.exec(header);
  return {
    totalMs: total ? Number(total[1]) : NaN,
    authMs: auth ? Number(auth[1]) : 0,
    d1Ms: d1 ? Number(d1[1]) : NaN,
    queries: d1 ? Number(d1[2]) : NaN,
    roundTrips: trips ? Number(trips[1]) : NaN,
    rowsRead: rows ? Number(rows[1]) : NaN,
  };
}

/** The value at quantile `q` (0..1) of a list of numbers (nearest rank). */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const median = (values) => quantile(values, 0.5);

/** One GET, read to its end: client latency, body size and the Server-Timing figures; any other status than `expectStatus` throws. */
async function timedGet({ url, path, headers, expectStatus = 200 }) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers, redirect: "manual" });
  const body = await response.arrayBuffer();
  const latencyMs = performance.now() - started;
  if (response.status !== expectStatus) throw new Error(`GET ${path} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
  return { latencyMs, bytes: body.byteLength, ...serverTiming(response) };
}

/**
 * Sends `count` requests one after the other (the first `warmup` unmeasured) and measures each:
 * client latency, Server-Timing, body size; and the workerd CPU over the measured ones, per request.
 */
export async function measureBatch({ url, path, headers, count, warmup = 5, workerdPid, expectStatus = 200 }) {
  const fetchOne = () => timedGet({ url, path, headers, expectStatus });
  for (let i = 0; i < warmup; i++) await fetchOne();
  const samples = [];
  const cpuBefore = processCpuMs(workerdPid);
  for (let i = 0; i < count; i++) samples.push(await fetchOne());
  const cpuPerRequestMs = (processCpuMs(workerdPid) - cpuBefore) / count;
  const pick = (key) => samples.map((s) => s[key]);
  return {
    path,
    count,
    p50: median(pick("latencyMs")),
    p95: quantile(pick("latencyMs"), 0.95),
    // Locally workerd's clock moves in whole milliseconds (during JavaScript too: only Cloudflare's
    // own runtime stops it between I/O), so each total is a whole number of ms; their mean over the
    // batch resolves differences below one.
    serverMs: pick("totalMs").reduce((sum, v) => sum + v, 0) / count,
    rowsRead: median(pick("rowsRead")),
    rowsReadMax: Math.max(...pick("rowsRead")),
    queries: median(pick("queries")),
    roundTrips: median(pick("roundTrips")),
    bytes: median(pick("bytes")),
    cpuPerRequestMs,
  };
}

/**
 * Server time side by side: `count` pairs of requests (5 unmeasured), each a /v1/health then the
 * route, so both see the machine at the same moment; a busy spell moves both instead of one
 * batch. Means of `Server-Timing` per pair member: total, the token check (`auth`, 0 where none
 * ran) and D1, so a route's time above health splits into what each part costs.
 */
export async function measurePaired({ url, path, headers, count, warmup = 5 }) {
  const sums = { health: { totalMs: 0, authMs: 0, d1Ms: 0 }, route: { totalMs: 0, authMs: 0, d1Ms: 0 } };
  for (let i = 0; i < warmup + count; i++) {
    const health = await timedGet({ url, path: "/v1/health" });
    const route = await timedGet({ url, path, headers });
    if (i < warmup) continue;
    for (const [side, timing] of [["health", health], ["route", route]]) {
      for (const key of ["totalMs", "authMs", "d1Ms"]) sums[side][key] += timing[key];
    }
  }
  const mean = (side) => Object.fromEntries(Object.entries(sums[side]).map(([key, sum]) => [key, sum / count]));
  return { health: mean("health"), route: mean("route") };
}

/** Stops the Worker and removes its state folder (unless `keep`). */
export async function stopAndClean(worker, database, keep) {
  await worker.stop();
  if (!keep) rmSync(database.persistTo, { recursive: true, force: true });
}

/** Adds `value` to the list kept under `key` (one entry per round). */
export function appendTo(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

/** "median (min-max)" of the rounds' values, or the one value. */
export function spread(values, digits) {
  const text = (v) => v.toFixed(digits);
  return values.length > 1 ? `${text(median(values))} (${text(Math.min(...values))}-${text(Math.max(...values))})` : text(values[0]);
}

/**
 * Walks the task list's keyset pages (`?after=`) from the top; returns the cursor that opens page
 * `pages` and the rows read per page on the way (bench:api, bench:compare).
 */
export async function walkKeyset(url, headers, pages, limit) {
  let after = "";
  const rowsRead = [];
  for (let page = 1; page < pages; page++) {
    const response = await fetch(`${url}/v1/tasks?after=${encodeURIComponent(after)}&limit=${limit}`, { headers });
    if (response.status !== 200) throw new Error(`keyset page ${page} answered ${response.status}`);
    rowsRead.push(serverTiming(response).rowsRead);
    const body = await response.json();
    if (body.tasks.length !== limit || !body.nextCursor) throw new Error(`keyset page ${page} ended early`);
    after = body.nextCursor;
  }
  return { after, rowsRead };
}
