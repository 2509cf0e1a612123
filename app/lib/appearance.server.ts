import { generateCookie } from "hono/cookie";
import { parse } from "hono/utils/cookie";
import { APPEARANCES, type Appearance } from "./appearance";

/**
 * Settings, Appearance (ADR 084): light or dark chosen against the device's own setting, kept in a
 * cookie on this device (a phone dark at night and a bright office screen may want different things),
 * so it is there before any page renders, signed in or not, and costs no database read.
 */
export const APPEARANCE_COOKIE = "appearance";
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const cookieOptions = { httpOnly: true, secure: true, sameSite: "Lax", path: "/" } as const;

/** The choice this device made, or "device" (follow the device) when none or an unknown value is set. */
export function readAppearance(request: Request): Appearance {
  const value = parse(request.headers.get("Cookie") ?? "")[APPEARANCE_COOKIE];
  return isAppearance(value) && value !== "device" ? value : "device";
}

export function isAppearance(value: unknown): value is Appearance {
  return (APPEARANCES as readonly unknown[]).includes(value);
}

/** The Set-Cookie for a choice: "device" clears the cookie, so the device's setting applies again. */
export function appearanceSetCookie(choice: Appearance): string {
  if (choice === "device") return generateCookie(APPEARANCE_COOKIE, "", { ...cookieOptions, maxAge: 0 });
  return generateCookie(APPEARANCE_COOKIE, choice, { ...cookieOptions, maxAge: YEAR_SECONDS });
}

export interface AppearanceResult {
  kind: "appearance";
  ok: boolean;
  message: string;
}

export const APPEARANCE_INVALID = "Choose how Nudge looks: Match this device, Light or Dark.";

/** What Save says for each choice. */
export const APPEARANCE_SAVED: Record<Appearance, string> = {
  device: "Saved. Nudge follows this device's light or dark setting.",
  light: "Saved. Nudge stays light on this device.",
  dark: "Saved. Nudge stays dark on this device.",
};

/** The settings form's Save: the cookie for a known choice; anything else is refused and changes nothing. */
export function saveAppearance(form: FormData, headers: Headers): { result: AppearanceResult; status: number } {
  const choice = form.get("appearance");
  if (!isAppearance(choice)) return { result: { kind: "appearance", ok: false, message: APPEARANCE_INVALID }, status: 400 };
  headers.append("Set-Cookie", appearanceSetCookie(choice));
  return { result: { kind: "appearance", ok: true, message: APPEARANCE_SAVED[choice] }, status: 200 };
}
