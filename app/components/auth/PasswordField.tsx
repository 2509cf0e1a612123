import { useState } from "react";
import { useHydrated } from "~/lib/hooks";
import { TextField, type TextFieldProps } from "~/components/ui/Field";

/**
 * A secret field with a show/hide toggle. The toggle is a toggle button: one accessible name that
 * says what it does and to which field ("Show new password", its visible word "Show" included),
 * and aria-pressed for its state, which the pressed style and the crossed eye show to the eye.
 * It only appears once JavaScript runs, since without it the button could do nothing.
 */
export function PasswordField({ label, ...rest }: Omit<TextFieldProps, "type" | "trailing">) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...rest}
      label={label}
      type={visible ? "text" : "password"}
      trailing={
        hydrated ? (
          <button
            type="button"
            className="btn btn--secondary field-toggle"
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon crossed={visible} />
            Show<span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        ) : null
      }
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}
