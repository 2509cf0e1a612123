import type { DevSide } from "../face";

/**
 * A push notification in the dev outbox: its text, and its Done / Snooze buttons as links to the
 * same one-use answer pages the service worker posts to (so a person can answer it locally).
 */
export const pushDevSide: DevSide = {
  outboxView(message) {
    const actions = Array.isArray(message.meta?.actions) ? (message.meta.actions as Array<{ title?: unknown; url?: unknown }>) : [];
    const links = actions.flatMap((action) =>
      typeof action.title === "string" && typeof action.url === "string" ? [{ label: `Press "${action.title}"`, url: action.url }] : [],
    );
    return { label: "Push notification", preview: null, ...(links.length > 0 ? { links } : {}) };
  },
};
