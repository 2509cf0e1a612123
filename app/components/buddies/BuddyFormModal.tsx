import type { FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";
import type { BuddyJson } from "~/lib/buddies.server";
import { Button } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";
import { CONTACT_FIELD, POSITION_LABELS, TELEGRAM_HINTS, TYPE_LABELS } from "./labels";

/**
 * The Add / Edit modal (spec 02 §2): Name, Contact Type, Contact Position and, for the email type, the
 * address. A position another buddy holds is disabled and marked ' - Already exists'; type and position
 * are fixed once the buddy exists.
 */
export function BuddyFormModal({
  open,
  editing,
  others,
  fetcher,
  onClose,
  action,
}: {
  open: boolean;
  editing: BuddyJson | null;
  others: BuddyJson[];
  fetcher: FetcherWithComponents<unknown>;
  onClose: () => void;
  /** Where the form posts: the page it is on, unless given (the onboarding wizard posts to /emergency-contacts). */
  action?: string;
}) {
  const [type, setType] = useState(editing?.type ?? "email");
  const taken = new Set(others.filter((b) => b.id !== editing?.id).map((b) => b.order));
  const firstFree = [1, 2].find((order) => !taken.has(order)) ?? 1;
  const busy = fetcher.state !== "idle";
  const shownType = editing?.type ?? type;
  return (
    <Modal open={open} title={editing ? "Edit Nudge Buddy" : "Add Nudge Buddy"} onClose={onClose}>
      <fetcher.Form method="post" action={action} className="buddy-form">
        <input type="hidden" name="intent" value={editing ? "edit" : "add"} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <label className="field">
          <span className="field__label">Name</span>
          <input className="input" name="name" defaultValue={editing?.name ?? ""} required maxLength={100} autoComplete="off" />
        </label>
        <label className="field">
          <span className="field__label">Contact Type</span>
          <select className="input" name="type" value={shownType} disabled={Boolean(editing)} onChange={(event) => setType(event.target.value)}>
            {Object.entries(TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Contact Position</span>
          <select className="input" name="order" defaultValue={String(editing?.order ?? firstFree)} disabled={Boolean(editing)}>
            {[1, 2].map((order) => (
              <option key={order} value={order} disabled={taken.has(order)}>
                {POSITION_LABELS[order]}
                {taken.has(order) ? " - Already exists" : ""}
              </option>
            ))}
          </select>
        </label>
        {shownType === "email" ? (
          <label className="field">
            <span className="field__label">{CONTACT_FIELD.label}</span>
            <input className="input" type="email" name="contact" defaultValue={editing?.contact ?? ""} placeholder={CONTACT_FIELD.placeholder} required aria-describedby="buddy-contact-hint" />
            <span id="buddy-contact-hint" className="field__hint muted">
              {CONTACT_FIELD.hint}
            </span>
          </label>
        ) : (
          <p className="field__hint muted">{TELEGRAM_HINTS[shownType]}</p>
        )}
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {editing ? "Update Contact" : "Add Contact"}
          </Button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
