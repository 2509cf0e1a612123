import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requestSignInLink, SIGN_IN_LINK_SENT_MESSAGE } from "../../worker/services/auth";
import { EmailField } from "~/components/auth/EmailField";
import { AuthCard } from "~/components/auth/AuthCard";
import { Alert } from "~/components/ui/Alert";
import { Button, ButtonLink } from "~/components/ui/Button";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { errorMessage } from "~/lib/action-errors.server";
import { field, readForm } from "~/lib/forms.server";
import { redirectIfLoggedIn } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Email me a sign-in link · Nudge" }];

/**
 * A sign-in link by email (ADR 039): whoever holds the mailbox can always sign in, however many
 * wrong passwords strangers have tried. The answer never says whether the account exists.
 */
export async function loader(args: LoaderFunctionArgs) {
  const headers = await redirectIfLoggedIn(args);
  const email = new URL(args.request.url).searchParams.get("email")?.trim().slice(0, 320) ?? "";
  return data({ email }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const email = field(form, "email");
  if (!email) return { sent: false as const, email, error: "Please enter your email address." };
  try {
    // The account-dependent work finishes after the answer, so timing says nothing about the account.
    await requestSignInLink(context.deps, email, { defer: (work) => context.cloudflare.ctx.waitUntil(work) });
  } catch (error) {
    return { sent: false as const, email, error: errorMessage(error, "Please enter a valid email address.") };
  }
  return { sent: true as const, email };
}

/** The server unreachable: the same neutral card (nothing about the account is revealed either way). */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await submittedForm(request);
  return serverOr(serverAction<typeof action>, () => ({ sent: true as const, email: formText(form, "email").trim() }));
}

export default function SignInLink() {
  const { email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  if (result?.sent) {
    return (
      <AuthCard title="Check your email">
        <Alert tone="success">{SIGN_IN_LINK_SENT_MESSAGE}</Alert>
        <p className="muted">The link works once and expires in 15 minutes. Check your spam folder if you don't see it.</p>
        <ButtonLink to="/auth/login" variant="secondary" size="lg" block>
          Back to Login
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in with an emailed link"
      lead="Enter the email address of your account. We'll send you a link that signs you in, no password needed."
      footer={
        <p>
          Remembered your password? <Link to="/auth/login">Sign in</Link>
        </p>
      }
    >
      <Form method="post" noValidate>
        <EmailField
          label="Email Address"
          defaultValue={result?.email ?? email}
          error={busy ? null : result && "error" in result ? result.error : null}
        />
        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? "Sending..." : "Email me a sign-in link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
