import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { formatLocalDue } from "../escalation/messages";
import { moveTaskToInstant, pickedPastMessage } from "./move";
import { createTaskLink, findTaskLink, takeTaskLink, type FoundTaskLink } from "./task-links";

/**
 * "Move it" links (ADR 099): an email asking 'Move "Call the dentist" from ... to ...?' carries one link per
 * reminder it offers to move. A link names its task, the moment shown, and the due time the task had when
 * asked (task-links.ts keeps it). GET describes (mail scanners open every link), POST moves.
 */
interface MoveLinkData {
  /** Where the reminder moves (ms since the epoch). */
  at: number;
  /** Its due time when the email asked: a reminder changed since is not moved on an old question. */
  from: number;
}

export interface MoveLinkTask {
  title: string;
  /** "10:00 AM on Wednesday, 9 March (Europe/London)": where it is now. */
  fromLocal: string;
  /** Where the link moves it. */
  toLocal: string;
}

/** GET's view: "refused" says on opening what a press would refuse (done, changed since, the moment gone by), with no button to press. */
export type MoveLinkView =
  | { state: "ready"; task: MoveLinkTask }
  | { state: "used"; task: MoveLinkTask }
  | { state: "refused"; task: MoveLinkTask; message: string }
  | { state: "invalid" };

export type MoveLinkOutcome =
  | { state: "moved"; task: MoveLinkTask; message: string }
  /** Nothing moved, and the sentence says why: done since, changed since, the moment gone by. */
  | { state: "refused"; task: MoveLinkTask; message: string }
  | { state: "used"; task: MoveLinkTask }
  | { state: "invalid" };

export const MOVE_LINK_TEXTS = {
  changed: (title: string, dueLocal: string) => `"${title}" has changed since this email: it is due at ${dueLocal} now. Nothing was moved.`,
  done: (title: string) => `"${title}" is already done, so nothing moved.`,
} as const;

/** A new "Move it" link for `task`, to `at`: its full URL path (`/move/<token>`). */
export async function createMoveLink(deps: Deps, userId: string, task: { id: string; dueAt: number }, at: number): Promise<string> {
  const data: MoveLinkData = { at, from: task.dueAt };
  return `/move/${await createTaskLink(deps, "task_move", userId, task.id, data)}`;
}

type FoundLink = FoundTaskLink<MoveLinkData>;

const findMoveLink = (deps: Deps, rawToken: string) => findTaskLink(deps, "task_move", rawToken, readData);

function readData(raw: unknown): MoveLinkData | null {
  const value = (raw ?? {}) as Partial<MoveLinkData>;
  return Number.isSafeInteger(value.at) && Number.isSafeInteger(value.from) ? { at: value.at!, from: value.from! } : null;
}

function shown(link: FoundLink): MoveLinkTask {
  return { title: link.task.title, fromLocal: formatLocalDue(link.task.dueAt, link.zone), toLocal: formatLocalDue(link.data.at, link.zone) };
}

/** What the link will do (GET), or why it would do nothing: nothing changes. */
export async function describeMoveLink(deps: Deps, rawToken: string): Promise<MoveLinkView> {
  const link = await findMoveLink(deps, rawToken);
  return link ? viewOf(link, deps.clock.now().getTime()) : { state: "invalid" };
}

/** The link as it stands: used, refused (done, changed since, the moment gone by), or ready to move. */
function viewOf(link: FoundLink, now: number): Exclude<MoveLinkView, { state: "invalid" }> {
  const task = shown(link);
  if (link.consumed) return { state: "used", task };
  if (link.task.status === "COMPLETED") return { state: "refused", task, message: MOVE_LINK_TEXTS.done(link.task.title) };
  if (link.task.dueAt !== link.data.from) return { state: "refused", task, message: MOVE_LINK_TEXTS.changed(link.task.title, task.fromLocal) };
  if (link.data.at <= now) return { state: "refused", task, message: pickedPastMessage(link.task.title) };
  return { state: "ready", task };
}

/**
 * The move (POST), once. Refused without using the link when the task is done, was moved or edited since the
 * email asked (its due time is not the one the email showed), or the moment has gone by.
 */
export async function redeemMoveLink(deps: Deps, rawToken: string): Promise<MoveLinkOutcome> {
  const link = await findMoveLink(deps, rawToken);
  if (!link) return { state: "invalid" };
  const view = viewOf(link, deps.clock.now().getTime());
  if (view.state !== "ready") return view;
  const { task } = view;
  if (!(await takeTaskLink(deps, link))) return { state: "used", task };
  try {
    const moved = await moveTaskToInstant(deps, link.userId, link.taskId, link.data.at);
    return moved.state === "moved" ? { state: "moved", task, message: moved.message } : { state: "refused", task, message: moved.message };
  } catch (error) {
    // Done or deleted between the checks and the move: what the move says (the link stays used).
    if (isAppError(error) && (error.status === 400 || error.status === 404)) return { state: "refused", task, message: error.message };
    throw error;
  }
}
