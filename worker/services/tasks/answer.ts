import { DateTime } from "luxon";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { acknowledgedMessage, SNOOZE_MINUTES, snoozeDuration, type Answer } from "../answers";
import type { Deps } from "../deps";
import { safeZone } from "../time-zone";
import { formatLocalDue, formatLocalTime } from "../escalation/messages";
import { acknowledgeTask, completeTask, snoozeTask } from "./actions";
import type { TaskJson } from "./serialize";
import { loadOwnTask } from "./service";
import { formatTimeOfDay, nearerHalfOfDay } from "./time-of-day";
import type { SnoozeAsked } from "../typed-answers";

/** What answering did, for channels that reply in words (email link pages, the bot, SMS replies). */
export interface AnswerOutcome {
  /** "already_done": the task was done before this answer (twice, or done elsewhere); nothing changed. */
  state: "answered" | "already_done";
  title: string;
  /** The sentence the web pages show after the answer. */
  message: string;
  task: TaskJson;
  /** The person's local time the snooze ends at ("3:30 PM"), for a snooze. */
  snoozedUntilLocal?: string;
}

/**
 * One answer from any channel, through the same task services the dashboard uses (each idempotent).
 * The task must be the user's own (404 otherwise, as loadOwnTask says).
 */
export async function answerTask(deps: Deps, userId: string, taskId: string, answer: Answer, snooze: SnoozeAsked = SNOOZE_MINUTES): Promise<AnswerOutcome> {
  const before = await loadOwnTask(deps, userId, taskId);
  const zone = await zoneOf(deps, userId);
  if (before.status === "COMPLETED") {
    const task = answer === "done" ? await completeTask(deps, userId, taskId) : await acknowledgeTask(deps, userId, taskId);
    return { state: "already_done", title: before.title, message: `"${before.title}" is already done.`, task };
  }
  if (answer === "done") {
    const result = await completeTask(deps, userId, taskId);
    const message = result.nextTask
      ? `"${result.title}" is done. The next one is on ${formatLocalDue(Date.parse(result.nextTask.dueDate), zone)}.`
      : `"${result.title}" is done. Well done!`;
    return { state: "answered", title: before.title, message, task: result };
  }
  if (answer === "snooze") {
    const now = deps.clock.now().getTime();
    const task = await snoozeTask(deps, userId, taskId, snoozeInput(snooze, now, zone));
    const end = task.snoozedUntil ? Date.parse(task.snoozedUntil) : null;
    const until = end === null ? undefined : localTimeWithDay(end, now, zone);
    const message =
      typeof snooze !== "number" && end !== null
        ? `Snoozed. We'll remind you about "${before.title}" again at ${formatLocalDue(end, zone)}.`
        : `Snoozed. We'll remind you about "${before.title}" again in ${snoozeDuration(typeof snooze === "number" ? snooze : SNOOZE_MINUTES)}.`;
    return { state: "answered", title: before.title, message, task, snoozedUntilLocal: until };
  }
  const task = await acknowledgeTask(deps, userId, taskId);
  const checkBackAt = task.checkBackAt ? formatLocalTime(Date.parse(task.checkBackAt), zone) : undefined;
  return { state: "answered", title: before.title, message: acknowledgedMessage(before.title, checkBackAt), task };
}

/**
 * The task service's input for a snooze asked in words: a time said without AM or PM ("until 7") is the
 * nearer half of the day on the person's clock, so the service gets a plain "19:00".
 */
function snoozeInput(snooze: SnoozeAsked, now: number, zone: string): { minutes: number } | { until: string } {
  if (typeof snooze === "number") return { minutes: snooze };
  if (snooze === "morning") return { until: "morning" };
  const clock = { hour: snooze.hour, minute: snooze.minute };
  return { until: formatTimeOfDay(snooze.halfKnown ? clock : nearerHalfOfDay(now, safeZone(zone), clock)) };
}

/** "9:00 AM" today, "9:00 AM tomorrow", else the full local date and time: a snooze's end, said with its day. */
function localTimeWithDay(at: number, now: number, zone: string): string {
  const shown = safeZone(zone);
  const days = Math.round(DateTime.fromMillis(at, { zone: shown }).startOf("day").diff(DateTime.fromMillis(now, { zone: shown }).startOf("day"), "days").days);
  if (days === 0) return formatLocalTime(at, zone);
  return days === 1 ? `${formatLocalTime(at, zone)} tomorrow` : formatLocalDue(at, zone);
}

export async function zoneOf(deps: Pick<Deps, "db">, userId: string): Promise<string> {
  const [user] = await deps.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.timezone ?? "UTC";
}

/** The sentence a person gets after answering in words: by text, keypad or an email reply. */
export function answerSentence(answer: Answer, outcome: AnswerOutcome): string {
  if (outcome.state === "already_done") return `"${outcome.title}" is already done. Nothing more to do.`;
  if (answer === "done") return outcome.message;
  if (answer === "snooze") return `Snoozed. I'll remind you about "${outcome.title}" again${outcome.snoozedUntilLocal ? ` at ${outcome.snoozedUntilLocal}` : " later"}.`;
  return outcome.message;
}
