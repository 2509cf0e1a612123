import type { MediumFace } from "../face";
import { pushDevSide } from "./dev";
import { checkPushConfig } from "./config";
import { webPushFromEnv } from "./web-push";

/**
 * Web push notifications: RFC 8291 payloads with VAPID (./web-push.ts), to every device on which the
 * person turned notifications on (worker/services/push). Answers come back through the service
 * worker (public/sw.js), which posts the notification's Done / Snooze links.
 */
export const push: MediumFace = {
  medium: "push",
  name: "push notifications",
  required: false,
  checkConfig: checkPushConfig,
  provider: webPushFromEnv,
  dev: pushDevSide,
};
