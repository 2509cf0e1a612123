import type { Env } from "../../env";
import type { ConfigCheck } from "../face";
import { requireSettings } from "../settings";

/** Web push needs the server's VAPID key pair (the public key is given to browsers when they subscribe). */
export function checkPushConfig(env: Env): ConfigCheck {
  return requireSettings(env, ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"], "Push notifications are not set up on this server", "web-push");
}
