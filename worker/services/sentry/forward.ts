import { createEnvelope, dsnFromString, getEnvelopeEndpointWithUrlEncodedAuth, serializeEnvelope, type Envelope } from "@sentry/core";

/**
 * Sends envelope items to the Sentry project of SENTRY_DSN (the envelope endpoint, authenticated by
 * the DSN's public key in the query string, as Sentry's own SDKs do). Never to a DSN a client names:
 * the tunnel answers for our project only. Without a (valid) DSN nothing is sent.
 */
export async function forwardToSentry(
  dsnText: string | undefined,
  items: unknown[],
  headers: Record<string, unknown> = {},
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const dsn = parseDsn(dsnText);
  if (!dsn) return false;
  const envelope = createEnvelope({ ...headers, dsn: dsnText, sent_at: new Date().toISOString() } as never, items as never) as Envelope;
  const response = await fetcher(getEnvelopeEndpointWithUrlEncodedAuth(dsn), {
    method: "POST",
    headers: { "Content-Type": "application/x-sentry-envelope" },
    body: serializeEnvelope(envelope) as BodyInit,
    signal: AbortSignal.timeout(10_000),
  });
  return response.ok;
}

// `<protocol>://<public key>@<host>/<project id>`: checked first, because @sentry/core logs a
// console error for a malformed DSN.
const DSN_SHAPE = /^https?:\/\/[^@\s/]+@[^\s/]+\/(?:[^\s]*\/)?\d+$/;

function parseDsn(dsnText: string | undefined) {
  if (!dsnText || !DSN_SHAPE.test(dsnText)) return undefined;
  return dsnFromString(dsnText);
}

export function isSentryConfigured(dsnText: string | undefined): boolean {
  return Boolean(parseDsn(dsnText));
}
