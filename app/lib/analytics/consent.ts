/**
 * Whether this browser may send product analytics (spec 01/02 analytics, issue 14). Analytics run
 * only with POSTHOG_KEY configured on the server, and never when the person turned them off in
 * Settings (kept in this browser) or the browser sends Do Not Track or Global Privacy Control.
 */
export const ANALYTICS_OPT_OUT_KEY = "nudge.analytics";

export function analyticsOptedOut(): boolean {
  try {
    return window.localStorage.getItem(ANALYTICS_OPT_OUT_KEY) === "off";
  } catch {
    return true; // storage blocked: the safe answer is "off".
  }
}

export function setAnalyticsOptOut(off: boolean): void {
  try {
    if (off) window.localStorage.setItem(ANALYTICS_OPT_OUT_KEY, "off");
    else window.localStorage.removeItem(ANALYTICS_OPT_OUT_KEY);
  } catch {
    // Storage blocked: analytics stay off anyway (analyticsOptedOut).
  }
}

/** Do Not Track or Global Privacy Control. */
export function browserAsksNotToTrack(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const dnt = nav.doNotTrack ?? (window as Window & { doNotTrack?: string }).doNotTrack ?? nav.msDoNotTrack;
  return dnt === "1" || dnt === "yes" || nav.globalPrivacyControl === true;
}

export function analyticsAllowed(): boolean {
  return !analyticsOptedOut() && !browserAsksNotToTrack();
}
