import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { formatLocalDue } from "../escalation/messages";
import { describeRecurrence } from "../recurrence";
import { readStoredRule } from "../series/stored-rule";
import { openOfSeries } from "./list";
import { deleteTask } from "./service";
import { createTaskLink, findTaskLink, takeTaskLink, type FoundTaskLink } from "./task-links";

/**
 * "Delete it" links (ADR 100): an email asked 'Delete "Call the dentist"?' ("cancel the dentist" in a mail to the
 * assistant) carries them. A one-off reminder has one ("Yes, delete it"); a repeating one two, "Skip this one"
 * (this occurrence: the series' next one is made) and "Stop repeating" (the series). GET describes, POST deletes
 * once, as the dashboard's Delete does. Refused without using the link: the task done since, or moved since (its
 * due time is not the one the email showed).
 */
export type ForgetKind = "delete" | "series";

interface ForgetLinkData {
  kind: ForgetKind;
  /** Its due time when the email asked. */
  from: number;
}

export interface ForgetLinkTask {
  title: string;
  /** "10:00 AM on Wednesday, 9 March (Europe/London)". */
  dueLocal: string;
  /** "every day at 9:00 AM" for a repeating task, else null. */
  repeats: string | null;
}

/** GET's view: "refused" says on opening what a press would refuse (done or moved since), with no button to press. */
export type ForgetLinkView =
  | { state: "ready"; kind: ForgetKind; task: ForgetLinkTask }
  | { state: "used"; kind: ForgetKind; task: ForgetLinkTask }
  | { state: "refused"; kind: ForgetKind; task: ForgetLinkTask; message: string }
  | { state: "invalid" };

export type ForgetLinkOutcome =
  | { state: "deleted"; kind: ForgetKind; task: ForgetLinkTask; message: string }
  | { state: "refused"; kind: ForgetKind; task: ForgetLinkTask; message: string }
  | { state: "used"; kind: ForgetKind; task: ForgetLinkTask }
  | { state: "invalid" };

export const FORGET_LINK_TEXTS = {
  deleted: (title: string) => `Deleted "${title}". It won't remind you any more.`,
  skipped: (title: string, next: string | null) => `Skipped this time: "${title}".${next ? ` The next one is at ${next}.` : ""}`,
  stopped: (title: string) => `Stopped "${title}". It won't repeat any more.`,
  done: (title: string) => `"${title}" is already done, so nothing was deleted.`,
  changed: (title: string, dueLocal: string) => `"${title}" has changed since this email: it is due at ${dueLocal} now. Nothing was deleted.`,
} as const;

/** A new "Delete it" link for `task`: its URL path (`/delete/<token>`). */
export async function createForgetLink(deps: Deps, userId: string, task: { id: string; dueAt: number }, kind: ForgetKind): Promise<string> {
  const data: ForgetLinkData = { kind, from: task.dueAt };
  return `/delete/${await createTaskLink(deps, "task_forget", userId, task.id, data)}`;
}

function readData(raw: unknown): ForgetLinkData | null {
  const value = (raw ?? {}) as Partial<ForgetLinkData>;
  return (value.kind === "delete" || value.kind === "series") && Number.isSafeInteger(value.from) ? { kind: value.kind, from: value.from! } : null;
}

const findForgetLink = (deps: Deps, rawToken: string) => findTaskLink(deps, "task_forget", rawToken, readData);

function shown(link: FoundTaskLink<ForgetLinkData>): ForgetLinkTask {
  const repeats = link.task.recurrence ? describeRecurrence(readStoredRule(link.task.recurrence).rule) : null;
  return { title: link.task.title, dueLocal: formatLocalDue(link.task.dueAt, link.zone), repeats };
}

/** What the link will do (GET), or why it would do nothing: nothing changes. */
export async function describeForgetLink(deps: Deps, rawToken: string): Promise<ForgetLinkView> {
  const link = await findForgetLink(deps, rawToken);
  return link ? viewOf(link) : { state: "invalid" };
}

/** The link as it stands: used, refused (done or moved since), or ready to delete. */
function viewOf(link: FoundTaskLink<ForgetLinkData>): Exclude<ForgetLinkView, { state: "invalid" }> {
  const { kind } = link.data;
  const task = shown(link);
  if (link.consumed) return { state: "used", kind, task };
  if (link.task.status === "COMPLETED") return { state: "refused", kind, task, message: FORGET_LINK_TEXTS.done(link.task.title) };
  if (link.task.dueAt !== link.data.from) return { state: "refused", kind, task, message: FORGET_LINK_TEXTS.changed(link.task.title, task.dueLocal) };
  return { state: "ready", kind, task };
}

/** The delete (POST), once, through the dashboard's deleteTask. */
export async function redeemForgetLink(deps: Deps, rawToken: string): Promise<ForgetLinkOutcome> {
  const link = await findForgetLink(deps, rawToken);
  if (!link) return { state: "invalid" };
  const view = viewOf(link);
  if (view.state !== "ready") return view;
  const { kind, task } = view;
  if (!(await takeTaskLink(deps, link))) return { state: "used", kind, task };
  try {
    await deleteTask(deps, link.userId, link.taskId, { series: kind === "series" });
    if (!link.task.recurrence) return { state: "deleted", kind, task, message: FORGET_LINK_TEXTS.deleted(link.task.title) };
    if (kind === "series") return { state: "deleted", kind, task, message: FORGET_LINK_TEXTS.stopped(link.task.title) };
    const next = link.task.seriesId ? await openOfSeries(deps, link.userId, link.task.seriesId) : null;
    return { state: "deleted", kind, task, message: FORGET_LINK_TEXTS.skipped(link.task.title, next ? formatLocalDue(next.dueAt, link.zone) : null) };
  } catch (error) {
    // Deleted between the checks and the delete: the link stays used, and says what happened.
    if (isAppError(error) && error.status === 404) return { state: "refused", kind, task, message: FORGET_LINK_TEXTS.deleted(link.task.title) };
    throw error;
  }
}
