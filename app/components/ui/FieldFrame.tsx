import { useId, type ReactNode } from "react";

export interface FieldWiring {
  /** The control's id (for the label's htmlFor). */
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  /** Renders the control with the ids and ARIA attributes that tie it to its label, hint and error. */
  children: (wiring: FieldWiring) => ReactNode;
}

/**
 * The frame every form control sits in: a label, the control, a hint and an error, wired together
 * with ids and aria-describedby so screen readers read the hint and the error with the control.
 */
export function FieldFrame({ label, hint, error, id, children }: FieldFrameProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
