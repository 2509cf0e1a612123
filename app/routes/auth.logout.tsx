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
 * clears the cookies and goes to /. If the service fails the error is logged and the session kept,
 * so the menu stays open and the user can try again (spec 01 section 2). A plain form post (the
 * /menu page without JavaScript) goes back to that page, which says so.
 */
export async function action(args: ActionFunctionArgs) {
  assertSameOrigin(args);
  const { refreshToken } = readSessionCookies(args.request);
  try {
    await logout(args.context.deps, refreshToken);
  } catch (error) {
    console.error("Sign-out failed", error);
    if (args.request.headers.get("Sec-Fetch-Mode") === "navigate") return redirect("/menu?signout=failed");
    return data({ ok: false as const, message: SIGN_OUT_FAILED }, { status: 500 });
  }
  return redirect("/", { headers: clearedSessionHeaders() });
}

/** The server unreachable: the same answer as a failed service (the menu stays open, the error is logged). */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return serverOr(serverAction<typeof action>, () => ({ ok: false as const, message: SIGN_OUT_FAILED }));
}
