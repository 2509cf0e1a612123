/**
 * The pages' unhandled errors (issue 14): POST /v1/errors/browser builds a scrubbed Sentry event and
 * forwards it to SENTRY_DSN's project (the fake Sentry ingest parses the real envelope). Only our own
 * pages may send, 30 per address an hour; with error reporting off nothing is sent.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { BROWSER_ERROR_LIMIT_MESSAGE, BROWSER_ERRORS_PER_HOUR } from "../../worker/services/sentry";
import { fakeFetch } from "../fakes/fake";
import { fakeSentry } from "../fakes/sentry";
import { request } from "./helpers";

const ORIGIN = "http://localhost:8787";
afterEach(() => vi.unstubAllGlobals());

function send(body: unknown, options: { dsn?: string; origin?: string; ip?: string } = {}) {
  return Promise.resolve(
    request(
      "/v1/errors/browser",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: options.origin ?? ORIGIN, "CF-Connecting-IP": options.ip ?? `203.0.113.${Math.floor(Math.random() * 250)}` },
        body: typeof body === "string" ? body : JSON.stringify(body),
      },
      { SENTRY_DSN: options.dsn ?? "" },
    ),
  );
}

const crash = {
  kind: "error",
  name: "TypeError",
  message: "Cannot read properties of undefined (reading 'title') for ana@example.com code 482913",
  stack: "at TaskCard (https://nudge.test/assets/dashboard-abc.js:1:2)\nat fetch https://nudge.test/r/abcdefabcdefabcdefabcdefabcdefabcdefabcdef?token=secret",
  url: "/dashboard",
};

describe("POST /v1/errors/browser", () => {
  it("forwards a scrubbed event, tagged as the browser's, to the project of SENTRY_DSN", async () => {
    const sentry = fakeSentry();
    vi.stubGlobal("fetch", fakeFetch(sentry));
    const response = await send(crash, { dsn: sentry.dsn });
    expect(response.status).toBe(202);
    const { id } = await response.json<{ id: string }>();
    const event = (sentry.itemsOf("event") as Array<[unknown, Record<string, unknown>]>)[0]?.[1];
    expect(event).toMatchObject({ event_id: id, logger: "nudge-browser", tags: { where: "browser", kind: "error" }, request: { url: "http://localhost:8787/dashboard" } });
    const text = JSON.stringify(event);
    expect(text).toContain("TypeError");
    expect(text).toContain("Cannot read properties of undefined");
    for (const secret of ["ana@example.com", "482913", "token=secret", "abcdefabcdefabcdefabcdefabcdefabcdefabcdef"]) expect(text).not.toContain(secret);
  });

  it("sends nothing when error reporting is off (204)", async () => {
    const sentry = fakeSentry();
    vi.stubGlobal("fetch", fakeFetch(sentry));
    const response = await send(crash);
    expect(response.status).toBe(204);
    expect(sentry.envelopes).toEqual([]);
  });

  it("refuses other sites, bad bodies with a sentence, and more than the hourly allowance; nothing is sent", async () => {
    const sentry = fakeSentry();
    vi.stubGlobal("fetch", fakeFetch(sentry));
    const crossSite = await send(crash, { dsn: sentry.dsn, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ message: "Error reports are accepted from Nudge's own pages only." });
    for (const [body, message] of [
      [{ ...crash, kind: "warning" }, 'kind must be "error" or "unhandledrejection".'],
      [{ ...crash, message: "x".repeat(2001) }, "message is too long (2,000 characters at most)."],
      [{ kind: "error", url: "/" }, "message is missing."],
    ] as const) {
      const response = await send(body, { dsn: sentry.dsn });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    expect(sentry.envelopes).toEqual([]);

    const ip = "198.51.100.77";
    for (let i = 0; i < BROWSER_ERRORS_PER_HOUR; i++) expect((await send(crash, { dsn: sentry.dsn, ip })).status).toBe(202);
    const limited = await send(crash, { dsn: sentry.dsn, ip });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ message: BROWSER_ERROR_LIMIT_MESSAGE });
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(sentry.envelopes).toHaveLength(BROWSER_ERRORS_PER_HOUR);
  });
});
