import posthog from "posthog-js";

/**
 * PostHog, loaded only when analytics are on (app/components/analytics/Analytics.tsx). Requests go
 * to our own /ingest (the Worker passes them to POSTHOG_HOST), so the page's CSP stays 'self'.
 * Page views are sent by hand on every route change; nothing is captured automatically: no
 * autocapture (so no inputs), no session recording, no surveys, no extra scripts.
 */
export interface AnalyticsUser {
  id: string;
  email: string;
  name: string;
  timezone: string;
}

export const INGEST_PATH = "/ingest";
let started = false;

export function startAnalytics(key: string, user: AnalyticsUser | null): void {
  if (!started) {
    posthog.init(key, {
      api_host: `${window.location.origin}${INGEST_PATH}`,
      autocapture: false,
      capture_pageview: false,
      capture_pageleave: false,
      capture_dead_clicks: false,
      capture_heatmaps: false,
      capture_performance: false,
      capture_exceptions: false,
      rageclick: false,
      disable_session_recording: true,
      disable_surveys: true,
      disable_external_dependency_loading: true,
      mask_all_text: true,
      mask_all_element_attributes: true,
      persistence: "localStorage",
      person_profiles: "identified_only",
      respect_dnt: true,
    });
    started = true;
  }
  if (user) posthog.identify(user.id, { email: user.email, name: user.name, id: user.id });
}

export function pageView(url: string): void {
  posthog.capture("$pageview", { $current_url: url });
}

/** 'User Registered' {user id, email, name, timezone}: sent once per account from this browser. */
export function userRegistered(user: AnalyticsUser): void {
  const sentKey = `nudge.registered.${user.id}`;
  try {
    if (window.localStorage.getItem(sentKey)) return;
    window.localStorage.setItem(sentKey, "1");
  } catch {
    return;
  }
  posthog.capture("User Registered", { userId: user.id, email: user.email, name: user.name, timezone: user.timezone });
}

/** Turned off in Settings: stop at once, and forget the person on this browser. */
export function stopAnalytics(): void {
  if (!started) return;
  posthog.opt_out_capturing();
  posthog.reset();
}
