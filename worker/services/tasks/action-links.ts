import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { tasks, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { acknowledgedMessage, isOfferedSnooze, SNOOZE_MINUTES, SNOOZE_TIME_MISSING, snoozeDuration, type Answer } from "../answers";
import { isAppError } from "../errors";
import { formatLocalDue, formatLocalTime } from "../escalation/messages";
import { errorFields, log } from "../log";
import { safeZone } from "../time-zone";
import { acknowledgeTask, completeTask, snoozeTask } from "./actions";
import { findLink, type AnswerLink } from "./link-lookup";
import { parseTimeOfDay } from "./time-of-day";
import { reopenedMessage, reopenTask, stillOpenMessage } from "./reopen";
import { zoneOf } from "./answer";
import { alreadyDueMessage, MOVE_DAY_MISSING, moveTaskToDay, pickedInstant, pickedPastMessage, type PickedDay } from "./move";
import type { TaskStatus } from "./serialize";

/**
 * The one-click links of reminder emails and push notifications (`/r/<token>/<answer>`). GET only
 * DESCRIBES what the link will do (mail scanners and link previews open every link); POST REDEEMS
 * it: the answer is marked used with a conditional update (so each answer of a message acts once)
 * and the same service the dashboard uses does the work.
 *
 * A message's token is stored as its SHA-256 on the message's delivery row (ADR 067). Links of the
 * earlier shape, `/r/<token>` with one link_tokens row per answer, still work until they expire: no
 * answer in the path means such a link.
 */
export interface ActionLinkTask {
  title: string;
  status: TaskStatus;
  /** The due time on the user's own clock, e.g. "9:00 AM on Monday, 2 March (Europe/London)". */
  dueLocal: string;
}

/** What an email's snooze page fills its "Another day" with (ADR 092): tomorrow at the reminder's own time. */
export interface MoveDefaults {
  /** Tomorrow on the person's clock, "2026-11-28". */
  day: string;
  /** The reminder's time of day on the person's clock, "09:00". */
  time: string;
  /** Today on the person's clock: the earliest day the field offers. */
  today: string;
}

export type ActionLinkView =
  | { state: "ready"; action: Answer; minutes?: number; task: ActionLinkTask; move?: MoveDefaults }
  | { state: "used"; action: Answer; task: ActionLinkTask }
  | { state: "invalid" };

/** What a link's POST did: an answer, or "reopen", a Done of the same link taken back (ADR 087). */
export type ActionLinkOutcome =
  | { state: "done"; action: Answer | "reopen"; minutes?: number; task: ActionLinkTask; message: string }
  | { state: "used"; action: Answer; task: ActionLinkTask }
  | { state: "failed"; action: Answer | "reopen"; task: ActionLinkTask; message: string }
  /** Bad input (a snooze "until" that is no time): nothing happened and the link still works; the page asks again. */
  | { state: "refused"; action: Answer; task: ActionLinkTask; message: string }
  | { state: "invalid" };

/** The link's task as its page shows it, and the clock it is read on. */
async function loadTask(deps: Deps, link: AnswerLink): Promise<{ view: ActionLinkTask; dueAt: number; zone: string } | null> {
  const [found] = await deps.db
    .select({ title: tasks.title, status: tasks.status, dueAt: tasks.dueAt, timezone: users.timezone })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(and(eq(tasks.id, link.taskId), eq(tasks.userId, link.userId)))
    .limit(1);
  if (!found) return null;
  return { view: { title: found.title, status: found.status as TaskStatus, dueLocal: formatLocalDue(found.dueAt, found.timezone) }, dueAt: found.dueAt, zone: found.timezone };
}

async function loadTaskView(deps: Deps, link: AnswerLink): Promise<ActionLinkTask | null> {
  return (await loadTask(deps, link))?.view ?? null;
}

function moveDefaults(dueAt: number, zone: string, now: number): MoveDefaults {
  const shown = safeZone(zone);
  const today = DateTime.fromMillis(now, { zone: shown });
  return { day: today.plus({ days: 1 }).toISODate() ?? "", time: DateTime.fromMillis(dueAt, { zone: shown }).toFormat("HH:mm"), today: today.toISODate() ?? "" };
}

/** What GET /r/<token>/<answer> (or an earlier /r/<token>) shows. Changes nothing. */
export async function describeActionLink(deps: Deps, rawToken: string, answer?: string): Promise<ActionLinkView> {
  const link = await findLink(deps, rawToken, answer);
  if (!link) return { state: "invalid" };
  const loaded = await loadTask(deps, link);
  if (!loaded) return { state: "invalid" };
  const { view: task } = loaded;
  if (link.usedAt !== null) return { state: "used", action: link.action, task };
  const now = deps.clock.now().getTime();
  if (link.expiresAt !== null && link.expiresAt <= now) return { state: "invalid" };
  const move = link.action === "snooze" ? { move: moveDefaults(loaded.dueAt, loaded.zone, now) } : {};
  return { state: "ready", action: link.action, minutes: link.minutes, task, ...move };
}

/**
 * What POST /r/<token> does: consumes the token (once) and performs its action. If the action
 * fails with something other than an answer for the person (an AppError, shown as "failed"), e.g.
 * a D1 error, the token is given back before the error goes on (a 500 page): the action's writes
 * are one batch, so nothing was done and the link must still work (ADR 029). Should the failure
 * come after that batch, using the link again repeats an idempotent answer.
 */
export async function redeemActionLink(deps: Deps, rawToken: string, answer?: string, choice: LinkChoice = {}): Promise<ActionLinkOutcome> {
  const link = await findLink(deps, rawToken, answer);
  if (!link) return { state: "invalid" };
  const { userId, taskId, action } = link;
  // A time that is no time, or a day to move to that is none or has gone, is refused before the link
  // is used, so the same link can be tried again.
  const untilTime = action === "snooze" && choice.until !== undefined && choice.until !== "morning" ? parseTimeOfDay(choice.until) : undefined;
  const refusal = untilTime === null ? SNOOZE_TIME_MISSING : action === "snooze" && choice.move ? await moveRefusal(deps, link, choice.move) : null;
  if (refusal !== null) {
    const task = await loadTaskView(deps, link);
    return task ? { state: "refused", action, task, message: refusal } : { state: "invalid" };
  }
  const now = deps.clock.now().getTime();
  const taken = await link.take(now);
  const before = await loadTaskView(deps, link);
  if (!before) return { state: "invalid" };
  if (!taken) {
    return link.usedAt !== null || (link.expiresAt ?? Infinity) > now ? { state: "used", action, task: before } : { state: "invalid" };
  }
  try {
    let message: string;
    let minutes = link.minutes;
    if (action === "snooze" && choice.move) {
      // The snooze page's "Another day" (ADR 092): the dashboard's edit of the due date, as a typed move.
      message = (await moveTaskToDay(deps, userId, taskId, choice.move)).message;
    } else if (action === "done") {
      const result = await completeTask(deps, userId, taskId);
      message = result.nextTask
        ? `"${result.title}" is done. The next one is on ${formatLocalDue(Date.parse(result.nextTask.dueDate), await zoneOf(deps, userId))}.`
        : `"${result.title}" is done. Well done!`;
    } else if (action === "snooze" && choice.until === "morning") {
      // The snooze page's "Tomorrow morning": until 9:00 AM on the person's clock (morning.ts).
      const snoozed = await snoozeTask(deps, userId, taskId, { until: "morning" });
      message = `Snoozed. We'll remind you about "${before.title}" again at ${formatLocalDue(Date.parse(snoozed.snoozedUntil ?? ""), await zoneOf(deps, userId))}.`;
    } else if (action === "snooze" && untilTime) {
      // The snooze page's "Until": the next time the person's clock shows it (time-of-day.ts).
      const snoozed = await snoozeTask(deps, userId, taskId, { until: choice.until });
      message = `Snoozed. We'll remind you about "${before.title}" again at ${formatLocalDue(Date.parse(snoozed.snoozedUntil ?? ""), await zoneOf(deps, userId))}.`;
    } else if (action === "snooze") {
      // The snooze page offers other times; only those are taken from the form.
      minutes = choice.minutes !== undefined && isOfferedSnooze(choice.minutes) ? choice.minutes : (link.minutes ?? SNOOZE_MINUTES);
      await snoozeTask(deps, userId, taskId, { minutes });
      message = `Snoozed. We'll remind you about "${before.title}" again in ${snoozeDuration(minutes)}.`;
    } else {
      const acknowledged = await acknowledgeTask(deps, userId, taskId);
      const checkBackAt = acknowledged.checkBackAt ? formatLocalTime(Date.parse(acknowledged.checkBackAt), await zoneOf(deps, userId)) : undefined;
      message = acknowledgedMessage(before.title, checkBackAt);
    }
    const after = (await loadTaskView(deps, link)) ?? before;
    return { state: "done", action, minutes, task: after, message };
  } catch (error) {
    if (isAppError(error)) return { state: "failed", action, task: before, message: error.message };
    await giveBack(link, now);
    throw error;
  }
}

/** What a link page's form chose: another snooze length, until the morning or a time, or another day. */
export interface LinkChoice {
  minutes?: number;
  until?: string;
  move?: PickedDay;
}

/** Why a picked day cannot be taken (none, or gone by on the person's clock), else null. */
async function moveRefusal(deps: Deps, link: AnswerLink, picked: PickedDay): Promise<string | null> {
  const loaded = await loadTask(deps, link);
  if (!loaded) return null;
  const dueAt = pickedInstant(picked, loaded.zone);
  if (dueAt === null) return MOVE_DAY_MISSING;
  if (dueAt === loaded.dueAt) return alreadyDueMessage(loaded.view.title, loaded.view.dueLocal);
  return dueAt <= deps.clock.now().getTime() ? pickedPastMessage(loaded.view.title) : null;
}

/** A "Not done yet" posted to a Done link that never did a Done (only a crafted request gets here). */
export const ONLY_THIS_LINKS_DONE = "This link's Done wasn't used, so there is nothing to take back here. Your dashboard has Not done yet on every done task.";

/**
 * "Not done yet" on the page a Done link leads to (ADR 087): the Done this same link made is taken
 * back. The link's Done use is given back (so its Done works again, and two presses at once reopen
 * once), then the task is opened again with the dashboard's service. Only a link whose Done was used
 * and that has not expired can do it: the link proves what it proved for Done, and no more.
 * Should opening fail (the caps, a D1 error), the Done use is put back as it was.
 */
export async function reopenByLink(deps: Deps, rawToken: string): Promise<ActionLinkOutcome> {
  const link = await findLink(deps, rawToken, "done");
  const now = deps.clock.now().getTime();
  if (!link || (link.expiresAt ?? Infinity) <= now) return { state: "invalid" };
  const before = await loadTaskView(deps, link);
  if (!before) return { state: "invalid" };
  if (link.usedAt === null) return { state: "failed", action: "reopen", task: before, message: ONLY_THIS_LINKS_DONE };
  // Given back by another press meanwhile: that one reopens; this one says where the task stands.
  if (!(await link.giveBack(link.usedAt))) return { state: "used", action: "done", task: (await loadTaskView(deps, link)) ?? before };
  try {
    const reopened = await reopenTask(deps, link.userId, link.taskId);
    const message = reopened.reopened ? reopenedMessage(reopened.title, Date.parse(reopened.dueDate) > now) : stillOpenMessage(reopened.title);
    return { state: "done", action: "reopen", task: (await loadTaskView(deps, link)) ?? before, message };
  } catch (error) {
    await link.take(now);
    if (isAppError(error)) return { state: "failed", action: "reopen", task: before, message: error.message };
    throw error;
  }
}

/** Gives an answer back; only the use made by this request (used at its now). */
async function giveBack(link: AnswerLink, usedAt: number) {
  try {
    await link.giveBack(usedAt);
  } catch (error) {
    log.error("action_link.unconsume_failed", { taskId: link.taskId, action: link.action, ...errorFields(error) });
  }
}
