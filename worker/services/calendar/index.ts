/** The calendar feed (issue 12): a secret URL per user, and the ICS of their tasks. */
export { currentFeedToken, disableFeed, enableFeed, feedUrl } from "./feed-token";
export { calendarFeed, recurrenceRule, FEED_MAX_EVENTS, FEED_DONE_DAYS } from "./feed";
