import type { Deps } from "../../worker/services/deps";
import { isDevOutboxOn } from "../../worker/env";
import { PHONE_FAILED } from "./messages";
import { isAppError } from "../../worker/services/errors";
import { errorFields, log } from "../../worker/services/log";
import { isPhonePresent, sendPhoneCode, setPhone, verifyPhoneCode } from "../../worker/services/phone";
import { getProfile, type PublicUser } from "../../worker/services/auth";

/**
 * The phone panel (spec 01): add, verify, resend and remove, for the Phone Call row on /integrations
 * and the phone part of /auth/verify. The spec's failure sentences are used when the server gives none.
 */
export const PHONE_PANEL_TEXTS = {
  invalidCode: "Invalid verification code. Please check and try again.",
  verifyFailed: PHONE_FAILED.verify,
  resendFailed: PHONE_FAILED.send,
  addFailed: PHONE_FAILED.save,
  removeFailed: PHONE_FAILED.remove,
  verified: "Your phone number is verified. Your most urgent reminders can call and text you now.",
  removed: "Your phone number was removed.",
  codeSent: (phone: string) => `We sent a 6-digit code to ${phone}. It works for 10 minutes.`,
} as const;

export interface PhonePanelData {
  /** Texts (for the code) can be sent from this server. */
  available: boolean;
  reason: string | null;
  phone: string | null;
  /** The digits after +972, to prefill the number field (spec 01). */
  localNumber: string;
  verified: boolean;
  emailVerified: boolean;
  /** With the dev outbox on and a number saved: the dev phone playing that number (null in production). */
  devPhoneLink: string | null;
}

export type PhoneAnswer = { ok: boolean; message: string; step: "number" | "code" | "done" };

/** The panel as the person stands now (read afresh: after a press of the panel). */
export async function loadPhonePanel(deps: Deps, userId: string): Promise<PhonePanelData> {
  return phonePanelOf(deps, await getProfile(deps, userId));
}

/**
 * The panel of a person the request has already read (the session's profile): no read of its own, so
 * a page with several rows reads the person once (issue 8).
 */
export function phonePanelOf(deps: Deps, profile: Pick<PublicUser, "phone" | "phoneVerified" | "isVerified">): PhonePanelData {
  const phone = isPhonePresent(profile.phone) ? profile.phone : null;
  const status = deps.channels.sms.status;
  return {
    available: status.available,
    reason: status.reason,
    phone,
    localNumber: phone?.startsWith("+972") ? phone.slice(4) : "",
    verified: Boolean(phone) && profile.phoneVerified,
    emailVerified: profile.isVerified,
    devPhoneLink: phone && isDevOutboxOn(deps.env) ? `/dev/phone?number=${encodeURIComponent(phone)}` : null,
  };
}

async function attempt(fallback: string, userId: string, work: () => Promise<PhoneAnswer>): Promise<PhoneAnswer> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: error.message, step: "number" };
    log.error("phone.panel_failed", { userId, ...errorFields(error) });
    return { ok: false, message: fallback, step: "number" };
  }
}

/** One press of the panel: `intent` save (and send the first code), send, verify or remove. */
export async function answerPhone(deps: Deps, userId: string, body: Record<string, unknown>): Promise<PhoneAnswer> {
  const intent = body.intent;
  if (intent === "save") {
    return attempt(PHONE_PANEL_TEXTS.addFailed, userId, async () => {
      // The panel's +972 is fixed; a number typed with it again ("+972...", "00972...") is not doubled.
      const digits = typeof body.number === "string" ? body.number.replace(/[\s-]/g, "") : "";
      const profile = await setPhone(deps, userId, `+972${digits.replace(/^(?:\+|00)?972/, "")}`);
      if (profile.phoneVerified) return { ok: true, message: PHONE_PANEL_TEXTS.verified, step: "done" };
      await sendPhoneCode(deps, userId);
      return { ok: true, message: PHONE_PANEL_TEXTS.codeSent(profile.phone ?? ""), step: "code" };
    });
  }
  if (intent === "send") {
    const answer = await attempt(PHONE_PANEL_TEXTS.resendFailed, userId, async () => {
      await sendPhoneCode(deps, userId);
      const panel = await loadPhonePanel(deps, userId);
      return { ok: true, message: PHONE_PANEL_TEXTS.codeSent(panel.phone ?? ""), step: "code" };
    });
    return { ...answer, step: "code" };
  }
  if (intent === "verify") {
    const answer = await attempt(PHONE_PANEL_TEXTS.verifyFailed, userId, async () => {
      const right = await verifyPhoneCode(deps, userId, typeof body.code === "string" ? body.code : "");
      return right ? { ok: true, message: PHONE_PANEL_TEXTS.verified, step: "done" } : { ok: false, message: PHONE_PANEL_TEXTS.invalidCode, step: "code" };
    });
    return answer.ok ? answer : { ...answer, step: "code" };
  }
  if (intent === "remove") {
    return attempt(PHONE_PANEL_TEXTS.removeFailed, userId, async () => {
      await setPhone(deps, userId, "");
      return { ok: true, message: PHONE_PANEL_TEXTS.removed, step: "number" };
    });
  }
  return { ok: false, message: PHONE_PANEL_TEXTS.addFailed, step: "number" };
}
