// Largest Contentful Paint of a page on a throttled "mobile" profile (issue 8), with Debian's
// Chromium driven by playwright-core: 360x780 viewport at DPR 3, CPU slowed 4x
// (Emulation.setCPUThrottlingRate) and a slow-4G-like network (Network.emulateNetworkConditions:
// 150 ms RTT, 1.6 Mb/s down, 750 kb/s up; Lighthouse's mobile preset). Each run is a fresh
// browser context (cold HTTP cache). Prints every run, the median and the spread, and what the
// LCP element was. Not a test: a figure for docs/performance.md.
//
//   node scripts/measure-lcp.mjs [--url=http://localhost:8861/] [--runs=3] [--no-build] [--desktop] [--port=8795]
//
// Without --url it builds the app, serves it with wrangler dev on --port (a fresh local D1)
// and stops it afterwards.
/* global window -- the page functions below run in the browser */
import { chromium } from "playwright-core";
import { rmSync } from "node:fs";
import { CHROMIUM_PATH, CHROMIUM_QUIET_ARGS } from "./chromium.mjs";
import { ensureDevVars, migrateLocal, run, startWrangler } from "./lib.mjs";

const args = new Map(process.argv.slice(2).map((arg) => [arg.replace(/^--/, "").split("=")[0], arg.split("=")[1] ?? "true"]));
const RUNS = Number(args.get("runs") ?? 3);
const DESKTOP = args.get("desktop") === "true";
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

async function serve() {
  if (args.get("no-build") !== "true") await run("remix", ["vite:build"], { stdio: ["ignore", "ignore", "inherit"] });
  const port = Number(args.get("port") ?? 8795);
  const persistTo = `.wrangler/lcp-state-${port}`;
  await ensureDevVars();
  rmSync(persistTo, { recursive: true, force: true });
  await migrateLocal(persistTo);
  const { child, url } = await startWrangler({ port, persistTo, quiet: true, vars: { DEV_OUTBOX: "true" } });
  return { url: `${url}/`, stop: () => child.kill("SIGTERM") };
}

async function measureOnce(browser, url) {
  const context = await browser.newContext(
    DESKTOP ? { viewport: { width: 1280, height: 860 } } : { viewport: { width: 360, height: 780 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (!DESKTOP) {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
  }
  await page.addInitScript(() => {
    // The last entry before the first input is the page's LCP.
    window.__lcp = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const el = entry.element;
        window.__lcp = { time: entry.startTime, size: entry.size, url: entry.url, element: el ? `${el.tagName.toLowerCase()}${el.className ? "." + String(el.className).split(" ")[0] : ""}` : null };
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  await page.waitForTimeout(1500);
  const lcp = await page.evaluate(() => window.__lcp);
  const bytes = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((r) => ({ name: new URL(r.name).pathname, size: r.transferSize })),
  );
  await context.close();
  return { ...lcp, resources: bytes };
}

const served = args.has("url") ? { url: args.get("url"), stop: () => undefined } : await serve();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_QUIET_ARGS });
try {
  await measureOnce(browser, served.url); // warm the server (first render compiles), not counted
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await measureOnce(browser, served.url);
    runs.push(result);
    console.log(`run ${i + 1}: LCP ${result.time.toFixed(0)} ms  element ${result.element}  ${result.url || "(text)"}`);
  }
  const times = runs.map((r) => r.time).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${DESKTOP ? "desktop" : "mobile (CPU 4x, 150 ms RTT, 1.6 Mb/s)"} LCP of ${served.url}: median ${median.toFixed(0)} ms (${times[0].toFixed(0)}-${times[times.length - 1].toFixed(0)}), ${RUNS} runs`);
  const images = runs[0].resources.filter((r) => /\.(png|webp|avif|jpe?g)$/.test(r.name));
  for (const image of images) console.log(`  image loaded: ${image.name} ${(image.size / 1000).toFixed(1)} kB transferred`);
  // The JavaScript the page really loaded (a signed-out visit of / loads none: issue 8).
  const scripts = runs[0].resources.filter((r) => r.name.endsWith(".js"));
  const scriptBytes = scripts.reduce((sum, r) => sum + r.size, 0);
  console.log(`  JavaScript loaded: ${scripts.length} files, ${(scriptBytes / 1000).toFixed(1)} kB transferred`);
} finally {
  await browser.close();
  served.stop();
}
