import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parse } from "hono/utils/cookie";
import { clearPairingSetCookie, pairingSetCookie, pairPlatform, PAIRING_COOKIE } from "../../worker/services/auth";
import { isAppError } from "../../worker/services/errors";
import { errorFields, log } from "../../worker/services/log";

/**
 * The pairing handshake on the web (spec 01, navigation guard step 2 and "Pairing"): a link from the
 * bot brings `?platformId=telegram&code=...`. Signed out, it is kept in a 1-day cookie while the
 * person signs in or registers. Signed in, the pairing request is made at once, the pairing data is
 * cleared whether it worked or not, and the browser goes (a full redirect) to /integrations, which
 * says how it went (`?pairing=paired|pending|failed`).
 */
export interface Pairing {
  platformId: string;
  platformCode: string;
}

export type PairingOutcome = "paired" | "pending" | "failed";

export const PAIRING_NOTICES: Record<PairingOutcome, string> = {
  paired: "Your Telegram chat is now linked to Nudge. Your reminders will ping you there first.",
  pending: "Almost there: verify your email address and your Telegram chat will be linked.",
  failed: "We couldn't link your Telegram chat: the link from the bot has expired or was already used. Write to the Nudge bot in Telegram again for a new one.",
};

export function readPairing(request: Request): Pairing | null {
  const url = new URL(request.url);
  const platformId = url.searchParams.get("platformId")?.slice(0, 200);
  const platformCode = url.searchParams.get("code")?.slice(0, 200);
  if (platformId && platformCode) return { platformId, platformCode };
  return pairingFromCookie(request);
}

export function pairingFromCookie(request: Request): Pairing | null {
  const raw = parse(request.headers.get("Cookie") ?? "")[PAIRING_COOKIE];
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Pairing>;
    return typeof value.platformId === "string" && typeof value.platformCode === "string" ? { platformId: value.platformId, platformCode: value.platformCode } : null;
  } catch {
    return null;
  }
}

/**
 * The root loader's step: keeps a handshake of a signed-out visitor (appending the cookie to
 * `headers`), or completes a signed-in user's and throws the redirect to /integrations.
 */
export async function pairingStep(args: LoaderFunctionArgs, userId: string | null, headers: Headers): Promise<void> {
  const pairing = readPairing(args.request);
  if (!pairing) return;
  const fromUrl = new URL(args.request.url).searchParams.has("platformId");
  if (!userId) {
    if (fromUrl) headers.append("Set-Cookie", pairingSetCookie(pairing));
    return;
  }
  const outcome = await pair(args, userId, pairing);
  headers.append("Set-Cookie", clearPairingSetCookie());
  throw redirect(`/integrations?pairing=${outcome}`, { headers });
}

async function pair(args: LoaderFunctionArgs, userId: string, pairing: Pairing): Promise<PairingOutcome> {
  try {
    const result = await pairPlatform(args.context.deps, userId, pairing);
    return result.paired ? "paired" : "pending";
  } catch (error) {
    if (!isAppError(error)) log.error("pairing.failed", { userId, ...errorFields(error) });
    return "failed";
  }
}

export function pairingNotice(request: Request): { outcome: PairingOutcome; message: string } | null {
  const value = new URL(request.url).searchParams.get("pairing");
  return value === "paired" || value === "pending" || value === "failed" ? { outcome: value, message: PAIRING_NOTICES[value] } : null;
}
