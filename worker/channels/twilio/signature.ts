import { constantTimeEqual } from "../../services/tokens";

/**
 * Twilio's request signature (https://www.twilio.com/docs/usage/webhooks/webhooks-security): base64 of
 * HMAC-SHA1 keyed by the auth token over the full URL Twilio called, followed by every POST parameter
 * sorted by name, each as name then value, with no separators.
 */
export async function twilioSignature(authToken: string, url: string, params: Record<string, string>): Promise<string> {
  const data = url + Object.keys(params).sort().map((key) => key + params[key]).join("");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data)));
  return btoa(String.fromCharCode(...mac));
}

export async function isValidTwilioSignature(authToken: string, url: string, params: Record<string, string>, signature: string | null): Promise<boolean> {
  if (!signature) return false;
  return constantTimeEqual(await twilioSignature(authToken, url, params), signature);
}
