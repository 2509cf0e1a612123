// `npm run bench:compare -- --base=<commit>`: this tree against another commit, in the same run.
//
// Why: on this shared machine the load drifts between two benchmark runs by more than most changes
// move the figures (docs/performance.md), so "before" and "after" are measured side by side. Both
// Workers are bundled and served at once (this tree on port 8894, the base commit's worktree on 8895),
// each with its own local D1 seeded alike: a person with no tasks, one with 20, one with 10,000 (their
// list read by page 1 and by the cursor of page 50, as in bench:api). Then, round after round, every
// route is measured on both, the order alternating by round (base first in odd rounds, this tree first
// in even ones), each batch right after a batch to /v1/health on the same Worker. Per round and route:
// the workerd process's CPU per request above health, and server time over health, on each side, and
// the ratio this tree / base. The medians of those per-round ratios (with min-max) are the answer:
// drift falls on both sides of a round alike.
// Options: --base=HEAD~1 --rounds=6 --count=200 (requests per batch; the CPU clock ticks every 10 ms)
// --no-build (both builds already there) --keep (keep the base worktree and the states).
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, symlinkSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freshDatabase, measureBatch, median, parseArgs, prepareWorker, seedUsers, signIn, spread, startWorker, stopAndClean, walkKeyset } from "./bench-worker.mjs";

const args = parseArgs();
const base = args.get("base") ?? "HEAD~1";
const rounds = Number(args.get("rounds") ?? 6);
const count = Number(args.get("count") ?? 200);
const noBuild = args.get("no-build") === "true";
const keep = args.get("keep") === "true";
const KEYSET_PAGE = 50;

const git = (...gitArgs) => execFileSync("git", gitArgs, { encoding: "utf8" }).trim();
const baseCommit = git("rev-parse", "--short", base);
const headCommit = git("rev-parse", "--short", "HEAD");
const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
const headLabel = `this tree (${headCommit}${dirty ? " with uncommitted changes" : ""})`;

/** The base commit checked out beside this tree, sharing its node_modules and .dev.vars. */
function addWorktree() {
  const path = mkdtempSync(join(tmpdir(), "nudge-bench-base-"));
  git("worktree", "add", "--detach", "--force", path, baseCommit);
  symlinkSync(resolve("node_modules"), join(path, "node_modules"));
  if (existsSync(".dev.vars")) copyFileSync(".dev.vars", join(path, ".dev.vars"));
  return path;
}

function removeWorktree(path) {
  // The link first: `git worktree remove --force` would otherwise follow it into our node_modules.
  unlinkSync(join(path, "node_modules"));
  git("worktree", "remove", "--force", path);
}

/** One side: its bundle, its D1 seeded with the three people, its Worker. */
async function startSide({ label, dir, root, port }) {
  await prepareWorker({ dir, noBuild, root });
  const database = await freshDatabase(dir);
  const [none, twenty, many] = await seedUsers(database, [{ tasks: 0 }, { tasks: 20 }, { tasks: 10_000, completedEvery: 10 }]);
  const worker = await startWorker({ dir, port, persistTo: database.persistTo });
  return { label, worker, database, people: { none, twenty, many } };
}

/** The routes compared, each with the headers of the person it is measured for (fresh each round: tokens live 15 minutes). */
async function routesFor(side) {
  const [none, twenty, many] = await Promise.all([signIn(side.worker.url, side.people.none.email), signIn(side.worker.url, side.people.twenty.email), signIn(side.worker.url, side.people.many.email)]);
  // Each side walks to its own page 50 once (its tasks have their own ids); the cursor outlives the tokens.
  side.keysetAfter ??= (await walkKeyset(side.worker.url, many.bearer, KEYSET_PAGE, 20)).after;
  return [
    ["/dashboard, no tasks", "/dashboard", none.cookie],
    ["/dashboard, 20 tasks", "/dashboard", twenty.cookie],
    ["GET /v1/tasks?page=1, 10,000 tasks", "/v1/tasks?page=1&limit=20", many.bearer],
    [`GET /v1/tasks?after= (page ${KEYSET_PAGE}), 10,000 tasks`, `/v1/tasks?after=${encodeURIComponent(side.keysetAfter)}&limit=20`, many.bearer],
    ["GET /v1/auth/profile", "/v1/auth/profile", many.bearer],
  ];
}

