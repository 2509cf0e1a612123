import { base64Decode, base64Encode, constantTimeEqual, randomBytes } from "../tokens";

/**
 * Password hashing: PBKDF2-HMAC-SHA256 through WebCrypto (ADR 010).
 *
 * Production Workers refuse PBKDF2 above 100,000 iterations (local workerd does not enforce it), so
 * the work factor is exactly that. Stored as a PHC-style string that carries its parameters:
 *   $pbkdf2-sha256$i=100000$<salt, base64>$<hash, base64>
 * so the parameters can change later: `verifyPassword` says when a stored hash should be redone.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const ALGORITHM = "pbkdf2-sha256";

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, bytes * 8);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, PBKDF2_ITERATIONS, HASH_BYTES);
  return `$${ALGORITHM}$i=${PBKDF2_ITERATIONS}$${base64Encode(salt)}$${base64Encode(hash)}`;
}

interface ParsedHash {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array;
}

function parsePhc(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  // ["", "pbkdf2-sha256", "i=100000", salt, hash]
  if (parts.length !== 5 || parts[0] !== "" || parts[1] !== ALGORITHM) return null;
  const iterations = Number(/^i=(\d{1,7})$/.exec(parts[2] ?? "")?.[1]);
  if (!Number.isSafeInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return null;
  try {
    const salt = base64Decode(parts[3] ?? "");
    const hash = base64Decode(parts[4] ?? "");
    if (salt.length < 8 || hash.length < 16) return null;
    return { iterations, salt, hash };
  } catch {
    return null;
  }
}

export interface PasswordCheck {
  ok: boolean;
  /** The hash used older parameters: store a fresh `hashPassword` result now that we know the password. */
  needsRehash: boolean;
}

/** Checks a password against a stored PHC string; the final comparison runs in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const parsed = parsePhc(stored);
  if (!parsed) return { ok: false, needsRehash: false };
  const candidate = await derive(password, parsed.salt, parsed.iterations, parsed.hash.length);
  const ok = constantTimeEqual(candidate, parsed.hash);
  return { ok, needsRehash: ok && (parsed.iterations !== PBKDF2_ITERATIONS || parsed.hash.length !== HASH_BYTES || parsed.salt.length !== SALT_BYTES) };
}

/**
 * A valid hash of a random password nobody knows. Login runs the full KDF against it when the email
 * is unknown (or the account has no password), so both answers take the same time.
 */
let dummyHash: string | null = null; // the string, not a promise: workerd ties promises to one request
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= await hashPassword(base64Encode(randomBytes(18)));
  await verifyPassword(password, dummyHash);
}
