import { REGISTRY } from "./registry";
import { MEDIA, type ChannelStatus, type Channels, type Medium } from "./types";

/** What `/v1/health` says of the channels, and what the Worker logs at start. */
export interface ChannelsReport {
  /** False when a required medium (email) is unavailable: the server cannot do its job. */
  ok: boolean;
  channels: Record<Medium, ChannelStatus>;
  /** The required media that are unavailable, with why. */
  problems: Array<{ medium: Medium; reason: string }>;
}

export function reportChannels(channels: Channels): ChannelsReport {
  const problems = requiredProblems(channels);
  const statuses = Object.fromEntries(MEDIA.map((medium) => [medium, { ...channels[medium].status }])) as Record<Medium, ChannelStatus>;
  return { ok: problems.length === 0, channels: statuses, problems };
}

/** The required media that are unavailable, with why; only those media's channels are made (they are lazy). */
function requiredProblems(channels: Channels): ChannelsReport["problems"] {
  return MEDIA.filter((medium) => REGISTRY[medium].required && !channels[medium].status.available).map((medium) => ({
    medium,
    reason: channels[medium].status.reason ?? "Unavailable.",
  }));
}

/**
 * A logger that says, once, that a required medium is unavailable: one JSON line per such medium
 * (event `config.email_unavailable`), so a deploy without email shows up in the logs right away.
 * "Once" means once per reporter: the Worker's reporter lives as long as its isolate.
 */
export function createConfigProblemLog(log: (line: string) => void = (line) => console.error(line)) {
  let logged = false;
  return (channels: Channels) => {
    if (logged) return;
    // Only the required media: this runs at the start of every request and job.
    const problems = requiredProblems(channels);
    if (problems.length === 0) return;
    logged = true;
    for (const { medium, reason } of problems) {
      log(JSON.stringify({ level: "error", event: `config.${medium}_unavailable`, medium, reason }));
    }
  };
}

/** The isolate's reporter: `createDeps` (worker/services/deps.ts) calls it, the start of every request and job. */
export const logConfigProblemsOnce = createConfigProblemLog();
