import { TextField, type TextFieldProps } from "~/components/ui/Field";

/**
 * The account email input of the auth forms (sign in, register, reset, emailed link): required,
 * typed and autocompleted as an email, posted as `email`. The label differs by form ("Email",
 * "Email Address"), so it stays the caller's.
 */
export function EmailField({ label, ...rest }: Omit<TextFieldProps, "name" | "type" | "autoComplete" | "aria-required">) {
  return <TextField label={label} name="email" type="email" autoComplete="email" aria-required="true" {...rest} />;
}
