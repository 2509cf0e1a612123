import type { Env } from "../../env";
import type { ConfigCheck } from "../face";
import { requireSettings } from "../settings";

const NOT_SET_UP = "Email is not set up on this server";
const HOW = 'set EMAIL_PROVIDER to "resend" and RESEND_API_KEY to a Resend API key';

/**
 * Is email configured? Only Resend is a real email provider today: EMAIL_PROVIDER=resend with
 * RESEND_API_KEY (and the EMAIL_FROM sender). "outbox" stores messages in D1 and is the dev outbox's
 * business alone: outside it, "outbox" means email is not set up (issue 7: production sent nothing).
 */
export function checkEmailConfig(env: Env): ConfigCheck {
  const provider = env.EMAIL_PROVIDER?.trim() ?? "";
  if (provider === "resend") return requireSettings(env, ["RESEND_API_KEY", "EMAIL_FROM"], NOT_SET_UP, "resend");
  if (provider === "") return { configured: false, reason: `${NOT_SET_UP} (EMAIL_PROVIDER is missing: ${HOW}).` };
  if (provider === "outbox") {
    return { configured: false, reason: `${NOT_SET_UP} (EMAIL_PROVIDER is "outbox", which only works with DEV_OUTBOX on: ${HOW}).` };
  }
  return { configured: false, reason: `${NOT_SET_UP} (EMAIL_PROVIDER "${provider}" is not a provider this server knows: ${HOW}).` };
}
