import { DateTime } from "luxon";
import type { Deps } from "../deps";
import { formatLocalDue } from "../escalation/messages";
import type { AgendaDay } from "../nl/chat-intents";
import { getBreak } from "../quiet-hours/break";
import { safeZone } from "../time-zone";
import { listTasks, openTasksDue, type TaskLine } from "./list";

/**
 * What is coming up, in words, for the assistant's answers (Telegram's "what's on today?" and /list, and a
 * mail to the assistant asking the same): the person's open reminders on their own clock.
 */
export const AGENDA_TEXTS = {
  listEmpty: 'You have no reminders coming up. Write one to me, like "stretch at 3pm".',
  listHeader: "Your next reminders:",
  heading: (day: "today" | "tomorrow" | "week", date: string) =>
    day === "today" ? `Today (${date}):` : day === "tomorrow" ? `Tomorrow (${date}):` : "The next 7 days:",
  nothing: (day: "today" | "tomorrow" | "week", next: string | null) =>
    `Nothing is due ${day === "week" ? "in the next 7 days" : day}.` + (next ? ` Your next reminder: ${next}.` : ' Write me one any time, like "stretch at 3pm".'),
  more: "…and more. Your dashboard on the Nudge website lists them all.",
  /** "what did I miss?" (ADR 185): the reminders whose time has come and that wait for an answer. */
  missedHeading: "Still waiting for you:",
  missedFooter: "Nothing is lost: each can still be done, snoozed or moved.",
  nothingMissed: (next: string | null) =>
    "You haven't missed anything: no reminder is waiting for an answer." + (next ? ` Your next reminder: ${next}.` : ' Write me one any time, like "stretch at 3pm".'),
  /** First, during a break taken anywhere (the website, the chat, a text or a mail): why nothing comes meanwhile. */
  onBreak: (until: string) => `⏸ You're on a break until ${until}: reminders wait until then.`,
};

/** The most lines one answer lists; more are counted, not listed. */
const AGENDA_LINES = 10;

interface Person {
  id: string;
  timezone: string;
}

/** `/list`: the person's next open reminders, one line each, on their own clock. */
export async function nextReminderLines(deps: Deps, person: Person, count = 5): Promise<string[]> {
  const page = await listTasks(deps, person.id, { page: "1", limit: String(count) });
  return page.tasks
    .filter((task) => task.status !== "COMPLETED")
    .map((task) => `• ${task.title} — ${formatLocalDue(Date.parse(task.dueDate), person.timezone)}${task.status === "SNOOZED" ? " (snoozed)" : ""}`);
}

/**
 * "what's on today?": the open reminders of that day on the person's clock (today also lists those still
 * waiting from before), or this week's, or simply the next ones. An empty day says so and names the next
 * reminder, so the answer is never a bare "nothing".
 */
export async function agendaText(deps: Deps, person: Person, day: AgendaDay): Promise<string> {
  // The break is read beside the list (one D1 wait): a break taken on the website is said in the chat too.
  const [text, rest] = await Promise.all([agendaOf(deps, person, day), getBreak(deps, person.id)]);
  return rest.untilLocal ? `${AGENDA_TEXTS.onBreak(rest.untilLocal)}\n${text}` : text;
}

async function agendaOf(deps: Deps, person: Person, day: AgendaDay): Promise<string> {
  if (day === null) {
    const lines = await nextReminderLines(deps, person);
    return lines.length === 0 ? AGENDA_TEXTS.listEmpty : [AGENDA_TEXTS.listHeader, ...lines].join("\n");
  }
  const zone = safeZone(person.timezone);
  if (day === "missed") return missedOf(deps, person.id, zone);
  const now = DateTime.fromJSDate(deps.clock.now(), { zone });
  const today = now.startOf("day");
  const first = day === "tomorrow" ? today.plus({ days: 1 }) : today;
  const end = day === "week" ? today.plus({ days: 7 }) : first.plus({ days: 1 });
  // Today and this week include what is still open from before: it is still to do.
  const from = day === "tomorrow" ? first.toMillis() : undefined;
  const due = await openTasksDue(deps, person.id, { from, before: end.toMillis() }, AGENDA_LINES + 1);
  const heading = AGENDA_TEXTS.heading(day, first.setLocale("en-US").toFormat("ccc, LLL d"));
  if (due.length === 0) {
    return AGENDA_TEXTS.nothing(day, await nextReminderFrom(deps, person.id, end.toMillis(), zone));
  }
  const shown = due.slice(0, AGENDA_LINES).map((task) => `• ${whenLabel(task.dueAt, zone, day === "week" ? null : first)} — ${task.title}${stateLabel(task, now.toMillis())}`);
  const more = due.length > AGENDA_LINES ? [AGENDA_TEXTS.more] : [];
  return [heading, ...shown, ...more].join("\n");
}

/**
 * "what did I miss?": the open reminders whose time has passed, oldest first, except those snoozed to a time still to
 * come (put off on purpose, not missed). A reminder said "on it" to is listed: it is not done yet.
 */
async function missedOf(deps: Deps, userId: string, zone: string): Promise<string> {
  const now = deps.clock.now().getTime();
  // A few more than are shown: snoozed ones read here are left out.
  const due = await openTasksDue(deps, userId, { before: now + 1 }, AGENDA_LINES * 2);
  const waiting = due.filter((task) => !(task.status === "SNOOZED" && (task.snoozedUntil ?? 0) > now));
  if (waiting.length === 0) {
    return AGENDA_TEXTS.nothingMissed(await nextReminderFrom(deps, userId, now + 1, zone));
  }
  // Every line waits for an answer, so only what differs is said: "on it" already, or snoozed and come round again.
  const shown = waiting.slice(0, AGENDA_LINES).map((task) => `• ${whenLabel(task.dueAt, zone, null)} — ${task.title}${task.status === "PENDING" ? "" : stateLabel(task, now)}`);
  const more = waiting.length > AGENDA_LINES ? [AGENDA_TEXTS.more] : [];
  return [AGENDA_TEXTS.missedHeading, ...shown, ...more, AGENDA_TEXTS.missedFooter].join("\n");
}

/** "Renew the passport, Sun, Mar 13 at 10:00 AM": the first open reminder due from `from`, named for an empty answer; null for none. */
async function nextReminderFrom(deps: Deps, userId: string, from: number, zone: string): Promise<string | null> {
  const [next] = await openTasksDue(deps, userId, { from, before: Number.MAX_SAFE_INTEGER }, 1);
  return next ? `${next.title}, ${whenLabel(next.dueAt, zone, null)}` : null;
}

/** "10:00 AM" on the day asked about; "Sat, Nov 28 at 10:00 AM" on any other day (one still waiting from before). */
function whenLabel(dueAt: number, zone: string, onDay: DateTime | null): string {
  const local = DateTime.fromMillis(dueAt, { zone }).setLocale("en-US");
  if (onDay && local.hasSame(onDay, "day")) return local.toFormat("h:mm a");
  return local.toFormat("ccc, LLL d 'at' h:mm a");
}

function stateLabel(task: TaskLine, now: number): string {
  if (task.status === "SNOOZED") return task.snoozedUntil !== null && task.snoozedUntil <= now ? " (snoozed earlier)" : " (snoozed)";
  if (task.status === "ACKNOWLEDGED") return " (acknowledged, not done yet)";
  return task.dueAt <= now ? " (waiting for your answer)" : "";
}
