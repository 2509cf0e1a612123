/**
 * Random secrets and their hashes, shared by every feature that mails or links a secret (sessions,
 * verification codes, magic links, reset codes, ICS feeds, unsubscribe and buddy links).
 *
 * Rule: the database only ever holds `sha256Hex(secret)` for long random secrets (>= 128 bits: no
 * brute force can reverse them); look rows up by that hash, and compare secrets a person typed with
 * `constantTimeEqual`. SHORT secrets (6-8 digit codes) are stored as `hmacSha256Hex(key, code)` with a
 * server-side key instead: an unkeyed hash of a 6-digit code is reversed by trying 10^6 values.
 */

const encoder = new TextEncoder();

/** base64url without padding (RFC 4648 §5): safe in URLs, cookies and headers. */
export function base64UrlEncode(bytes: Uint8Array): string {
  return base64Encode(bytes).replace(/\+/g, "-").replace(/\//g, "_");
}

/** Standard base64 without padding (the PHC string format uses this alphabet). */
export function base64Encode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, "");
}

/** Decodes standard or url-safe base64, with or without padding. Throws on anything else. */
export function base64Decode(value: string): Uint8Array<ArrayBuffer> {
  const normal = value.replace(/-/g, "+").replace(/_/g, "/");
  const padded = normal + "=".repeat((4 - (normal.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return bytes;
}

/** An opaque token with `bytes * 8` bits of entropy (default 256), base64url. */
export function randomToken(bytes = 32): string {
  if (bytes < 16) throw new RangeError("Tokens need at least 128 bits of entropy");
  return base64UrlEncode(randomBytes(bytes));
}

/**
 * A numeric code of `length` digits, each uniform over 0-9 (rejection sampling: bytes >= 250 are
 * dropped so `% 10` has no bias). Leading zeros are kept: codes are strings.
 */
export function randomDigits(length: number): string {
  let code = "";
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 250) continue;
      code += String(byte % 10);
      if (code.length === length) break;
    }
  }
  return code;
}

/** SHA-256 of a UTF-8 string, as lower-case hex: what `*_hash` columns store. */
export async function sha256Hex(value: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value))));
}

// Resolved keys only, never promises: workerd ties a promise to the request that created it.
const hmacKeys = new Map<string, CryptoKey>();

async function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    hmacKeys.set(secret, key);
  }
  return key;
}

function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** HMAC-SHA-256 of a UTF-8 string under a secret key, as bytes. */
export async function hmacSha256(secret: string, value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(value)));
}

/** HMAC-SHA-256 of a UTF-8 string under a secret key, as lower-case hex. */
export async function hmacSha256Hex(secret: string, value: string): Promise<string> {
  return toHex(await hmacSha256(secret, value));
}

/**
 * Compares two byte strings in time that depends only on their lengths (never on where they differ).
 * Written by hand rather than `crypto.subtle.timingSafeEqual` so it runs the same in workerd and Node.
 */
export function constantTimeEqual(a: Uint8Array | string, b: Uint8Array | string): boolean {
  const left = typeof a === "string" ? encoder.encode(a) : a;
  const right = typeof b === "string" ? encoder.encode(b) : b;
  let diff = left.length ^ right.length;
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}
