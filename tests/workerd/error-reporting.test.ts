import { env } from "cloudflare:test";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiEnv } from "../../worker/api/context";
import { handleError } from "../../worker/api/errors";
import { requestContext } from "../../worker/api/middleware";
import { REDACTED, reportError, scrubText, scrubUrl } from "../../worker/services/sentry";
import { fakeFetch } from "../fakes/fake";
import { fakeSentry } from "../fakes/sentry";
import { expectConsoleError } from "./console-errors";

// Issue 14: unhandled errors reach Sentry (a fake ingest that parses envelopes with @sentry/core)
// when SENTRY_DSN is set, with the request id of the 500 answer and nothing secret in them.

const SECRETS = {
  email: "dana@example.com",
  token: "tok_5f1a9c0e7b2d4c6f8a1b3d5e7f9a0c2e",
  code: "482913",
  jwt: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ",
  body: "Pick up the kids at 5",
};
const LEAKY = `Send failed for ${SECRETS.email}: GET /r/x?token=${SECRETS.token}&code=${SECRETS.code} Authorization: Bearer ${SECRETS.jwt} {"text": "${SECRETS.body}"}`;

function boomApp() {
  const app = new Hono<ApiEnv>();
  app.use("*", requestContext);
  app.get("/v1/boom", () => {
    throw new Error(LEAKY);
  });
  app.onError(handleError);
  return app;
}

afterEach(() => vi.unstubAllGlobals());

describe("scrubbing", () => {
  it("takes out emails, tokens, codes, bearer credentials, JWTs and message bodies", () => {
    const scrubbed = scrubText(LEAKY);
    for (const secret of Object.values(SECRETS)) expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toContain("Send failed for");
    expect(scrubbed).toContain(REDACTED);
  });

  it("keeps a URL's path but never its query", () => {
    expect(scrubUrl(`https://nudge.example.com/auth/magic-link?token=${SECRETS.token}#x`)).toBe("https://nudge.example.com/auth/magic-link");
  });
});

describe("unhandled errors", () => {
  it("an API 500 reaches Sentry with the request id the answer shows, scrubbed", async () => {
    const sentry = fakeSentry();
    vi.stubGlobal("fetch", fakeFetch(sentry));
    expectConsoleError(/request_failed/);
    const response = await boomApp().request(`http://localhost:8787/v1/boom?token=${SECRETS.token}`, {}, { ...env, SENTRY_DSN: sentry.dsn });
    expect(response.status).toBe(500);
    const { requestId } = await response.json<{ requestId: string }>();
    await vi.waitFor(() => expect(sentry.itemsOf("event")).toHaveLength(1));
    const event = sentry.itemsOf("event")[0]![1] as { tags: Record<string, string>; request: { url: string }; exception: { values: Array<{ type: string; value: string }> } };
    expect(event.tags).toEqual({ where: "api", request_id: requestId });
    expect(event.request.url).toBe("http://localhost:8787/v1/boom");
    expect(event.exception.values[0]!.type).toBe("Error");
    expect(event.exception.values[0]!.value).toContain("Send failed for");
    const sent = JSON.stringify(sentry.envelopes);
    for (const secret of Object.values(SECRETS)) expect(sent).not.toContain(secret);
  });

  it("sends nothing without SENTRY_DSN", async () => {
    const sentry = fakeSentry();
    vi.stubGlobal("fetch", fakeFetch(sentry));
    expectConsoleError(/request_failed/);
    const response = await boomApp().request("http://localhost:8787/v1/boom", {}, { ...env, SENTRY_DSN: undefined });
    expect(response.status).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentry.envelopes).toHaveLength(0);
  });

  it("a cron or queue failure is reported with where it happened; an unreachable Sentry is not a second failure", async () => {
    const sentry = fakeSentry();
    await reportError({ SENTRY_DSN: sentry.dsn }, new Error(`tick failed for ${SECRETS.email}`), { where: "cron" }, fakeFetch(sentry));
    const event = sentry.itemsOf("event")[0]![1] as { tags: Record<string, string> };
    expect(event.tags).toEqual({ where: "cron" });
    expect(JSON.stringify(sentry.envelopes)).not.toContain(SECRETS.email);
    const down: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    await expect(reportError({ SENTRY_DSN: sentry.dsn }, new Error("queue"), { where: "queue" }, down)).resolves.toBeUndefined();
  });
});
