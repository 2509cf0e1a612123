import type { PublicUser } from "../../worker/services/auth";
import type { Deps } from "../../worker/services/deps";
import { CALENDAR_FAILED, CALENDAR_REGENERATED, failureFor } from "./messages";
import { errorFields, log } from "../../worker/services/log";
import { currentFeedToken, disableFeed, enableFeed, feedUrl } from "../../worker/services/calendar";

/** The Calendar row (spec 01): whether the feed is on and its URL, and the panel's three presses. */
export interface CalendarRowData {
  url: string | null;
}

/** `url` is left out when the press failed before the server could say (the page keeps the one it shows). */
export type CalendarAnswer = { ok: boolean; message: string; url?: string | null };

export const CALENDAR_TEXTS = {
  enabled: "Your calendar feed is on. Add the URL to your calendar app.",
  regenerated: CALENDAR_REGENERATED,
  disabled: "Your calendar feed is off. The URL no longer works.",
} as const;

/** The row as it stands now (read afresh: after a press of the panel). */
export async function loadCalendarRow(deps: Deps, userId: string): Promise<CalendarRowData> {
  return calendarRowOf(deps, { icsFeedToken: await currentFeedToken(deps, userId) });
}

/**
 * The row of a person the request has already read (the session's profile carries the feed token
 * while the feed is on): no read of its own, so the page reads the person once (issue 8).
 */
export function calendarRowOf(deps: Deps, user: Pick<PublicUser, "icsFeedToken">): CalendarRowData {
  return { url: user.icsFeedToken ? feedUrl(deps.env, user.icsFeedToken) : null };
}

export async function answerCalendar(deps: Deps, userId: string, intent: unknown): Promise<CalendarAnswer> {
  try {
    if (intent === "enable" || intent === "regenerate") {
      const { url } = await enableFeed(deps, userId, userId);
      return { ok: true, message: intent === "enable" ? CALENDAR_TEXTS.enabled : CALENDAR_TEXTS.regenerated, url };
    }
    if (intent === "disable") {
      await disableFeed(deps, userId, userId);
      return { ok: true, message: CALENDAR_TEXTS.disabled, url: null };
    }
  } catch (error) {
    log.error("calendar.panel_failed", { userId, ...errorFields(error) });
  }
  const message = failureFor(CALENDAR_FAILED, String(intent));
  try {
    return { ok: false, message, url: (await loadCalendarRow(deps, userId)).url };
  } catch {
    // The database is down for the read too: the panel keeps the URL it shows.
    return { ok: false, message };
  }
}
