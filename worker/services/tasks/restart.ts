import type { Task } from "../../../db/schema";
import { getStrategy } from "../escalation/catalogue";

/**
 * How an edit starts a reminder's chain again (ADR 113), decided from the task as read and the task as
 * it will be. One rule for every place a reminder is edited: the dashboard's Edit Task and PUT
 * /v1/tasks/:id, "make it urgent" in the chat, by text and by mail, an edited Telegram message.
 *
 * - "none": nothing to start again (a title, a repeat rule, a done task, the same time and sequence).
 * - "fresh": a new due time; the chain starts from its first step at that time, or now if it has passed,
 *   and a snooze or an "I'm on it" ends (the person moved the reminder).
 * - "after_snooze": a new sequence on a snoozed reminder; the snooze stays and the new sequence begins,
 *   from its first step, when the snooze ends ("remind me in an hour" still reminds in an hour).
 * - "after_seen": a new sequence on a reminder already due; the person has just looked at it (that is
 *   where the change was made), so a ping this minute would tell them nothing. The new sequence goes on
 *   from its second step, counted from now: "make it urgent" brings the call in 5 minutes, "just ping me"
 *   the next ping in 30.
 */
export type Restart =
  | { kind: "none" }
  | { kind: "fresh"; startAt: number }
  | { kind: "after_snooze"; startAt: number }
  | { kind: "after_seen"; startAt: number; fromStep: number; nextInMinutes: number };

type Before = Pick<Task, "status" | "dueAt" | "strategyKey" | "snoozedUntil">;
type After = Pick<Task, "dueAt" | "strategyKey">;

export function restartFor(before: Before, after: After, now: number): Restart {
  if (before.status === "COMPLETED") return { kind: "none" };
  if (after.dueAt !== before.dueAt) return { kind: "fresh", startAt: Math.max(after.dueAt, now) };
  if (after.strategyKey === before.strategyKey) return { kind: "none" };
  if (before.status === "SNOOZED" && before.snoozedUntil !== null && before.snoozedUntil > now) return { kind: "after_snooze", startAt: before.snoozedUntil };
  if (before.dueAt > now) return { kind: "fresh", startAt: before.dueAt };
  const second = getStrategy(after.strategyKey).steps[1];
  // A sequence of one step has nothing after its first: it starts over whole.
  if (!second) return { kind: "fresh", startAt: now };
  return { kind: "after_seen", startAt: now, fromStep: 1, nextInMinutes: second.afterMinutes };
}
