import { ProviderError, retryAfterMs } from "../errors";
import { PROVIDER_TIMEOUT_MS } from "../types";
import type { TwilioSettings } from "./settings";

/** Twilio's error body: `{ code, message, more_info, status }`. */
interface TwilioErrorBody {
  code?: number;
  message?: string;
}

/** Error codes that mean "this number will not take it" (https://www.twilio.com/docs/api/errors). */
const RECIPIENT_REFUSED = new Set([21211, 21214, 21217, 21610, 21612, 21614, 13224]);
export const TWILIO_UNSUBSCRIBED = 21610;

/**
 * POST to Twilio's REST API (`/2010-04-01/Accounts/{Sid}/{resource}.json`), form-encoded with HTTP basic
 * auth, over plain fetch (it runs in Workers). Answers the created resource's `sid`; failures are
 * ProviderErrors of ADR 042's two kinds (429 and 5xx transient; 4xx permanent with Twilio's sentence).
 */
export async function twilioPost(settings: TwilioSettings, resource: "Messages" | "Calls", form: Record<string, string>, fetchImpl: typeof fetch = fetch): Promise<{ sid: string }> {
  const url = `${settings.apiBase}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/${resource}.json`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${settings.accountSid}:${settings.authToken}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError("transient", `Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.json().catch(() => ({}))) as TwilioErrorBody & { sid?: string };
  if (response.ok && body.sid) return { sid: body.sid };
  const said = `Twilio answered ${response.status}${body.code ? ` (error ${body.code})` : ""}: ${body.message ?? "no message"}`;
  if (response.status === 429 || response.status >= 500) {
    const wait = retryAfterMs(response.headers.get("Retry-After"), Date.now());
    throw new ProviderError("transient", said, wait !== null ? { retryAfterMs: wait } : {});
  }
  const reason = body.code && RECIPIENT_REFUSED.has(body.code) ? `Twilio refused the number: ${body.message ?? "unknown reason"}` : `Twilio refused the request: ${body.message ?? response.status}`;
  throw new TwilioRefusal(said, reason, body.code ?? null);
}

/** A permanent refusal that keeps Twilio's error code (21610: the person texted STOP). */
export class TwilioRefusal extends ProviderError {
  constructor(
    message: string,
    reason: string,
    readonly twilioCode: number | null,
  ) {
    super("permanent", message, { reason });
  }
}
