import type { RequestMeta } from "../services/auth";

/**
 * Who sent this request: what the auth services keep with sessions and key rate limits on, and
 * the id the logs carry. Only CF-Connecting-IP, which Cloudflare sets and clients cannot forge;
 * X-Forwarded-For is whatever the client wrote, so trusting it would let anyone pick a fresh "IP"
 * per login guess.
 */
export interface HttpRequestMeta extends RequestMeta {
  /** The request id of the logs and of a 500's body (cf-ray in production); absent when unknown. */
  requestId?: string;
}

export function requestMeta(request: Request, requestId?: string): HttpRequestMeta {
  return {
    ip: request.headers.get("CF-Connecting-IP")?.trim() || null,
    userAgent: request.headers.get("User-Agent"),
    requestId: requestId ?? request.headers.get("cf-ray") ?? undefined,
  };
}

/** A request's id: Cloudflare's ray id when there is one, else a fresh UUID (local runs, tests). */
export function newRequestId(request: Request): string {
  return request.headers.get("cf-ray") ?? crypto.randomUUID();
}
