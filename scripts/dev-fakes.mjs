// The fakes `npm start` runs so that flows through a third party work on a laptop with no accounts
// anywhere (docs/testing.md, "Fakes"). Today: Google sign-in, while .dev.vars holds the example's
// placeholder client id ("fake-..."); put a real client id there and the real Google is used.
// The fakes are TypeScript loaded as is: `npm start` runs Node 24, which strips the types.
import { readFileSync } from "node:fs";

function devVars() {
  try {
    const lines = readFileSync(".dev.vars", "utf8").split("\n");
    return Object.fromEntries(lines.filter((line) => /^\w+=/.test(line)).map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1).trim()]));
  } catch {
    return {};
  }
}

/** Starts the fakes the dev server needs; resolves with the vars that point the Worker at them. */
export async function startDevFakes({ port }) {
  const vars = devVars();
  const clientId = vars.GOOGLE_CLIENT_ID || "fake-google-client-id";
  if (!clientId.startsWith("fake-")) return { vars: {}, stop: async () => {} };
  const googlePort = Number(process.env.FAKE_GOOGLE_PORT ?? port + 10000);
  const clientSecret = vars.GOOGLE_CLIENT_SECRET || "fake-google-client-secret";
  try {
    const { createFakeGoogle } = await import("../tests/fakes/google.ts");
    const { startFake } = await import("../tests/fakes/node.ts");
    const origin = `http://127.0.0.1:${googlePort}`;
    const google = createFakeGoogle({ origin, clientId, clientSecret, redirectUri: `http://localhost:${port}/v1/auth/google/callback` });
    const running = await startFake(google, googlePort);
    console.log(`Fake Google (sign in as "Google User") at ${running.url}`);
    return {
      vars: { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_AUTH_BASE: origin, GOOGLE_TOKEN_URL: `${origin}/token` },
      stop: running.close,
    };
  } catch (error) {
    // Never a reason not to start: sign-in with email and password still works.
    console.log(`Fake Google not started (${error instanceof Error ? error.message : error}); Google sign-in is off.`);
    return { vars: {}, stop: async () => {} };
  }
}
