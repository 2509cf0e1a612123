/**
 * The one CSRF check, for cookie-authenticated writes to /v1, the session endpoints and the page
 * posts alike: the browser's Origin (or, without it, Sec-Fetch-Site) must name our own site, that
 * is the request's own origin or APP_URL's. Requests with neither header are not browser
 * cross-site requests (browsers send Origin on every POST), so API clients pass.
 */
export function isSameOrigin(request: Request, appUrl: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin) return origin === new URL(request.url).origin || origin === new URL(appUrl).origin;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  return true;
}

/** What a refused cross-site write is told (the /v1 envelope, the page answer). */
export const CROSS_SITE_BLOCKED = "This request came from another site and was blocked.";

/** GET and HEAD change nothing, so no method but these needs the check. */
export function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD";
}
