import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { parse } from "hono/utils/cookie";
import { login, LOGIN_DEVICE_COOKIE, loginDeviceSetCookie } from "../../worker/services/auth";
import { requestMeta } from "../../worker/http";
import { EmailField } from "~/components/auth/EmailField";
import { AuthCard, AuthDivider } from "~/components/auth/AuthCard";
import { GoogleButton } from "~/components/auth/GoogleButton";
import { PasswordField } from "~/components/auth/PasswordField";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { LOGIN_FAILED } from "~/lib/messages";
import { errorMessage } from "~/lib/action-errors.server";
import { field, readForm } from "~/lib/forms.server";
import { redirectIfLoggedIn, redirectWithTokens, safeRedirect } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Sign in · Nudge" },
  { name: "description", content: "Sign in to Nudge with your email and password or with Google, and see the reminders that are waiting for you." },
];

const MIN_PASSWORD = 8;

export async function loader(args: LoaderFunctionArgs) {
  const headers = await redirectIfLoggedIn(args);
  const redirectTo = new URL(args.request.url).searchParams.get("redirect");
  return data({ redirectTo: redirectTo ? safeRedirect(redirectTo) : null }, { headers });
}

/** Signs in with the same login service as POST /v1/auth/login, then goes to `redirect` or /dashboard. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const email = field(form, "email");
  const password = field(form, "password", { trim: false });
  const redirectTo = safeRedirect(field(form, "redirect"));
  let result;
  try {
    result = await login(context.deps, { email, password }, requestMeta(request), { loginDevice: parse(request.headers.get("Cookie") ?? "")[LOGIN_DEVICE_COOKIE] });
  } catch (error) {
    return {
      email,
      // The server's sentence first (429: how long to wait), then the spec's texts.
      error: errorMessage(error, LOGIN_FAILED, { 401: "Invalid email or password. Please check your credentials." }),
    };
  }
  // Thrown, so the action's data type stays the error shape. The device cookie keeps this browser
  // clear of the account-wide limit that strangers' wrong guesses can fill (ADR 039).
  const response = redirectWithTokens(redirectTo, result);
  response.headers.append("Set-Cookie", loginDeviceSetCookie(result.loginDevice));
  throw response;
}

/** The server unreachable or failing: 'Login failed. Please try again.' instead of the error page. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await submittedForm(request);
  return serverOr(serverAction<typeof action>, () => ({ email: formText(form, "email").trim(), error: LOGIN_FAILED }));
}

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [clientError, setClientError] = useState<string | null>(null);

  // The quick checks of spec 01 section 5, before a round trip (the server checks the same).
  function check(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const problem = !email || !password ? "Please fill in all fields" : password.length < MIN_PASSWORD ? "Password must be at least 8 characters long" : null;
    setClientError(problem);
    if (problem) event.preventDefault();
  }

  const error = clientError ?? (busy ? null : actionData?.error ?? null);
  // After a failed attempt, focus moves to the message, so it is read first and the form follows.
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error, actionData]);
  return (
    <AuthCard
      title="Welcome back"
      lead="Sign in to see your reminders."
      footer={
        <p>
          New to Nudge? <Link to="/auth/register">Create one</Link>
        </p>
      }
    >
      <GoogleButton redirectTo={redirectTo}>Sign in with Google</GoogleButton>
      <AuthDivider />
      <Form method="post" noValidate onSubmit={check}>
        {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
        {error ? (
          <Alert ref={alertRef} tabIndex={-1} tone="error">
            {error}
          </Alert>
        ) : null}
        <EmailField label="Email" defaultValue={actionData?.email ?? ""} />
        <PasswordField label="Password" name="password" autoComplete="current-password" aria-required="true" />
        <p className="auth-card__aside">
          <Link to="/auth/forgot-password">Forgot Password?</Link>
          {" · "}
          <Link to="/auth/sign-in-link">Email me a sign-in link</Link>
        </p>
        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
    </AuthCard>
  );
}
