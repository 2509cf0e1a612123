import { useState } from "react";
import { TextField, type TextFieldProps } from "../ui/Field";

/**
 * A secret field with a show/hide toggle. The toggle's accessible name says what it does and to
 * which field ("Show new password"), matching its visible word.
 */
export function PasswordField({ label, ...rest }: Omit<TextFieldProps, "type" | "trailing">) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...rest}
      label={label}
      type={visible ? "text" : "password"}
      trailing={
        <button type="button" className="btn btn--secondary field-toggle" onClick={() => setVisible((v) => !v)}>
          {visible ? "Hide" : "Show"}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      }
    />
  );
}
