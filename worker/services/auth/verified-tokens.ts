/** What a verified access token said that can change its answer later: who it names, when it ends, when it was signed. */
export interface VerifiedToken {
  userId: string;
  /** The `exp` claim, in seconds since the epoch. */
  expiresAt: number;
  /** When it was signed, in ms (access-token.ts): compared with the end of the person's sessions, which can change. */
  issuedAtMs: number;
  /** The sign-in it belongs to (access-token.ts), whose sign-out can come later; null for older tokens. */
  sessionId: string | null;
}

/**
 * Access tokens this isolate has already verified under one secret, so the same token presented again
 * (every request of a signed-in page presents it) skips jose's decoding and the HMAC (ADR 072).
 *
 * Why this is as safe as verifying again: an entry is added only after jose accepted the token
 * (signature, HS256, issuer, audience, subject, expiry), and it is found only by the token's whole
 * string, so nothing but that exact token, byte for byte, can match it. Those checks depend on the
 * token's bytes and the secret alone, except expiry, which the caller checks against the clock on
 * every request. Only tokens whose sole time claim is `exp` are kept (ours carry no `nbf`), so no other
 * claim would need the clock. A change of secret starts a new, empty set (access-token.ts).
 *
 * Bounded: at `capacity` the oldest entry goes first. An access token lives 15 minutes, so an isolate
 * sees few at once; the bound only caps memory against a flood of distinct valid tokens.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, VerifiedToken>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be a positive integer");
  }

  get size(): number {
    return this.entries.size;
  }

  find(token: string): VerifiedToken | undefined {
    return this.entries.get(token);
  }

  remember(token: string, verified: VerifiedToken): void {
    if (this.entries.has(token)) return;
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, verified);
  }

  forget(token: string): void {
    this.entries.delete(token);
  }
}
