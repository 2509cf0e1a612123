/**
 * Web push (issue 13): the devices API, the push provider against a fake push service that really
 * decrypts (RFC 8291) and checks VAPID (RFC 8292), and the engine's push step end to end.
 * Era: 2065 (docs/testing.md). No tick runs here: steps are claimed by hand, as a tick would.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serializeVapidKeys, generateVapidKeys } from "web-push-browser";
import { deliveries, pushSubscriptions, tasks } from "../../db/schema";
import { type ProviderError } from "../../worker/channels/errors";
import { PUSH_TTL_SECONDS, webPushChannel } from "../../worker/channels/push/web-push";
import { DEVICE_NOT_FOUND, MAX_DEVICES, TOO_MANY_DEVICES } from "../../worker/services/push";
import { createTask, redeemActionLink } from "../../worker/services/tasks";
import { fakeFetch } from "../fakes/fake";
import { createFakePush, decryptWebPush, fromBase64Url, type FakeSubscription } from "../fakes/push";
import { request } from "./helpers";
import { api, depsAt, runStepByHand, MINUTE, outboxTo, stepsOf, testEra } from "./escalation-helpers";

const ERA = Date.parse("2065-01-01T09:00:00Z");
const DAY = 24 * 60 * MINUTE;
const { user } = testEra(new Date(ERA));
const SUPPORT = "support@nudge.example.com";

afterEach(() => vi.unstubAllGlobals());

let day = 0;
const nextDueTime = () => ERA + ++day * DAY;

async function vapidPair() {
  return serializeVapidKeys((await generateVapidKeys()) as CryptoKeyPair);
}

/** The fake push service on `fetch`, and the real push channel with a fresh VAPID pair. */
async function pushSetup(at: () => number = Date.now) {
  // The push service checks the VAPID token against real time, as the library signs it (Date.now).
  const service = createFakePush({ origin: "https://push.fake.test" });
  vi.stubGlobal("fetch", fakeFetch(service));
  const keys = await vapidPair();
  const channel = webPushChannel({ ...keys, contact: SUPPORT }, { db: depsAt(at()).deps.db, clock: { now: () => new Date(at()) } });
  return { service, channel, keys };
}

async function storeDevice(userId: string, subscription: FakeSubscription, label = "Test phone") {
  const response = await api("/v1/push/devices", "POST", { ...subscription, label }, await tokenOf(userId));
  expect(response.status).toBe(201);
  return response.json<{ id: string; label: string; endpoint: string }>();
}

const tokens = new Map<string, string>();
async function tokenOf(userId: string) {
  return tokens.get(userId)!;
}
async function pushUser() {
  const u = await user({ defaultEscalationStrategy: "gentle" });
  tokens.set(u.id, u.token);
  return u;
}