async function measureRoute(side, path, headers) {
  const health = await measureBatch({ url: side.worker.url, path: "/v1/health", count, workerdPid: side.worker.workerdPid });
  const route = await measureBatch({ url: side.worker.url, path, headers, count, workerdPid: side.worker.workerdPid });
  return { cpuAbove: route.cpuPerRequestMs - health.cpuPerRequestMs, cpu: route.cpuPerRequestMs, serverRatio: route.serverMs / health.serverMs };
}

const worktree = addWorktree();
const sides = [];
const results = new Map(); // route label -> [{ base, head }] per round
try {
  console.log(`Comparing ${headLabel} with ${baseCommit} (${git("log", "-1", "--format=%s", baseCommit).slice(0, 80)})`);
  const baseSide = await startSide({ label: baseCommit, dir: ".wrangler/bench-compare/base", root: worktree, port: 8895 });
  sides.push(baseSide);
  const headSide = await startSide({ label: "this tree", dir: ".wrangler/bench-compare/head", root: ".", port: 8894 });
  sides.push(headSide);
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 === 1 ? [baseSide, headSide] : [headSide, baseSide];
    const routes = new Map(await Promise.all(order.map(async (side) => [side, await routesFor(side)])));
    console.log(`\nRound ${round} of ${rounds} (${order.map((side) => side.label).join(" first, then ")})`);
    for (let i = 0; i < routes.get(baseSide).length; i++) {
      const entry = {};
      for (const side of order) {
        const [label, path, headers] = routes.get(side)[i];
        entry[side === baseSide ? "base" : "head"] = await measureRoute(side, path, headers);
        entry.label = label;
      }
      if (!results.has(entry.label)) results.set(entry.label, []);
      results.get(entry.label).push(entry);
      console.log(`  ${entry.label}: CPU above health ${entry.base.cpuAbove.toFixed(2)} -> ${entry.head.cpuAbove.toFixed(2)} ms, server / health ${entry.base.serverRatio.toFixed(2)}x -> ${entry.head.serverRatio.toFixed(2)}x`);
    }
  }
} finally {
  for (const side of sides) await stopAndClean(side.worker, side.database, keep);
  if (!keep) removeWorktree(worktree);
  else console.log(`Kept the base worktree at ${worktree} (remove its node_modules link before git worktree remove).`);
}

console.log(`\n${headLabel} against ${baseCommit}: ${rounds} rounds of ${count} requests per route and side, median of the rounds (min-max)`);
console.log("| route | CPU above health, base | this tree | this tree / base | whole CPU, this tree / base | server / health, base | this tree |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const [label, runs] of results) {
  const col = (fn, digits) => spread(runs.map(fn), digits);
  console.log(
    `| ${label} | ${col((r) => r.base.cpuAbove, 2)} ms | ${col((r) => r.head.cpuAbove, 2)} ms | ${col((r) => r.head.cpuAbove / r.base.cpuAbove, 2)}x | ${col((r) => r.head.cpu / r.base.cpu, 2)}x | ${col((r) => r.base.serverRatio, 2)}x | ${col((r) => r.head.serverRatio, 2)}x |`,
  );
}
const verdict = (label) => {
  const runs = results.get(label);
  return runs ? median(runs.map((r) => r.head.cpu / r.base.cpu)) : NaN;
};
// Issue 8's "0.2 ms a task": per round and side, (20 tasks above health - no tasks above health) / 20, as bench:pages reckons it.
const none = results.get("/dashboard, no tasks");
const twenty = results.get("/dashboard, 20 tasks");
if (none && twenty) {
  const perTask = (side) => twenty.map((r, i) => (r[side].cpuAbove - none[i][side].cpuAbove) / 20);
  const [basePer, headPer] = [perTask("base"), perTask("head")];
  console.log(
    `\nCPU per task on /dashboard (20 tasks minus none, / 20), median of the rounds: base ${spread(basePer, 3)} ms, this tree ${spread(headPer, 3)} ms; target <= 0.2 ms: ${median(headPer) <= 0.2 ? "met" : "NOT met"} by this tree`,
  );
}
console.log(`\nWhole CPU of /dashboard with 20 tasks, this tree / base: ${verdict("/dashboard, 20 tasks").toFixed(2)}x (below 1: this tree costs less).`);
