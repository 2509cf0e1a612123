import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { pushSubscriptions } from "../../../db/schema";
import { checkPushConfig } from "../../channels/push/config";
import type { Deps } from "../deps";
import { conflict, notFound } from "../errors";
import { parseInput } from "../validation";

/**
 * Push subscriptions: the devices on which a person turned on "Notifications on this device"
 * (issue 13). One row per push endpoint (a browser profile on a device); the engine's `push` step
 * sends to every device of the user (worker/services/escalation/step-read.ts).
 */

/** A person rarely has more than a phone, a laptop and a tablet; the cap bounds every push step's fan-out. */
export const MAX_DEVICES = 10;
export const TOO_MANY_DEVICES = `Notifications can be on for up to ${MAX_DEVICES} devices. Turn them off on a device you no longer use first.`;
export const DEVICE_NOT_FOUND = "That device was not found. It may have been removed already.";

const base64Url = (what: string, bytes: number) =>
  z
    .string({ error: `${what} is missing.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `${what} must be base64url.` })
    .refine((value) => decodedLength(value) === bytes, { error: `${what} must be ${bytes} bytes.` });

/** What the browser's PushSubscription.toJSON() gives, plus a name for the device list. */
export const subscriptionSchema = z.object({
  endpoint: z
    .string({ error: "endpoint is missing." })
    .max(2048, { error: "endpoint is too long." })
    .url({ error: "endpoint must be a URL." })
    .refine((value) => value.startsWith("https://"), { error: "endpoint must be an https URL." }),
  keys: z.object(
    {
      // An uncompressed P-256 point (RFC 8291) and the 16-byte auth secret.
      p256dh: base64Url("keys.p256dh", 65),
      auth: base64Url("keys.auth", 16),
    },
    { error: "keys must hold p256dh and auth." },
  ),
  label: z.string().trim().max(80, { error: "label is too long (80 characters at most)." }).optional(),
});

export interface DeviceView {
  id: string;
  label: string;
  endpoint: string;
  createdAt: string;
}

/**
 * Stores this device's subscription for the user. The same endpoint again (the page re-subscribes,
 * keys rotated) updates the row; an endpoint another account had (someone else signed in on this
 * browser before) moves to this account, since the browser can only deliver to whoever uses it now.
 */
export async function subscribeDevice(deps: Pick<Deps, "db" | "clock">, userId: string, input: unknown): Promise<DeviceView> {
  const { endpoint, keys, label } = parseInput(subscriptionSchema, input);
  const [existing] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).limit(1);
  if (!existing || existing.userId !== userId) {
    const [counted] = await deps.db.select({ devices: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    if ((counted?.devices ?? 0) >= MAX_DEVICES) throw conflict(TOO_MANY_DEVICES, "TOO_MANY_DEVICES");
  }
  const row = {
    userId,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    label: label || "A device",
  };
  const [saved] = await deps.db
    .insert(pushSubscriptions)
    .values({ ...row, id: crypto.randomUUID(), createdAt: deps.clock.now().getTime() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row })
    .returning();
  if (!saved) throw new Error("The push subscription was not saved.");
  return toView(saved);
}

export async function listDevices(deps: Pick<Deps, "db">, userId: string): Promise<DeviceView[]> {
  const rows = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt));
  return rows.map(toView);
}

/** Turns notifications off for one of the user's devices; another user's device is "not found". */
export async function removeDevice(deps: Pick<Deps, "db">, userId: string, deviceId: string): Promise<void> {
  const removed = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, deviceId), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound(DEVICE_NOT_FOUND, "DEVICE_NOT_FOUND");
}

function toView(row: typeof pushSubscriptions.$inferSelect): DeviceView {
  return { id: row.id, label: row.label ?? "A device", endpoint: row.endpoint, createdAt: new Date(row.createdAt).toISOString() };
}

function decodedLength(value: string): number {
  const unpadded = value.replace(/=+$/, "");
  return Math.floor((unpadded.length * 3) / 4);
}

export interface PushSetup {
  available: boolean;
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  publicKey: string | null;
  /** Why push cannot be turned on here, for the page and GET /v1/push/config. */
  reason: string | null;
}

/**
 * Can a browser turn notifications on here? A browser subscribes with the real VAPID public key, also
 * in development (the dev outbox then stores what would be pushed), so the key must be configured
 * either way; in production the push channel must be available too.
 */
export function pushSetup(deps: Pick<Deps, "env" | "channels">): PushSetup {
  const status = deps.channels.push.status;
  if (!status.available) return { available: false, publicKey: null, reason: status.reason };
  const config = checkPushConfig(deps.env);
  if (!config.configured) return { available: false, publicKey: null, reason: config.reason };
  return { available: true, publicKey: deps.env.VAPID_PUBLIC_KEY ?? null, reason: null };
}

/** Turns notifications off for this browser (its endpoint), if it is the user's. */
export async function removeDeviceByEndpoint(deps: Pick<Deps, "db">, userId: string, endpoint: string): Promise<void> {
  await deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}
