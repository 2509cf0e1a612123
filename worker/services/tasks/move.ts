import { DateTime } from "luxon";
import type { Deps } from "../deps";
import { badRequest } from "../errors";
import { formatLocalDue, formatLocalTime } from "../escalation/messages";
import { findDateTime } from "../nl/date-time-phrases";
import { weekdayMismatchWords } from "../nl/messages";
import { shiftOf } from "../nl/move-phrases";
import { WEEKDAY_NAMES } from "../recurrence";
import { resolveSchedule } from "../nl/schedule";
import { clockOfTheWords } from "../nl/zone-words";
import { safeZone } from "../time-zone";
import type { TaskJson } from "./serialize";
import { editLoadedTask, findUser, loadOwnTask } from "./service";

/** What moving did, for the channels that answer in words (a text reply, the chat, an email reply, an email's link page). */
export interface MoveOutcome {
  /** "already_done": the task was done before (nothing moved); "unchanged": it was already due then. */
  state: "moved" | "unchanged" | "already_done";
  title: string;
  /** The sentence every channel answers with. */
  message: string;
  task: TaskJson | null;
}

/** A day and a time picked on a page ("2026-11-28", "09:00"), on the person's own clock. */
export interface PickedDay {
  day: string;
  time: string;
}

/** An email's snooze page with no day (or no readable one) picked for "Another day". */
export const MOVE_DAY_MISSING = "Choose the day to move it to, and its time.";

/** A move to a moment already gone: nothing changes. */
export function movePastMessage(title: string): string {
  return `That time has already passed, so "${title}" stays as it was. Name a day or time still to come, like "move it to friday".`;
}

/** "move it to friday the 12th" when the 12th is a Saturday: which was meant cannot be told, so nothing moves. */
export function moveWeekdayMismatchMessage(title: string, date: string, said: string): string {
  const words = weekdayMismatchWords(date, said);
  return `${words.date} is a ${words.own}, not a ${words.said}, so "${title}" stays as it was. Say the day or the date you mean, like "move it to ${words.asTyped.weekday}" or "move it to ${words.asTyped.date}".`;
}

/** A move to the time the reminder is already due at: nothing changes. */
export function alreadyDueMessage(title: string, dueLocal: string): string {
  return `"${title}" is already due at ${dueLocal}, so nothing changed.`;
}

/** A picked move to a moment already gone (a page, where nothing is typed). */
export function pickedPastMessage(title: string): string {
  return `That time has already passed, so "${title}" stays as it was. Choose a day and time still to come.`;
}

/**
 * A reminder moved to another day or time from a channel (ADR 091): "move it to friday" by text, chat
 * or email reply. The words (nl/move-phrases.ts) are placed on the person's own clock by the reminder
 * reader's rules (nl/schedule.ts: the next such day, a date without a year this year or next); a day
 * said without a time keeps the reminder's own time of day, since "move my 9 o'clock pills to friday"
 * means Friday at 9, not the reader's default. The change itself is the dashboard's edit (updateTask):
 * a new due date, the reminders starting over from it, a snooze or Acknowledge ended.
 */
export async function moveTask(deps: Deps, userId: string, taskId: string, when: string): Promise<MoveOutcome> {
  return moveWith(deps, userId, taskId, (dueAt, title, now, zone) => dueAtOfWords(when, dueAt, title, now, zone));
}

/** A move to a day and time picked on a page (an email's snooze page, ADR 092), read on the person's clock. */
export async function moveTaskToDay(deps: Deps, userId: string, taskId: string, picked: PickedDay): Promise<MoveOutcome> {
  return moveWith(deps, userId, taskId, (_dueAt, title, now, zone) => {
    const dueAt = pickedInstant(picked, zone);
    if (dueAt === null) throw badRequest(MOVE_DAY_MISSING, "MOVE_DAY_MISSING");
    if (dueAt <= now.getTime()) throw badRequest(pickedPastMessage(title), "MOVE_PAST");
    return dueAt;
  });
}

/**
 * A move to an instant already worked out and shown to the person (the chat's "Yes, move it" under
 * "Move "Dentist" to ...?", ADR 093): refused if that moment has gone by meanwhile.
 */
export async function moveTaskToInstant(deps: Deps, userId: string, taskId: string, at: number): Promise<MoveOutcome> {
  return moveWith(deps, userId, taskId, (_dueAt, title, now) => {
    if (at <= now.getTime()) throw badRequest(pickedPastMessage(title), "MOVE_PAST");
    return at;
  });
}

/**
 * Where `when` would move a reminder due at `dueAt` (a day alone keeps its time of day), without moving
 * it: for a question asked before the move. Throws the move's own refusals (a time gone by).
 */
