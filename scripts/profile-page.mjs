// `npm run profile:page`: where a page's server CPU goes, from a CPU profile of the Worker's isolate.
//
// The same set-up as `npm run bench:pages` (the Worker bundled once, its own local D1, seeded users
// signed in through the real login), with wrangler's DevTools inspector on. The V8 sampling profiler
// runs over --count requests to one page, and the script prints where the samples fell: self time
// per module of the bundle (esbuild marks each with a `// path` comment) and per function, and the
// inclusive time of the functions on the way (loaders, components). Only the Worker's isolate is
// sampled: D1's SQLite, the dev proxy and the runtime's own C++ show as "(program)" or not at all.
// Read it as where to look, never as what a change will save: with the profiler on, the isolate runs
// about twice as long as `bench:pages` measures, and code made of many small calls is overstated far
// more (Drizzle's per-client schema walk showed as 1.7 ms a request; it costs about 20 µs). Check a
// change with `npm run bench:pages` before and after, in adjacent runs (docs/performance.md).
// Options: --path=/dashboard (the page) --tasks=20 (the signed-in person's tasks; --signed-out for none)
// --count=300 --interval=100 (sampling interval, µs) --top=25 --no-build --json=<file> (the raw profile).
import { readFileSync, writeFileSync } from "node:fs";
import WebSocket from "ws";
import { freshDatabase, parseArgs, prepareWorker, seedUsers, signIn, startWorker, stopAndClean } from "./bench-worker.mjs";

const DIR = ".wrangler/profile-page";
const PORT = 8893;
const INSPECTOR_PORT = 9233;
const args = parseArgs();
const path = args.get("path") ?? "/dashboard";
const tasks = Number(args.get("tasks") ?? 20);
const signedOut = args.get("signed-out") === "true";
const count = Number(args.get("count") ?? 300);
const interval = Number(args.get("interval") ?? 100);
const top = Number(args.get("top") ?? 25);

/** A minimal Chrome DevTools Protocol session over one WebSocket. */
async function connect(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error(`no inspectable target on port ${inspectorPort}: ${JSON.stringify(targets)}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let nextId = 1;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    const waiter = message.id && pending.get(message.id);
    if (!waiter) return; // events: not needed here
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
    else waiter.resolve(message.result);
  });
  return {
    send(method, params = {}) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
    },
    close: () => socket.close(),
  };
}

/** For each line of the bundle, the module it came from (esbuild's `// path` comments; the app's own build is one). */
function moduleOfLine(bundle) {
  const modules = [];
  let current = "(bundle)";
  for (const line of bundle.split("\n")) {
    const marker = /^\/\/ ((?:node_modules|worker|app|db|build)\/\S+)$/.exec(line);
    if (marker) current = marker[1].replace(/^node_modules\/(\.pnpm\/)?/, "").replace(/\/(cjs|dist|esm|lib)\/.*$/, "");
    modules.push(current);
  }
  return modules;
}

function summarise(profile, modules) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (node) => {
    const { functionName, lineNumber, url } = node.callFrame;
    const module = url.endsWith("index.js") ? (modules[lineNumber] ?? "(bundle)") : url || "(native)";
    return { fn: `${functionName || "(anonymous)"} ${module}:${lineNumber + 1}`, module };
  };
  const self = new Map();
  const selfByModule = new Map();
  const inclusive = new Map();
  let total = 0;
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    const node = nodes.get(id);
    const { fn, module } = keyOf(node);
    add(self, fn, ms);
    add(selfByModule, module, ms);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = keyOf(nodes.get(at)).fn;
      if (seen.has(key)) continue; // a recursive function counts once per sample
      seen.add(key);
      add(inclusive, key, ms);
    }
  });
  return { total, self, selfByModule, inclusive };
}

function printTop(title, map, total, perRequest) {
  console.log(`\n${title}`);
  console.log("| ms / request | share | where |");
  console.log("|---:|---:|---|");
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${(ms / perRequest).toFixed(3)} | ${((100 * ms) / total).toFixed(1)}% | ${key} |`);
  }
}

await prepareWorker({ dir: DIR, noBuild: args.get("no-build") === "true" });
const database = await freshDatabase(DIR);
const [user] = await seedUsers(database, [{ tasks }]);
const worker = await startWorker({ dir: DIR, port: PORT, persistTo: database.persistTo, inspectorPort: INSPECTOR_PORT, verbose: args.get("verbose") === "true" });
let inspector;
try {
  const headers = signedOut ? {} : (await signIn(worker.url, user.email)).cookie;
  const request = async () => {
    const response = await fetch(`${worker.url}${path}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  };
  for (let i = 0; i < 20; i++) await request(); // warm: the first requests compile
  inspector = await connect(INSPECTOR_PORT);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval });
  await inspector.send("Profiler.start");
  for (let i = 0; i < count; i++) await request();
  const { profile } = await inspector.send("Profiler.stop");
  if (args.get("json")) writeFileSync(args.get("json"), JSON.stringify(profile));
  const { total, self, selfByModule, inclusive } = summarise(profile, moduleOfLine(readFileSync(`${DIR}/dist/index.js`, "utf8")));
  const idle = (self.get([...self.keys()].find((key) => key.startsWith("(idle)")) ?? "") ?? 0) || 0;
  const busy = total - idle;
  console.log(`\n${signedOut ? "signed out" : `signed in, ${tasks} tasks`}: GET ${path}, ${count} requests, sampled every ${interval} µs`);
  console.log(`Isolate busy (not idle): ${(busy / count).toFixed(3)} ms per request of ${(total / count).toFixed(3)} ms sampled`);
  console.log("(Profiled time: shares show where to look; what a change saves is measured by npm run bench:pages.)");
  const withoutIdle = (map) => new Map([...map].filter(([key]) => !key.startsWith("(idle)")));
  printTop("Self time by module", withoutIdle(selfByModule), busy, count);
  printTop("Self time by function", withoutIdle(self), busy, count);
  printTop("Inclusive time by function", withoutIdle(inclusive), busy, count);
} finally {
  inspector?.close();
  await stopAndClean(worker, database, args.get("keep") === "true");
}
