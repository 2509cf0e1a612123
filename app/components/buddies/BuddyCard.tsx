import type { BuddyJson } from "~/lib/buddies.server";
import { Button } from "~/components/ui/Button";
import { TYPE_LABELS } from "./labels";

export type BuddyAction = "verify-send" | "link" | "enter-code" | "edit" | "optout" | "delete";

/**
 * One buddy in the list (spec 02 §2): an initial with a green (verified) or red (not verified) dot, the
 * name, the 'Contact #order' badge, the type, the address (email type only), and what can be done.
 */
export function BuddyCard({ buddy, onAction, busy }: { buddy: BuddyJson; onAction: (action: BuddyAction) => void; busy: boolean }) {
  const initial = buddy.name.trim().charAt(0).toUpperCase() || "?";
  return (
    <li className="card buddy-card">
      <span className="buddy-card__avatar" aria-hidden="true">
        {initial}
        <span className={`buddy-card__dot ${buddy.verified ? "buddy-card__dot--on" : "buddy-card__dot--off"}`} />
      </span>
      <div className="buddy-card__body">
        <h2 className="buddy-card__name">
          {buddy.name} <span className="buddy-card__badge">Contact #{buddy.order}</span>
        </h2>
        <p className="muted buddy-card__type">
          {TYPE_LABELS[buddy.type] ?? buddy.type}
          {buddy.type === "email" && buddy.contact ? ` · ${buddy.contact}` : ""}
        </p>
        <p className={buddy.verified ? "buddy-card__status buddy-card__status--on" : "buddy-card__status"}>
          {buddy.verified ? "✓ Verified" : buddy.optedOut ? "Opted out: not verified" : "Not verified yet"}
        </p>
        <div className="buddy-card__actions">
          {!buddy.verified && buddy.type === "email" ? (
            <Button variant="secondary" disabled={busy} onClick={() => onAction("verify-send")}>
              Verify
            </Button>
          ) : null}
          {!buddy.verified && buddy.type !== "email" ? (
            <Button variant="secondary" disabled={busy} onClick={() => onAction("link")}>
              Get Link
            </Button>
          ) : null}
          <details className="buddy-card__menu">
            <summary className="btn btn--ghost" aria-label={`More actions for ${buddy.name}`}>
              More
            </summary>
            <div className="buddy-card__menu-items" role="group" aria-label={`Actions for ${buddy.name}`}>
              {!buddy.verified && buddy.type === "email" ? (
                <Button variant="ghost" onClick={() => onAction("enter-code")}>
                  Enter Code
                </Button>
              ) : null}
              <Button variant="ghost" onClick={() => onAction("edit")}>
                Edit
              </Button>
              {buddy.verified ? (
                <Button variant="ghost" onClick={() => onAction("optout")}>
                  Opt Out
                </Button>
              ) : null}
              <Button variant="ghost" onClick={() => onAction("delete")}>
                Delete
              </Button>
            </div>
          </details>
        </div>
      </div>
    </li>
  );
}
