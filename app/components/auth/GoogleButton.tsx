import { useEffect, useState } from "react";
import { browserTimeZone } from "~/lib/hooks";

/**
 * Starts Google sign-in: a full-page visit to the API, which redirects to Google and, on the way
 * back, sets the session cookies and lands on /auth/google/callback. A plain link (not a Remix
 * <Link>), because it must leave the app. Once JavaScript runs, the browser's time zone rides
 * along (`tz`), so an account created by Google gets the right zone. On Register, `consent=1`
 * records that the visitor agreed to the terms shown beside the button (spec 01: consent is part
 * of every registration; a Google sign-up is one too).
 */
export function GoogleButton({
  redirectTo,
  consent = false,
  children = "Continue with Google",
  describedBy,
}: {
  redirectTo?: string | null;
  /** From Register: the visitor saw the consent sentence next to the button (`consent=1`). */
  consent?: boolean;
  children?: string;
  describedBy?: string;
}) {
  const [timeZone, setTimeZone] = useState<string | null>(null);
  useEffect(() => setTimeZone(browserTimeZone()), []);
  const query = new URLSearchParams();
  if (redirectTo) query.set("redirect", redirectTo);
  if (timeZone) query.set("tz", timeZone);
  if (consent) query.set("consent", "1");
  const search = query.toString();
  return (
    <a
      className="btn btn--secondary btn--block btn--lg google-button"
      href={`/v1/auth/google${search ? `?${search}` : ""}`}
      aria-describedby={describedBy}
    >
      <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true">
        <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
        <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z" />
        <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
        <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.1 1.4-4.9 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
      </svg>
      {children}
    </a>
  );
}
