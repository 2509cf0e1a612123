import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { verifyAccessToken } from "../../worker/services/auth/access-token";
import { AuthCard, Working } from "../components/auth/AuthCard";
import { SessionRecheck } from "../components/auth/SessionRecheck";
import { Alert } from "../components/ui/Alert";
import { Button, ButtonLink } from "../components/ui/Button";
import { arrivedCrossSite, getOptionalUser, redirectWithTokens, safeRedirect } from "../lib/session.server";

export const meta: MetaFunction = () => [{ title: "Google sign-in · Nudge" }, { name: "referrer", content: "same-origin" }];

type State = "failed" | "pending" | "tokens";

/**
 * Where the API sends the browser after Google (it has already set the session cookies):
 * a signed-in visitor goes on to `redirect` or /dashboard. `?error` means it failed. The spec's
 * older form, `?accessToken=…&refreshToken=…`, is still accepted: the page posts them back to the
 * action below, which turns them into cookies (never stored by the browser's script).
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  if (url.searchParams.has("error")) return data({ state: "failed" as State });
  if (url.searchParams.get("accessToken") && url.searchParams.get("refreshToken")) return data({ state: "tokens" as State });
  const { user, headers } = await getOptionalUser(args);
  if (user) throw redirect(redirectTo, { headers });
  // Back from Google, SameSite=Strict cookies may not have come along: the root re-checks once.
  return data({ state: (arrivedCrossSite(args.request) ? "pending" : "failed") as State }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const accessToken = url.searchParams.get("accessToken") ?? "";
  const refreshToken = url.searchParams.get("refreshToken") ?? "";
  if (accessToken && refreshToken) {
    // A token we signed (expired is fine: the refresh token renews it on the next page).
    const check = await verifyAccessToken(context.deps.env, context.deps.clock, accessToken);
    if (check.ok || check.reason === "expired") {
      throw redirectWithTokens(safeRedirect(url.searchParams.get("redirect")), { accessToken, refreshToken });
    }
  }
  return { state: "failed" as State };
}

export default function GoogleCallback() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const state = posted?.state ?? loaded.state;
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  useEffect(() => {
    if (state !== "tokens" || submitted.current || !formRef.current) return;
    submitted.current = true;
    submit(formRef.current, { replace: true });
  }, [state, submit]);

  if (state === "failed") {
    return (
      <AuthCard title="Sign-in Failed">
        <Alert tone="error">Failed to complete Google sign-in. Please try again.</Alert>
        <ButtonLink to="/auth/login" size="lg" block className="auth-card__action">
          Back to Login
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Completing Google Sign-in...">
      {state === "pending" ? (
        <SessionRecheck>Completing Google Sign-in...</SessionRecheck>
      ) : (
        <Form method="post" ref={formRef} className="stack">
          <Working>Completing Google Sign-in...</Working>
          <Button type="submit" size="lg" block>
            Continue
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
