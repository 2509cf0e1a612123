import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { TelegramLinkPanel } from "~/components/integrations/TelegramLinkPanel";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { readForm } from "~/lib/forms.server";
import { failureFor, TELEGRAM_FAILED } from "~/lib/messages";
import { requireUser } from "~/lib/session.server";
import { answerTelegram, telegramRowOf, type TelegramAnswer } from "~/lib/telegram.server";

export const meta: MetaFunction = () => [{ title: "Link Telegram · Nudge" }];

/** The row's status (its 5-second poll reads this as JSON through a fetcher) and the plain page's data. */
export async function loader(args: LoaderFunctionArgs) {
  const { user, headers } = await requireUser(args);
  headers.set("Cache-Control", "no-store");
  // The session's profile was read for this request: its chat id is as fresh as a read of its own.
  return data(telegramRowOf(args.context.deps, user), { headers });
}

/** `intent=generate` (a new one-time code) or `intent=unlink`; fetchers read the answer, the plain page shows it. */
export async function action(args: ActionFunctionArgs) {
  const { user, headers } = await requireUser(args);
  const form = await readForm(args.request);
  const answer = await answerTelegram(args.context.deps, user.id, form.get("intent"));
  return data(answer, { headers, status: answer.ok ? 200 : 400 });
}

/** The server cannot be reached: the press's own failure sentence (spec 01 §8) in the row. */
export async function clientAction({ serverAction, request }: ClientActionFunctionArgs) {
  const intent = formText(await submittedForm(request), "intent");
  return serverOr(serverAction<typeof action>, (): TelegramAnswer => ({ ok: false, message: failureFor(TELEGRAM_FAILED, intent) }));
}

/**
 * Linking Telegram without JavaScript: the row on /integrations sends people here when its switch
 * cannot run. The code's deep link and QR code work as on the row; there is no polling, so the page
 * says to come back once Telegram said it is linked.
 */
export default function TelegramPage() {
  const row = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="container page channels-page">
      <header className="page-header">
        <h1 className="page__title">Link Telegram</h1>
        <p className="muted page-header__lead">Reminders ping you in Telegram first, with buttons to answer them.</p>
      </header>
      <div className="card telegram-page">
        {answer && !answer.ok ? <Alert tone="error">{answer.message}</Alert> : null}
        {answer?.ok && answer.kind === "unlinked" ? <Alert tone="success">{answer.message}</Alert> : null}
        {answer?.ok && answer.kind === "code" ? (
          <TelegramLinkPanel code={answer} botUsername={row.botUsername} waiting={false} />
        ) : row.linked ? (
          <Alert tone="success">Telegram is linked to your account.</Alert>
        ) : !row.available ? (
          <Alert tone="info">{row.reason ?? "Telegram isn't available on this server right now."}</Alert>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="generate" />
            <Button type="submit">Get a linking code</Button>
          </Form>
        )}
        <p>
          <Link to="/integrations">Back to Reminder Channels</Link>
        </p>
      </div>
    </div>
  );
}
