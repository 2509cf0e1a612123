import type { Medium } from "../../channels/types";
import type { StepChannel } from "./catalogue";
import type { DeliveryPlan } from "./recipients";

/**
 * Quiet hours in the engine (issue 13, ADR 064), the pure part: which steps may go during them, the
 * catch-up's channels and key, and when a held loud step fires after the catch-up.
 */

/** The catch-up goes where a gentle ping goes; a person with neither gets it by email. */
export const CATCH_UP_CHANNELS: readonly StepChannel[] = ["push", "telegram"];

/** A text, a call or a buddy alert waits this long after the catch-up: time to answer it calmly. */
export const CATCH_UP_GRACE_MS = 30 * 60_000;

/** What counts as a gentle ping: it makes no sound the person has not chosen for Nudge. */
const GENTLE_MEDIA: ReadonlySet<Medium> = new Set(["push", "telegram"]);

/** Channels whose step waits for the catch-up's grace instead of being replaced by it. */
const LOUD_CHANNELS: ReadonlySet<StepChannel> = new Set(["sms", "voice", "buddies"]);

/**
 * Whether a step may go during quiet hours as planned: only when the person allows gentle pings and
 * every delivery is a ping to them on a gentle medium (a gentle step that fell back to email waits).
 */
export function gentleEnough(deliveries: ReadonlyArray<Pick<DeliveryPlan, "medium" | "kind">>, gentleAllowed: boolean): boolean {
  return gentleAllowed && deliveries.length > 0 && deliveries.every((d) => d.kind === "reminder" && GENTLE_MEDIA.has(d.medium));
}

/** When a held step fires after its catch-up: a loud one after the grace; a gentle one never (null: the catch-up replaced it). */
export function catchUpRepend(channels: readonly StepChannel[], now: number): number | null {
  return channels.some((channel) => LOUD_CHANNELS.has(channel)) ? now + CATCH_UP_GRACE_MS : null;
}

/**
 * One catch-up per person per quiet end and medium and recipient, whichever held step fires first:
 * the others find its row (another step's) and send nothing (run-plan.ts).
 */
export function catchUpKey(input: { userId: string; heldUntil: number; medium: string; recipient: string }): string {
  return `quiet:${input.userId}@${input.heldUntil}:${input.medium}:${input.recipient}`;
}
