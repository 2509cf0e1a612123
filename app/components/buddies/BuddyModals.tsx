import { useState } from "react";
import type { BuddyJson } from "~/lib/buddies.server";
import { Button } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";

export type ModalState =
  | { kind: "none" }
  | { kind: "closing" }
  | { kind: "add" }
  | { kind: "edit"; buddy: BuddyJson }
  | { kind: "verify"; buddy: BuddyJson }
  | { kind: "delete"; buddy: BuddyJson }
  | { kind: "deeplink"; link: { url: string; qrSvg: string; type: string; name: string } };

/** The Verify Contact, Delete Contact and deep-link modals of spec 02 §2. */
export function BuddyModals({ modal, busy, onClose, onSubmit }: { modal: ModalState; busy: boolean; onClose: () => void; onSubmit: (values: Record<string, string>) => void }) {
  const [code, setCode] = useState("");
  const [showQr, setShowQr] = useState(false);
  const [copied, setCopied] = useState(false);
  if (modal.kind === "verify") {
    return (
      <Modal open title="Verify Contact" onClose={onClose}>
        <p>
          Enter the verification code sent to <strong>{modal.buddy.contact}</strong>
        </p>
        <label className="field">
          <span className="field__label">Verification code</span>
          <input className="input" value={code} maxLength={36} inputMode="numeric" autoComplete="off" onChange={(event) => setCode(event.target.value)} />
        </label>
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!code.trim() || busy} onClick={() => onSubmit({ intent: "verify", id: modal.buddy.id, code })}>
            Verify
          </Button>
        </div>
      </Modal>
    );
  }
  if (modal.kind === "delete") {
    return (
      <Modal open title="Delete Contact" onClose={onClose}>
        <p>Are you sure you want to delete {modal.buddy.name}?</p>
        <p className="muted">This action cannot be undone.</p>
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => onSubmit({ intent: "delete", id: modal.buddy.id })}>
            Delete
          </Button>
        </div>
      </Modal>
    );
  }
  if (modal.kind === "deeplink") {
    const group = modal.link.type === "telegram_group";
    return (
      <Modal open title={`Verify ${modal.link.name || "your buddy"} in Telegram`} onClose={onClose}>
        {group ? (
          <>
            <p>Open the link, pick the group, and add the Nudge bot: the group is then verified.</p>
            <a className="btn btn--primary" href={modal.link.url} target="_blank" rel="noopener noreferrer">
              Open in Telegram
            </a>
            <Button variant="secondary" onClick={() => setShowQr(!showQr)}>
              {showQr ? "Hide QR" : "Show QR for phone"}
            </Button>
            {showQr ? <div className="telegram-panel__qr" role="img" aria-label="QR code of the link" dangerouslySetInnerHTML={{ __html: modal.link.qrSvg }} /> : null}
          </>
        ) : (
          <>
            <p>Send this link to your buddy. When they open it in Telegram and press Start, they are verified.</p>
            <label className="field">
              <span className="field__label">Verification link</span>
              <input className="input" readOnly value={modal.link.url} onFocus={(event) => event.currentTarget.select()} />
            </label>
            <Button
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(modal.link.url).then(() => setCopied(true));
              }}
            >
              {copied ? "Copied!" : "Copy"}
            </Button>
          </>
        )}
      </Modal>
    );
  }
  return null;
}
