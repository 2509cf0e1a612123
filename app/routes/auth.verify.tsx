import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { sendVerificationEmail, verifyEmailCode } from "../../worker/services/auth";
import { AuthCard } from "../components/auth/AuthCard";
import { EMAIL_CODE_MAX, EmailVerificationPanel, type EmailVerificationResult } from "../components/auth/EmailVerificationPanel";
import { SessionRecheck } from "../components/auth/SessionRecheck";
import { Alert } from "../components/ui/Alert";
import { ButtonLink } from "../components/ui/Button";
import { errorMessage, field } from "../lib/messages.server";
import { arrivedCrossSite, assertSameOrigin, getOptionalUser } from "../lib/session.server";

export const meta: MetaFunction = () => [{ title: "Verify your account · Nudge" }, { name: "referrer", content: "same-origin" }];

const NO_SESSION = "Please register or log in first.";
const NO_SESSION_REDIRECT_MS = 3_000;

export async function loader(args: LoaderFunctionArgs) {
  const { user, headers } = await getOptionalUser(args);
  const code = new URL(args.request.url).searchParams.get("code")?.slice(0, EMAIL_CODE_MAX) ?? "";
  return data(
    {
      user: user ? { email: user.email, isVerified: user.isVerified } : null,
      code,
      recheck: !user && arrivedCrossSite(args.request),
    },
    { headers },
  );
}

/**
 * The email-verification actions (shared with the panel on the Reminder Channels page):
 * intent=verify checks the code with verifyEmailCode, intent=resend sends a new code and link.
 */
export async function action(args: ActionFunctionArgs): Promise<ReturnType<typeof data<EmailVerificationResult>>> {
  assertSameOrigin(args);
  const form = await args.request.formData();
  const intent = field(form, "intent") === "resend" ? "resend" : "verify";
  const { user, headers } = await getOptionalUser(args);
  const answer = (ok: boolean, message: string) => data<EmailVerificationResult>({ intent, ok, message }, { headers });
  if (!user) return answer(false, NO_SESSION);

  if (intent === "resend") {
    try {
      await sendVerificationEmail(args.context.deps, user.id);
      return answer(true, `We sent a new code to ${user.email}. It can take a minute to arrive.`);
    } catch (error) {
      return answer(false, errorMessage(error, "Failed to resend email code. Please try again."));
    }
  }

  const code = field(form, "code");
  if (!code) return answer(false, "Please enter the code from your email.");
  try {
    const verified = await verifyEmailCode(args.context.deps, user.id, code);
    return verified
      ? answer(true, "Your email address is verified. Thank you!")
      : answer(false, "Invalid email verification code. Please check and try again.");
  } catch (error) {
    return answer(false, errorMessage(error, "Email verification failed. Please try again."));
  }
}

export default function VerifyAccount() {
  const { user, code, recheck } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();

  // Without a session the page says so and moves on to registration (spec 01 section 2).
  useEffect(() => {
    if (user || recheck) return;
    const timer = setTimeout(() => navigate("/auth/register"), NO_SESSION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [user, recheck, navigate]);

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
        <p className="muted auth-card__note">Taking you to registration…</p>
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
      {/* SLOT(phone issue): the phone part of account verification (number, code, resend) goes here. */}
      {user.isVerified ? (
        <ButtonLink to="/dashboard" size="lg" block>
          Continue to Dashboard
        </ButtonLink>
      ) : null}
    </AuthCard>
  );
}