describe("the fake push service decrypts as RFC 8291 says", () => {
  it("opens RFC 8291 Appendix A's example message", async () => {
    // The user agent's key pair and auth secret of the RFC's example (section 5 and Appendix A).
    const uaPublic = fromBase64Url("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4");
    const jwk = { kty: "EC", crv: "P-256", d: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94", x: b64(uaPublic.slice(1, 33)), y: b64(uaPublic.slice(33, 65)) };
    const privateKey = await crypto.subtle.importKey("jwk", jwk, { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
    const body = fromBase64Url(
      "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
    );
    const text = await decryptWebPush(body, { privateKey, publicRaw: uaPublic, auth: fromBase64Url("BTBZMqHH6r4Tts7J_aSIgg") });
    expect(text).toBe("When I grow up, I want to be a watermelon");
  });
});

function b64(bytes: Uint8Array) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

describe("the push provider", () => {
  const message = (to: string) => ({
    to,
    subject: "Take pills",
    text: "Due 9:00 AM. Tap Done when it's finished.",
    meta: { taskId: "t-1", url: "https://nudge.test/dashboard", actions: [{ action: "done", title: "Done", url: "https://nudge.test/r/abc" }] },
  });

  it("sends an encrypted payload the device can read, with VAPID, a TTL and high urgency", async () => {
    const u = await pushUser();
    const { service, channel } = await pushSetup();
    const subscription = await service.subscribe();
    await storeDevice(u.id, subscription);
    const sent = await channel.send(message(subscription.endpoint));
    expect(sent.providerMessageId).toBe("https://push.fake.test/message/1");
    expect(service.delivered).toHaveLength(1);
    const [push] = service.delivered;
    expect(push).toMatchObject({ endpoint: subscription.endpoint, ttl: PUSH_TTL_SECONDS, urgency: "high" });
    expect(push!.vapid).toMatchObject({ aud: "https://push.fake.test", sub: `mailto:${SUPPORT}` });
    expect(push!.payload).toEqual({
      title: "Take pills",
      body: "Due 9:00 AM. Tap Done when it's finished.",
      tag: "task-t-1",
      url: "https://nudge.test/dashboard",
      actions: [{ action: "done", title: "Done", url: "https://nudge.test/r/abc" }],
    });
  });

  it("a device the push service says is gone (410) is removed, and the failure is permanent", async () => {
    const u = await pushUser();
    const { service, channel } = await pushSetup();
    const subscription = await service.subscribe();
    await storeDevice(u.id, subscription);
    service.unsubscribe(subscription.endpoint);
    const error = await channel.send(message(subscription.endpoint)).catch((e: unknown) => e as ProviderError);
    expect(error).toMatchObject({ kind: "permanent", reason: "The device's notification subscription has ended; it was removed." });
    const rows = await depsAt(ERA).deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id));
    expect(rows).toEqual([]);
  });

  it("429 and 5xx are transient (Retry-After passed on); wrong VAPID keys are permanent and say which setting", async () => {
    const u = await pushUser();
    const { service, channel } = await pushSetup();
    const subscription = await service.subscribe();
    await storeDevice(u.id, subscription);
    service.failNext({ status: 429, retryAfterSeconds: 30 });
    expect(await channel.send(message(subscription.endpoint)).catch((e: unknown) => e)).toMatchObject({ kind: "transient", retryAfterMs: 30_000 });
    service.failNext({ status: 503 });
    expect(await channel.send(message(subscription.endpoint)).catch((e: unknown) => e)).toMatchObject({ kind: "transient" });
    // A public key that is not the private key's: the push service cannot verify the JWT.
    const other = await vapidPair();
    const mismatched = webPushChannel({ publicKey: other.publicKey, privateKey: (await vapidPair()).privateKey, contact: SUPPORT }, { db: depsAt(ERA).deps.db, clock: { now: () => new Date() } });
    const refused = await mismatched.send(message(subscription.endpoint)).catch((e: unknown) => e as ProviderError);
    expect(refused).toMatchObject({ kind: "permanent" });
    expect((refused as ProviderError).reason).toContain("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY");
    expect(service.refused.at(-1)).toMatchObject({ status: 403 });
    expect(service.delivered).toHaveLength(0);
  });

  it("an endpoint nobody subscribed is a permanent failure and nothing is sent", async () => {
    const { service, channel } = await pushSetup();
    const error = await channel.send(message("https://push.fake.test/wpush/unknown")).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "permanent", reason: "The device turned notifications off." });
    expect(service.delivered).toHaveLength(0);
  });
});

