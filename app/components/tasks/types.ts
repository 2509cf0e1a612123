import { OTHER_SNOOZE_MINUTES } from "../../../worker/services/answers";
import type { TaskView } from "./task-view";

/**
 * The shapes the task screens receive from their loaders and actions (app/lib/tasks.server.ts
 * builds them). Kept apart from the server module so components import only types from here.
 */
export type { TaskView } from "./task-view";

export interface TaskListData {
  tasks: TaskView[];
  /** How many pages of 20 the list holds. */
  page: number;
  hasMore: boolean;
  /**
   * Where the next page starts (the list service's keyset cursor), while there is more: the next
   * page costs one page of rows however deep the scroll goes (issue 8).
   */
  nextCursor?: string;
  /** 'Failed to load tasks' (or the server's own sentence) when the load failed. */
  error: string | null;
}

export type TaskPageData = TaskListData;

/** A card's answers, its delete, and "Not done yet" on a done card (intent `reopen`, ADR 083). */
export const TASK_INTENTS = ["acknowledge", "done", "snooze", "delete", "reopen"] as const;
export type TaskIntent = (typeof TASK_INTENTS)[number];

/**
 * The card's other snooze times, beside the spec's Snooze 30 min (worker/services/answers.ts says why).
 * Each posts intent `snooze:<minutes>`.
 */
export const MORE_SNOOZE_MINUTES = OTHER_SNOOZE_MINUTES;

/** "Tomorrow morning" under the other snooze times: until 9:00 AM on the person's clock (worker/services/tasks/morning.ts). */
export const SNOOZE_MORNING_INTENT = "snooze:morning";
export { SNOOZE_MORNING_LABEL } from "../../../worker/services/answers";

/**
 * "Until" a time of day under the other snooze times (ADR 086): the card's time field, on the person's
 * clock, today if still ahead, else tomorrow (worker/services/tasks/time-of-day.ts). Posts `until=HH:MM`.
 */
export const SNOOZE_UNTIL_INTENT = "snooze:until";
export const SNOOZE_UNTIL_LABEL = "Until";
export const SNOOZE_UNTIL_BUTTON = "Snooze";

/** "10 min", "1 hour", "3 hours": the one wording of the other snooze times (worker/services/answers.ts). */
export { snoozeLabel } from "../../../worker/services/answers";

export interface TaskActionResult {
  kind: "task";
  ok: boolean;
  intent: TaskIntent;
  taskId: string;
  /** A calm sentence for a toast (success) or an alert (failure). */
  message: string;
  /** The task after the answer (null after a delete or a failure). */
  task: TaskView | null;
  /** The next occurrence a recurring task got when it was marked done. */
  nextTask: TaskView | null;
  /** "Not done yet" took back the next occurrence its Done had created: the card to drop. */
  removedTaskId?: string | null;
}

export interface StrategyOption {
  key: string;
  name: string;
  description: string;
  /** "At the due time: Telegram message and push notification", ... */
  steps: string[];
  /** What happens after an Acknowledge (issue 13): "If you acknowledge but don't finish, I check back after 2 hours, up to 2 times." */
  checkBack: string;
  /** What the sequence would do for this person now: the steps that would come by email, and where to set them up. */
  forYou: { notes: string[]; setUpChannels: boolean; addBuddy: boolean };
}

export interface StrategySettings {
  /** The user's chosen key, or "" when they never chose (the product default applies). */
  current: string;
  productDefault: { key: string; name: string };
  options: StrategyOption[];
}

export interface StrategyResult {
  kind: "strategy";
  ok: boolean;
  message: string;
  current: string;
}

export interface CreateTaskResult {
  intent: "create";
  ok: boolean;
  message: string;
  field?: "title" | "dueDate";
  /** The session was gone (spec 02 section 8, 401): the cookies were cleared; sign in again. */
  signedOut?: boolean;
}

export interface PromptResult {
  intent: "nl";
  ok: boolean;
  /** The service's confirmation, its advice on phrasing, or 'Failed to create reminder.' */
  message: string;
  /** True when the call itself failed (the message then shows for 3.5 s). */
  failed: boolean;
  /** The session was gone: the cookies were cleared; sign in again. */
  signedOut?: boolean;
  /** The reminder made, for the confirmation's Undo (ADR 109). */
  taskId?: string;
  /** Every reminder made when the words named several times ("at 8am and 8pm", ADR 181): the Undo takes back all. */
  taskIds?: string[];
}

/** The Undo under the box's confirmation (ADR 109): which reminder, and what became of it, in a sentence. */
export interface UndoPromptResult {
  intent: "undo-nl";
  taskId: string;
  /** True when it was deleted. */
  ok: boolean;
  message: string;
  /** The session was gone: nothing was deleted, the cookies were cleared; sign in again. */
  signedOut?: boolean;
}

export interface RemindersData {
  reminders: TaskView[];
  /** The reminder the 'Reminder' modal opens with: the longest-waiting one that is not snoozed. */
  urgentId: string | null;
  error: string | null;
}

/** Where the task answers and the next pages go (app/routes/resources.tasks.tsx). */
export const TASKS_RESOURCE = "/resources/tasks";

/**
 * Where one task's answers are posted: the resource route with the task and the page a plain form post (no
 * JavaScript) comes back to in its query. A card's form so carries no hidden fields: two elements and six
 * attributes less for each card the dashboard renders (issue 8's 0.2 ms a task). Fields of the same names in
 * the form (`taskId`, `returnTo`) are read first.
 */
export const taskAnswerAction = (taskId: string, back: string) => `${TASKS_RESOURCE}?task=${encodeURIComponent(taskId)}&back=${encodeURIComponent(back)}`;

/** One choice of the task form's "How hard to nudge" (ADR 111): a sequence (or "" for the person's default), in words. */
export interface TaskStrategyChoice {
  value: string;
  label: string;
  description: string;
  /** The check-back select's first choice while this one is picked. */
  checkBack: { option: string; hint: string };
}
