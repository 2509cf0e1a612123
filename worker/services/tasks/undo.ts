import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { ownTaskLine, type TaskLine } from "./list";
import { deleteTask } from "./service";

/**
 * A reminder "just made" (ADR 104, 109): ten minutes after it was made, an Undo still takes it back at once. A
 * correction comes at once; later, an Undo pressed on an old confirmation is more likely a slip, and the bin on the
 * reminder's card (which asks first) is the way to delete it.
 */
export const JUST_MADE_MINUTES = 10;

/** Whether a moment is within the last ten minutes: a reminder made then counts as "just made". */
export function isJustNow(deps: Pick<Deps, "clock">, at: number): boolean {
  return deps.clock.now().getTime() - at <= JUST_MADE_MINUTES * 60_000;
}

export interface UndoOutcome {
  state: "deleted" | "too_late" | "already_done" | "gone";
  message: string;
}

export const UNDO_TEXTS = {
  deleted: (title: string) => `Taken back: "${title}" is deleted.`,
  deletedSeries: (title: string) => `Taken back: "${title}" is deleted, and it won't repeat.`,
  tooLate: (title: string) => `"${title}" was made more than ${JUST_MADE_MINUTES} minutes ago, so I kept it. To delete it, use the bin icon on its card on your dashboard.`,
  alreadyDone: (title: string) => `"${title}" is already done, so I kept it.`,
  gone: "That reminder is already gone.",
  /** Several made from one prompt (ADR 181), all taken back. */
  deletedSeveral: (count: number, title: string, repeating: boolean) => `Taken back: the ${count} "${title}" reminders are deleted${repeating ? ", and they won't repeat" : ""}.`,
} as const;

/**
 * The Undo under the web box's confirmation (ADR 109): the reminder just made from words is deleted at once, a
 * repeating one with its series (it has no history yet). Only one's own, only while just made and open; otherwise
 * nothing changes and the sentence says why.
 */
export async function undoNewTask(deps: Deps, userId: string, taskId: string): Promise<UndoOutcome> {
  return (await undoOne(deps, userId, taskId)).outcome;
}

/**
 * The box's Undo under a confirmation of several reminders made from one prompt (ADR 181): each taken back as one
 * alone would be. All deleted is said in one sentence; otherwise each one's sentence, once.
 */
export async function undoNewTasks(deps: Deps, userId: string, taskIds: readonly string[]): Promise<UndoOutcome> {
  const undone: Array<Awaited<ReturnType<typeof undoOne>>> = [];
  for (const taskId of taskIds) undone.push(await undoOne(deps, userId, taskId));
  if (undone.length <= 1) return undone[0]?.outcome ?? { state: "gone", message: UNDO_TEXTS.gone };
  const [first] = undone;
  const titles = new Set(undone.map(({ task }) => task?.title));
  if (first?.task && undone.every(({ outcome }) => outcome.state === "deleted") && titles.size === 1) {
    return { state: "deleted", message: UNDO_TEXTS.deletedSeveral(undone.length, first.task.title, Boolean(first.task.recurrence)) };
  }
  const kept = undone.find(({ outcome }) => outcome.state !== "deleted");
  return { state: kept?.outcome.state ?? "deleted", message: [...new Set(undone.map(({ outcome }) => outcome.message))].join(" ") };
}

async function undoOne(deps: Deps, userId: string, taskId: string): Promise<{ outcome: UndoOutcome; task: TaskLine | null }> {
  const task = await ownTaskLine(deps, userId, taskId);
  return { outcome: await undoLine(deps, userId, task), task };
}

async function undoLine(deps: Deps, userId: string, task: TaskLine | null): Promise<UndoOutcome> {
  if (!task) return { state: "gone", message: UNDO_TEXTS.gone };
  if (task.status === "COMPLETED") return { state: "already_done", message: UNDO_TEXTS.alreadyDone(task.title) };
  if (!isJustNow(deps, task.createdAt)) return { state: "too_late", message: UNDO_TEXTS.tooLate(task.title) };
  try {
    await deleteTask(deps, userId, task.id, { series: Boolean(task.recurrence) });
  } catch (error) {
    // Deleted meanwhile (another tab, the bin): the same as gone.
    if (isAppError(error) && error.status === 404) return { state: "gone", message: UNDO_TEXTS.gone };
    throw error;
  }
  return { state: "deleted", message: task.recurrence ? UNDO_TEXTS.deletedSeries(task.title) : UNDO_TEXTS.deleted(task.title) };
}
