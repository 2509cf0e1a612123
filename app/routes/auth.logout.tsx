import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { logout } from "../../worker/services/auth";
import { assertSameOrigin, clearedSessionHeaders, readSessionCookies } from "../lib/session.server";

/** Visiting /auth/logout does nothing (a GET must not sign anyone out): back home. */
export async function loader() {
  return redirect("/");
}

/**
 * Sign Out (the account menu posts here): revokes the refresh session with the logout service,
 * clears the cookies and goes to /. If the service fails the error is logged and the session kept,
 * so the menu stays open and the user can try again (spec 01 section 2).
 */
export async function action(args: ActionFunctionArgs) {
  assertSameOrigin(args);
  const { refreshToken } = readSessionCookies(args.request);
  try {
    await logout(args.context.deps, refreshToken);
  } catch (error) {
    console.error("Sign-out failed", error);
    return { ok: false as const, message: "Sign-out failed. Please try again." };
  }
  return redirect("/", { headers: clearedSessionHeaders() });
}
