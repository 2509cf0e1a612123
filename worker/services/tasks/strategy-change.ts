import { snoozeDuration } from "../answers";
import type { Task } from "../../../db/schema";
import type { Deps } from "../deps";
import { getStrategy, resolveStrategyKey } from "../escalation/catalogue";
import { formatLocalDue, formatLocalTime } from "../escalation/messages";
import type { NudgeChange } from "../nl/nudge-phrases";
import { restartFor, type Restart } from "./restart";
import { editLoadedTask, findUser, loadOwnTask, userOrSignIn } from "./service";

/** What "make it urgent" said about one reminder did (ADR 112), with the sentence the chat or the mail answers. */
export interface StrategyChangeOutcome {
  state: "changed" | "unchanged" | "already_done";
  message: string;
  /** The same in one text message's room (no description of the sequence). */
  short: string;
  /** What a sentence about several says (changeTasksStrategy): only for a change with nothing next to tell. */
  together?: { title: string; name: string; description: string };
}

export const STRATEGY_CHANGE_TEXTS = {
  changed: (title: string, name: string, description: string, next: string) => `Changed it: "${title}" is now ${name}. ${description}${next}`,
  /** An overdue reminder goes on from the new sequence's second step (ADR 113). */
  nextIn: (duration: string) => ` Its next nudge comes in ${duration}.`,
  /** A snoozed one keeps its snooze; the new sequence begins when it ends. */
  staysSnoozed: (at: string) => ` It stays snoozed until ${at}.`,
  /** Said of several made from one message (ADR 187), none of them due yet: the new sequence starts at each one's time. */
  changedSeveral: (title: string, count: number, name: string, description: string) => `Changed them: the ${count} "${title}" reminders are now ${name}. ${description}`,
  changedShort: (title: string, name: string, next: string) => `Changed: "${title}" is now ${name}.${next}`,
  /** The same two, in a text's room. */
  nextInShort: (duration: string) => ` Next nudge in ${duration}.`,
  staysSnoozedShort: (at: string) => ` Still snoozed until ${at}.`,
  unchanged: (title: string, name: string) => `"${title}" is already ${name}, so nothing changed.`,
  alreadyDone: (title: string) => `"${title}" is already done, so nothing changed.`,
} as const;

/**
 * A reminder's sequence changed from words ("make it urgent", "don't tell my buddy", "make it normal": the person's
 * default), through the dashboard's edit (editLoadedTask), whose restart rule (restart.ts, ADR 113) says what comes
 * next: before the due time, the new sequence at it; when due, its second step, counted from now (the person has just
 * seen the reminder); when snoozed, the new sequence when the snooze ends. A done reminder is left as it is (there is
 * nothing left to nudge about); the same sequence changes nothing and says so. A task that is not the person's is a
 * 404. The task and the person are read together, once.
 */
export async function changeTaskStrategy(deps: Deps, userId: string, taskId: string, change: NudgeChange): Promise<StrategyChangeOutcome> {
  const [task, person] = await Promise.all([loadOwnTask(deps, userId, taskId), findUser(deps, userId)]);
  const user = userOrSignIn(person);
  const key = change === "default" ? resolveStrategyKey(null, user.defaultEscalationStrategy) : change;
  const { name, description } = getStrategy(key);
  if (task.status === "COMPLETED") return said("already_done", STRATEGY_CHANGE_TEXTS.alreadyDone(task.title));
  if (task.strategyKey === key) return said("unchanged", STRATEGY_CHANGE_TEXTS.unchanged(task.title, name));
  const { restart } = await editLoadedTask(deps, task, person, { strategy: key });
  const next = whatComesNext(restart, user.timezone);
  const together = next.long === "" ? { together: { title: task.title, name, description } } : {};
  return { state: "changed", message: STRATEGY_CHANGE_TEXTS.changed(task.title, name, description, next.long), short: STRATEGY_CHANGE_TEXTS.changedShort(task.title, name, next.short), ...together };
}

/**
 * "make it urgent" said of reminders made from one message ("at 8am and 8pm", ADR 187): each changed as
 * changeTaskStrategy changes one. When all changed and none had begun (no "next nudge" to tell), one sentence names
 * them together; otherwise each one's own sentence, once.
 */
export async function changeTasksStrategy(deps: Deps, userId: string, taskIds: readonly string[], change: NudgeChange): Promise<StrategyChangeOutcome> {
  if (taskIds.length === 1) return changeTaskStrategy(deps, userId, taskIds[0]!, change);
  const outcomes: StrategyChangeOutcome[] = [];
  for (const taskId of taskIds) outcomes.push(await changeTaskStrategy(deps, userId, taskId, change));
  const [first] = outcomes;
  const alike = (outcome: StrategyChangeOutcome) => outcome.together?.title === first?.together?.title && outcome.together?.name === first?.together?.name;
  if (first?.together && outcomes.every((outcome) => outcome.state === "changed" && alike(outcome))) {
    const { title, name, description } = first.together;
    return { ...first, message: STRATEGY_CHANGE_TEXTS.changedSeveral(title, outcomes.length, name, description) };
  }
  const unique = (sentences: string[]) => [...new Set(sentences)].join("\n");
  return { state: outcomes.find((outcome) => outcome.state === "changed")?.state ?? first!.state, message: unique(outcomes.map((o) => o.message)), short: unique(outcomes.map((o) => o.short)) };
}

/** Edit Task's words under "How hard to nudge" when another sequence is picked (ADR 113). */
export const STRATEGY_FORM_NOTES = {
  alreadyDue: (duration: string) => `It's already due, so a new choice goes on from its second step: the next nudge comes ${duration} after you save, not at once.`,
  snoozed: (at: string) => `It stays snoozed until ${at}; a new choice starts then.`,
} as const;

/**
 * What saving another sequence (`key`) on Edit Task would do to this task's reminders, in a sentence, or null when
 * there is nothing to say (not due yet: the new one simply starts at the due time; the same sequence; done). The
 * rule is the edit's own (restart.ts), so the form says what the save will do.
 */
export function strategyChangeNote(task: Pick<Task, "status" | "dueAt" | "snoozedUntil" | "strategyKey">, key: string, zone: string, now: number): string | null {
  const restart = restartFor(task, { dueAt: task.dueAt, strategyKey: key }, now);
  if (restart.kind === "after_seen") return STRATEGY_FORM_NOTES.alreadyDue(snoozeDuration(restart.nextInMinutes));
  if (restart.kind === "after_snooze") return STRATEGY_FORM_NOTES.snoozed(formatLocalDue(restart.startAt, zone));
  return null;
}

/** The sentence after the change, and its short form: nothing before the due time (the new sequence simply starts then). */
function whatComesNext(restart: Restart, zone: string): { long: string; short: string } {
  if (restart.kind === "after_seen") {
    const duration = snoozeDuration(restart.nextInMinutes);
    return { long: STRATEGY_CHANGE_TEXTS.nextIn(duration), short: STRATEGY_CHANGE_TEXTS.nextInShort(duration) };
  }
  if (restart.kind === "after_snooze") {
    return { long: STRATEGY_CHANGE_TEXTS.staysSnoozed(formatLocalDue(restart.startAt, zone)), short: STRATEGY_CHANGE_TEXTS.staysSnoozedShort(formatLocalTime(restart.startAt, zone)) };
  }
  return { long: "", short: "" };
}

function said(state: StrategyChangeOutcome["state"], message: string): StrategyChangeOutcome {
  return { state, message, short: message };
}
