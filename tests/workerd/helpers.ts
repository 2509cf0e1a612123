import { env } from "cloudflare:test";
import { createApp } from "../../worker/app";
import type { Env } from "../../worker/env";
import { fixedClock, type Clock } from "../../worker/services/clock";
import { createDeps } from "../../worker/services/deps";

export const app = createApp();

/** Sends a request through the real Hono app (without the Remix pages) with the test bindings. */
export function request(path: string, init: RequestInit = {}, overrides: Partial<Env> = {}) {
  return app.request(`http://localhost:8787${path}`, init, { ...env, ...overrides });
}

export function jsonRequest(path: string, method: string, body: unknown, headers: Record<string, string> = {}) {
  return request(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: "http://localhost:8787", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function testDeps(clock: Clock = fixedClock("2026-03-01T09:00:00Z"), overrides: Partial<Env> = {}) {
  return createDeps({ ...env, ...overrides }, { clock });
}

/**
 * Production-like overrides need a configured email provider, or the Worker rightly logs
 * `config.email_unavailable` (a console.error, which fails a test that does not expect it).
 */
export const EMAIL_CONFIGURED = { EMAIL_PROVIDER: "resend", RESEND_API_KEY: "re_test_configured" } as const;
