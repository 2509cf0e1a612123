import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { optOutByToken } from "../../worker/services/buddies";
import { AuthCard } from "~/components/auth/AuthCard";
import { Button, ButtonLink } from "~/components/ui/Button";
import { serverOr } from "~/lib/client-fallback";
import { readForm } from "~/lib/forms.server";
import { UNSUBSCRIBE_ERROR } from "~/lib/messages";

type Result = { success: boolean; error?: string };

export const meta: MetaFunction = () => [{ title: "Unsubscribe · Nudge" }, { name: "robots", content: "noindex" }];

/** GET only asks (a link preview must not unsubscribe anyone); the button's POST acts. */
export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** A token that is not ours answers success: false; a failure of the server itself says so instead (spec 02 §8). */
export async function action({ request, context }: ActionFunctionArgs): Promise<Result> {
  const form = await readForm(request);
  try {
    return await optOutByToken(context.deps, form.get("token"));
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "buddy.unsubscribe_failed", error: String(error) }));
    return { success: false, error: UNSUBSCRIBE_ERROR };
  }
}

/** The server cannot be reached: the same failure state, with the spec's sentence. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs): Promise<Result> {
  return serverOr(serverAction<typeof action>, () => ({ success: false, error: UNSUBSCRIBE_ERROR }));
}

/** /unsubscribe (spec 02 §2): a nudge buddy stops the alerts, from the link in any alert. */
export default function Unsubscribe() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<Result>();
  const busy = useNavigation().state === "submitting";
  const home = (
    <ButtonLink to="/" variant="secondary" block>
      Return to Homepage
    </ButtonLink>
  );
  if (!token) {
    return (
      <AuthCard title="Invalid Request" lead="No unsubscribe token was provided in the URL.">
        {home}
      </AuthCard>
    );
  }
  if (result?.success) {
    return (
      <AuthCard title="Successfully Unsubscribed" lead="You have been successfully removed from emergency notifications. You will no longer receive nudge buddy alerts.">
        {home}
      </AuthCard>
    );
  }
  if (result) {
    return (
      <AuthCard title="Unsubscribe Failed" lead={result.error ?? "The unsubscribe token is invalid or has expired."}>
        <p className="muted">If alerts keep coming, contact support and we'll stop them for you.</p>
        {home}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Stop nudge buddy alerts?" lead="You won't get any more notes when this person's reminders go unanswered.">
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? "Processing your unsubscribe request..." : "Yes, unsubscribe me"}
        </Button>
      </Form>
      {home}
    </AuthCard>
  );
}
