import type { TaskView } from "./types";

/**
 * The dashboard's list in chunks by day (Earlier, Today, Tomorrow, Later, Done): a flat wall of twenty
 * cards is hard to take in, the more so for the people Nudge is for; a heading per day says where "now"
 * is without reading every date. Days are calendar days on the person's clock, as for the card colours.
 *
 * A task's section is fixed when the server renders it and kept when it is answered in place: a task
 * marked Done stays where it was (the server moves it under Done, latest due first, only on the next
 * load), so a heading never appears twice.
 */
export type TaskSection = "earlier" | "today" | "tomorrow" | "later" | "done";

export const SECTION_TITLES: Record<TaskSection, string> = {
  earlier: "Earlier",
  today: "Today",
  tomorrow: "Tomorrow",
  later: "Later",
  done: "Done",
};

export function sectionOf(daysUntilDue: number, completed: boolean): TaskSection {
  if (completed) return "done";
  if (daysUntilDue < 0) return "earlier";
  if (daysUntilDue === 0) return "today";
  return daysUntilDue === 1 ? "tomorrow" : "later";
}

export interface SectionRun {
  section: TaskSection;
  /** Stable while cards come and go ("today"; "today-2" should a section ever come back further down). */
  key: string;
  tasks: TaskView[];
}

/** The list as runs of neighbours in one section, in the list's order. */
export function sectionRuns(tasks: readonly TaskView[]): SectionRun[] {
  const runs: SectionRun[] = [];
  const seen = new Map<TaskSection, number>();
  for (const task of tasks) {
    const last = runs.at(-1);
    if (last?.section === task.section) {
      last.tasks.push(task);
      continue;
    }
    const count = (seen.get(task.section) ?? 0) + 1;
    seen.set(task.section, count);
    runs.push({ section: task.section, key: count === 1 ? task.section : `${task.section}-${count}`, tasks: [task] });
  }
  return runs;
}

const comesBefore = (a: TaskView, b: TaskView) => a.dueDate < b.dueDate || (a.dueDate === b.dueDate && a.id < b.id);

/**
 * Where a repeat's next occurrence goes when its predecessor is answered: at its place in the server's
 * order (open tasks by due time, then done ones, latest first), so it lands under its own day's heading. When that
 * place lies beyond the pages loaded so far, it is left for the page that holds it (`hasMore`).
 */
export function withNextOccurrence(tasks: readonly TaskView[], next: TaskView, hasMore: boolean): TaskView[] {
  if (tasks.some((t) => t.id === next.id)) return [...tasks];
  const at = tasks.findIndex((t) => t.section === "done" || comesBefore(next, t));
  if (at === -1) return hasMore ? [...tasks] : [...tasks, next];
  return [...tasks.slice(0, at), next, ...tasks.slice(at)];
}
