import { and, eq, inArray } from "drizzle-orm";
import { tasks } from "../../../db/schema";
import type { Deps } from "../deps";

/** Reminders made from words rather than the form: the web's plain-language box, the bot, an email. */
const FROM_TEXT = ["nl", "telegram", "email"];

/**
 * Onboarding's step 3 ("Set your first reminder", spec 01) is ready once the person has made a
 * reminder in plain language. Read from the tasks themselves, so a reload, another tab or a reminder
 * sent to the bot meanwhile all count. One row at most.
 */
export async function hasTextReminder(deps: Pick<Deps, "db">, userId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.source, FROM_TEXT)))
    .limit(1);
  return Boolean(row);
}
