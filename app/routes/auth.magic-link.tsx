import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { isOwnershipQuestion, logout, readRegisteredByMe, verifyMagicLink } from "../../worker/services/auth";
import { requestMeta } from "../../worker/http";
import { AuthCard, Working } from "~/components/auth/AuthCard";
import { OwnershipQuestion } from "~/components/auth/OwnershipQuestion";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { errorMessage } from "~/lib/action-errors.server";
import { field, readForm } from "~/lib/forms.server";
import { getOptionalUser, readSessionCookies, redirectWithTokens } from "~/lib/session.server";

// Token pages send no Referer to other sites. Not "no-referrer": that makes the browser send
// `Origin: null` on the form POST, which Remix (and our origin check) rightly refuse.
export const meta: MetaFunction = () => [
  { title: "Signing you in · Nudge" },
  { name: "description", content: "Signing you in to Nudge with the link from your email." },
  { name: "referrer", content: "same-origin" },
];

const FAILED = "This sign-in link has expired or was already used. You can get a new code or link on the verification page.";

/**
 * GET only shows the page: mail scanners open every link, and a GET must not use up the token.
 * The page then posts the token (automatically with JavaScript, with the Continue button without).
 */
export async function loader(args: LoaderFunctionArgs) {
  const token = new URL(args.request.url).searchParams.get("token")?.trim() ?? "";
  // Someone already signed in here: the link may belong to another account (a shared computer, a
  // forwarded email), so it waits for a click instead of switching accounts silently.
  const { user, headers } = await getOptionalUser(args);
  return data({ token: token.slice(0, 512), signedInAs: user?.email ?? null }, { headers });
}

/**
 * Verifies the email and signs in (verifyMagicLink), then on to the dashboard. A different account
 * that was signed in here is signed out on the server too (its cookies are replaced anyway).
 * Outside the registrant's session an unverified account registered with a password is not touched
 * until the opener answers "Did you create this Nudge account?" (ADR 038, amended): the first POST,
 * without an answer, only brings back the question (the link stays unused); the answer posts again.
 */
export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const form = await readForm(request);
  const token = field(form, "token");
  if (!token) return { error: FAILED };
  // "Yes, I signed up" / "No, that wasn't me", when the question was asked (absent otherwise).
  const registeredByMe = readRegisteredByMe(field(form, "registeredByMe"));
  // Who is signed in here decides what the link does to an unverified account: the registrant's own
  // session verifies it; anywhere else the account is taken back from whoever registered it (ADR 038).
  const { user: before } = await getOptionalUser(args);
  let result;
  try {
    result = await verifyMagicLink(context.deps, token, requestMeta(request), { sessionUserId: before?.id ?? null, registeredByMe });
  } catch (error) {
    // Posted without an answer (no JavaScript, or the question arose since the page loaded): ask now.
    if (isOwnershipQuestion(error)) return { question: error.question };
    return { error: errorMessage(error, FAILED) };
  }
  if (!result) return { error: FAILED };
  if (before && before.id !== result.user.id) await logout(context.deps, readSessionCookies(request).refreshToken);
  throw redirectWithTokens("/dashboard", result);
}

export default function MagicLink() {
  const { token, signedInAs } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const busy = navigation.state !== "idle";

  useEffect(() => {
    if (!token || signedInAs || result || submitted.current || !formRef.current) return;
    submitted.current = true;
    submit(formRef.current, { replace: true });
  }, [token, signedInAs, result, submit]);

  const error = (result && "error" in result ? result.error : null) ?? (token ? null : FAILED);
  const question = result && "question" in result ? result.question : null;
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
  if (question) {
    return (
      <OwnershipQuestion
        question={question}
        hidden={{ token }}
        busy={busy}
        notice={
          signedInAs ? (
            <Alert tone="warning" title="You are already signed in">
              This browser is signed in as <strong>{signedInAs}</strong>. Answering signs you in to the account the link was emailed to.
            </Alert>
          ) : null
        }
        footer={
          signedInAs ? (
            <p>
              <Link to="/dashboard">Stay signed in as {signedInAs}</Link>
            </p>
          ) : null
        }
      />
    );
  }
  if (signedInAs) {
    return (
      <AuthCard title="Verifying Magic Link...">
        <Alert tone="warning" title="You are already signed in">
          This browser is signed in as <strong>{signedInAs}</strong>. The link signs in the account it was emailed to, which may be a
          different one.
        </Alert>
        <Form method="post" replace className="stack">
          <input type="hidden" name="token" value={token} />
          {busy ? <Working>Signing you in...</Working> : null}
          <Button type="submit" size="lg" block disabled={busy}>
            Continue as the link&apos;s account
          </Button>
        </Form>
        <p className="auth-card__note">
          <Link to="/dashboard">Stay signed in as {signedInAs}</Link>
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
