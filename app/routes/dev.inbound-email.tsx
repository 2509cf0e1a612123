import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { isDevOutboxOn } from "../../worker/env";
import { composeDevMessage, handleInboundEmail, type InboundOutcome } from "../../worker/services/inbound-email";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { readForm } from "~/lib/forms.server";
import { getOptionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Dev inbound email · Nudge" }, { name: "robots", content: "noindex" }];

/** Be a mail server locally: compose a mail to the assistant address and hand it to the same handler as production. */
export async function loader(args: LoaderFunctionArgs) {
  const { context } = args;
  if (!isDevOutboxOn(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  // Signed in, the mail comes from this account's address (the one the assistant reads mail from) unless changed.
  // "Reply to it" in the dev outbox fills in the address a mail went to and its subject under "Re: ".
  const { user, headers } = await getOptionalUser(args);
  const query = new URL(args.request.url).searchParams;
  const from = query.get("from")?.trim() || user?.email || "";
  return data({ assistant: context.cloudflare.env.ASSISTANT_EMAIL, from, subject: query.get("subject")?.trim().slice(0, 300) ?? "" }, { headers });
}

export async function action({ context, request }: ActionFunctionArgs) {
  if (!isDevOutboxOn(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  const form = await readForm(request);
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const check = text("senderCheck");
  const invitationStart = text("invitationStart");
  const raw = composeDevMessage({
    from: text("from"),
    to: context.cloudflare.env.ASSISTANT_EMAIL,
    subject: text("subject"),
    body: String(form.get("body") ?? ""),
    senderCheck: check === "fail" || check === "missing" ? check : "pass",
    ...(invitationStart ? { invitation: { title: text("invitationTitle") || text("subject") || "Meeting", start: invitationStart } } : {}),
  });
  const outcome: InboundOutcome = await handleInboundEmail(context.deps, raw, new TextEncoder().encode(raw).length);
  return data({ outcome });
}

function OutcomeBox({ outcome }: { outcome: InboundOutcome }) {
  if (outcome.kind === "created")
    return (
      <Alert tone="success" title={`Reminder created: ${outcome.title}`}>
        {outcome.reply} The confirmation email is in the <a href="/dev/outbox">dev outbox</a>.
      </Alert>
    );
  if (outcome.kind === "replied")
    return (
      // The reply's own subject says what happened: "Answered: …", "Your break", 'Move "…"?' (with its links), …
      <Alert tone="success" title={`Replied: ${outcome.subject}`}>
        {outcome.reply} The reply email{outcome.actions?.length ? ", with its links," : ""} is in the <a href="/dev/outbox">dev outbox</a>.
      </Alert>
    );
  if (outcome.kind === "thanked")
    return (
      <Alert tone="info" title="Only thanks: nothing to do, no reply sent">
        A mail of thanks or a greeting alone changes nothing and gets no answer, so no one gets more mail for being polite.
      </Alert>
    );
  if (outcome.kind === "answered")
    return (
      <Alert tone="info" title="No reminder: the sender was answered">
        {outcome.reply}
      </Alert>
    );
  return (
    <Alert tone="error" title="Refused at SMTP (nothing created, no reply sent)">
      {outcome.reason}
    </Alert>
  );
}

export default function DevInboundEmail() {
  const { assistant, from, subject } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container page dev-inbound">
      <header className="page-header">
        <h1 className="page__title">Dev inbound email</h1>
        <p className="muted page-header__lead">
          Send a mail to <strong>{assistant}</strong> without a mail server: it goes through the same handler as Cloudflare Email Routing in production.
          Send it from your account&apos;s verified address (filled in when you are signed in here).
        </p>
      </header>
      <div aria-live="polite">{answer ? <OutcomeBox outcome={answer.outcome} /> : null}</div>
      <Form method="post" className="card dev-inbound__form">
        <label className="field">
          <span className="field__label">From</span>
          <input className="input" type="email" name="from" defaultValue={from} required autoComplete="email" />
        </label>
        <label className="field">
          <span className="field__label">Subject</span>
          <input className="input" name="subject" defaultValue={subject} placeholder="Call the dentist tomorrow at 10am" />
        </label>
        <label className="field">
          <span className="field__label">Body</span>
          <textarea className="input" name="body" rows={4} />
        </label>
        <label className="field">
          <span className="field__label">Sender check (SPF/DKIM/DMARC, as our mail server found it)</span>
          <select className="input" name="senderCheck" defaultValue="pass">
            <option value="pass">pass</option>
            <option value="fail">fail (a spoofed sender)</option>
            <option value="missing">missing</option>
          </select>
        </label>
        <fieldset className="dev-inbound__invitation">
          <legend>Meeting invitation (optional)</legend>
          <label className="field">
            <span className="field__label">Event title</span>
            <input className="input" name="invitationTitle" />
          </label>
          <label className="field">
            <span className="field__label">Starts (on your account&apos;s clock)</span>
            <input className="input" type="datetime-local" name="invitationStart" />
          </label>
        </fieldset>
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send to the assistant"}
        </Button>
      </Form>
    </div>
  );
}
