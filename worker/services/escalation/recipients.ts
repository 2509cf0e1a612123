import type { ChannelStatus, Medium } from "../../channels/types";
import type { StepChannel } from "./catalogue";

/** What the engine knows about where a user can be reached. */
export interface Reachability {
  email: string;
  telegramChatId: string | null;
  phone: string | null;
  phoneVerified: boolean;
  /** The number texted STOP (issue 10): no texts to it; calls still go. */
  smsOptedOut?: boolean;
  /** Texts and calls sent to the person in the last 24 hours, and the cap (read only for phone steps). */
  phoneSendsToday?: number;
  phoneDailyCap?: number;
  /** An email standing in for a capped text or call already went out in those 24 hours: say it once. */
  phoneCapToldToday?: boolean;
  /** Push subscription endpoints (only read when a step asks for push). */
  pushEndpoints: string[];
  /** Verified, not opted-out email buddies (only read when a step asks for buddies). */
  emailBuddies: Array<{ id: string; name: string; email: string }>;
  /** Verified, not opted-out Telegram buddies (a person's chat or a group), read with the email ones. */
  telegramBuddies?: Array<{ id: string; name: string; chatId: string }>;
}

/** Whether each medium can be used on this server (`deps.channels[medium].status`). */
export type MediaStatus = Record<Medium, Pick<ChannelStatus, "available" | "reason">>;

/**
 * Why a step channel was not used and its message went to the user's email instead:
 * - "missing": the user lacks it (no Telegram chat, no verified phone, no device, no buddy); the
 *   email says so (channel-notes.ts `fallbackNotes`), because the user can change it;
 * - "unavailable": this server cannot use the medium (its provider is not configured); the reason
 *   is the channel status's sentence, for the log. The email does not blame the user for it;
 * - "refused": the provider refused the send for good (a permanent failure, ADR 042); the reason is
 *   the provider's sentence, on the refused delivery's row. The email says the message failed.
 */
export interface FallbackReason {
  channel: Exclude<StepChannel, "email">;
  cause: "missing" | "unavailable" | "refused" | "capped";
  /** A capped fallback the person was already told about today: the email carries no note again. */
  quiet?: boolean;
  reason: string;
}

/** One message to send: a medium, a recipient, and why (the channel the step asked for). */
export interface DeliveryPlan {
  medium: Medium;
  recipient: string;
  /** The first step channel that led here (differs from `medium` after a fallback). */
  requested: StepChannel;
  /** "reminder" goes to the user; "buddy" is an alert to a nudge buddy; "catch_up" is the one message after quiet hours (ADR 064). */
  kind: "reminder" | "buddy" | "catch_up";
  buddy?: { id: string; name: string };
  /** The step channels that fell back to this email, each with why. */
  fallbacks: FallbackReason[];
}

/** Sentences for the plan and the log when the user lacks a channel (the email words it for people). */
const MISSING: Record<FallbackReason["channel"], string> = {
  telegram: "The user has not connected Telegram.",
  push: "No device of the user has notifications turned on.",
  sms: "The user has no verified phone number.",
  voice: "The user has no verified phone number.",
  buddies: "The user has no verified nudge buddy with an email address.",
};

const MISSING_SMS_STOPPED = "The user's number texted STOP, so no texts go to it until it texts START.";

/** The step channels this server cannot use right now among `fallbacks` (no provider configured). */
export function unavailableChannels(fallbacks: readonly FallbackReason[]): StepChannel[] {
  return fallbacks.filter((f) => f.cause === "unavailable").map((f) => f.channel);
}

/** The step channels whose send the provider refused for good among `fallbacks`. */
export function refusedChannels(fallbacks: readonly FallbackReason[]): StepChannel[] {
  return fallbacks.filter((f) => f.cause === "refused").map((f) => f.channel);
}

/** The step channels that went to email because today's texts and calls reached the cap. */
export function cappedChannels(fallbacks: readonly FallbackReason[]): StepChannel[] {
  return fallbacks.filter((f) => f.cause === "capped" && !f.quiet).map((f) => f.channel);
}

function overPhoneCap(reach: Reachability): boolean {
  return reach.phoneDailyCap !== undefined && (reach.phoneSendsToday ?? 0) >= reach.phoneDailyCap;
}

/** The step channels the user lacks among `fallbacks`: what a reminder email explains. */
export function missingChannels(fallbacks: readonly FallbackReason[]): StepChannel[] {
  return fallbacks.filter((f) => f.cause === "missing").map((f) => f.channel);
}

