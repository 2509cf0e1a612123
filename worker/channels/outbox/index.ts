import type { Db } from "../../../db/client";
import { outboxMessages } from "../../../db/schema";
import type { Clock } from "../../services/clock";
import type { Channel, Medium, OutboundMessage } from "../types";

/**
 * The development provider of every medium while DEV_OUTBOX is on: "sending" stores the message in
 * D1 (`outbox_messages`), shown at /dev/outbox and /dev/outbox.json. Never used with the outbox off.
 */
export function outboxChannel(medium: Medium, db: Db, clock: Clock): Channel {
  return {
    medium,
    status: { available: true, provider: "outbox", reason: null },
    async send(message: OutboundMessage) {
      const id = crypto.randomUUID();
      await db.insert(outboxMessages).values({
        id,
        channel: medium,
        to: message.to,
        subject: message.subject ?? null,
        text: message.text,
        html: message.html ?? null,
        // An email's Reply-To is kept with the extras, so /dev/outbox.json shows where a reply would go.
        meta: message.meta || message.replyTo ? JSON.stringify({ ...message.meta, ...(message.replyTo ? { replyTo: message.replyTo } : {}) }) : null,
        createdAt: clock.now().getTime(),
      });
      return { providerMessageId: `outbox:${id}` };
    },
  };
}
