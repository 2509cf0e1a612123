import type { Medium } from "../../channels/types";
import type { StepChannel } from "./catalogue";

/** What the engine knows about where a user can be reached. */
export interface Reachability {
  email: string;
  telegramChatId: string | null;
  phone: string | null;
  phoneVerified: boolean;
  /** Push subscription endpoints (only read when a step asks for push). */
  pushEndpoints: string[];
  /** Verified, not opted-out email buddies (only read when a step asks for buddies). */
  emailBuddies: Array<{ id: string; name: string; email: string }>;
}

/** One message to send: a medium, a recipient, and why (the channel the step asked for). */
export interface DeliveryPlan {
  medium: Medium;
  recipient: string;
  /** The first step channel that led here (differs from `medium` after a fallback). */
  requested: StepChannel;
  /** "reminder" goes to the user; "buddy" is an alert to a nudge buddy. */
  kind: "reminder" | "buddy";
  buddy?: { id: string; name: string };
  /** The step channels that fell back to this email (explained in it). */
  fallbacks: StepChannel[];
}

/**
 * Resolves a step's channels to concrete deliveries. A channel the user lacks falls back to the
 * user's email; plans are keyed by medium + recipient, so several channels falling back to email
 * in one step (or email asked for explicitly as well) produce ONE email, which says why.
 */
export function planDeliveries(channels: StepChannel[], reach: Reachability): DeliveryPlan[] {
  const plans = new Map<string, DeliveryPlan>();
  const add = (plan: Omit<DeliveryPlan, "fallbacks">, fallback?: StepChannel) => {
    const key = `${plan.medium}:${plan.recipient}`;
    const existing = plans.get(key) ?? { ...plan, fallbacks: [] };
    if (fallback && !existing.fallbacks.includes(fallback)) existing.fallbacks.push(fallback);
    plans.set(key, existing);
  };
  const toEmail = (requested: Exclude<StepChannel, "email">) =>
    add({ medium: "email", recipient: reach.email, requested, kind: "reminder" }, requested);

  for (const channel of channels) {
    switch (channel) {
      case "email":
        add({ medium: "email", recipient: reach.email, requested: "email", kind: "reminder" });
        break;
      case "telegram":
        if (reach.telegramChatId) add({ medium: "telegram", recipient: reach.telegramChatId, requested: channel, kind: "reminder" });
        else toEmail(channel);
        break;
      case "push":
        if (reach.pushEndpoints.length > 0) {
          for (const endpoint of reach.pushEndpoints) add({ medium: "push", recipient: endpoint, requested: channel, kind: "reminder" });
        } else toEmail(channel);
        break;
      case "sms":
      case "voice":
        if (reach.phone && reach.phoneVerified) add({ medium: channel, recipient: reach.phone, requested: channel, kind: "reminder" });
        else toEmail(channel);
        break;
      case "buddies":
        if (reach.emailBuddies.length > 0) {
          for (const buddy of reach.emailBuddies) {
            add({ medium: "email", recipient: buddy.email, requested: "buddies", kind: "buddy", buddy: { id: buddy.id, name: buddy.name } });
          }
        } else toEmail(channel);
        break;
    }
  }
  return [...plans.values()];
}
