import type { Env } from "../env";

/** Where the web app runs when APP_URL is unset (the local `npm start`). */
const LOCAL_APP_URL = "http://localhost:8787";

/**
 * The one builder of absolute links into the web app (emails, OAuth redirect URIs, reminder and
 * unsubscribe links): APP_URL plus a path and its query, encoded by URL itself.
 */
export function appLink(env: Pick<Env, "APP_URL">, path: string, query: Record<string, string> = {}): string {
  const base = env.APP_URL || LOCAL_APP_URL;
  const url = new URL(path, base.endsWith("/") ? base : `${base}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
