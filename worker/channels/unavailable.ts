import type { Channel, Medium } from "./types";

/**
 * Thrown by the send of a medium that cannot be used on this server (its provider is not
 * configured and the dev outbox is off). Nothing is stored or sent. Callers that can fall back
 * (the escalation engine) read `channel.status` first and never get here; a caller that cannot
 * (the auth emails) lets it surface as a logged 500.
 */
export class ChannelUnavailableError extends Error {
  override name = "ChannelUnavailableError";
  constructor(
    readonly medium: Medium,
    readonly reason: string,
  ) {
    super(`Nothing was sent by ${medium}: ${reason}`);
  }
}

/** The channel of a medium that is not available here: its status says why, its send throws. */
export function unavailableChannel(medium: Medium, reason: string): Channel {
  return {
    medium,
    status: { available: false, provider: "none", reason },
    async send() {
      throw new ChannelUnavailableError(medium, reason);
    },
  };
}
