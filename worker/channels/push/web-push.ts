import { eq } from "drizzle-orm";
import { deserializeVapidKeys, sendPushNotification } from "web-push-browser";
import { pushSubscriptions } from "../../../db/schema";
import type { Env } from "../../env";
import { ProviderError, retryAfterMs } from "../errors";
import type { ProviderDeps } from "../face";
import { PROVIDER_TIMEOUT_MS, type Channel, type OutboundMessage, type SendResult } from "../types";

/**
 * Web push (RFC 8030) with the payload encrypted for the subscription (RFC 8291, aes128gcm) and the
 * server identified by VAPID (RFC 8292), through `web-push-browser` (WebCrypto only, so it runs in
 * Workers). The message's `to` is the subscription's endpoint; its keys are read from
 * `push_subscriptions`.
 *
 * What the push service answers decides what happens (ADR 057):
 * - 201/202: sent (the Location header, when present, is the message id);
 * - 404/410: the subscription is gone (the app was uninstalled, permission revoked, it expired): the
 *   row is deleted and the failure is permanent, so the engine falls back for this delivery;
 * - 413 (payload too large), 400, 401/403 (our VAPID keys are wrong): permanent;
 * - 429 and 5xx, a timeout or a network error: transient (Retry-After is passed on).
 */
export interface WebPushOptions {
  /** VAPID key pair as serializeVapidKeys writes it: raw public key and PKCS#8 private key, base64url. */
  publicKey: string;
  privateKey: string;
  /** The contact address in the VAPID JWT's `sub` (mailto:), for push services to reach the operator. */
  contact: string;
  timeoutMs?: number;
}

/** How long a push service keeps a reminder for a device that is offline: one hour, then it is stale. */
export const PUSH_TTL_SECONDS = 60 * 60;

export function webPushChannel(options: WebPushOptions, deps: ProviderDeps): Channel {
  let keys: Promise<CryptoKeyPair> | null = null;
  const vapidKeys = () => (keys ??= deserializeVapidKeys({ publicKey: options.publicKey, privateKey: options.privateKey }));
  return {
    medium: "push",
    status: { available: true, provider: "web-push", reason: null },
    async send(message: OutboundMessage): Promise<SendResult> {
      const [subscription] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, message.to)).limit(1);
      if (!subscription) throw new ProviderError("permanent", "No push subscription for this endpoint.", { reason: "The device turned notifications off." });
      const payload = JSON.stringify(pushPayload(message));
      let response: Response;
      try {
        response = await withTimeout(
          sendPushNotification(await vapidKeys(), { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, options.contact, payload, {
            algorithm: "aes128gcm",
            ttl: PUSH_TTL_SECONDS,
            urgency: "high",
          }),
          options.timeoutMs ?? PROVIDER_TIMEOUT_MS,
        );
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw new ProviderError("transient", `Push service unreachable: ${detail}`, { reason: `The push service could not be reached: ${detail}` });
      }
      if (response.status === 201 || response.status === 202 || response.status === 200) {
        return { providerMessageId: response.headers.get("location") ?? `push:${subscription.id}:${deps.clock.now().getTime()}` };
      }
      const detail = (await response.text().catch(() => "")).slice(0, 200) || response.statusText;
      if (response.status === 404 || response.status === 410) {
        await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        throw new ProviderError("permanent", `Push service answered ${response.status}: ${detail}`, { reason: "The device's notification subscription has ended; it was removed." });
      }
      if (response.status === 429 || response.status >= 500) {
        const wait = retryAfterMs(response.headers.get("retry-after"), deps.clock.now().getTime());
        throw new ProviderError("transient", `Push service answered ${response.status}: ${detail}`, {
          ...(wait !== null ? { retryAfterMs: wait } : {}),
          reason: `The push service is busy or in trouble (${response.status}): ${detail}`,
        });
      }
      const why = response.status === 401 || response.status === 403 ? "refused our VAPID keys (check VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)" : "refused the message";
      throw new ProviderError("permanent", `Push service answered ${response.status}: ${detail}`, { reason: `The push service ${why} (${response.status}): ${detail}` });
    },
  };
}

/**
 * What the service worker (public/sw.js) reads: the notification's title and body, a tag so a newer
 * reminder for the same task replaces the older one, the page a tap opens, and the answer links.
 */
export function pushPayload(message: OutboundMessage) {
  const meta = message.meta ?? {};
  return {
    title: message.subject ?? "Nudge",
    body: message.text,
    tag: typeof meta.taskId === "string" ? `task-${meta.taskId}` : undefined,
    url: typeof meta.url === "string" ? meta.url : "/dashboard",
    actions: Array.isArray(meta.actions) ? meta.actions : [],
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The provider from the Worker's settings (./config.ts said they are all there). */
export function webPushFromEnv(env: Env, deps: ProviderDeps): Channel {
  return webPushChannel({ publicKey: env.VAPID_PUBLIC_KEY ?? "", privateKey: env.VAPID_PRIVATE_KEY ?? "", contact: env.SUPPORT_EMAIL }, deps);
}
