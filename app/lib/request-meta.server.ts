import type { RequestMeta } from "../../worker/services/auth";

/**
 * Who sent this request: what the auth services log with sessions and key rate limits on.
 * Only CF-Connecting-IP, which Cloudflare sets and clients cannot forge; X-Forwarded-For is
 * whatever the client wrote, so trusting it would let anyone pick a fresh "IP" per login guess.
 */
export function requestMeta(request: Request): RequestMeta {
  return {
    ip: request.headers.get("CF-Connecting-IP")?.trim() || null,
    userAgent: request.headers.get("User-Agent"),
  };
}
