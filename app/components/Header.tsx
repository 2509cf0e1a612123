import { Link } from "@remix-run/react";
import { ButtonLink } from "./ui/Button";
import { LazyUserMenu } from "./LazyUserMenu";

/** What the header needs of the signed-in user (from the root loader). */
export interface HeaderUser {
  name: string;
  /** The user skipped onboarding (server record): the menu offers 'Get Started'. */
  onboardingSkipped?: boolean;
}

/**
 * The site header. Logged out: Login and Get Started. Logged in: Reminders (/dashboard) and the
 * avatar button that opens the account menu.
 */
export function Header({ user = null }: { user?: HeaderUser | null }) {
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
        {user ? (
          <nav className="site-header__nav" aria-label="Main">
            <ButtonLink to="/dashboard" variant="ghost">
              Reminders
            </ButtonLink>
            <LazyUserMenu name={user.name} onboardingSkipped={user.onboardingSkipped} />
          </nav>
        ) : (
          <nav className="site-header__nav" aria-label="Account">
            <ButtonLink to="/auth/login" variant="ghost">
              Login
            </ButtonLink>
            <ButtonLink to="/auth/register" variant="primary">
              Get Started
            </ButtonLink>
          </nav>
        )}
      </div>
    </header>
  );
}
