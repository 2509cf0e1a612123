// `npm start`: build, migrate the local D1, serve the Worker with wrangler dev, and fire the cron
// every minute (wrangler dev never fires cron triggers by itself).
import { startDevFakes } from "./dev-fakes.mjs";
import { ensureDevVars, fireCron, migrateLocal, run, startWrangler } from "./lib.mjs";

const port = Number(process.env.PORT ?? 8787);

await ensureDevVars();
await run("remix", ["vite:build"]);
await migrateLocal();
const fakes = await startDevFakes({ port });
// Locally one person tries many accounts from one address: the per-IP registration limit (10 an hour) is raised.
const { child, url } = await startWrangler({ port, vars: { APP_URL: `http://localhost:${port}`, REGISTRATIONS_PER_IP_PER_HOUR: "1000", ...fakes.vars } });

console.log(`\n  Nudge is running at ${url}\n  Dev outbox (emails, texts, calls): ${url}/dev/outbox\n  Press Ctrl+C to stop.\n`);

async function tick() {
  const at = new Date().toISOString();
  try {
    const status = await fireCron(url);
    console.log(`[cron] tick at ${at} -> ${status}`);
  } catch (error) {
    console.log(`[cron] tick at ${at} failed: ${error}`);
  }
}

// Align ticks to the start of each minute, like Cloudflare's scheduler.
await tick();
const msToNextMinute = 60_000 - (Date.now() % 60_000);
let interval;
const first = setTimeout(() => {
  void tick();
  interval = setInterval(tick, 60_000);
}, msToNextMinute);

function stop() {
  clearTimeout(first);
  clearInterval(interval);
  child.kill("SIGTERM");
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => {
  console.log(`wrangler dev exited with ${code}`);
  process.exit(code ?? 1);
});
