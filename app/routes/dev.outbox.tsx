import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { isDevOutboxOn } from "../../worker/env";
import { addressFromQuery } from "../../worker/http";
import { Button } from "~/components/ui/Button";
import { loadDevOutbox } from "~/lib/dev-outbox.server";
import { LinkedText } from "~/components/ui/LinkedText";

export const meta: MetaFunction = () => [
  { title: "Dev outbox · Nudge" },
  { name: "description", content: "The local dev outbox: every message Nudge sent while developing." },
  { name: "robots", content: "noindex" },
];

/** The local mailbox: every email, SMS, call, Telegram and push message the dev outbox "sent". */
export async function loader({ context, request }: LoaderFunctionArgs) {
  if (!isDevOutboxOn(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  // ?to=<address>: one person's messages and the chains of their tasks, however busy the outbox is.
  const to = addressFromQuery(new URL(request.url).searchParams.get("to")) || null;
  return loadDevOutbox(context.deps, to);
}

/**
 * The message as the person would see it (an email as a mail app shows it; which media have a
 * preview is their dev side's choice, worker/channels/<medium>/dev.ts), in a sandboxed frame (no
 * scripts, links open in the top window). The frame is created only when opened, so a long outbox
 * stays light.
 */
function Preview({ html, title, summary }: { html: string; title: string; summary: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="outbox-item__preview" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open ? (
        <iframe
          className="outbox-item__html"
          title={title}
          sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
          srcDoc={`<base target="_top">${html}`}
        />
      ) : null}
    </details>
  );
}

/**
 * Fast-forward (issue 11): each reminder chain's next waiting step, with a button that makes it due now
 * and runs a tick (POST /dev/escalation/advance), so a person can watch text, call and buddies in a
 * minute; a reminder not due yet is made due now instead. A plain form: it works without JavaScript and
 * comes back here.
 */
function WaitingChains({
  chains,
  more,
  to,
}: {
  chains: { taskId: string; title: string; ownerEmail: string; stepIndex: number; channels: string[]; dueAt: string; notDueYet: boolean }[];
  more: boolean;
  to: string | null;
}) {
  return (
    <section className="card outbox-chains" aria-labelledby="outbox-chains-title">
      <h2 id="outbox-chains-title" className="outbox-chains__title">
        Reminder chains waiting
      </h2>
      <p className="muted">
        Send next step now makes a chain&apos;s next step due at once. A reminder that isn&apos;t due yet has Make it due now instead: its due
        time moves to now, as Edit Task would, and its first step goes out.
      </p>
      {more ? <p className="muted">{to ? `The ${chains.length} due soonest.` : `The ${chains.length} due soonest; filter by the person's email to see theirs.`}</p> : null}
      {chains.length === 0 ? (
        <p className="muted">
          {to ? `No reminder of ${to} is waiting for its next step.` : "No reminder is waiting for its next step."} Create a task due now and let it go
          unanswered.
        </p>
      ) : (
        <ul className="outbox-chains__list">
          {chains.map((chain) => (
            <li key={chain.taskId} className="outbox-chains__item">
              <span>
                <strong>{chain.title}</strong> ({chain.ownerEmail}): step {chain.stepIndex + 1}, {chain.channels.join(" + ")}, due{" "}
                <time dateTime={chain.dueAt}>{new Date(chain.dueAt).toUTCString()}</time>
              </span>
              <form method="post" action="/dev/escalation/advance">
                <input type="hidden" name="taskId" value={chain.taskId} />
                {to ? <input type="hidden" name="to" value={to} /> : null}
                {chain.notDueYet ? (
                  <button type="submit" className="btn btn--secondary" aria-label={`Make it due now: ${chain.title}`}>
                    Make it due now
                  </button>
                ) : (
                  <button type="submit" className="btn btn--secondary" aria-label={`Send the next step now: ${chain.title}`}>
                    Send next step now
                  </button>
                )}
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function DevOutbox() {
  const { messages, moreMessages, chains, moreChains, to } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  return (
    <div className="container page">
      <div className="outbox-head">
        <div>
          <h1 className="page__title">Dev outbox</h1>
          <p className="muted">
            Messages the product would have sent, newest first. Only on in development (DEV_OUTBOX). Also as JSON at{" "}
            <a href="/dev/outbox.json">/dev/outbox.json</a>. Reports sent with Report a Bug: <a href="/dev/bug-reports">/dev/bug-reports</a>. Play the
            other side: <a href="/dev/telegram">a Telegram chat</a>, <a href="/dev/phone">a phone</a>, <a href="/dev/inbound-email">a mail to the assistant</a>.
          </p>
        </div>
        <Button variant="secondary" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
          {revalidator.state === "idle" ? "Refresh" : "Refreshing..."}
        </Button>
      </div>
      <form method="get" className="outbox-filter" role="search" aria-label="Filter the outbox">
        <label className="field outbox-filter__field">
          <span className="field__label">Only messages to</span>
          <input className="input" type="text" name="to" defaultValue={to ?? ""} placeholder="an email address, phone number or chat ID" />
        </label>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {to ? (
          <a className="outbox-filter__all" href="/dev/outbox">
            Show everything
          </a>
        ) : null}
      </form>
      {to ? <p className="muted">Messages to {to}, and the reminder chains of the person with that email.</p> : null}
      <WaitingChains chains={chains} more={moreChains} to={to} />
      {moreMessages ? (
        <p className="muted">{to ? `The ${messages.length} newest messages to ${to}.` : `The ${messages.length} newest messages; filter by address to find older ones.`}</p>
      ) : null}
      {messages.length === 0 ? (
        <div className="card outbox-empty">
          <h2 className="outbox-empty__title">{to ? `No message to ${to}` : "The outbox is empty"}</h2>
          <p className="muted outbox-empty__text">
            Register, verify an email or let a reminder come due, and the messages will appear here.
          </p>
        </div>
      ) : (
        <ol className="outbox-list" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id} className="card outbox-item" data-testid="outbox-message">
              <div className="outbox-item__meta">
                <span className="badge">{message.view.label}</span>
                <span>
                  To: <strong>{message.to}</strong>
                </span>
                <time dateTime={message.createdAt}>{new Date(message.createdAt).toUTCString()}</time>
              </div>
              {message.subject ? <h2 className="outbox-item__subject">{message.subject}</h2> : null}
              <div className="outbox-item__text">
                <LinkedText text={message.text} />
              </div>
              {message.view.preview && message.html ? <Preview html={message.html} {...message.view.preview} /> : null}
              {message.view.links ? (
                <p className="outbox-item__links">
                  {message.view.links.map((link) => (
                    <a key={link.url} className="btn btn--secondary btn--wrap" href={link.url}>
                      {link.label}
                    </a>
                  ))}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
