import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { AuthCard } from "~/components/auth/AuthCard";
import { useRedirectAfter } from "~/lib/redirect-after";
import { EMAIL_CODE_MAX, EmailVerificationPanel, type EmailVerificationResult } from "~/components/auth/EmailVerificationPanel";
import { SessionRecheck } from "~/components/auth/SessionRecheck";
import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { RESEND_FAILED, VERIFY_FAILED } from "~/lib/messages";
import { checkVerificationCode, resendVerification } from "~/lib/verification.server";
import { field, readForm } from "~/lib/forms.server";
import { PhonePanel } from "~/components/integrations/PhonePanel";
import { phonePanelOf } from "~/lib/phone.server";
import { arrivedCrossSite, assertSameOrigin, getOptionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Verify your account · Nudge" },
  { name: "description", content: "Verify your email address with the code we sent, to finish setting up your Nudge account." },
  { name: "referrer", content: "same-origin" },
];

const NO_SESSION = "Please register or log in first.";
const NO_SESSION_REDIRECT_MS = 3_000;

export async function loader(args: LoaderFunctionArgs) {
  const { user, headers } = await getOptionalUser(args);
  const code = new URL(args.request.url).searchParams.get("code")?.slice(0, EMAIL_CODE_MAX) ?? "";
  return data(
    {
      user: user ? { email: user.email, isVerified: user.isVerified } : null,
      phone: user ? phonePanelOf(args.context.deps, user) : null,
      code,
      recheck: !user && arrivedCrossSite(args.request),
    },
    { headers },
  );
}

/**
 * The email-verification actions (shared with the panel on the Reminder Channels page):
 * intent=verify checks the code, intent=resend sends a new code and link
 * (app/lib/verification.server.ts: the services and the spec's sentences).
 */
export async function action(args: ActionFunctionArgs): Promise<ReturnType<typeof data<EmailVerificationResult>>> {
  assertSameOrigin(args);
  const form = await readForm(args.request);
  const intent = field(form, "intent") === "resend" ? "resend" : "verify";
  const { user, headers } = await getOptionalUser(args);
  const answer = ({ ok, message }: { ok: boolean; message: string }) => data<EmailVerificationResult>({ intent, ok, message }, { headers });
  if (!user) return answer({ ok: false, message: NO_SESSION });
  if (intent === "resend") return answer(await resendVerification(args.context.deps, user));
  return answer(await checkVerificationCode(args.context.deps, user.id, field(form, "code")));
}

/** The server unreachable or failing: the spec's 'Failed to resend…' / 'Email verification failed…'. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await submittedForm(request);
  const intent = formText(form, "intent") === "resend" ? "resend" : "verify";
  return serverOr(serverAction<typeof action>, (): EmailVerificationResult => ({
    intent,
    ok: false,
    message: intent === "resend" ? RESEND_FAILED : VERIFY_FAILED,
  }));
}

export default function VerifyAccount() {
  const { user, code, recheck, phone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();

  // Without a session the page says so and moves on to registration (spec 01 section 2).
  useRedirectAfter(!user && !recheck, "/auth/register", NO_SESSION_REDIRECT_MS);

  if (recheck) {
    return (
      <AuthCard title="Verify your account">
        <SessionRecheck />
      </AuthCard>
    );
  }

  if (!user) {
    const back = `/auth/verify${code ? `?code=${encodeURIComponent(code)}` : ""}`;
    return (
      <AuthCard title="Verify your account">
        <Alert tone="info">{NO_SESSION}</Alert>
        <p className="muted auth-card__note">Taking you to registration in 3 seconds…</p>
        <div className="button-row">
          <ButtonLink to="/auth/register">Create an account</ButtonLink>
          <ButtonLink to={`/auth/login?redirect=${encodeURIComponent(back)}`} variant="secondary">
            Sign in
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verify your account"
      lead="Confirming your email lets Nudge send your reminders and protects your account."
      footer={
        <p>
          Trouble with the code? <Link to="/support">Contact support</Link>
        </p>
      }
    >
      <section aria-labelledby="verify-email-heading" className="verify-section">
        <h2 id="verify-email-heading" className="verify-section__title">
          Email
        </h2>
        <EmailVerificationPanel email={user.email} isVerified={user.isVerified} initialCode={code} fallbackResult={actionData ?? null} />
      </section>
      {phone ? (
        <section aria-labelledby="verify-phone-heading" className="verify-section">
          <h2 id="verify-phone-heading" className="verify-section__title">
            Phone <span className="muted">(optional)</span>
          </h2>
          <PhonePanel initial={phone} back="/auth/verify" />
        </section>
      ) : null}
      {user.isVerified ? (
        <ButtonLink to="/dashboard" size="lg" block>
          Continue to Dashboard
        </ButtonLink>
      ) : null}
    </AuthCard>
  );
}
