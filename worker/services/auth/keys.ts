import type { Deps } from "../deps";
import { hmacSha256Hex } from "../tokens";

/** A sub-key of JWT_SECRET for one use, so the JWT signing key is never applied to anything else directly. */
export async function subKey(env: Pick<Deps["env"], "JWT_SECRET">, label: string): Promise<string> {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) throw new Error("JWT_SECRET must be set to at least 32 characters");
  return hmacSha256Hex(env.JWT_SECRET, label);
}

/**
 * What `users.pair_platform_code` stores for the pairing handshake given at registration (ADR 040):
 * a keyed hash of `platformId:code`, like the short codes above. The pairing work finds a handshake
 * by recomputing it from what the platform presents; a copy of the table pairs nobody.
 */
export async function pairingCodeHash(env: Pick<Deps["env"], "JWT_SECRET">, platformId: string, code: string): Promise<string> {
  return hmacSha256Hex(await subKey(env, "nudge/pairing-code-hash/v1"), `${platformId}:${code}`);
}
