import { desc } from "drizzle-orm";
import { bugReports, type BugReport } from "../../../db/schema";
import type { Deps } from "../deps";
import { tooManyRequests } from "../errors";
import { takeToken } from "../rate-limit";
import { forwardToSentry } from "../sentry/forward";
import type { FeedbackReport } from "./envelope";
import { supportEmail } from "./notify";

export { readFeedbackEnvelope, ENVELOPE_LIMIT_BYTES, tooLarge, type FeedbackReport } from "./envelope";

/** Reports a person may send: 5 an hour (a real person rarely sends two; a loop sends hundreds). */
export const FEEDBACK_RULE = { limit: 5, windowMs: 60 * 60 * 1000 };
export const FEEDBACK_LIMIT_MESSAGE = "You have sent several reports in a short time. Please try again later.";

export interface StoredReport {
  id: string;
  /** The follow-up work (email to the team, Sentry), for waitUntil. */
  after: Promise<void>;
}

/** Where screenshots go: R2 when bound (production and miniflare locally). */
export type ScreenshotBucket = Pick<R2Bucket, "put" | "get">;

export const screenshotKey = (reportId: string) => `bug-reports/${reportId}/screenshot.png`;

/**
 * Stores one report of a signed-in person (D1 row, screenshot in R2), then, without holding the
 * answer, tells the team at SUPPORT_EMAIL and forwards it to Sentry when SENTRY_DSN is set.
 */
export async function submitFeedback(
  deps: Deps,
  bucket: ScreenshotBucket,
  userId: string,
  report: FeedbackReport,
): Promise<StoredReport> {
  const token = await takeToken(deps, `feedback:${userId}`, FEEDBACK_RULE);
  if (!token.allowed) throw tooManyRequests(FEEDBACK_LIMIT_MESSAGE, token.retryAfterSeconds);
  const id = crypto.randomUUID();
  const key = report.screenshot ? screenshotKey(id) : null;
  if (report.screenshot && key) await bucket.put(key, report.screenshot, { httpMetadata: { contentType: "image/png" } });
  await deps.db.insert(bugReports).values({
    id,
    userId,
    name: report.name,
    email: report.email,
    message: report.message,
    source: report.source,
    tags: JSON.stringify(report.tags),
    url: report.url,
    screenshotKey: key,
    eventId: report.eventId,
    createdAt: deps.clock.now().getTime(),
  });
  const after = Promise.allSettled([
    deps.channels.email.send(supportEmail(deps.env, id, report)),
    forwardToSentry(deps.env.SENTRY_DSN, report.items, { event_id: report.eventId }),
  ]).then(() => undefined);
  return { id, after };
}

/** The newest reports first, for the dev page. */
export async function listReports(deps: Pick<Deps, "db">, limit = 50): Promise<BugReport[]> {
  return deps.db.select().from(bugReports).orderBy(desc(bugReports.createdAt)).limit(limit);
}
