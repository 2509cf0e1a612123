// The server the browser suite runs against: the built Worker under wrangler dev, with a fresh
// local D1 (its own state folder, so the suite never touches the `npm start` data) and the dev
// outbox on. Playwright starts it (playwright.config.ts) and stops it when the suite ends.
import { rmSync } from "node:fs";
import { ensureDevVars, migrateLocal, startWrangler } from "./lib.mjs";

const port = Number(process.env.E2E_PORT ?? 8799);
// One state folder per port, so parallel runs on different ports never wipe each other's data.
const persistTo = `.wrangler/e2e-state-${port}`;
// Google sign-in is tested against a fake Google that the browser suite runs on E2E_PORT + 10000
// (tests/browser/auth-google.spec.ts); the real arctic client talks to it through these endpoints.
const fakeGooglePort = Number(process.env.FAKE_GOOGLE_PORT ?? port + 10000);
const googleVars = {
  GOOGLE_CLIENT_ID: "e2e-client",
  GOOGLE_CLIENT_SECRET: "e2e-secret",
  GOOGLE_AUTH_BASE: `http://127.0.0.1:${fakeGooglePort}`,
  GOOGLE_TOKEN_URL: `http://127.0.0.1:${fakeGooglePort}/token`,
};

await ensureDevVars();
rmSync(persistTo, { recursive: true, force: true });
await migrateLocal(persistTo);
const { child, url } = await startWrangler({
  port,
  persistTo,
  quiet: true,
  // The suite registers about a hundred accounts from 127.0.0.1 (production allows 10 an hour per IP).
  vars: { DEV_OUTBOX: "true", APP_URL: `http://localhost:${port}`, REGISTRATIONS_PER_IP_PER_HOUR: "100000", ...googleVars, ...JSON.parse(process.env.E2E_VARS ?? "{}") },
});
console.log(`e2e server ready at ${url}`);
const stop = () => {
  child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 1));
