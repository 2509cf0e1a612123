import type { Deps } from "../deps";
import { getStrategy, resolveStrategyKey } from "../escalation/catalogue";
import type { NudgeChange } from "../nl/nudge-phrases";
import { loadOwnTask, loadUser, updateTask } from "./service";

/** What "make it urgent" said about one reminder did (ADR 112), with the sentence the chat or the mail answers. */
export interface StrategyChangeOutcome {
  state: "changed" | "unchanged" | "already_done";
  message: string;
  /** The same in one text message's room (no description of the sequence). */
  short: string;
}

export const STRATEGY_CHANGE_TEXTS = {
  changed: (title: string, name: string, description: string, restarted: boolean) =>
    `Changed it: "${title}" is now ${name}. ${description}${restarted ? " Its reminders start over now." : ""}`,
  changedShort: (title: string, name: string) => `Changed: "${title}" is now ${name}.`,
  unchanged: (title: string, name: string) => `"${title}" is already ${name}, so nothing changed.`,
  alreadyDone: (title: string) => `"${title}" is already done, so nothing changed.`,
} as const;

/**
 * A reminder's sequence changed from words ("make it urgent", "don't tell my buddy", "make it normal": the person's
 * default), through the dashboard's edit (updateTask): its reminders start over by the new sequence, as the web's
 * Edit Task does. A done reminder is left as it is (there is nothing left to nudge about); the same sequence
 * changes nothing and says so. A task that is not the person's is a 404 (updateTask's).
 */
export async function changeTaskStrategy(deps: Deps, userId: string, taskId: string, change: NudgeChange): Promise<StrategyChangeOutcome> {
  const [task, user] = await Promise.all([loadOwnTask(deps, userId, taskId), change === "default" ? loadUser(deps, userId) : null]);
  const key = change === "default" ? resolveStrategyKey(null, user?.defaultEscalationStrategy) : change;
  const { name, description } = getStrategy(key);
  if (task.status === "COMPLETED") return said("already_done", STRATEGY_CHANGE_TEXTS.alreadyDone(task.title));
  if (task.strategyKey === key) return said("unchanged", STRATEGY_CHANGE_TEXTS.unchanged(task.title, name));
  await updateTask(deps, userId, taskId, { strategy: key });
  // Before its due time nothing has been sent yet, so there is nothing to start over.
  const restarted = task.dueAt <= deps.clock.now().getTime();
  return { state: "changed", message: STRATEGY_CHANGE_TEXTS.changed(task.title, name, description, restarted), short: STRATEGY_CHANGE_TEXTS.changedShort(task.title, name) };
}

function said(state: StrategyChangeOutcome["state"], message: string): StrategyChangeOutcome {
  return { state, message, short: message };
}
