import { z } from "zod";
import type { Deps } from "../deps";
import { tooManyRequests } from "../errors";
import { takeToken } from "../rate-limit";
import { parseInput } from "../validation";
import { forwardToSentry, isSentryConfigured } from "./forward";
import { errorEvent } from "./report";

/**
 * Unhandled errors of the pages, reported by the browser (issue 14). The page sends only what the
 * error itself says (its name, message, stack and the page's path) to our own Worker, which builds
 * the Sentry event with the same scrubbing as the Worker's own errors (no tokens, codes, emails or
 * message bodies) and forwards it to SENTRY_DSN's project. No Sentry SDK on the page for this.
 */
export const BROWSER_ERRORS_PER_HOUR = 30;
export const BROWSER_ERROR_LIMIT_MESSAGE = "Too many error reports from this address. Please try again later.";

export const browserErrorSchema = z.object({
  kind: z.enum(["error", "unhandledrejection"], { error: 'kind must be "error" or "unhandledrejection".' }),
  name: z.string().max(100, { error: "name is too long." }).optional(),
  message: z.string({ error: "message is missing." }).max(2000, { error: "message is too long (2,000 characters at most)." }),
  stack: z.string().max(8000, { error: "stack is too long (8,000 characters at most)." }).optional(),
  url: z.string({ error: "url is missing." }).max(2000, { error: "url is too long." }),
});

/**
 * Checks and forwards one browser error; the event id when it went to Sentry's queue of work,
 * null when error reporting is off here. `send` runs the forward (waitUntil in the Worker).
 */
export async function reportBrowserError(
  deps: Pick<Deps, "db" | "clock" | "env">,
  input: unknown,
  who: string,
  send: (work: Promise<unknown>) => Promise<void>,
): Promise<string | null> {
  const report = parseInput(browserErrorSchema, input);
  if (!isSentryConfigured(deps.env.SENTRY_DSN)) return null;
  const token = await takeToken(deps, `browser-error:${who}`, { limit: BROWSER_ERRORS_PER_HOUR, windowMs: 60 * 60_000 });
  if (!token.allowed) throw tooManyRequests(BROWSER_ERROR_LIMIT_MESSAGE, token.retryAfterSeconds, "ERROR_REPORTS_LIMITED");
  const error = Object.assign(new Error(report.message), { name: report.name || "Error", stack: `${report.name || "Error"}: ${report.message}\n${report.stack ?? ""}` });
  const event = { ...errorEvent(error, { where: "browser", url: absolute(report.url, deps.env.APP_URL) }, deps.clock.now()), logger: "nudge-browser", tags: { where: "browser", kind: report.kind } };
  await send(forwardToSentry(deps.env.SENTRY_DSN, [[{ type: "event" }, event]], { event_id: event.event_id }).catch(() => false));
  return event.event_id;
}

/** The page's path as a URL of this app (the event's request URL; scrubbed of query and fragment later). */
function absolute(path: string, appUrl: string): string {
  try {
    return new URL(path, appUrl).href;
  } catch {
    return appUrl;
  }
}
