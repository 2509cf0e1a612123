import { Link } from "@remix-run/react";
import { LegalLink } from "./legal/LegalModals";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <span>© {new Date().getFullYear()} Nudge. Reminders that wait for you.</span>
        <nav aria-label="Legal" className="site-footer__links">
          <LegalLink document="terms">Terms of Service</LegalLink>
          <LegalLink document="privacy">Privacy Policy</LegalLink>
          <Link to="/support">Support</Link>
        </nav>
      </div>
    </footer>
  );
}
