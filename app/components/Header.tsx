import { Link } from "@remix-run/react";
import { ButtonLink } from "./ui/Button";

/** The site header. The signed-in variant (Reminders, avatar menu) arrives with accounts. */
export function Header() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label="Nudge home">
          <span className="brand__mark" aria-hidden="true">
            N
          </span>
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
