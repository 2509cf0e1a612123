import { desc, eq, sql } from "drizzle-orm";
import type { Deps } from "./deps";
import { outboxMessages } from "../../db/schema";
import type { OutboxView } from "../channels/face";
import { outboxView } from "../channels/outbox/view";

export interface OutboxEntry {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  meta: Record<string, unknown> | null;
  createdAt: string;
  /** How the dev outbox page shows it: the medium's own dev side decides (worker/channels/<medium>/dev). */
  view: OutboxView;
}

/**
 * The dev outbox, newest first (ties within a millisecond broken by insertion order); with `to`, only
 * the messages to that address (exact), so one person's mail can be found however busy the outbox is.
 */
export async function listOutbox({ db }: Pick<Deps, "db">, options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(options.to ? eq(outboxMessages.to, options.to) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(sql`rowid`))
    .limit(options.limit ?? 200);
  return rows.map((row) => {
    const message = {
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      meta: row.meta ? (JSON.parse(row.meta) as Record<string, unknown>) : null,
    };
    return { id: row.id, channel: row.channel, ...message, createdAt: new Date(row.createdAt).toISOString(), view: outboxView(row.channel, message) };
  });
}
