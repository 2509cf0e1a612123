import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "md" | "lg";

function classes(variant: Variant, size: Size, block?: boolean, extra?: string) {
  return ["btn", `btn--${variant}`, size === "lg" && "btn--lg", block && "btn--block", extra].filter(Boolean).join(" ");
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

/**
 * A button, `type="button"` unless told otherwise. A submit button is written without its type ("submit" is a
 * button's default in HTML): one attribute less for each of a dashboard card's answers (issue 8).
 */
export function Button({ variant = "primary", size = "md", block, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type === "submit" ? undefined : type} className={classes(variant, size, block, className)} {...rest} />;
}

export interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant = "primary", size = "md", block, className, ...rest }: ButtonLinkProps) {
  return <Link className={classes(variant, size, block, className)} {...rest} />;
}
