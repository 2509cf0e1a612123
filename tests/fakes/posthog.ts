/**
 * A fake of PostHog's ingestion API (https://posthog.com/docs/api/capture, /flags), as posthog-js
 * speaks it: events are POSTed to `/e/`, `/i/v0/e/`, `/batch/` or `/capture/` as JSON (one event or
 * a list), possibly gzip-compressed or base64 form-encoded; feature flags are fetched
 * from `/flags/` (or the older `/decide/`) with the project key and the distinct id; the remote
 * config is `/array/<key>/config`. A wrong project key is PostHog's 401. It records every event
 * (`events`) and every flags request (`flagRequests`). `startFake(posthog, port)` in Node.
 */
import type { Fake } from "./fake";

export interface CapturedEvent {
  event: string;
  properties: Record<string, unknown>;
  /** Person properties set with the event (identify sends them here). */
  $set: Record<string, unknown> | null;
}

export interface FakePostHog extends Fake {
  readonly events: CapturedEvent[];
  readonly flagRequests: Array<{ distinctId: string | null }>;
  readonly flags: Record<string, boolean | string>;
}

async function readBody(request: Request): Promise<unknown> {
  const url = new URL(request.url);
  let bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length === 0) return null;
  // gzip: named by the query (`compression=gzip-js`) or the header, or seen by its magic bytes, as
  // PostHog's ingestion accepts it.
  const gzipped = url.searchParams.get("compression") === "gzip-js" || request.headers.get("content-encoding") === "gzip" || (bytes[0] === 0x1f && bytes[1] === 0x8b);
  if (gzipped) bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  if (text.startsWith("data=")) return JSON.parse(atob(decodeURIComponent(text.slice(5))));
  return JSON.parse(text);
}

export function createFakePostHog(options: { origin: string; apiKey: string; flags?: Record<string, boolean | string> }): FakePostHog {
  const events: CapturedEvent[] = [];
  const flagRequests: Array<{ distinctId: string | null }> = [];
  const flags = options.flags ?? { "calm-dashboard": true };
  const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Access-Control-Allow-Origin": "*" } });
  return {
    name: "posthog",
    origin: options.origin,
    events,
    flagRequests,
    flags,
    async handle(request) {
      const path = new URL(request.url).pathname;
      if (request.method === "GET" && path.startsWith("/array/")) return json({});
      if (request.method !== "POST") return json({ type: "invalid_request", detail: "Method not allowed" }, 405);
      const body = await readBody(request);
      if (path === "/flags/" || path === "/decide/") {
        const { token, api_key, distinct_id } = (body ?? {}) as Record<string, string>;
        if ((token ?? api_key) !== options.apiKey) return json({ type: "authentication_error", code: "invalid_api_key" }, 401);
        flagRequests.push({ distinctId: distinct_id ?? null });
        return json({ featureFlags: flags, featureFlagPayloads: {}, errorsWhileComputingFlags: false, flags: Object.fromEntries(Object.entries(flags).map(([key, value]) => [key, { key, enabled: Boolean(value), variant: typeof value === "string" ? value : null }])) });
      }
      if (["/e/", "/i/v0/e/", "/batch/", "/capture/"].includes(path)) {
        const list = Array.isArray(body) ? body : Array.isArray((body as { batch?: unknown })?.batch) ? (body as { batch: unknown[] }).batch : [body];
        for (const item of list as Array<{ event: string; properties?: Record<string, unknown>; api_key?: string; $set?: Record<string, unknown> }>) {
          const key = item.properties?.token ?? item.api_key ?? (body as { api_key?: string })?.api_key;
          if (key !== options.apiKey) return json({ type: "authentication_error", code: "invalid_api_key" }, 401);
          events.push({ event: item.event, properties: item.properties ?? {}, $set: item.$set ?? (item.properties?.$set as Record<string, unknown> | undefined) ?? null });
        }
        return json({ status: 1 });
      }
      return json({ type: "invalid_request", detail: `No ${path}` }, 404);
    },
  };
}
