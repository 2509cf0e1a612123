import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { logout } from "../../worker/services/auth";
import { SIGN_OUT_FAILED } from "~/components/UserMenu";
import { serverOr } from "~/lib/client-fallback";
import { assertSameOrigin, clearedSessionHeaders, readSessionCookies } from "~/lib/session.server";

/** Visiting /auth/logout does nothing (a GET must not sign anyone out): back home. */
export async function loader() {
  return redirect("/");
}

/**
 * Sign Out (the account menu posts here): revokes the refresh session with the logout service,
 * clears the cookies and goes to /. If the service fails the error is logged and the cookies are
 * cleared anyway (spec 01 section 4: "errors are logged and the data is cleared anyway"); the menu
 * stays open with the sentence (section 2), and Sign Out again finishes (there is no session left to
 * end). A plain form post (the /menu page without JavaScript) goes to / like a sign-out that worked.
 */
export async function action(args: ActionFunctionArgs) {
  assertSameOrigin(args);
  const { refreshToken } = readSessionCookies(args.request);
  try {
    await logout(args.context.deps, refreshToken);
  } catch (error) {
    console.error("Sign-out failed", error);
    if (args.request.headers.get("Sec-Fetch-Mode") === "navigate") return redirect("/", { headers: clearedSessionHeaders() });
    return data({ ok: false as const, message: SIGN_OUT_FAILED }, { status: 500, headers: clearedSessionHeaders() });
  }
  return redirect("/", { headers: clearedSessionHeaders() });
}

/** The server unreachable: the same answer as a failed service (the menu stays open, the error is logged). */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return serverOr(serverAction<typeof action>, () => ({ ok: false as const, message: SIGN_OUT_FAILED }));
}
