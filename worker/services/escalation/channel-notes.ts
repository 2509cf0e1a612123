import { joinWithAnd } from "../recurrence";
import type { StepChannel } from "./catalogue";

/**
 * Why a message came by another medium than the step asked for, in the person's words: what they have
 * not set up (fallbacks), what this server cannot use now (unavailable), what they turned off (refused),
 * and Settings' preview of the same. The reminder email carries them (messages.ts).
 */

/** Why a channel the step asked for was not used: completed to one sentence by `fallbackNotes`. */
const FALLBACK_REASONS: Record<Exclude<StepChannel, "email" | "buddies">, string> = {
  telegram: "Telegram isn't connected to your account",
  push: "no device has Nudge notifications turned on",
  sms: "you have no verified phone number",
  voice: "you have no verified phone number",
};

export const BUDDY_FALLBACK_NOTE =
  "You have no verified nudge buddy with an email address yet, so the alert that would have gone to your buddies came to you. Add one under Nudge Buddies.";

/**
 * The sentences under a reminder that came by email instead of the channels the step asked for:
 * "This reminder came by email because Telegram isn't connected to your account and no device has
 * Nudge notifications turned on yet." (one sentence however many channels fell back).
 */
/** The email that stands in for a text or call beyond the daily cap says so (issue 10). */
export const PHONE_CAP_NOTE =
  "You've had today's share of texts and calls from Nudge (a daily limit that keeps phone costs in check), so this reminder came by email. Texts and calls start again within a day.";

export function fallbackNotes(fallbacks: readonly StepChannel[]): string[] {
  const reasons = [...new Set(fallbacks.flatMap((c) => (c === "email" || c === "buddies" ? [] : [FALLBACK_REASONS[c]])))];
  const notes = reasons.length > 0 ? [`This reminder came by email because ${joinWithAnd(reasons)} yet.`] : [];
  if (fallbacks.includes("buddies")) notes.push(BUDDY_FALLBACK_NOTE);
  return notes;
}

/** What a medium this server cannot use right now is called in a sentence to the user. */
const MEDIUM_NAMES: Record<Exclude<StepChannel, "email" | "buddies">, string> = {
  telegram: "Telegram messages",
  push: "notifications",
  sms: "text messages",
  voice: "phone calls",
};

/**
 * The sentence under a reminder that came by email because the SERVER cannot use a medium right now
 * (no provider configured, ADR 036): not the user's to fix, but they should know why their phone
 * stayed quiet. "Text messages and phone calls aren't available on Nudge right now, so this
 * reminder came by email."
 */
export function unavailableNotes(channels: readonly StepChannel[]): string[] {
  const names = [...new Set(channels.flatMap((c) => (c === "email" || c === "buddies" ? [] : [MEDIUM_NAMES[c]])))];
  if (names.length === 0) return [];
  const first = names[0]!.charAt(0).toUpperCase() + names[0]!.slice(1);
  return [`${joinWithAnd([first, ...names.slice(1)])} aren't available on Nudge right now, so this reminder came by email.`];
}

/**
 * What Settings says under a sequence's steps for this person (reach-preview.ts): the steps that would
 * come to them by email, and why, in the reminder email's own words. Empty when every step reaches
 * them as listed.
 * "Telegram isn't connected to your account and you have no verified phone number yet, so those steps
 * come to you by email."
 */
export function reachPreviewNotes(preview: { missing: readonly StepChannel[]; textsStopped: boolean; unavailable: readonly StepChannel[] }): string[] {
  const reasons = [...new Set(preview.missing.flatMap((c) => (c === "email" || c === "buddies" ? [] : [FALLBACK_REASONS[c]])))];
  const said = joinWithAnd(reasons);
  const notes = reasons.length > 0 ? [`${said.charAt(0).toUpperCase()}${said.slice(1)} yet, so those steps come to you by email.`] : [];
  if (preview.textsStopped) notes.push("Your number texted STOP, so texts come to you by email until it texts START.");
  if (preview.missing.includes("buddies")) notes.push("No nudge buddy has said yes yet, so the alert meant for your buddies comes to you by email.");
  const names = [...new Set(preview.unavailable.flatMap((c) => (c === "email" || c === "buddies" ? [] : [MEDIUM_NAMES[c]])))];
  if (names.length > 0) {
    const first = names[0]!.charAt(0).toUpperCase() + names[0]!.slice(1);
    notes.push(`${joinWithAnd([first, ...names.slice(1)])} aren't available on Nudge right now, so those steps come by email.`);
  }
  return notes;
}

/**
 * The sentence under a reminder that came by email because the provider of a channel the step asked
 * for refused its message for good (ADR 042): "Your text message for this reminder couldn't be
 * delivered, so it came by email."
 */
export function refusedNotes(channels: readonly StepChannel[]): string[] {
  const names = [...new Set(channels.flatMap((c) => (c === "email" || c === "buddies" ? [] : [SINGULAR_NAMES[c]])))];
  if (names.length === 0) return [];
  return [`Your ${joinWithAnd(names)} for this reminder couldn't be delivered, so it came by email.`];
}

const SINGULAR_NAMES: Record<Exclude<StepChannel, "email" | "buddies">, string> = {
  telegram: "Telegram message",
  push: "notification",
  sms: "text message",
  voice: "phone call",
};
