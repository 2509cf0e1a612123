import { eq } from "drizzle-orm";
import { pushSubscriptions } from "../../../db/schema";
import type { Deps } from "../deps";
import { buddyReach, consentingBuddiesQuery } from "./buddy-reach";
import type { EscalationStrategy, StepChannel } from "./catalogue";
import { reachPreviewNotes } from "./channel-notes";
import { planDeliveries, type FallbackReason, type MediaStatus, type Reachability } from "./recipients";

/**
 * What a sequence would do for one person right now: which of its step channels would come to them
 * by email instead, and why. Settings shows it under "What Standard does", so nobody picks "Urgent"
 * believing a call will come when no phone number is verified.
 *
 * It asks the engine's own planner (`planDeliveries`) for each step, with the person's reach read as
 * the engine reads it (push devices, buddies who said yes, a number that texted STOP), so the preview
 * cannot say something the engine would not do. The daily cap of texts and calls is left out: it
 * depends on the day, not on the person's setup.
 */
export interface ReachPreview {
  /** Channels the person has not set up (or turned off): theirs to change. */
  missing: Array<Exclude<StepChannel, "email">>;
  /** A number that texted STOP: texts come by email until it texts START. */
  textsStopped: boolean;
  /** Channels this server cannot use at all (no provider configured). */
  unavailable: Array<Exclude<StepChannel, "email">>;
  /** The above in sentences for the person (messages.ts `reachPreviewNotes`); empty when every step reaches them. */
  notes: string[];
}

/** The parts of a person's reach that are not on their row: their devices and their buddies who said yes. */
export type ReachExtras = Pick<Reachability, "pushEndpoints" | "emailBuddies" | "telegramBuddies">;

/**
 * Reads `ReachExtras` in one D1 round trip, by id only, so a page can run it alongside the session's
 * read of the person (requireUserWith).
 */
export async function readReachExtras(deps: Pick<Deps, "db">, userId: string): Promise<ReachExtras> {
  const [devices, buddies] = await deps.db.batch([
    deps.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    // The buddies exactly as the engine reads them (buddy-reach.ts).
    consentingBuddiesQuery(deps, userId),
  ]);
  return { pushEndpoints: devices.map((d) => d.endpoint), ...buddyReach(buddies) };
}

/** The person's whole reach: the contact fields of their row (`smsOptedOutAt` is the STOP mark) and the extras. */
export function reachOf(
  row: { email: string; telegramChatId: string | null; phone: string | null; phoneVerified: boolean; smsOptedOutAt: number | null },
  extras: ReachExtras,
): Reachability {
  const { email, telegramChatId, phone, phoneVerified } = row;
  return { email, telegramChatId, phone, phoneVerified, smsOptedOut: row.smsOptedOutAt != null, ...extras };
}

/** The fallbacks of every step of `strategy` for this reach, as the engine would plan them. */
export function previewReach(strategy: Pick<EscalationStrategy, "steps">, reach: Reachability, media: MediaStatus): ReachPreview {
  const fallbacks: FallbackReason[] = strategy.steps.flatMap((step) => planDeliveries(step.channels, reach, media).flatMap((plan) => plan.fallbacks));
  // A verified number that texted STOP: the planner counts its texts as "missing", but the fix differs.
  const stoppedText = (f: FallbackReason) => f.channel === "sms" && f.cause === "missing" && Boolean(reach.smsOptedOut && reach.phoneVerified);
  const unique = (list: FallbackReason[]) => [...new Set(list.map((f) => f.channel))];
  const preview = {
    missing: unique(fallbacks.filter((f) => f.cause === "missing" && !stoppedText(f))),
    textsStopped: fallbacks.some(stoppedText),
    unavailable: unique(fallbacks.filter((f) => f.cause === "unavailable")),
  };
  return { ...preview, notes: reachPreviewNotes(preview) };
}