describe("the devices API", () => {
  const valid = { endpoint: "https://push.fake.test/wpush/x", keys: { p256dh: b64(new Uint8Array(65).fill(4)), auth: b64(new Uint8Array(16).fill(7)) } };

  it("validates the subscription with clear messages and stores nothing on bad input", async () => {
    const u = await pushUser();
    const cases: Array<[unknown, string]> = [
      [{ ...valid, endpoint: "not a url" }, "endpoint must be a URL."],
      [{ ...valid, endpoint: "http://push.fake.test/x" }, "endpoint must be an https URL."],
      [{ endpoint: valid.endpoint }, "keys must hold p256dh and auth."],
      [{ ...valid, keys: { ...valid.keys, p256dh: "abc" } }, "keys.p256dh must be 65 bytes."],
      [{ ...valid, keys: { ...valid.keys, auth: "a+b/" } }, "keys.auth must be base64url."],
      [{ ...valid, label: "x".repeat(81) }, "label is too long (80 characters at most)."],
    ];
    for (const [body, message] of cases) {
      const response = await api("/v1/push/devices", "POST", body, u.token);
      expect(response.status).toBe(400);
      expect(await response.json<{ message: string }>()).toMatchObject({ message });
    }
    const list = await api("/v1/push/devices", "GET", undefined, u.token);
    expect(await list.json()).toEqual({ devices: [] });
  });

  it("lists, updates on re-subscribe, moves an endpoint to whoever uses the browser now, and removes only one's own", async () => {
    const ana = await pushUser();
    const ben = await pushUser();
    const endpoint = `https://push.fake.test/wpush/${crypto.randomUUID()}`;
    const first = await storeDevice(ana.id, { ...valid, endpoint, expirationTime: null }, "Firefox on Linux");
    const again = await storeDevice(ana.id, { ...valid, endpoint, expirationTime: null }, "Firefox on Linux (new)");
    expect(again.id).toBe(first.id);
    const listed = await (await api("/v1/push/devices", "GET", undefined, ana.token)).json<{ devices: Array<{ label: string }> }>();
    expect(listed.devices.map((d) => d.label)).toEqual(["Firefox on Linux (new)"]);

    // Ben cannot remove Ana's device.
    const foreign = await api(`/v1/push/devices/${first.id}`, "DELETE", undefined, ben.token);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ message: DEVICE_NOT_FOUND });

    // Ben signs in on the same browser and turns notifications on: the endpoint is his now.
    await storeDevice(ben.id, { ...valid, endpoint, expirationTime: null }, "Firefox on Linux");
    expect((await (await api("/v1/push/devices", "GET", undefined, ana.token)).json<{ devices: unknown[] }>()).devices).toEqual([]);
    const removed = await api(`/v1/push/devices/${first.id}`, "DELETE", undefined, ben.token);
    expect(removed.status).toBe(204);
    expect((await (await api("/v1/push/devices", "GET", undefined, ben.token)).json<{ devices: unknown[] }>()).devices).toEqual([]);
  });

  it(`allows ${MAX_DEVICES} devices per person`, async () => {
    const u = await pushUser();
    for (let i = 0; i < MAX_DEVICES; i++) await storeDevice(u.id, { ...valid, endpoint: `https://push.fake.test/wpush/${crypto.randomUUID()}`, expirationTime: null });
    const response = await api("/v1/push/devices", "POST", { ...valid, endpoint: `https://push.fake.test/wpush/${crypto.randomUUID()}` }, u.token);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: TOO_MANY_DEVICES, code: "TOO_MANY_DEVICES" });
  });

  it("needs a signed-in person, and /v1/push/config gives the public key only when push works here", async () => {
    expect((await api("/v1/push/devices", "GET")).status).toBe(401);
    const u = await pushUser();
    const config = (overrides: Record<string, string>) =>
      Promise.resolve(request("/v1/push/config", { headers: { Authorization: `Bearer ${u.token}` } }, overrides)).then((r: Response) => r.json());
    const keys = await vapidPair();
    expect(await config({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toEqual({ available: true, publicKey: keys.publicKey, reason: null });
    expect(await config({ VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" })).toEqual({
      available: false,
      publicKey: null,
      reason: "Push notifications are not set up on this server (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are missing).",
    });
  });
});

const runStep = runStepByHand;

describe("the push step", () => {
  it("notifies every device with Done and Snooze links that answer without a session", async () => {
    const T = nextDueTime();
    const u = await pushUser();
    const { service, channel } = await pushSetup(() => T);
    const phone = await service.subscribe();
    const laptop = await service.subscribe();
    await storeDevice(u.id, phone, "Phone");
    await storeDevice(u.id, laptop, "Laptop");
    const task = await createTask(depsAt(T - 60 * MINUTE).deps, u.id, { title: "Take pills", dueDate: new Date(T).toISOString() });
    const [step] = await stepsOf(task.id);
    await runStep(step!.id, T, { push: channel });

    expect(service.delivered.map((d) => d.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    const payload = service.delivered[0]!.payload as { title: string; body: string; actions: Array<{ action: string; title: string; url: string }> };
    expect(payload.title).toBe("Take pills");
    expect(payload.actions.map((a) => [a.action, a.title])).toEqual([
      ["done", "Done"],
      ["snooze", "Snooze 30 min"],
    ]);
    const rows = await depsAt(T).deps.db.select().from(deliveries).where(eq(deliveries.escalationStepId, step!.id));
    expect(rows.filter((r) => r.channel === "push").map((r) => r.status)).toEqual(["sent", "sent"]);

    // The Done button of the notification (the service worker posts its link).
    const [token, answer] = new URL(payload.actions[0]!.url).pathname.split("/").slice(2);
    expect(answer).toBe("done");
    await redeemActionLink(depsAt(T + MINUTE).deps, token!, answer);
    const [saved] = await depsAt(T).deps.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(saved!.status).toBe("COMPLETED");
  });

  it("a person without a device gets the email instead, which says so", async () => {
    const T = nextDueTime();
    const u = await pushUser();
    const { service, channel } = await pushSetup(() => T);
    const task = await createTask(depsAt(T - 60 * MINUTE).deps, u.id, { title: "Stretch", dueDate: new Date(T).toISOString() });
    const [step] = await stepsOf(task.id);
    await runStep(step!.id, T, { push: channel });
    expect(service.delivered).toEqual([]);
    const emails = await outboxTo(u.email, "email");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("Stretch");
  });
});