export function movedDueAt(when: string, task: { dueAt: number; title: string }, now: Date, zone: string): number {
  return dueAtOfWords(when, task.dueAt, task.title, now, zone);
}

/** The instant a picked day and time stand for on `zone`'s clock, or null when either is no day or time. */
export function pickedInstant(picked: PickedDay, zone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(picked.day) || !/^\d{2}:\d{2}$/.test(picked.time)) return null;
  const local = DateTime.fromISO(`${picked.day}T${picked.time}`, { zone: safeZone(zone) });
  return local.isValid && local.year >= 2000 && local.year <= 2100 ? local.toMillis() : null;
}

type NewDueAt = (dueAt: number, title: string, now: Date, zone: string) => number;

async function moveWith(deps: Deps, userId: string, taskId: string, newDueAt: NewDueAt): Promise<MoveOutcome> {
  // The task and the person read once, together, for the checks here and for the edit itself.
  const [before, person] = await Promise.all([loadOwnTask(deps, userId, taskId), findUser(deps, userId)]);
  const zone = person?.timezone ?? "UTC";
  if (before.status === "COMPLETED") return { state: "already_done", title: before.title, message: `"${before.title}" is already done, so nothing moved.`, task: null };
  const dueAt = newDueAt(before.dueAt, before.title, deps.clock.now(), zone);
  if (dueAt === before.dueAt) {
    return { state: "unchanged", title: before.title, message: alreadyDueMessage(before.title, formatLocalDue(dueAt, zone)), task: null };
  }
  const { task } = await editLoadedTask(deps, before, person, { dueDate: new Date(dueAt).toISOString() });
  const repeatsAt = before.recurrence && clockOf(dueAt, zone) !== clockOf(before.dueAt, zone) ? ` From then on it repeats at ${formatLocalTime(dueAt, zone)}.` : "";
  return { state: "moved", title: before.title, message: `Moved "${before.title}" to ${formatLocalDue(dueAt, zone)}. We'll remind you then.${repeatsAt}`, task };
}

/**
 * The instant `when` names on the person's clock; a day alone keeps the reminder's time of day, and a time alone
 * keeps its day when that day is still to come ("make it 10am" for a reminder due tomorrow at 8 is tomorrow at 10,
 * ADR 104; for one due today or before, the next 10:00 as always).
 */
function dueAtOfWords(when: string, dueAt: number, title: string, now: Date, zone: string): number {
  // "an hour later", "30 mins earlier": from when it was due, or from now for one already due (it waits for an answer).
  const shift = shiftOf(when);
  if (shift !== null) {
    const shifted = Math.max(dueAt, now.getTime()) + shift;
    if (shifted <= now.getTime()) throw badRequest(movePastMessage(title), "MOVE_PAST");
    return shifted;
  }
  const shown = safeZone(zone);
  const hints = findDateTime(when, now, shown);
  const own = DateTime.fromMillis(dueAt, { zone: shown });
  if (!hints.instant && !hints.time && !hints.partOfDay) {
    hints.time = { hour: own.hour, minute: own.minute, meridiemKnown: true };
    if (hints.date) delete hints.date.timeIfNoneSaid;
  } else if (!hints.instant && !hints.date && !hints.weekday && own.startOf("day") > DateTime.fromJSDate(now, { zone: shown }).startOf("day")) {
    hints.date = { year: own.year, month: own.month, day: own.day, yearKnown: true, monthKnown: true };
  }
  // "move it to 9am EST": on the clock named, as a new reminder's words are (zone-words.ts).
  const schedule = resolveSchedule(hints, null, now, clockOfTheWords(hints.offsetMinutes, now, shown, hints.offsetRegion));
  if (schedule.ok) return schedule.dueAt.getTime();
  if (schedule.reason === "past") throw badRequest(movePastMessage(title), "MOVE_PAST");
  if (schedule.reason === "weekday_mismatch") throw badRequest(moveWeekdayMismatchMessage(title, schedule.date, WEEKDAY_NAMES[schedule.said - 1]!), "MOVE_WEEKDAY_MISMATCH");
  throw badRequest(`I couldn't tell when to move "${title}" to, so nothing changed. Name a day or a time, like "move it to friday" or "move it to tomorrow at 3pm".`, "MOVE_NO_TIME");
}

/** "15:00": the local time of day, to tell whether a move changed a repeat's time. */
function clockOf(at: number, zone: string): string {
  return DateTime.fromMillis(at, { zone: safeZone(zone) }).toFormat("HH:mm");
}
