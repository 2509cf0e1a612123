/**
 * What the "Notifications on this device" row on /integrations needs from the server (issue 13):
 * whether push works here and the key browsers subscribe with, the person's devices, and the three
 * answers (subscribe this browser, turn it off, remove a device from the list). Thin: the rules are
 * in worker/services/push.
 */
import type { Deps } from "../../worker/services/deps";
import { listDevices, pushSetup, removeDevice, removeDeviceByEndpoint, subscribeDevice, type DeviceView, type PushSetup } from "../../worker/services/push";
import { errorMessage } from "./action-errors.server";

export interface PushRowData extends PushSetup {
  devices: Array<Pick<DeviceView, "id" | "label" | "endpoint" | "createdAt">>;
}

export const PUSH_SAVE_FAILED = "We couldn't save this device. Please try again.";
export const PUSH_REMOVE_FAILED = "We couldn't turn notifications off for that device. Please try again.";

export async function loadPushRow(deps: Deps, userId: string): Promise<PushRowData> {
  return { ...pushSetup(deps), devices: await listDevices(deps, userId) };
}

export type PushAnswer = { ok: true; message: string; devices: PushRowData["devices"] } | { ok: false; message: string };

/** The JSON the row's script posts, or the remove form's fields. */
export async function answerPush(deps: Deps, userId: string, body: Record<string, unknown>): Promise<PushAnswer> {
  try {
    switch (body.intent) {
      case "subscribe":
        await subscribeDevice(deps, userId, { ...(body.subscription as object), label: body.label });
        return { ok: true, message: "Notifications are on for this device.", devices: await listDevices(deps, userId) };
      case "unsubscribe":
        await removeDeviceByEndpoint(deps, userId, String(body.endpoint ?? ""));
        return { ok: true, message: "Notifications are off for this device.", devices: await listDevices(deps, userId) };
      case "remove":
        await removeDevice(deps, userId, String(body.deviceId ?? ""));
        return { ok: true, message: "That device won't get notifications any more.", devices: await listDevices(deps, userId) };
      default:
        return { ok: false, message: "We couldn't read that request. Please reload the page and try again." };
    }
  } catch (error) {
    return { ok: false, message: errorMessage(error, body.intent === "subscribe" ? PUSH_SAVE_FAILED : PUSH_REMOVE_FAILED) };
  }
}
