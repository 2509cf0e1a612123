import { Link, useLocation } from "@remix-run/react";
import { Working } from "./AuthCard";

/**
 * Shown while the root re-checks the session after a cross-site arrival (see root.tsx): a calm
 * "one moment" with a same-site link that also works without JavaScript.
 */
export function SessionRecheck({ children = "One moment, checking your session..." }: { children?: string }) {
  const location = useLocation();
  return (
    <div className="stack">
      <Working>{children}</Working>
      <p className="muted">
        Nothing happening? <Link to={`${location.pathname}${location.search}`}>Continue</Link>
      </p>
    </div>
  );
}
