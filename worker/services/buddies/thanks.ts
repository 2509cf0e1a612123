import { and, eq, inArray } from "drizzle-orm";
import { deliveries, escalationSteps, processedUpdates, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { renderEmail } from "../email/layout";
import { stepDeliveries } from "../escalation/delivery-sql";
import { errorFields, log } from "../log";
import { firstName } from "./verification";

/**
 * "Sorted, thanks" (issue 11): when the owner acknowledges or completes a task, every buddy already
 * alerted about it gets one short note, so nobody keeps worrying. Once per task, buddy and number of
 * alerts (a `processed_updates` key): a second answer with no new alert sends nothing, but a task opened
 * again ("Not done yet", ADR 083) whose new chain alerted the buddy again is thanked again when answered,
 * where it was left worrying before. Best effort: the answer never fails because of it, and waits for it
 * only alongside its own read-back.
 */
export async function thankAlertedBuddies(deps: Deps, userId: string, task: { id: string; title: string }): Promise<void> {
  const taskId = task.id;
  try {
    // The answer already holds the task; the owner and the alerts are read together: one D1 round trip (ADR 071).
    const [[owner], rows] = await Promise.all([
      deps.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1),
      // The task's deliveries by key, step by step (deliveries have no task index, ADR 069): each of its
      // chains' steps owns the keys that start with "<escalation>:<step index>@".
      deps.db
        .select({ channel: deliveries.channel, recipient: deliveries.recipient })
        .from(escalationSteps)
        .innerJoin(deliveries, stepDeliveries(escalationSteps.escalationId, escalationSteps.stepIndex))
        .where(
          and(
            eq(escalationSteps.taskId, taskId),
            eq(deliveries.requestedChannel, "buddies"),
            eq(deliveries.status, "sent"),
            inArray(deliveries.channel, ["email", "telegram"]),
          ),
        ),
    ]);
    if (!owner) return;
    // One note per buddy however many alerts they had (made unique here: the task's few rows need no
    // sort in SQL); never to the owner's own address.
    const toBuddies = rows.filter((row) => row.recipient !== owner.email);
    const alerts = new Map<string, { channel: string; recipient: string; count: number }>();
    for (const row of toBuddies) {
      const id = `${row.channel}:${row.recipient}`;
      alerts.set(id, { ...row, count: (alerts.get(id)?.count ?? 0) + 1 });
    }
    const name = firstName(owner.name);
    const text = `Good news: ${name} has "${task.title}" in hand now, so there's no need to check in. Thank you for being there.`;
    for (const buddy of alerts.values()) {
      // The first thanks keeps its key of before; each later one is for alerts the earlier did not cover.
      const key = `buddy-thanks:${taskId}:${buddy.recipient}${buddy.count > 1 ? `:${buddy.count}` : ""}`;
      const first = await deps.db.insert(processedUpdates).values({ key, receivedAt: deps.clock.now().getTime() }).onConflictDoNothing().returning({ key: processedUpdates.key });
      if (first.length === 0) continue;
      if (buddy.channel === "telegram") {
        await deps.channels.telegram.send({ to: buddy.recipient, text: `✅ ${text}` });
      } else {
        const email = renderEmail({ subject: `Sorted: ${name} is on it`, preheader: text, heading: `Sorted: ${name} is on it`, paragraphs: [text] });
        await deps.channels.email.send({ to: buddy.recipient, subject: email.subject, text: email.text, html: email.html });
      }
    }
  } catch (error) {
    log.warn("buddies.thanks_failed", { taskId, ...errorFields(error) });
  }
}
