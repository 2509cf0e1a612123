import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import { BuddyFormModal } from "~/components/buddies/BuddyFormModal";
import { BuddyModals, type ModalState } from "~/components/buddies/BuddyModals";
import { PhonePanel } from "~/components/integrations/PhonePanel";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";
import type { BuddyAnswer, BuddyJson } from "~/lib/buddies.server";
import type { PhonePanelData } from "~/lib/phone.server";

/** A check mark that is also words, so colour and shape are never the only signal. */
function Done({ label }: { label: string }) {
  return (
    <span className="setup-option__done">
      <span aria-hidden="true">✓</span> {label}
    </span>
  );
}

/**
 * Step 4's two optional setups (spec 01): 'Get Phone Calls' opens the phone verification panel in a
 * modal, "Have a friend's Help" the add-nudge-buddy modal. Each shows a check mark once done (the
 * phone verified; at least one buddy), read from the server after every answer.
 */
export function OptionalSetups({ phone, buddies }: { phone: PhonePanelData; buddies: BuddyJson[] }) {
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [buddyModal, setBuddyModal] = useState<ModalState>({ kind: "none" });
  const fetcher = useFetcher<BuddyAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  useUnskippableEffect(() => {
    if (!answer?.ok) return;
    setBuddyModal(answer.deepLink ? { kind: "deeplink", link: answer.deepLink } : { kind: "none" });
  }, [answer]);

  return (
    <>
    <ul className="setup-options">
      <li className="card setup-option">
        <h2 className="setup-option__title">Get Phone Calls</h2>
        <p className="muted">For the reminders that matter most: a text, then an automated call you answer with one key.</p>
        {phone.verified ? <Done label="Phone verified" /> : null}
        <Button variant={phone.verified ? "secondary" : "primary"} onClick={() => setPhoneOpen(true)}>
          {phone.verified ? "Manage phone" : "Get Phone Calls"}
        </Button>
      </li>
      <li className="card setup-option">
        <h2 className="setup-option__title">Have a friend&apos;s Help</h2>
        <p className="muted">A nudge buddy gets a kind heads-up only when a reminder has waited too long, and only after they say yes.</p>
        {buddies.length > 0 ? <Done label={buddies.length === 1 ? "1 nudge buddy added" : `${buddies.length} nudge buddies added`} /> : null}
        {buddies.length < 2 ? (
          <Button variant={buddies.length > 0 ? "secondary" : "primary"} onClick={() => setBuddyModal({ kind: "add" })}>
            Have a friend&apos;s Help
          </Button>
        ) : null}
      </li>
    </ul>
      <Modal open={phoneOpen} title="Get Phone Calls" onClose={() => setPhoneOpen(false)}>
        <PhonePanel initial={phone} back="/onboarding?step=4" />
      </Modal>
      <BuddyFormModal
        open={buddyModal.kind === "add"}
        editing={null}
        others={buddies}
        fetcher={fetcher}
        action="/emergency-contacts"
        onClose={() => setBuddyModal({ kind: "none" })}
      />
      <BuddyModals modal={buddyModal} busy={fetcher.state !== "idle"} onClose={() => setBuddyModal({ kind: "none" })} onSubmit={() => undefined} />
      <div className="setup-options__answer" aria-live="polite">
        {answer ? <Alert tone={answer.ok ? "success" : "error"}>{answer.message}</Alert> : null}
      </div>
    </>
  );
}
