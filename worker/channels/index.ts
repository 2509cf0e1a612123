import type { Db } from "../../db/client";
import { isDevOutboxOn, type Env } from "../env";
import type { Clock } from "../services/clock";
import type { MediumFace, ProviderDeps } from "./face";
import { outboxChannel } from "./outbox";
import { REGISTRY } from "./registry";
import { MEDIA, type Channel, type Channels } from "./types";
import { unavailableChannel } from "./unavailable";

/**
 * The channel of every medium, as services see them (`deps.channels.email`, `deps.channels[medium]`).
 * With the dev outbox on, every medium is the outbox. With it off, a medium is its real provider when
 * its folder's config check passes, and otherwise unavailable: its status says why and its send
 * throws ChannelUnavailableError, so nothing is silently stored in production (issue 7, ADR 036).
 */
export function createChannels(env: Env, db: Db, clock: Clock): Channels {
  const deps = { db, clock };
  const channel = (face: MediumFace) => (isDevOutboxOn(env) ? devChannel(face, env, deps) : realChannel(face, env, deps));
  // Each medium's channel is made when first used, then kept: every request builds a Channels and
  // most (a page, a list) send nothing, so they need not make the Bot API client, the Twilio and
  // push providers (issue 8: most of the ~10% of CPU an API read saved, measured side by side, docs/performance.md).
  // One entry per medium of MEDIA, so the record is complete (REGISTRY is typed against the same list).
  const made: Partial<Channels> = {};
  const channels = {} as Channels;
  for (const medium of MEDIA) {
    Object.defineProperty(channels, medium, {
      enumerable: true,
      get: () => (made[medium] ??= channel(REGISTRY[medium])),
    });
  }
  return channels;
}

function devChannel(face: MediumFace, env: Env, deps: ProviderDeps): Channel {
  return face.devProvider ? face.devProvider(env, deps) : outboxChannel(face.medium, deps.db, deps.clock);
}

function realChannel(face: MediumFace, env: Env, deps: ProviderDeps): Channel {
  const check = face.checkConfig(env);
  if (!check.configured) return unavailableChannel(face.medium, check.reason);
  if (!face.provider) {
    return unavailableChannel(face.medium, `No provider for ${face.name} is built into this server yet.`);
  }
  return face.provider(env, deps);
}

export { MEDIA };
export { ChannelUnavailableError } from "./unavailable";
export type { Channel, ChannelStatus, Channels, Medium, OutboundMessage, SendResult } from "./types";
