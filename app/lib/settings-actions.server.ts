import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { changePassword, confirmEmailChange, deleteAccount, normalizeEmail, EMAIL_CHANGED_MESSAGE, NAME_SAVED_MESSAGE, requestEmailChange, PASSWORD_CHANGED_MESSAGE, renameUser, sessionSetCookies } from "../../worker/services/auth";
import { requestMeta } from "../../worker/http";
import { endBreak, setQuietHours, startBreak } from "../../worker/services/quiet-hours";
import { isAppError } from "../../worker/services/errors";
import type { AccountResult } from "~/components/settings/AccountBlock";
import type { QuietHoursResult } from "~/components/settings/QuietHoursBlock";
import type { BreakResult } from "~/components/settings/BreakBlock";
import { ACCOUNT_DELETE_FAILED, BREAK_FAILED, EMAIL_CHANGE_FAILED, NAME_SAVE_FAILED, PASSWORD_CHANGE_FAILED, QUIET_HOURS_FAILED } from "./messages";
import { errorMessage } from "./action-errors.server";
import { field } from "./forms.server";
import { clearedSessionHeaders, cookieHeaders } from "./session.server";

/**
 * Settings' posts, one function each (the route reads the intent and calls one): each turns the form into a
 * service's input and the service's answer or refusal into the block's result, with the sentence it shows.
 */

/** Your account's name. */
export async function saveName(args: ActionFunctionArgs, userId: string, form: FormData): Promise<AccountResult> {
  try {
    await renameUser(args.context.deps, userId, { name: field(form, "name") ?? "" });
    return { kind: "name", ok: true, message: NAME_SAVED_MESSAGE };
  } catch (error) {
    return accountRefusal("name", error, NAME_SAVE_FAILED);
  }
}

/** Your account's new email address, step 1: the code goes to the new address. */
export async function askEmailChange(args: ActionFunctionArgs, userId: string, form: FormData): Promise<AccountResult> {
  const input = { newEmail: field(form, "newEmail") ?? "", password: field(form, "password") ?? undefined, email: field(form, "email") ?? undefined };
  try {
    const sent = await requestEmailChange(args.context.deps, userId, input);
    return { kind: "email-change", ok: true, message: sent.message, sentTo: normalizeEmail(input.newEmail) };
  } catch (error) {
    return accountRefusal("email-change", error, EMAIL_CHANGE_FAILED);
  }
}

/** Step 2: the code makes the change. */
export async function finishEmailChange(args: ActionFunctionArgs, userId: string, form: FormData): Promise<AccountResult> {
  try {
    const user = await confirmEmailChange(args.context.deps, userId, { newEmail: field(form, "newEmail") ?? "", code: field(form, "code") ?? "" });
    return { kind: "email-confirm", ok: true, message: EMAIL_CHANGED_MESSAGE(user.email) };
  } catch (error) {
    // The address again, so that a page drawn without JavaScript keeps the code's form for another try.
    return { ...accountRefusal("email-confirm", error, EMAIL_CHANGE_FAILED), sentTo: normalizeEmail(field(form, "newEmail") ?? "") };
  }
}

/** Your account's Change Password: this device gets the new session's cookies; every other session ended. */
export async function savePassword(args: ActionFunctionArgs, userId: string, form: FormData, headers: Headers) {
  const input = { currentPassword: field(form, "currentPassword") ?? "", newPassword: field(form, "newPassword") ?? "" };
  try {
    const tokens = await changePassword(args.context.deps, userId, input, requestMeta(args.request));
    const result: AccountResult = { kind: "password", ok: true, message: PASSWORD_CHANGED_MESSAGE };
    return data(result, { headers: cookieHeaders(sessionSetCookies(tokens), headers) });
  } catch (error) {
    return data(accountRefusal("password", error, PASSWORD_CHANGE_FAILED), { headers });
  }
}

/** Your account's Delete My Account: gone, signed out, and on to the home page, which says so. */
export async function removeAccount(args: ActionFunctionArgs, userId: string, form: FormData, headers: Headers) {
  try {
    await deleteAccount(args.context.deps, userId, { password: field(form, "password") ?? undefined, email: field(form, "email") ?? undefined }, args.context.cloudflare.env.BUG_SCREENSHOTS);
  } catch (error) {
    return data(accountRefusal("delete-account", error, ACCOUNT_DELETE_FAILED), { headers });
  }
  return redirect("/?deleted=1", { headers: clearedSessionHeaders() });
}

function accountRefusal(kind: AccountResult["kind"], error: unknown, fallback: string): AccountResult {
  return { kind, ok: false, message: errorMessage(error, fallback), ...(isAppError(error) && error.fields ? { fields: { ...error.fields } } : {}) };
}

/** The quiet hours block's post: the form's fields as the API's body (a missing checkbox is false). */
export async function saveQuietHours(args: ActionFunctionArgs, userId: string, form: FormData): Promise<QuietHoursResult> {
  const enabled = field(form, "enabled") === "true";
  const body = enabled
    ? { enabled, start: field(form, "start") ?? "", end: field(form, "end") ?? "", gentlePings: field(form, "gentlePings") === "true" }
    : { enabled, gentlePings: field(form, "gentlePings") === "true" };
  try {
    const saved = await setQuietHours(args.context.deps, userId, body);
    return { kind: "quiet-hours", ok: true, message: saved.message };
  } catch (error) {
    return { kind: "quiet-hours", ok: false, message: errorMessage(error, QUIET_HOURS_FAILED), ...(isAppError(error) && error.fields ? { fields: error.fields } : {}) };
  }
}

/**
 * "Take a break" (ADR 095): a length pressed (60, 180, morning) or an end picked in the field
 * (`length=custom`, `until` on the person's clock), or the break ended now.
 */
export async function saveBreak(args: ActionFunctionArgs, userId: string, form: FormData): Promise<BreakResult> {
  const { deps } = args.context;
  try {
    if (field(form, "intent") === "break-end") return { kind: "break", ok: true, message: (await endBreak(deps, userId)).message };
    const length = field(form, "length");
    const body = length === "morning" ? { until: "morning" } : length === "custom" ? { until: field(form, "until") } : { minutes: Number(length) };
    return { kind: "break", ok: true, message: (await startBreak(deps, userId, body)).message };
  } catch (error) {
    return { kind: "break", ok: false, message: errorMessage(error, BREAK_FAILED) };
  }
}
