import { and, eq, sql } from "drizzle-orm";
import { tasks } from "../../../db/schema";
import type { Deps } from "../deps";
import { openInListOrder, taskLine, type TaskLine } from "./list";

/**
 * The open reminders made from the same message as this one ("take meds at 8am and 8pm", ADR 181), this one among
 * them, soonest first: what "make it every day" or "make it urgent" said right after is about (ADR 187). Just this
 * one for a reminder made alone, or when the others are done or deleted.
 */
export async function madeTogetherWith(deps: Pick<Deps, "db">, userId: string, taskId: string): Promise<string[]> {
  const lines = await openLinesMadeWith(deps, userId, taskId);
  return lines.length > 0 ? lines.map((line) => line.id) : [taskId];
}

/**
 * The open reminders made with this one from one message, as lines, soonest first: what a "which one?" question lists
 * (undo, a new time; ADR 187, ADR 190). Empty when fewer than two are still open: the words are about this one alone.
 */
export async function openMadeTogether(deps: Pick<Deps, "db">, userId: string, taskId: string): Promise<TaskLine[]> {
  const lines = await openLinesMadeWith(deps, userId, taskId);
  return lines.length < 2 ? [] : lines;
}

/**
 * The open lines sharing this reminder's `made_together_id`, or none when it is not open itself or has none. One read,
 * by the partial index of migration 0038 (the siblings are at most six rows, so they are put in order here, not by a
 * sort in SQLite).
 */
async function openLinesMadeWith(deps: Pick<Deps, "db">, userId: string, taskId: string): Promise<TaskLine[]> {
  const rows = await deps.db
    .select(taskLine)
    .from(tasks)
    .where(
      and(
        sql`${tasks.madeTogetherId} = (select "made_together_id" from "tasks" where "id" = ${taskId} and "user_id" = ${userId})`,
        eq(tasks.userId, userId),
        openInListOrder,
      ),
    );
  if (!rows.some((row) => row.id === taskId)) return [];
  return rows.sort((a, b) => a.dueAt - b.dueAt || a.id.localeCompare(b.id));
}
