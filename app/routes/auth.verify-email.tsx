import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { checkEmailLink, isOwnershipQuestion, readRegisteredByMe, type OwnershipQuestion as Question } from "../../worker/services/auth";
import { requestMeta } from "../../worker/http";
import { AuthCard, Working } from "~/components/auth/AuthCard";
import { OwnershipQuestion } from "~/components/auth/OwnershipQuestion";
import { Alert } from "~/components/ui/Alert";
import { Button, ButtonLink } from "~/components/ui/Button";
import { errorMessage } from "~/lib/action-errors.server";
import { field, readForm } from "~/lib/forms.server";
import { useRedirectAfter } from "~/lib/redirect-after";
import { getSession } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Verifying your email · Nudge" },
  { name: "description", content: "Confirming your email address for your Nudge account." },
  { name: "referrer", content: "same-origin" },
];

const FAILED = "Please re-send the code from the verification page and try again.";
const REDIRECT_AFTER_MS = 5_000;

/** GET only shows the page (mail scanners open every link); the POST below verifies. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("code")?.trim() ?? "";
  const email = url.searchParams.get("email")?.trim() ?? "";
  return { code: code.slice(0, 200), email: email.slice(0, 320), missing: !code || !email };
}

interface VerifyEmailResult {
  ok: boolean;
  tookBack: boolean;
  message: string;
  /** Set when the mailbox owner must first say whether they created the account (ADR 038, amended). */
  question?: Question;
}

/**
 * The first POST (automatic) carries no answer: a right code outside the registrant's session of an
 * account registered with a password comes back as the question, the code still unused. The answer
 * ("Yes, I signed up" / "No, that wasn't me") is a second POST with `registeredByMe`.
 */
export async function action(args: ActionFunctionArgs): Promise<VerifyEmailResult> {
  const { request, context } = args;
  const form = await readForm(request);
  const code = field(form, "code");
  const email = field(form, "email");
  if (!code || !email) return { ok: false, tookBack: false, message: "Missing verification code or email." };
  try {
    // In the registrant's own session the code verifies; anywhere else the mailbox owner's answer
    // decides: keep the account as it is, or take it back from whoever registered it (ADR 038).
    const { userId } = await getSession(args);
    const result = await checkEmailLink(context.deps, email, code, requestMeta(request), userId, readRegisteredByMe(field(form, "registeredByMe")));
    if (!result.ok) return { ok: false, tookBack: false, message: FAILED };
    return { ok: true, tookBack: result.tookBack, message: "Your email address is verified." };
  } catch (error) {
    if (isOwnershipQuestion(error)) return { ok: false, tookBack: false, message: error.message, question: error.question };
    return { ok: false, tookBack: false, message: errorMessage(error, FAILED) };
  }
}

export default function VerifyEmailLink() {
  const { code, email, missing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const busy = navigation.state !== "idle";

  // With JavaScript the check starts by itself; without it the Continue button does it.
  useEffect(() => {
    if (missing || result || submitted.current || !formRef.current) return;
    submitted.current = true;
    submit(formRef.current, { replace: true });
  }, [missing, result, submit]);

  // After a take-back nobody is signed in here: the person reads how to sign in instead.
  useRedirectAfter(result?.ok && !result.tookBack ? result : null, "/integrations", REDIRECT_AFTER_MS);

  const backLink = (
    <p>
      <Link to="/auth/verify">Back to the verification page</Link>
    </p>
  );

  if (missing) {
    return (
      <AuthCard title="We couldn't verify your email" footer={backLink}>
        <Alert tone="error">Missing verification code or email.</Alert>
      </AuthCard>
    );
  }
  if (result?.question) {
    return <OwnershipQuestion question={result.question} hidden={{ code, email }} busy={busy} footer={backLink} />;
  }
  if (result?.ok && result.tookBack) {
    return (
      <AuthCard title="Email verified" footer={backLink}>
        <Alert tone="success" title={result.message}>
          For your safety, every other device was signed out and the password chosen when the account was created no longer works.
        </Alert>
        <ButtonLink to={`/auth/sign-in-link?email=${encodeURIComponent(email)}`} size="lg" block className="auth-card__action">
          Email me a sign-in link
        </ButtonLink>
        <p className="auth-card__note">
          <Link to={`/auth/reset-password?email=${encodeURIComponent(email)}`}>Or choose a new password</Link>
        </p>
      </AuthCard>
    );
  }
  if (result?.ok) {
    return (
      <AuthCard title="Email verified" footer={backLink}>
        <Alert tone="success" title={result.message}>
          Taking you to your reminder channels in 5 seconds.
        </Alert>
        <ButtonLink to="/integrations" size="lg" block className="auth-card__action">
          Go to Reminder Channels now
        </ButtonLink>
      </AuthCard>
    );
  }
  if (result) {
    return (
      <AuthCard title="We couldn't verify your email" footer={backLink}>
        <Alert tone="error">{result.message}</Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verifying your email..." footer={backLink}>
      <Form method="post" ref={formRef} className="stack">
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="email" value={email} />
        <p className="muted">
          Confirming <strong>{email}</strong>.
        </p>
        {busy ? <Working>Checking your link...</Working> : null}
        <Button type="submit" size="lg" block disabled={busy}>
          Continue
        </Button>
      </Form>
    </AuthCard>
  );
}
