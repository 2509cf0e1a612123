/**
 * A fake of Sentry's ingest (https://develop.sentry.dev/sdk/data-model/envelopes/): `POST
 * /api/<project>/envelope/?sentry_key=<public key>` with an envelope body, parsed by @sentry/core's
 * own `parseEnvelope`. A wrong project or key is 403 as Sentry answers; a body that is not an
 * envelope is 400. It records every envelope it accepted (`envelopes`: header and items).
 * Start it with `fakeFetch(sentry)` in workerd or `startFake(sentry, port)` in Node (docs/testing.md).
 */
import { parseEnvelope } from "@sentry/core";
import type { Fake } from "./fake";

export interface ReceivedEnvelope {
  header: Record<string, unknown>;
  items: Array<[Record<string, unknown>, unknown]>;
}

export interface FakeSentry extends Fake {
  /** The DSN that points at this fake. */
  readonly dsn: string;
  readonly envelopes: ReceivedEnvelope[];
  /** Every item of every envelope of a type ("event", "feedback", "attachment"). */
  itemsOf(type: string): Array<[Record<string, unknown>, unknown]>;
}

export function fakeSentry(options: { origin?: string; publicKey?: string; projectId?: string } = {}): FakeSentry {
  const origin = options.origin ?? "https://o1.ingest.sentry.io";
  const publicKey = options.publicKey ?? "0123456789abcdef0123456789abcdef";
  const projectId = options.projectId ?? "42";
  const envelopes: ReceivedEnvelope[] = [];
  const host = new URL(origin);
  return {
    name: "sentry",
    origin,
    dsn: `${host.protocol}//${publicKey}@${host.host}/${projectId}`,
    envelopes,
    itemsOf: (type) => envelopes.flatMap((envelope) => envelope.items.filter(([header]) => header.type === type)),
    async handle(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== `/api/${projectId}/envelope/`) {
        return Response.json({ detail: "not found" }, { status: 404 });
      }
      if (url.searchParams.get("sentry_key") !== publicKey) return Response.json({ detail: "invalid api key" }, { status: 403 });
      try {
        const [header, items] = parseEnvelope(new Uint8Array(await request.arrayBuffer())) as unknown as [ReceivedEnvelope["header"], ReceivedEnvelope["items"]];
        envelopes.push({ header, items });
        return Response.json({ id: header.event_id ?? null });
      } catch {
        return Response.json({ detail: "invalid envelope" }, { status: 400 });
      }
    },
  };
}
