// The server the browser suite runs against: the built Worker under wrangler dev, with a fresh
// local D1 (its own state folder, so the suite never touches the `npm start` data) and the dev
// outbox on. Playwright starts it (playwright.config.ts) and stops it when the suite ends.
import { rmSync } from "node:fs";
import { ensureDevVars, migrateLocal, startWrangler } from "./lib.mjs";

const port = Number(process.env.E2E_PORT ?? 8799);
const persistTo = ".wrangler/e2e-state";

ensureDevVars();
rmSync(persistTo, { recursive: true, force: true });
await migrateLocal(persistTo);
const { child, url } = await startWrangler({
  port,
  persistTo,
  quiet: true,
  vars: { DEV_OUTBOX: "true", APP_URL: `http://localhost:${port}`, ...JSON.parse(process.env.E2E_VARS ?? "{}") },
});
console.log(`e2e server ready at ${url}`);
const stop = () => {
  child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 1));
