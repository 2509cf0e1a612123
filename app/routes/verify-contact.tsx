import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { verifyBuddyByLink } from "../../worker/services/buddies";
import { AuthCard } from "~/components/auth/AuthCard";
import { Button, ButtonLink } from "~/components/ui/Button";
import { serverOr } from "~/lib/client-fallback";
import { readForm } from "~/lib/forms.server";
import { VERIFY_CONTACT_ERROR } from "~/lib/messages";

type Result = { verified: boolean; error?: string };

export const meta: MetaFunction = () => [{ title: "Verify nudge buddy · Nudge" }, { name: "robots", content: "noindex" }];

/** GET shows what pressing the button does (mail scanners open every link); nothing is verified here. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { code: url.searchParams.get("code") ?? "", contactId: url.searchParams.get("contact_id") ?? "" };
}

/** POST verifies, once, with the same service as GET /v1/emergency-contacts/verify. */
export async function action({ request, context }: ActionFunctionArgs): Promise<Result> {
  const form = await readForm(request);
  try {
    return await verifyBuddyByLink(context.deps, form.get("code"), form.get("contact_id"));
  } catch (error) {
    // A failure of the server itself, not a wrong code: the spec's own sentence (02 §8).
    console.error(JSON.stringify({ level: "error", event: "buddy.verify_link_failed", error: String(error) }));
    return { verified: false, error: VERIFY_CONTACT_ERROR };
  }
}

/** The server cannot be reached: the failure state, with the spec's sentence. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs): Promise<Result> {
  return serverOr(serverAction<typeof action>, () => ({ verified: false, error: VERIFY_CONTACT_ERROR }));
}

/** /verify-contact (spec 02 §2): the buddy's consent, from the link in their email. */
export default function VerifyContact() {
  const { code, contactId } = useLoaderData<typeof loader>();
  const result = useActionData<Result>();
  const busy = useNavigation().state === "submitting";
  const home = (
    <ButtonLink to="/" variant="secondary" block>
      Return to Homepage
    </ButtonLink>
  );
  if (!code) {
    return (
      <AuthCard title="Invalid Request" lead="No verification code was provided in the URL.">
        {home}
      </AuthCard>
    );
  }
  if (result?.verified) {
    return (
      <AuthCard title="Contact Verified!" lead="Your nudge buddy has been successfully verified. You will now receive emergency notifications if reminders are missed.">
        <p className="muted">Every notification carries an unsubscribe link, so you can opt out at any time.</p>
        {home}
      </AuthCard>
    );
  }
  if (result) {
    return (
      <AuthCard title="Verification Failed" lead={result.error ?? "The verification code is invalid or has expired."}>
        <p className="muted">Ask the person who invited you to send a new code from their Nudge Buddies page.</p>
        <ButtonLink to="/auth/login" block>
          Login to Account
        </ButtonLink>
        {home}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Be a nudge buddy?" lead="Someone you know asked you to be their nudge buddy: if one of their reminders goes unanswered for a while, Nudge sends you a short note so you can check in kindly.">
      <Form method="post">
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="contact_id" value={contactId} />
        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? "Verifying your nudge buddy..." : "Yes, I'll be a nudge buddy"}
        </Button>
      </Form>
      {home}
    </AuthCard>
  );
}
