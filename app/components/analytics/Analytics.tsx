import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { analyticsAllowed } from "~/lib/analytics/consent";
import type { AnalyticsUser } from "~/lib/analytics/posthog.client";

/**
 * Product analytics (spec 01 and 02): nothing at all unless the server has POSTHOG_KEY and this
 * browser allows it (Settings, Do Not Track, Global Privacy Control). Then PostHog is fetched after
 * the page is interactive (never in the first JavaScript), the person identified, and a page view
 * sent on every route change (so on entering /integrations too); 'User Registered' once after
 * registration (the /integrations?registered=1 landing).
 */
export function Analytics({ config, user }: { config: { key: string } | null; user: AnalyticsUser | null }) {
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  const justRegistered = location.pathname === "/integrations" && new URLSearchParams(location.search).get("registered") === "1";
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
