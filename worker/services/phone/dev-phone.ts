import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { outboxMessages } from "../../../db/schema";
import type { Deps } from "../deps";

/**
 * The local stand-in for a phone (/dev/phone, DEV_OUTBOX on only): the texts and calls the dev outbox
 * holds for one number, the person's replies, and what the webhooks answered, in order.
 */
export type DevPhoneItem =
  | { kind: "text"; text: string; at: number }
  | { kind: "call"; text: string; taskId: string | null; at: number }
  | { kind: "you"; text: string; at: number }
  | { kind: "answer"; text: string; at: number };

export const isDevNumber = (value: string) => /^\+\d{8,15}$/.test(value);

/** Keeps a reply typed (or a key pressed) and the webhook's answer, so the page reads both sides. */
export async function recordDevPhone(deps: Pick<Deps, "db" | "clock">, number: string, kind: "you" | "answer", text: string): Promise<void> {
  await deps.db.insert(outboxMessages).values({
    id: crypto.randomUUID(),
    channel: "sms",
    to: number,
    subject: null,
    text,
    html: null,
    meta: JSON.stringify({ dev: kind }),
    createdAt: deps.clock.now().getTime(),
  });
}

export async function devPhoneLog(deps: Pick<Deps, "db">, number: string, limit = 200): Promise<DevPhoneItem[]> {
  const rows = await deps.db
    .select({ channel: outboxMessages.channel, text: outboxMessages.text, meta: outboxMessages.meta, at: outboxMessages.createdAt })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, number), inArray(outboxMessages.channel, ["sms", "voice"])))
    .orderBy(asc(outboxMessages.createdAt), asc(sql`rowid`))
    .limit(limit);
  return rows.map((row): DevPhoneItem => {
    const meta = row.meta ? (JSON.parse(row.meta) as Record<string, unknown>) : {};
    if (meta.dev === "you") return { kind: "you", text: row.text, at: row.at };
    if (meta.dev === "answer") return { kind: "answer", text: row.text, at: row.at };
    if (row.channel === "voice") return { kind: "call", text: row.text, taskId: typeof meta.taskId === "string" ? meta.taskId : null, at: row.at };
    return { kind: "text", text: row.text, at: row.at };
  });
}
