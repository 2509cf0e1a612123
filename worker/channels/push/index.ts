import { plainTextDevSide, type MediumFace } from "../face";
import { checkPushConfig } from "./config";

/**
 * Web push notifications (VAPID).
 * No provider yet: outside the dev outbox the medium is unavailable (the engine falls back), and
 * the issue that adds it fills this folder (the provider, its inbound webhook) and sets `provider`.
 */
export const push: MediumFace = {
  medium: "push",
  name: "push notifications",
  required: false,
  checkConfig: checkPushConfig,
  dev: plainTextDevSide("Push notification"),
};
