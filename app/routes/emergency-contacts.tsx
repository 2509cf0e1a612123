import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import { BuddyCard, type BuddyAction } from "~/components/buddies/BuddyCard";
import { BuddyFormModal } from "~/components/buddies/BuddyFormModal";
import { BuddyModals, type ModalState } from "~/components/buddies/BuddyModals";
import { MAX_NOTE } from "~/components/buddies/labels";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { answerBuddies, loadBuddies, type BuddyAnswer } from "~/lib/buddies.server";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { readForm } from "~/lib/forms.server";
import { BUDDY_FAILED, BUDDY_VERIFY_FAILED, failureFor } from "~/lib/messages";
import { requireUser, requireUserWith } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Nudge Buddies · Nudge" },
  { name: "description", content: "Your Nudge Buddies: up to two trusted people who get a kind heads-up when a reminder is still waiting." },
];

/** Login required, like every page of the menu (spec 02 section 2). */
export async function loader(args: LoaderFunctionArgs) {
  const { headers, value: buddies } = await requireUserWith(args, (userId) => loadBuddies(args.context.deps, userId));
  return data({ buddies }, { headers });
}

export async function action(args: ActionFunctionArgs) {
  const { user, headers } = await requireUser(args);
  const form = Object.fromEntries([...(await readForm(args.request)).entries()].map(([key, value]) => [key, String(value)]));
  return data(await answerBuddies(args.context.deps, user.id, form), { headers });
}

/** The server cannot be reached: the press's own failure sentence in the banner (spec 02 §8), the page kept. */
export async function clientAction({ serverAction, request }: ClientActionFunctionArgs) {
  const intent = formText(await submittedForm(request), "intent");
  return serverOr(serverAction<typeof action>, (): BuddyAnswer => ({ ok: false, intent: "unknown", message: intent === "verify" ? BUDDY_VERIFY_FAILED : failureFor(BUDDY_FAILED, intent) }));
}

/** Spec 02 §8: the error banner clears itself after 10 seconds. */
const BANNER_MS = 10_000;
/** Spec 02 §4: the selected contact and the entered code are cleared 300 ms after a modal closes. */
const CLEAR_MS = 300;

/** The Nudge Buddies page (/emergency-contacts, spec 02 §2). */
export default function EmergencyContacts() {
  const { buddies } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<BuddyAnswer>();
  const [modal, setModal] = useState<ModalState>({ kind: "none" });
  const [banner, setBanner] = useState<BuddyAnswer | null>(null);
  const busy = fetcher.state !== "idle";

  useUnskippableEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle") return;
    setBanner(answer);
    // After saving, a deep link switches the modal to the link view; otherwise every modal closes.
    if (answer.ok && answer.deepLink) setModal({ kind: "deeplink", link: answer.deepLink });
    else setModal((current) => (current.kind === "none" ? current : { kind: "closing" }));
  }, [fetcher.data, fetcher.state]);
  useUnskippableEffect(() => {
    if (modal.kind !== "closing") return;
    const timer = window.setTimeout(() => setModal({ kind: "none" }), CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [modal.kind]);
  useUnskippableEffect(() => {
    if (!banner || banner.ok) return;
    const timer = window.setTimeout(() => setBanner(null), BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const submit = (values: Record<string, string>) => fetcher.submit(values, { method: "post" });
  const act = (id: string) => (action: BuddyAction) => {
    const buddy = buddies.find((b) => b.id === id)!;
    if (action === "verify-send") submit({ intent: "send", id });
    else if (action === "link") submit({ intent: "link", id });
    else if (action === "optout") submit({ intent: "optout", id });
    else if (action === "enter-code") setModal({ kind: "verify", buddy });
    else if (action === "delete") setModal({ kind: "delete", buddy });
    else setModal({ kind: "edit", buddy });
  };
  const close = () => setModal({ kind: "closing" });

  return (
    <div className="container page buddies-page">
      <header className="page-header">
        <h1 className="page__title">Nudge Buddies</h1>
        <p className="muted page-header__lead">Trusted people Nudge can bring in when a reminder goes unanswered. Only buddies who said yes are ever alerted.</p>
      </header>
      {banner ? (
        <div className="buddies-page__banner">
          <Alert tone={banner.ok ? "success" : "error"}>{banner.message}</Alert>
          <Button variant="ghost" onClick={() => setBanner(null)} aria-label="Dismiss message">
            Dismiss
          </Button>
        </div>
      ) : null}
      {buddies.length === 0 ? (
        <section className="card buddies-empty" aria-labelledby="buddies-empty-title">
          <h2 id="buddies-empty-title" className="buddies-empty__title">
            No nudge buddies configured
          </h2>
          <p>You can add up to two nudge buddies (Contact #1 and Contact #2) to enable emergency escalation when reminders are missed.</p>
        </section>
      ) : (
        <ul className="buddy-list">
          {buddies.map((buddy) => (
            <BuddyCard key={buddy.id} buddy={buddy} busy={busy} onAction={act(buddy.id)} />
          ))}
        </ul>
      )}
      {buddies.length < 2 ? (
        <Button onClick={() => setModal({ kind: "add" })}>Add Nudge Buddy</Button>
      ) : (
        <p className="muted">{MAX_NOTE}</p>
      )}
      <BuddyFormModal
        key={modal.kind === "edit" ? modal.buddy.id : modal.kind}
        open={modal.kind === "add" || modal.kind === "edit"}
        editing={modal.kind === "edit" ? modal.buddy : null}
        others={buddies}
        fetcher={fetcher as never}
        onClose={close}
      />
      <BuddyModals modal={modal} busy={busy} onClose={close} onSubmit={submit} />
    </div>
  );
}