/**
 * Resolves a step's channels to concrete deliveries. A channel whose medium this server cannot use,
 * or that the user lacks, falls back to the user's email, and the plan records why. Email is the
 * floor: it never falls back (without a provider its send is refused for good and logged loudly, ADR 042).
 * Plans are keyed by medium + recipient, so several channels falling back to email in one step (or
 * email asked for explicitly as well) produce ONE email, which says why.
 */
export function planDeliveries(channels: readonly StepChannel[], reach: Reachability, media: MediaStatus): DeliveryPlan[] {
  const plans = new Map<string, DeliveryPlan>();
  const add = (plan: Omit<DeliveryPlan, "fallbacks">, fallback?: FallbackReason) => {
    const key = `${plan.medium}:${plan.recipient}`;
    const existing = plans.get(key) ?? { ...plan, fallbacks: [] };
    if (fallback && !existing.fallbacks.some((f) => f.channel === fallback.channel)) existing.fallbacks.push(fallback);
    plans.set(key, existing);
  };
  const toEmail = (channel: FallbackReason["channel"], cause: FallbackReason["cause"], reason: string, quiet = false) =>
    add({ medium: "email", recipient: reach.email, requested: channel, kind: "reminder" }, { channel, cause, reason, ...(quiet ? { quiet } : {}) });
  // The server first: telling a user to connect a medium this server cannot use would mislead.
  const toMedium = (channel: Exclude<FallbackReason["channel"], "buddies">, recipients: string[]) => {
    const status = media[channel];
    if (!status.available) toEmail(channel, "unavailable", status.reason ?? `${channel} is not available on this server.`);
    else if (recipients.length === 0) toEmail(channel, "missing", MISSING[channel]);
    else for (const recipient of recipients) add({ medium: channel, recipient, requested: channel, kind: "reminder" });
  };
  const phone = reach.phone && reach.phoneVerified ? [reach.phone] : [];

  for (const channel of channels) {
    switch (channel) {
      case "email":
        add({ medium: "email", recipient: reach.email, requested: "email", kind: "reminder" });
        break;
      case "telegram":
        toMedium(channel, reach.telegramChatId ? [reach.telegramChatId] : []);
        break;
      case "push":
        toMedium(channel, reach.pushEndpoints);
        break;
      case "sms":
      case "voice":
        if (channel === "sms" && reach.smsOptedOut && phone.length > 0) toEmail("sms", "missing", MISSING_SMS_STOPPED);
        else if (phone.length > 0 && media[channel].available && overPhoneCap(reach)) toEmail(channel, "capped", `The daily cap of ${reach.phoneDailyCap} texts and calls was reached.`, reach.phoneCapToldToday);
        else toMedium(channel, phone);
        break;
      case "buddies": {
        // Telegram buddies need the bot here; without it they count as missing like any absent buddy.
        const telegramBuddies = media.telegram.available ? (reach.telegramBuddies ?? []) : [];
        for (const buddy of telegramBuddies) {
          add({ medium: "telegram", recipient: buddy.chatId, requested: "buddies", kind: "buddy", buddy: { id: buddy.id, name: buddy.name } });
        }
        if (reach.emailBuddies.length === 0 && telegramBuddies.length === 0) toEmail(channel, "missing", MISSING.buddies);
        for (const buddy of reach.emailBuddies) {
          add({ medium: "email", recipient: buddy.email, requested: "buddies", kind: "buddy", buddy: { id: buddy.id, name: buddy.name } });
        }
        break;
      }
    }
  }
  return withoutNeedlessEmail(plans, channels.includes("email"));
}

/**
 * A step that reaches the person on one of its own media (Telegram went, push did not) sends no
 * extra email for the media it could not use: one ping is what the step asked for, and the next step
 * escalates anyway. The email stays when the step asked for it, without the fallback notes.
 */
function withoutNeedlessEmail(plans: Map<string, DeliveryPlan>, emailAsked: boolean): DeliveryPlan[] {
  const reached = [...plans.values()].some((plan) => plan.kind === "reminder" && plan.medium !== "email");
  if (!reached) return [...plans.values()];
  return [...plans.values()].flatMap((plan) => {
    if (plan.kind !== "reminder" || plan.medium !== "email") return [plan];
    return emailAsked ? [{ ...plan, requested: "email" as const, fallbacks: [] }] : [];
  });
}
