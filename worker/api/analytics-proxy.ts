import { Hono } from "hono";
import type { ApiEnv } from "./context";

/**
 * /ingest/*: the browser's PostHog client talks to our own origin (CSP connect-src 'self', and no
 * third-party request from the page); the Worker passes each request on to POSTHOG_HOST unchanged
 * (PostHog's documented reverse-proxy set-up). Without POSTHOG_KEY and POSTHOG_HOST it is a 404:
 * nothing is sent anywhere. Cookies and the client's IP are not passed on.
 */
export const INGEST_PREFIX = "/ingest";
const PASSED_HEADERS = ["content-type", "user-agent", "accept"];

export const analyticsProxy = new Hono<ApiEnv>().all("/*", async (c) => {
  const { POSTHOG_KEY, POSTHOG_HOST } = c.env;
  if (!POSTHOG_KEY || !POSTHOG_HOST) return c.text("Not found", 404);
  const incoming = new URL(c.req.url);
  const target = new URL(incoming.pathname.slice(INGEST_PREFIX.length) || "/", POSTHOG_HOST.endsWith("/") ? POSTHOG_HOST : `${POSTHOG_HOST}/`);
  target.search = incoming.search;
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  const hasBody = c.req.method !== "GET" && c.req.method !== "HEAD";
  const answer = await fetch(target, { method: c.req.method, headers, body: hasBody ? await plainBody(c.req.raw) : undefined, signal: AbortSignal.timeout(10_000) });
  return new Response(answer.body, { status: answer.status, headers: { "Content-Type": answer.headers.get("Content-Type") ?? "application/json", "Cache-Control": "no-store" } });
});

/**
 * posthog-js gzips its bodies and says so with Content-Encoding. The Worker's fetch would treat that
 * header as an instruction to compress again, so the body is passed on decompressed, without it
 * (PostHog takes plain JSON as well).
 */
async function plainBody(request: Request): Promise<ArrayBuffer> {
  if (request.headers.get("content-encoding") !== "gzip" || !request.body) return request.arrayBuffer();
  return new Response(request.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}
