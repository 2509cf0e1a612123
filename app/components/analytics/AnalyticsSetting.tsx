import { useEffect, useId, useState } from "react";
import { analyticsOptedOut, browserAsksNotToTrack, setAnalyticsOptOut } from "~/lib/analytics/consent";

/**
 * The Settings switch for product analytics (issue 14): on unless turned off here; kept in this
 * browser. When the browser sends Do Not Track or Global Privacy Control, analytics are off and
 * the switch says so.
 */
export function AnalyticsSetting({ configured }: { configured: boolean }) {
  const id = useId();
  const [on, setOn] = useState(true);
  const [dnt, setDnt] = useState(false);
  useEffect(() => {
    setOn(!analyticsOptedOut());
    setDnt(browserAsksNotToTrack());
  }, []);
  async function toggle(next: boolean) {
    setOn(next);
    setAnalyticsOptOut(!next);
    if (!next && configured) (await import("~/lib/analytics/posthog.client")).stopAnalytics();
  }
  return (
    <section id="privacy" tabIndex={-1} className="card settings-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="settings-section__title">
        Privacy
      </h2>
      <label className="settings-switch">
        <input type="checkbox" role="switch" checked={on && !dnt} disabled={dnt} onChange={(event) => void toggle(event.target.checked)} />
        <span>Share usage analytics</span>
      </label>
      <p className="muted">
        {dnt
          ? "Your browser asks sites not to track you, so Nudge sends no analytics."
          : "Page views, with your account id, name and email, help us improve Nudge. Nothing you type is recorded, and there is no session recording. This choice applies to this browser."}
      </p>
    </section>
  );
}
