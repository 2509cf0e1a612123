import { Link } from "@remix-run/react";
import { ButtonLink } from "./ui/Button";

/** The site header. The signed-in variant (Reminders, avatar menu) arrives with accounts. */
export function Header() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand">
          <svg className="brand__mark" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
            <rect width="64" height="64" rx="16" fill="currentColor" />
            <path d="M20 46V18h6l12 18V18h6v28h-6L26 28v18z" fill="#fff" />
          </svg>
          Nudge
        </Link>
        <nav className="site-header__nav" aria-label="Account">
          <ButtonLink to="/auth/login" variant="ghost">
            Login
          </ButtonLink>
          <ButtonLink to="/auth/register" variant="primary">
            Get Started
          </ButtonLink>
        </nav>
      </div>
    </header>
  );
}
