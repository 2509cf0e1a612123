import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { SNOOZE_UNTIL_BUTTON, SNOOZE_UNTIL_LABEL } from "./types";

export interface SnoozeUntilRowProps {
  id: string;
  /** The time field's name ("until" on a card, "at" on an email's snooze page). */
  fieldName: string;
  /** The submit button's name and value, which tell the action this is the Until. */
  button: { name: string; value: string };
  busy: boolean;
  /** The button's text while its answer is sent (a card says "Snoozing..."). */
  pendingLabel?: string | null;
  /** Said to screen readers after the label and the button ("for 'Call the bank'"). */
  about?: ReactNode;
}

/**
 * "Until [time] Snooze" (ADR 086): a snooze until a time of day, on a card and on an email's snooze page.
 * The field is required for its own button only: the form's other buttons skip the check
 * (formNoValidate), and a hidden first button of the form makes Enter in the field this button's.
 */
export function SnoozeUntilRow({ id, fieldName, button, busy, pendingLabel, about }: SnoozeUntilRowProps) {
  return (
    <div className="reminder-actions__until">
      <label htmlFor={id} className="reminder-actions__until-label">
        {SNOOZE_UNTIL_LABEL}
        {about ? <span className="visually-hidden"> (snooze{about} until this time)</span> : null}
      </label>
      <input id={id} type="time" name={fieldName} required className="input reminder-actions__time" disabled={busy} />
      <Button type="submit" name={button.name} value={button.value} variant="secondary" disabled={busy}>
        {pendingLabel ?? SNOOZE_UNTIL_BUTTON}
        <span className="visually-hidden"> until the time chosen</span>
        {about}
      </Button>
    </div>
  );
}
