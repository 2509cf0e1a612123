import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { requestPasswordReset } from "../../worker/services/auth";
import { EmailField } from "~/components/auth/EmailField";
import { AuthCard } from "~/components/auth/AuthCard";
import { Button, ButtonLink } from "~/components/ui/Button";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { field, readForm } from "~/lib/forms.server";

export const meta: MetaFunction = () => [
  { title: "Forgot password · Nudge" },
  { name: "description", content: "Forgot your Nudge password? Enter your email and we will send you a reset code and a link to choose a new one." },
];

/**
 * Asks for a reset email. The answer never says whether the account exists, and a failure shows
 * the same card (spec 01 section 8), so it is only logged.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const email = field(form, "email");
  if (!email) return { sent: false as const, error: "Please enter your email address." };
  try {
    // The account-dependent work finishes after the answer, so timing says nothing about the account.
    await requestPasswordReset(context.deps, email, { defer: (work) => context.cloudflare.ctx.waitUntil(work) });
  } catch (error) {
    console.error("Password reset request failed", error);
  }
  return { sent: true as const, email };
}

/** Spec 01 section 8: a failed request shows the same card, also when the server is unreachable. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await submittedForm(request);
  return serverOr(serverAction<typeof action>, () => ({ sent: true as const, email: formText(form, "email").trim() }));
}

export default function ForgotPassword() {
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  if (result?.sent) {
    // The spec's card says a new password was generated and emailed: we never email passwords,
    // so the card says what really happened (docs/spec-deviations.md).
    return (
      <AuthCard title="Password Reset Email Sent!">
        <p>If an account exists for that address, we sent a reset code and a link. Use them to choose a new password.</p>
        <p className="muted">The email can take a minute to arrive. Check your spam folder if you don't see it.</p>
        <div className="stack">
          <ButtonLink to={`/auth/reset-password?email=${encodeURIComponent(result.email)}`} size="lg" block>
            I have my reset code
          </ButtonLink>
          <ButtonLink to="/auth/login" variant="secondary" size="lg" block>
            Go to Login
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email address of your account. We'll send you a code and a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/auth/login">Sign in</Link>
        </p>
      }
    >
      <Form method="post" noValidate>
        <EmailField
          label="Email Address"
          error={busy ? null : result?.error ?? null}
        />
        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? "Sending..." : "Send Reset Email"}
        </Button>
      </Form>
    </AuthCard>
  );
}

