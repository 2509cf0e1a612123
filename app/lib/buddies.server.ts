import type { Deps } from "../../worker/services/deps";
import { isAppError } from "../../worker/services/errors";
import { errorFields, log } from "../../worker/services/log";
import {
  buddyDeepLinkFor,
  createBuddy,
  deleteBuddy,
  listBuddies,
  optOutBuddy,
  sendBuddyVerification,
  updateBuddy,
  verifyBuddyCode,
  type BuddyJson,
} from "../../worker/services/buddies";
import { BUDDY_FAILED, BUDDY_VERIFY_FAILED } from "./messages";
import { linkQrSvg } from "./telegram.server";

/**
 * The Nudge Buddies page's presses (spec 02 §2): one action per intent, through the same services as
 * /v1/emergency-contacts. Failures use the server's sentence first and spec 02 §8's fallbacks after.
 */
export const BUDDY_PAGE_TEXTS = {
  invalidCode: "Invalid or expired verification code.",
  verifyFailed: BUDDY_VERIFY_FAILED,
  fallbacks: BUDDY_FAILED,
} as const;

type Intent = keyof typeof BUDDY_PAGE_TEXTS.fallbacks;

export type BuddyAnswer =
  | { ok: true; intent: Intent; message: string; deepLink?: { url: string; qrSvg: string; type: string; name: string } }
  | { ok: false; intent: Intent | "unknown"; message: string };

export type { BuddyJson };

export async function loadBuddies(deps: Deps, userId: string): Promise<BuddyJson[]> {
  return listBuddies(deps, userId);
}

async function withDeepLink(buddy: BuddyJson, url: string) {
  return { url, qrSvg: await linkQrSvg(url), type: buddy.type, name: buddy.name };
}

export async function answerBuddies(deps: Deps, userId: string, form: Record<string, string>): Promise<BuddyAnswer> {
  const intent = form.intent as Intent;
  if (!(intent in BUDDY_PAGE_TEXTS.fallbacks)) return { ok: false, intent: "unknown", message: "Choose what to do with your nudge buddy." };
  const id = form.id ?? "";
  try {
    switch (intent) {
      case "add": {
        const body = { name: form.name, type: form.type, order: Number(form.order), ...(form.type === "email" ? { contact: form.contact } : {}) };
        const buddy = await createBuddy(deps, userId, body);
        if (buddy.deepLink) return { ok: true, intent, message: `${buddy.name} was added. Send them the link to verify.`, deepLink: await withDeepLink(buddy, buddy.deepLink) };
        return { ok: true, intent, message: `${buddy.name} was added. We emailed them a verification link and code.` };
      }
      case "edit": {
        const buddy = await updateBuddy(deps, userId, id, { name: form.name, ...(form.contact !== undefined ? { contact: form.contact } : {}) });
        return { ok: true, intent, message: `${buddy.name} was updated.` };
      }
      case "delete":
        await deleteBuddy(deps, userId, id);
        return { ok: true, intent, message: "Your nudge buddy was deleted." };
      case "send":
        return { ok: true, intent, message: (await sendBuddyVerification(deps, userId, id)).message };
      case "link": {
        const buddies = await listBuddies(deps, userId);
        const buddy = buddies.find((b) => b.id === id);
        const { deepLink } = await buddyDeepLinkFor(deps, userId, id);
        return { ok: true, intent, message: "Here is a fresh link.", deepLink: await withDeepLink(buddy ?? ({ type: "telegram_contact", name: "" } as BuddyJson), deepLink) };
      }
      case "verify": {
        const { verified } = await verifyBuddyCode(deps, userId, id, form.code ?? "");
        return verified ? { ok: true, intent, message: "Your nudge buddy is verified." } : { ok: false, intent, message: BUDDY_PAGE_TEXTS.invalidCode };
      }
      case "optout":
        await optOutBuddy(deps, userId, id);
        return { ok: true, intent, message: "Your nudge buddy was opted out. They won't get alerts until they verify again." };
    }
  } catch (error) {
    if (isAppError(error)) return { ok: false, intent, message: error.message };
    log.error("buddies.page_failed", { userId, intent, ...errorFields(error) });
    return { ok: false, intent, message: intent === "verify" ? BUDDY_PAGE_TEXTS.verifyFailed : BUDDY_PAGE_TEXTS.fallbacks[intent] };
  }
}
