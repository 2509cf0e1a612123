import type { OutboxView, StoredMessage } from "../face";
import { REGISTRY } from "../registry";
import { MEDIA, type Medium } from "../types";

/**
 * How the dev outbox page shows a stored message: the medium's own dev side decides. A row of a
 * medium this build no longer knows still shows, under its raw name.
 */
export function outboxView(channel: string, message: StoredMessage): OutboxView {
  return isMedium(channel) ? REGISTRY[channel].dev.outboxView(message) : { label: channel, preview: null };
}

function isMedium(value: string): value is Medium {
  return (MEDIA as readonly string[]).includes(value);
}
