import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { analyticsAllowed } from "~/lib/analytics/consent";
import type { AnalyticsUser } from "~/lib/analytics/posthog.client";

/**
 * Product analytics (spec 01 and 02): nothing at all unless the server has POSTHOG_KEY and this
 * browser allows it (Settings, Do Not Track, Global Privacy Control). Then PostHog is fetched after
 * the page is interactive (never in the first JavaScript), the person identified, and a page view
 * sent on every route change (so on entering /integrations too); 'User Registered' once after
 * registration (the ?registered=1 landing: Reminder Channels, or the wizard it leads a new account to).
 */
export function Analytics({ config, user }: { config: { key: string } | null; user: AnalyticsUser | null }) {
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  // Registration lands on Reminder Channels, which sends a new account on to the wizard (ADR 062).
  const justRegistered = (location.pathname === "/integrations" || location.pathname === "/onboarding") && new URLSearchParams(location.search).get("registered") === "1";
  const key = config?.key ?? null;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!key || !analyticsAllowed()) return;
    let cancelled = false;
    void import("~/lib/analytics/posthog.client").then((analytics) => {
      if (cancelled) return;
      analytics.startAnalytics(key, user);
      analytics.pageView(`${window.location.origin}${url}`);
      if (justRegistered && user) analytics.userRegistered(user);
    });
    return () => {
      cancelled = true;
    };
    // `user` changes identity on every render; its id is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, userId, url, justRegistered]);
  return null;
}
