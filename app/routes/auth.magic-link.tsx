import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { verifyMagicLink } from "../../worker/services/auth";
import { AuthCard, Working } from "../components/auth/AuthCard";
import { Alert } from "../components/ui/Alert";
import { Button } from "../components/ui/Button";
import { errorMessage, field } from "../lib/messages.server";
import { redirectWithTokens, requestMeta } from "../lib/session.server";

// Token pages send no Referer to other sites. Not "no-referrer": that makes the browser send
// `Origin: null` on the form POST, which Remix (and our origin check) rightly refuse.
export const meta: MetaFunction = () => [{ title: "Signing you in · Nudge" }, { name: "referrer", content: "same-origin" }];

const FAILED = "This sign-in link has expired or was already used. You can get a new code or link on the verification page.";

/**
 * GET only shows the page: mail scanners open every link, and a GET must not use up the token.
 * The page then posts the token (automatically with JavaScript, with the Continue button without).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  return { token: token.slice(0, 512) };
}

/** Verifies the email and signs in (verifyMagicLink), then on to the dashboard. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = field(form, "token");
  if (!token) return { error: FAILED };
  let result;
  try {
    result = await verifyMagicLink(context.deps, token, requestMeta(request));
  } catch (error) {
    return { error: errorMessage(error, FAILED) };
  }
  if (!result) return { error: FAILED };
  throw redirectWithTokens("/dashboard", result);
}

export default function MagicLink() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const busy = navigation.state !== "idle";

  useEffect(() => {
    if (!token || result || submitted.current || !formRef.current) return;
    submitted.current = true;
    submit(formRef.current, { replace: true });
  }, [token, result, submit]);

  const error = result?.error ?? (token ? null : FAILED);
  if (error) {
    return (
      <AuthCard
        title="We couldn't sign you in"
        footer={
          <p>
            <Link to="/auth/login">Sign in with your password</Link>
          </p>
        }
      >
        <Alert tone="error">{error}</Alert>
        <p className="auth-card__note">
          <Link to="/auth/verify">Go to the verification page</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verifying Magic Link...">
      <Form method="post" ref={formRef} className="stack">
        <input type="hidden" name="token" value={token} />
        <Working>{busy ? "Signing you in..." : "Getting ready..."}</Working>
        <Button type="submit" size="lg" block disabled={busy}>
          Continue
        </Button>
      </Form>
    </AuthCard>
  );
}
