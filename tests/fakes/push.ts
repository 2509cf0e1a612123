/**
 * A fake web push service (what FCM, Mozilla autopush and Apple's service are to a browser), as our
 * push channel uses it. It plays both ends a real push service sits between:
 * - the browser: `subscribe()` makes a subscription the way PushManager.subscribe() does (a fresh
 *   P-256 key pair and a 16-byte auth secret; the endpoint is a URL of this fake), and keeps the
 *   private key, so it can
 * - really decrypt what the server posts to the endpoint (RFC 8291 over RFC 8188 `aes128gcm`),
 *   after checking the request as push services do (RFC 8030 and RFC 8292): `Content-Encoding:
 *   aes128gcm`, a `TTL`, and `Authorization: vapid t=<JWT>, k=<public key>` whose ES256 JWT verifies
 *   with `k`, names this origin as `aud`, expires within 24 hours and carries a `sub` contact.
 *   A bad request gets the status the real services give (400, 401/403, 404, 413).
 * - 201 Created with a `Location` on success; 410 Gone for an endpoint `unsubscribe()`d; trouble on
 *   demand (`failNext`: 429 with Retry-After, or 5xx).
 * Every accepted message is in `delivered` with its decrypted JSON. WebCrypto only: it runs in
 * workerd (`fakeFetch(push)`) and in Node (`startFake(push, port)`).
 */
import type { Fake } from "./fake";

export interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface DeliveredPush {
  endpoint: string;
  ttl: number;
  urgency: string | null;
  /** The decrypted body, parsed as JSON when it is JSON. */
  payload: unknown;
  /** The VAPID JWT's claims. */
  vapid: { aud: string; exp: number; sub: string };
}

interface Holder {
  subscription: FakeSubscription;
  privateKey: CryptoKey;
  publicRaw: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
  gone: boolean;
}

const MAX_BODY = 4096;
const DAY_SECONDS = 24 * 60 * 60;

export interface FakePush extends Fake {
  subscribe(): Promise<FakeSubscription>;
  /** The browser dropped the subscription: the endpoint answers 410 Gone from now on. */
  unsubscribe(endpoint: string): void;
  failNext(trouble: { status: number; retryAfterSeconds?: number; times?: number }): void;
  readonly delivered: DeliveredPush[];
  readonly refused: Array<{ endpoint: string; status: number; reason: string }>;
}

export function createFakePush(options: { origin?: string; now?: () => number } = {}): FakePush {
  const origin = options.origin ?? "https://push.fake.test";
  const now = options.now ?? Date.now;
  const holders = new Map<string, Holder>();
  const delivered: DeliveredPush[] = [];
  const refused: FakePush["refused"] = [];
  let trouble: { status: number; retryAfterSeconds?: number; times: number } | null = null;
  let counter = 0;

  const refuse = (endpoint: string, status: number, reason: string) => {
    refused.push({ endpoint, status, reason });
    return new Response(reason, { status });
  };

  return {
    name: "push",
    origin,
    delivered,
    refused,
    async subscribe() {
      const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
      const publicRaw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
      const auth = crypto.getRandomValues(new Uint8Array(16));
      counter += 1;
      const subscription: FakeSubscription = {
        endpoint: `${origin}/wpush/${counter}-${crypto.randomUUID()}`,
        expirationTime: null,
        keys: { p256dh: toBase64Url(publicRaw), auth: toBase64Url(auth) },
      };
      holders.set(subscription.endpoint, { subscription, privateKey: pair.privateKey, publicRaw, auth, gone: false });
      return subscription;
    },
    unsubscribe(endpoint) {
      const holder = holders.get(endpoint);
      if (holder) holder.gone = true;
    },
    failNext(next) {
      trouble = { ...next, times: next.times ?? 1 };
    },
    async handle(request) {
      const endpoint = request.url;
      if (request.method !== "POST") return refuse(endpoint, 405, "Only POST is accepted.");
      const holder = holders.get(endpoint);
      if (!holder) return refuse(endpoint, 404, "No such subscription.");
      if (holder.gone) return refuse(endpoint, 410, "The subscription has expired or was removed.");
      if (trouble && trouble.times > 0) {
        trouble.times -= 1;
        const headers: Record<string, string> = trouble.retryAfterSeconds !== undefined ? { "retry-after": String(trouble.retryAfterSeconds) } : {};
        return new Response("Try again later.", { status: trouble.status, headers });
      }
      const vapid = await checkVapid(request.headers.get("authorization"), origin, now());
      if ("error" in vapid) return refuse(endpoint, vapid.status, vapid.error);
      if (request.headers.get("content-encoding") !== "aes128gcm") return refuse(endpoint, 400, "Content-Encoding must be aes128gcm.");
      const ttl = Number(request.headers.get("ttl"));
      if (!request.headers.has("ttl") || !Number.isInteger(ttl) || ttl < 0) return refuse(endpoint, 400, "A TTL header is required.");
      const body = new Uint8Array(await request.arrayBuffer());
      if (body.byteLength > MAX_BODY) return refuse(endpoint, 413, "Payload too large.");
      let text: string;
      try {
        text = await decryptWebPush(body, holder);
      } catch (error) {
        return refuse(endpoint, 400, `The payload did not decrypt: ${error instanceof Error ? error.message : String(error)}`);
      }
      delivered.push({ endpoint, ttl, urgency: request.headers.get("urgency"), payload: parseJson(text), vapid: vapid.claims });
      return new Response(null, { status: 201, headers: { location: `${origin}/message/${delivered.length}` } });
    },
  };
}

