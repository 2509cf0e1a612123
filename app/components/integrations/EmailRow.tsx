import type { ReactNode } from "react";
import { EmailVerificationPanel } from "~/components/auth/EmailVerificationPanel";

/**
 * The Email row of Reminder Channels and of the onboarding's Connect Apps: the channel's head (icon,
 * title, a switch that is always on) and the verification panel. One row for both, so the two pages
 * show the same channel the same way.
 */
export function EmailRow({ email, isVerified, description }: { email: string; isVerified: boolean; description: ReactNode }) {
  return (
    <li className="card channel-row">
      <div className="channel-row__head">
        <span className="channel-row__icon" aria-hidden="true">
          <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 7l9 6 9-6" />
          </svg>
        </span>
        <h2 id="channel-email-title" className="channel-row__title">
          Email
        </h2>
        <label className="switch">
          <input type="checkbox" role="switch" checked disabled readOnly aria-describedby="channel-email-always" />
          <span className="switch__track" aria-hidden="true" />
          <span className="visually-hidden">Email reminders</span>
        </label>
        <span id="channel-email-always" className="visually-hidden">
          Email is always on.
        </span>
        <p className="muted channel-row__description">{description}</p>
      </div>
      <EmailVerificationPanel email={email} isVerified={isVerified} />
    </li>
  );
}
