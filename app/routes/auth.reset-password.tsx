import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { useState } from "react";
import { resetPassword } from "../../worker/services/auth";
import { EmailField } from "~/components/auth/EmailField";
import { AuthCard } from "~/components/auth/AuthCard";
import { NewPasswordFields } from "~/components/auth/NewPasswordFields";
import { PasswordField } from "~/components/auth/PasswordField";
import { Alert } from "~/components/ui/Alert";
import { Button, ButtonLink } from "~/components/ui/Button";
import { useHydrated } from "~/lib/hooks";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { RESET_FAILED } from "~/lib/messages";
import { errorMessage } from "~/lib/action-errors.server";
import { field, readForm } from "~/lib/forms.server";

export const meta: MetaFunction = () => [
  { title: "Reset your password · Nudge" },
  { name: "description", content: "Choose a new password for your Nudge account with the code from your reset email." },
  { name: "referrer", content: "same-origin" },
];

const RESET_CODE_MAX = 36;
const MISMATCH = "Passwords do not match.";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return {
    email: url.searchParams.get("email")?.slice(0, 320) ?? "",
    code: url.searchParams.get("code")?.slice(0, RESET_CODE_MAX) ?? "",
  };
}

/** Sets the new password with the same resetPassword service as the API (all sessions end). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const email = field(form, "email");
  const code = field(form, "code");
  const newPassword = field(form, "newPassword", { trim: false });
  const confirmPassword = field(form, "confirmPassword", { trim: false });
  if (newPassword !== confirmPassword) return { ok: false as const, email, error: MISMATCH };
  try {
    await resetPassword(context.deps, { email, code, newPassword });
    return { ok: true as const, email };
  } catch (error) {
    return {
      ok: false as const,
      email,
      // No 404 here: an unknown email gets the same 400 as a wrong code (docs/spec-deviations.md).
      error: errorMessage(error, RESET_FAILED, { 400: "Invalid or expired reset code. Please try again." }),
    };
  }
}

/** The server unreachable or failing: 'Password reset failed. Please try again.' */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await submittedForm(request);
  return serverOr(serverAction<typeof action>, () => ({ ok: false as const, email: formText(form, "email").trim(), error: RESET_FAILED }));
}

export default function ResetPassword() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hydrated = useHydrated();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");

  if (result?.ok) {
    return (
      <AuthCard title="Password reset">
        <Alert tone="success">Your password has been reset successfully! You can now sign in with your new password.</Alert>
        <ButtonLink to="/auth/login" size="lg" block className="auth-card__action">
          Continue to Sign In
        </ButtonLink>
      </AuthCard>
    );
  }

  const error = busy ? null : result?.error ?? null;
  return (
    <AuthCard
      title="Choose a new password"
      lead="Enter the reset code from your email and pick a new password."
      footer={
        <p>
          <Link to="/auth/login">Back to sign in</Link>
        </p>
      }
    >
      <Form method="post" noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <EmailField
          label="Email Address"
          defaultValue={result?.email ?? loaded.email}
        />
        <PasswordField label="Reset Code" name="code" autoComplete="one-time-code" aria-required="true" maxLength={RESET_CODE_MAX} defaultValue={loaded.code} />
        <NewPasswordFields
          passwordLabel="New Password"
          passwordName="newPassword"
          confirmLabel="Confirm New Password"
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          mismatchMessage={MISMATCH}
        />
        <Button type="submit" size="lg" block disabled={busy || (hydrated && password !== confirm)}>
          {busy ? "Resetting..." : "Reset Password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