/** RFC 8292: `vapid t=<jwt>, k=<uncompressed P-256 public key>`, the JWT signed with ES256 by k's private key. */
async function checkVapid(authorization: string | null, origin: string, nowMs: number): Promise<{ claims: DeliveredPush["vapid"] } | { status: number; error: string }> {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) return { status: 401, error: "Authorization must be `vapid t=..., k=...`." };
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split(".");
  if (!head || !body || !signature) return { status: 401, error: "The VAPID token is not a JWT." };
  let publicKey: CryptoKey;
  try {
    publicKey = await crypto.subtle.importKey("raw", fromBase64Url(key), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  } catch {
    return { status: 401, error: "k is not a P-256 public key." };
  }
  const signed = new TextEncoder().encode(`${head}.${body}`);
  const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, publicKey, fromBase64Url(signature), signed);
  if (!valid) return { status: 403, error: "The VAPID signature does not verify with k." };
  const header = parseJson(new TextDecoder().decode(fromBase64Url(head))) as { alg?: string };
  const claims = parseJson(new TextDecoder().decode(fromBase64Url(body))) as Partial<DeliveredPush["vapid"]>;
  if (header.alg !== "ES256") return { status: 403, error: "The VAPID token must be ES256." };
  if (claims.aud !== origin) return { status: 403, error: `aud must be ${origin}.` };
  const nowSeconds = Math.floor(nowMs / 1000);
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds || claims.exp > nowSeconds + DAY_SECONDS) {
    return { status: 403, error: "exp must be in the next 24 hours." };
  }
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) return { status: 403, error: "sub must be a mailto: or https: contact." };
  return { claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub } };
}

/** RFC 8291 section 3.4 with RFC 8188's header (salt, record size, the sender's public key). */
export async function decryptWebPush(body: Uint8Array<ArrayBuffer>, holder: Pick<Holder, "privateKey" | "publicRaw" | "auth">): Promise<string> {
  if (body.byteLength < 16 + 4 + 1) throw new Error("too short");
  const salt = body.slice(0, 16);
  const idLength = body[20] ?? 0;
  if (idLength !== 65) throw new Error("keyid must be the sender's 65-byte public key");
  const senderRaw = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const senderKey = await crypto.subtle.importKey("raw", senderRaw, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: senderKey }, holder.privateKey, 256));
  const keyInfo = concat(new TextEncoder().encode("WebPush: info\0"), holder.publicRaw, senderRaw);
  const ikm = await hkdf(holder.auth, ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, new TextEncoder().encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, new TextEncoder().encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  // One record: the content, then the 0x02 delimiter of the last record, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("the last record's delimiter (0x02) is missing");
  return new TextDecoder().decode(padded.slice(0, end));
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
