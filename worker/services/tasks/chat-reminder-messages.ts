import { and, eq, sql } from "drizzle-orm";
import { deliveries, escalations, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { chainDeliveries } from "../escalation/delivery-sql";
import { errorFields, log } from "../log";
import { SENT_MESSAGE_TEXTS } from "../telegram/sent-message-texts";
import type { ChatConfirmation, ConfirmationEdit } from "./chat-confirmations";

/**
 * A reminder's messages in the person's own Telegram chat follow it once it is done, wherever it was marked done
 * (ADR 116): the dashboard, the API, a link in an email, a text, a call's keypad, a typed "done" in the chat. Each
 * says "✅ Done: Take pills" with "↩️ Not done yet" under it, as a Done pressed in the chat already did, instead of
 * Done / Snooze / Acknowledge buttons that no longer apply.
 */

/** At most this many of a task's messages are rewritten (a reminder ignored for hours pings often). */
const REWRITTEN_AT_MOST = 20;

/**
 * The task's reminder messages sent to the person's own chat (not a buddy's), by the deliveries of its chains:
 * a chain's deliveries are the keys that start with its id (`deliveryKey`), one range of the primary key.
 */
export async function sentReminderMessages(deps: Pick<Deps, "db">, userId: string, taskId: string): Promise<ChatConfirmation[]> {
  // A cross join keeps SQLite's order as written: the task's chains by their index, then each chain's range of
  // the deliveries' primary key. Left to choose, it walked the deliveries of everyone (query-plans.test.ts).
  const rows = await deps.db
    .select({ ref: deliveries.providerMessageId })
    .from(escalations)
    .crossJoin(deliveries)
    .where(
      and(
        eq(escalations.taskId, taskId),
        chainDeliveries(escalations.id),
        eq(deliveries.channel, "telegram"),
        eq(deliveries.status, "sent"),
        sql`${deliveries.recipient} = (select ${users.telegramChatId} from ${users} where ${users.id} = ${userId})`,
      ),
    )
    .limit(REWRITTEN_AT_MOST);
  return rows.flatMap((row) => messageOf(row.ref) ?? []);
}

/** "telegram:<chat>:<message id>" (the Telegram channel's provider id) as a message; anything else: null. */
export function messageOf(ref: string | null): ChatConfirmation | null {
  const match = ref ? /^telegram:(-?\d+):(\d+)$/.exec(ref) : null;
  return match ? { chatId: match[1]!, messageId: Number(match[2]) } : null;
}

/** What each of a done task's messages says: the same as a Done pressed under it, with its way back. */
export function doneMessageEdits(messages: readonly ChatConfirmation[], task: { id: string; title: string }): ConfirmationEdit[] {
  return messages.map((message) => ({ ...message, text: SENT_MESSAGE_TEXTS.done(task.title), buttons: [[[SENT_MESSAGE_TEXTS.notDoneYet, `reopen:${task.id}`]]] }));
}

/** The read, for a done that is already saved: a failure is logged and leaves the messages as they are. */
export function sentReminderMessagesOrNone(deps: Pick<Deps, "db">, userId: string, taskId: string): Promise<ChatConfirmation[]> {
  return sentReminderMessages(deps, userId, taskId).catch((error: unknown) => {
    log.warn("telegram.reminder_messages_not_read", { taskId, ...errorFields(error) });
    return [];
  });
}
