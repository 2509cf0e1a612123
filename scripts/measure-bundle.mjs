// First-load JS of a page from the client build (issue 8): every JS file the server-rendered HTML
// of the page preloads or imports (the entry module and its imports, then each matched route's
// module and imports, as @remix-run/react's <Scripts> emits them), each with its gzip size.
// Reads build/client only (run `npm run build` first). Usage:
//   node scripts/measure-bundle.mjs [--routes=root,routes/_index] [--json]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const CLIENT = "build/client";
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? true];
  }),
);
// `/` matches the root route and the index route.
const routeIds = String(args.routes ?? "root,routes/_index").split(",");

function readManifest() {
  const file = readdirSync(join(CLIENT, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No build/client/assets/manifest-*.js: run `npm run build` first.");
  const source = readFileSync(join(CLIENT, "assets", file), "utf8");
  return JSON.parse(source.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
}

const manifest = readManifest();
// The entry and its imports are the runtime every page loads (React, React DOM, Remix and its
// router); the rest is the app's own code for these routes.
const runtime = new Set([manifest.entry.module, ...manifest.entry.imports]);
const urls = new Set(runtime);
for (const id of routeIds) {
  const route = manifest.routes[id];
  if (!route) throw new Error(`No route ${id} in the manifest.`);
  for (const url of [...(route.imports ?? []), route.module]) urls.add(url);
}

const rows = [...urls].map((url) => {
  const bytes = readFileSync(join(CLIENT, url));
  return {
    file: url,
    raw: bytes.length,
    gzip: gzipSync(bytes).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
});
rows.sort((a, b) => b.gzip - a.gzip);
const sum = (list) => list.reduce((acc, row) => ({ raw: acc.raw + row.raw, gzip: acc.gzip + row.gzip, brotli: acc.brotli + row.brotli }), { raw: 0, gzip: 0, brotli: 0 });
const total = sum(rows);
const runtimeTotal = sum(rows.filter((row) => runtime.has(row.file)));
const appTotal = sum(rows.filter((row) => !runtime.has(row.file)));

if (args.json) {
  console.log(JSON.stringify({ routes: routeIds, files: rows, total, runtime: runtimeTotal, app: appTotal }, null, 2));
} else {
  const kb = (n) => (n / 1000).toFixed(2).padStart(8);
  console.log(`First-load JS for routes ${routeIds.join(" + ")} (${rows.length} files)`);
  console.log(`${"raw kB".padStart(8)} ${"gzip kB".padStart(8)} ${"br kB".padStart(8)}  file`);
  for (const row of rows) console.log(`${kb(row.raw)} ${kb(row.gzip)} ${kb(row.brotli)}  ${row.file}`);
  console.log(`${kb(runtimeTotal.raw)} ${kb(runtimeTotal.gzip)} ${kb(runtimeTotal.brotli)}  runtime (entry.client and its imports)`);
  console.log(`${kb(appTotal.raw)} ${kb(appTotal.gzip)} ${kb(appTotal.brotli)}  app code of these routes`);
  console.log(`${kb(total.raw)} ${kb(total.gzip)} ${kb(total.brotli)}  TOTAL`);
  if (routeIds.includes("routes/_index")) {
    console.log(
      "This is what / loads when it hydrates (a signed-in visitor, or a legal link followed). A signed-out visitor loads none of it: routes/_index's handle.hydrate (app/lib/hydration.ts); `npm run bench:lcp` prints what the page really loaded.",
    );
  }
}
