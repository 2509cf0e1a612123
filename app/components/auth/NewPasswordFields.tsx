import { PasswordField } from "./PasswordField";

export const PASSWORD_RULES_HINT = "At least 8 characters, with a lowercase letter, an uppercase letter and a number.";

export interface NewPasswordFieldsProps {
  passwordLabel: string;
  passwordName: string;
  confirmLabel: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Shown under the confirmation while it differs (each screen has its own spec text). */
  mismatchMessage: string;
}

/** A new password and its confirmation, with the rules as a hint and the mismatch shown inline. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const mismatch = props.confirm.length > 0 && props.password !== props.confirm;
  return (
    <>
      <PasswordField
        label={props.passwordLabel}
        name={props.passwordName}
        autoComplete="new-password"
        aria-required="true"
        hint={PASSWORD_RULES_HINT}
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.target.value)}
      />
      <PasswordField
        label={props.confirmLabel}
        name="confirmPassword"
        autoComplete="new-password"
        aria-required="true"
        value={props.confirm}
        onChange={(event) => props.onConfirmChange(event.target.value)}
        error={mismatch ? props.mismatchMessage : null}
      />
    </>
  );
}
