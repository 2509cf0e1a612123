import { DateTime } from "luxon";
import type { Deps } from "../deps";
import type { AgendaDay } from "../nl/chat-intents";
import { openTasksDue, type TaskLine } from "../tasks";
import { safeZone } from "../time-zone";
import { nextReminderLines } from "./chat";
import type { ChatOwner } from "./chats";
import { BOT_TEXTS } from "./texts";

/** The most lines one answer lists; more are counted, not listed. */
const AGENDA_LINES = 10;

/**
 * "what's on today?" in the chat: the open reminders of that day on the person's clock (today also
 * lists those still waiting from before), or this week's, or simply the next ones. An empty day says so
 * and names the next reminder, so the answer is never a bare "nothing".
 */
export async function agendaReply(deps: Deps, owner: ChatOwner, day: AgendaDay): Promise<string> {
  if (day === null) {
    const lines = await nextReminderLines(deps, owner);
    return lines.length === 0 ? BOT_TEXTS.listEmpty : [BOT_TEXTS.listHeader, ...lines].join("\n");
  }
  const zone = safeZone(owner.timezone);
  const now = DateTime.fromJSDate(deps.clock.now(), { zone });
  const today = now.startOf("day");
  const first = day === "tomorrow" ? today.plus({ days: 1 }) : today;
  const end = day === "week" ? today.plus({ days: 7 }) : first.plus({ days: 1 });
  // Today and this week include what is still open from before: it is still to do.
  const from = day === "tomorrow" ? first.toMillis() : undefined;
  const due = await openTasksDue(deps, owner.id, { from, before: end.toMillis() }, AGENDA_LINES + 1);
  const heading = BOT_TEXTS.agenda.heading(day, first.setLocale("en-US").toFormat("ccc, LLL d"));
  if (due.length === 0) {
    const [next] = await openTasksDue(deps, owner.id, { from: end.toMillis(), before: Number.MAX_SAFE_INTEGER }, 1);
    return BOT_TEXTS.agenda.nothing(day, next ? `${next.title}, ${whenLabel(next.dueAt, zone, null)}` : null);
  }
  const shown = due.slice(0, AGENDA_LINES).map((task) => `• ${whenLabel(task.dueAt, zone, day === "week" ? null : first)} — ${task.title}${stateLabel(task, now.toMillis())}`);
  const more = due.length > AGENDA_LINES ? [BOT_TEXTS.agenda.more] : [];
  return [heading, ...shown, ...more].join("\n");
}

/** "10:00 AM" on the day asked about; "Sat, Nov 28 at 10:00 AM" on any other day (one still waiting from before). */
function whenLabel(dueAt: number, zone: string, onDay: DateTime | null): string {
  const local = DateTime.fromMillis(dueAt, { zone }).setLocale("en-US");
  if (onDay && local.hasSame(onDay, "day")) return local.toFormat("h:mm a");
  return local.toFormat("ccc, LLL d 'at' h:mm a");
}

function stateLabel(task: TaskLine, now: number): string {
  if (task.status === "SNOOZED") return " (snoozed)";
  if (task.status === "ACKNOWLEDGED") return " (acknowledged, not done yet)";
  return task.dueAt <= now ? " (waiting for your answer)" : "";
}
