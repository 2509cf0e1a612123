import type { OutboundMessage } from "../../channels/types";
import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { composeCatchUp } from "./catch-up";
import { createActionLinks, createBuddyUnsubscribeLink, type LinkTokenRow } from "./links";
import { buddyEmail, pushMessage, reminderEmail, smsMessage, telegramBuddyMessage, telegramMessage, voiceMessage, type ReminderContext } from "./messages";
import type { PlannedDelivery } from "./plan";
import { cappedChannels, missingChannels, refusedChannels, unavailableChannels } from "./recipients";

/**
 * One delivery's message, with what its links need written before it is sent: the rows of a buddy
 * alert's opt-out token, or the hash of a reminder's answer links (stored on its delivery row, ADR 067).
 * The links derive from the delivery key (ADR 027), so a retry composes the same bytes (the caller
 * sends the key along too).
 */
export interface Composed {
  message: OutboundMessage;
  tokens: LinkTokenRow[];
  linkTokenHash?: string;
}

export async function composeMessage(
  deps: Pick<Deps, "db" | "env">,
  ctx: ReminderContext,
  delivery: PlannedDelivery,
  userId: string,
  now: number,
): Promise<Composed> {
  const deliveryKey = delivery.key;
  if (delivery.kind === "catch_up" && ctx.catchUp) return { message: await composeCatchUp(deps, ctx, delivery, ctx.catchUp.heldUntil, userId), tokens: [] };
  switch (delivery.medium) {
    case "email": {
      if (delivery.kind === "buddy" && delivery.buddy) {
        const link = await createBuddyUnsubscribeLink(deps.env, { userId, contactId: delivery.buddy.id, now, deliveryKey });
        const email = buddyEmail(ctx, delivery.buddy.name, link.url, now);
        return { message: { to: delivery.recipient, subject: email.subject, text: email.text, html: email.html }, tokens: link.tokens };
      }
      const links = await createActionLinks(deps.env, deliveryKey);
      // What the user lacks is theirs to fix (the email says how); a medium this server cannot use
      // is not, but the email still says why it came instead.
      // A reply ("done") goes to the assistant address, which answers the reminder (inbound-email).
      const replyTo = deps.env.ASSISTANT_EMAIL || undefined;
      const email = reminderEmail(ctx, links.urls, missingChannels(delivery.fallbacks), {
        unavailable: unavailableChannels(delivery.fallbacks),
        refused: refusedChannels(delivery.fallbacks),
        capped: cappedChannels(delivery.fallbacks).length > 0,
        replyable: replyTo !== undefined,
      });
      return {
        message: { to: delivery.recipient, subject: email.subject, text: email.text, html: email.html, replyTo, meta: { taskId: ctx.task.id } },
        tokens: [],
        linkTokenHash: links.linkTokenHash,
      };
    }
    case "telegram": {
      if (delivery.kind === "buddy" && delivery.buddy) {
        const link = await createBuddyUnsubscribeLink(deps.env, { userId, contactId: delivery.buddy.id, now, deliveryKey });
        return { message: telegramBuddyMessage(ctx, delivery.buddy.name, delivery.recipient, link.url, now), tokens: link.tokens };
      }
      return { message: telegramMessage(ctx, delivery.recipient), tokens: [] };
    }
    case "push": {
      // The buttons answer through one-use links, like the email's: no session is needed.
      const links = await createActionLinks(deps.env, deliveryKey);
      return { message: pushMessage(ctx, delivery.recipient, links.urls, appLink(deps.env, "/dashboard")), tokens: [], linkTokenHash: links.linkTokenHash };
    }
    case "sms":
      return { message: smsMessage(ctx, delivery.recipient), tokens: [] };
    case "voice":
      return { message: voiceMessage(ctx, delivery.recipient), tokens: [] };
  }
}
