import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GOOGLE_FAILED_MESSAGE, inspectSessionTokens, logout, refreshSessionOrRace } from "../../worker/services/auth";
import { isAppError } from "../../worker/services/errors";
import { requestMeta } from "../../worker/http";
import { AuthCard, Working } from "~/components/auth/AuthCard";
import { SessionRecheck } from "~/components/auth/SessionRecheck";
import { Alert } from "~/components/ui/Alert";
import { Button, ButtonLink } from "~/components/ui/Button";
import { field, readForm } from "~/lib/forms.server";
import { arrivedCrossSite, getOptionalUser, readSessionCookies, redirectWithTokens, safeRedirect } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Google sign-in · Nudge" },
  { name: "description", content: "Finishing your Google sign-in to Nudge." },
  { name: "referrer", content: "same-origin" },
];

const MAX_TOKEN = 4096;

type Loaded =
  | { state: "failed" }
  | { state: "pending" }
  /** The spec's legacy query: whose tokens they are, and who is signed in here now (if someone else). */
  | { state: "confirm"; email: string; name: string; signedInAs: string | null; accessToken: string; refreshToken: string; redirectTo: string };

function legacyTokens(source: URLSearchParams | FormData): { accessToken: string; refreshToken: string } | null {
  const read = (name: string) => {
    const value = source.get(name);
    return typeof value === "string" ? value.trim().slice(0, MAX_TOKEN) : "";
  };
  const accessToken = read("accessToken");
  const refreshToken = read("refreshToken");
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

/**
 * Where the API sends the browser after Google (it has already set the session cookies): a
 * signed-in visitor goes on to `redirect` or /dashboard; `?error` means it failed.
 *
 * The spec's older form, `?accessToken=…&refreshToken=…`, is still understood but never signs
 * anyone in by itself: anybody can send a link carrying THEIR tokens, and a silent sign-in would
 * have the victim working in the sender's account (login CSRF). So the page asks
 * inspectSessionTokens whose they are and shows 'Continue as <email>'; only that click (a POST)
 * adopts them, rotated so the copy in the URL stops working. When someone else is signed in
 * here, the page says so first.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  if (url.searchParams.has("error")) return data<Loaded>({ state: "failed" });
  const { user, headers } = await getOptionalUser(args);

  if (url.searchParams.has("accessToken") || url.searchParams.has("refreshToken")) {
    const tokens = legacyTokens(url.searchParams);
    const owner = tokens ? await inspectSessionTokens(args.context.deps, tokens) : null;
    if (!tokens || !owner) return data<Loaded>({ state: "failed" }, { headers });
    const signedInAs = user && user.id !== owner.id ? user.email : null;
    return data<Loaded>({ state: "confirm", email: owner.email, name: owner.name, signedInAs, ...tokens, redirectTo }, { headers });
  }

  if (user) throw redirect(redirectTo, { headers });
  // Back from Google, SameSite=Strict cookies may not have come along: the root re-checks once.
  return data<Loaded>({ state: arrivedCrossSite(args.request) ? "pending" : "failed" }, { headers });
}

/**
 * 'Continue as <email>': checked again, rotated (the URL's copy dies), then the session cookies.
 * A different account signed in here before is signed out on the server too.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const form = await readForm(request);
  const tokens = legacyTokens(form);
  const redirectTo = safeRedirect(field(form, "redirect"));
  const owner = tokens ? await inspectSessionTokens(context.deps, tokens) : null;
  if (!tokens || !owner) return { failed: true };
  try {
    const outcome = await refreshSessionOrRace(context.deps, tokens.refreshToken, requestMeta(request));
    // Used by another request a moment ago (a double click, a second tab): that one signs in.
    if (outcome.kind !== "rotated" || outcome.userId !== owner.id) return { failed: true };
    // Someone else was signed in here: that session ends, as the page said it would.
    const { user: current } = await getOptionalUser(args);
    if (current && current.id !== owner.id) await logout(context.deps, readSessionCookies(request).refreshToken);
    throw redirectWithTokens(redirectTo, outcome.tokens);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!isAppError(error)) console.error("Google legacy sign-in failed", error);
    return { failed: true };
  }
}

function Failed() {
  return (
    <AuthCard title="Sign-in Failed">
      <Alert tone="error">{GOOGLE_FAILED_MESSAGE}</Alert>
      <ButtonLink to="/auth/login" size="lg" block className="auth-card__action">
        Back to Login
      </ButtonLink>
    </AuthCard>
  );
}

export default function GoogleCallback() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  if (posted?.failed || loaded.state === "failed") return <Failed />;
  if (loaded.state === "pending") {
    return (
      <AuthCard title="Completing Google Sign-in...">
        <SessionRecheck>Completing Google Sign-in...</SessionRecheck>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Continue with Google" lead="Please confirm the account you want to use.">
      {loaded.signedInAs ? (
        <Alert tone="warning" title="Someone else is signed in here">
          You are signed in as <strong>{loaded.signedInAs}</strong>. Continuing signs you out of that account and into{" "}
          <strong>{loaded.email}</strong>.
        </Alert>
      ) : null}
      <Form method="post" replace className="stack">
        <input type="hidden" name="accessToken" value={loaded.accessToken} />
        <input type="hidden" name="refreshToken" value={loaded.refreshToken} />
        <input type="hidden" name="redirect" value={loaded.redirectTo} />
        {busy ? <Working>Completing Google Sign-in...</Working> : null}
        <Button type="submit" size="lg" block disabled={busy} className="btn--wrap">
          Continue as {loaded.email}
        </Button>
      </Form>
      <p className="auth-card__note">
        Not you? <Link to="/auth/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}
