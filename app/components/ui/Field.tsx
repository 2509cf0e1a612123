import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldFrame } from "./FieldFrame";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Rendered after the input inside the same row (e.g. a show/hide toggle). */
  trailing?: ReactNode;
}

/** A labelled input with its hint and error wired to aria-describedby. */
export function TextField({ label, hint, error, trailing, id, className, ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id}>
      {(wiring) => (
        <div className={trailing ? "field__row" : undefined}>
          <input className={["input", className].filter(Boolean).join(" ")} {...wiring} {...rest} />
          {trailing}
        </div>
      )}
    </FieldFrame>
  );
}
