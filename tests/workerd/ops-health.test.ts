import { describe, expect, it } from "vitest";
import { request } from "./helpers";

interface Health {
  services: Record<string, { configured: boolean; missing: string | null }>;
}

const SENTRY_DSN = "https://0123456789abcdef0123456789abcdef@o1.ingest.sentry.io/42";

describe("GET /v1/health: the optional services (issue 14)", () => {
  it("says what is missing, by variable name, when nothing is set up", async () => {
    const response = await request("/v1/health", {}, { SENTRY_DSN: undefined, POSTHOG_KEY: undefined, GOOGLE_CLIENT_ID: undefined });
    const body = await response.json<Health>();
    expect(body.services).toEqual({
      errorReporting: { configured: false, missing: "SENTRY_DSN" },
      analytics: { configured: false, missing: "POSTHOG_KEY" },
      googleSignIn: { configured: false, missing: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET" },
      bugReports: { configured: true, missing: null },
    });
  });

  it("says what is configured without ever showing a secret", async () => {
    const secrets = { SENTRY_DSN, POSTHOG_KEY: "phc_secretish_key_123", GOOGLE_CLIENT_ID: "client.apps", GOOGLE_CLIENT_SECRET: "g-secret-456" };
    const response = await request("/v1/health", {}, secrets);
    const text = await response.text();
    const body = JSON.parse(text) as Health;
    for (const name of ["errorReporting", "analytics", "googleSignIn", "bugReports"]) expect(body.services[name]).toEqual({ configured: true, missing: null });
    for (const value of Object.values(secrets)) expect(text).not.toContain(value);
    expect(text).not.toContain("0123456789abcdef");
  });

  it("does not count a malformed SENTRY_DSN as configured", async () => {
    const body = await (await request("/v1/health", {}, { SENTRY_DSN: "not a dsn" })).json<Health>();
    expect(body.services.errorReporting).toEqual({ configured: false, missing: "SENTRY_DSN" });
  });
});
