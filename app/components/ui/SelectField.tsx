import type { ReactNode, SelectHTMLAttributes } from "react";
import { FieldFrame } from "./FieldFrame";

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

/** A labelled <select> with its hint and error wired to aria-describedby (like TextField). */
export function SelectField({ label, hint, error, id, className, children, ...rest }: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} id={id}>
      {(wiring) => (
        <select className={["select", className].filter(Boolean).join(" ")} {...wiring} {...rest}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
