import { base64UrlEncode, hmacSha256 } from "../tokens";

/**
 * Ids and tokens that must come out the same when a write runs twice. Random tokens and the
 * SHA-256 of a token are `worker/services/tokens.ts` (one of each for the whole Worker).
 *
 * `deterministicUuid(name)` turns a name into a stable UUID-shaped id (SHA-256 based, like a
 * version-5 UUID). Writes that may run twice (a double "done", a replayed message) use it together
 * with INSERT ... ON CONFLICT DO NOTHING, so the second run creates nothing new.
 */
export async function deterministicUuid(name: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(name)));
  const bytes = digest.slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80; // version 8 (custom, name-based)
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A 256-bit token derived from `label` with HMAC-SHA-256 under `secret`, URL-safe: the same label
 * always gives the same token, and without the secret it is as unguessable as a random one. Used
 * for the links of a delivery, so a retried delivery carries the same links (ADR 027). Like random
 * tokens, only its SHA-256 is stored.
 */
export async function derivedToken(secret: string, label: string): Promise<string> {
  return base64UrlEncode(await hmacSha256(secret, label));
}
