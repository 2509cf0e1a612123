import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { escalationSteps, tasks } from "../../../db/schema";
import type { OutboundMessage } from "../../channels/types";
import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { renderEmail, type RenderedEmail } from "../email/layout";
import { oneLine } from "../one-line";
import { formatLocalTime, type ReminderContext } from "./messages";
import type { PlannedDelivery } from "./plan";

/**
 * The one calm message after quiet hours (issue 13, ADR 064): "While you were resting: 2 reminders
 * waiting", with each task and its due time, instead of a burst of every held text and call.
 */
export interface WaitingReminder {
  title: string;
  dueAt: number;
}

/** The catch-up's first line (the spec of issue 13). */
export function catchUpHeadline(count: number): string {
  return `While you were resting: ${count} reminder${count === 1 ? "" : "s"} waiting`;
}

/** Lines listed in a message before "and N more". */
const LISTED = 8;

/**
 * The tasks whose steps were held for this quiet end and are not done. Read when the catch-up is
 * composed (a task answered during the night is not listed); by the partial held-steps index.
 */
export async function waitingReminders(deps: Pick<Deps, "db">, userId: string, heldUntil: number): Promise<WaitingReminder[]> {
  const s = escalationSteps;
  const rows = await deps.db
    .selectDistinct({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt })
    .from(s)
    .innerJoin(tasks, eq(tasks.id, s.taskId))
    .where(and(sql`${s.heldUntil} = ${heldUntil}`, eq(tasks.userId, userId), ne(tasks.status, "COMPLETED"), inArray(s.state, ["pending", "claimed", "sending", "sent"])))
    .orderBy(tasks.dueAt, tasks.id);
  return rows.map((row) => ({ title: oneLine(row.title), dueAt: row.dueAt }));
}

function lines(waiting: readonly WaitingReminder[], zone: string): string[] {
  const shown = waiting.slice(0, LISTED).map((w) => `• ${w.title} (due ${formatLocalTime(w.dueAt, zone)})`);
  return waiting.length > LISTED ? [...shown, `• and ${waiting.length - LISTED} more`] : shown;
}

const NEXT_STEP = "Open Nudge to mark them done or snooze them. Anything still waiting goes on gently from here.";

export function catchUpEmail(ctx: ReminderContext, waiting: readonly WaitingReminder[], dashboardUrl: string): RenderedEmail {
  const headline = catchUpHeadline(waiting.length);
  return renderEmail({
    subject: headline,
    preheader: "Your quiet hours are over. Here is what's waiting, all in one place.",
    heading: headline,
    paragraphs: [`Good to see you, ${ctx.user.name}. These came due during your quiet hours:`, ...lines(waiting, ctx.user.timezone), NEXT_STEP],
    actions: [{ label: "Open my reminders", url: dashboardUrl, style: "primary" }],
    footer: ["Nudge held texts, calls and buddy alerts during your quiet hours. Change them in Settings."],
  });
}

export function catchUpText(ctx: ReminderContext, waiting: readonly WaitingReminder[]): string {
  return [`🌅 ${catchUpHeadline(waiting.length)}`, "", ...lines(waiting, ctx.user.timezone), "", NEXT_STEP].join("\n");
}

/** The catch-up on one medium (push, Telegram, or email for a person with neither). */
export async function composeCatchUp(deps: Pick<Deps, "db" | "env">, ctx: ReminderContext, delivery: PlannedDelivery, heldUntil: number, userId: string): Promise<OutboundMessage> {
  const waiting = await waitingReminders(deps, userId, heldUntil);
  // The step's own task at least: a catch-up is only composed for a step that is still waiting.
  const list = waiting.length > 0 ? waiting : [{ title: ctx.task.title, dueAt: ctx.task.dueAt }];
  const dashboardUrl = appLink(deps.env, "/dashboard");
  switch (delivery.medium) {
    case "email": {
      const email = catchUpEmail(ctx, list, dashboardUrl);
      return { to: delivery.recipient, subject: email.subject, text: email.text, html: email.html, meta: { catchUp: true } };
    }
    case "push":
      return { to: delivery.recipient, subject: catchUpHeadline(list.length), text: list.map((w) => w.title).join(", "), meta: { url: dashboardUrl, catchUp: true } };
    default:
      return { to: delivery.recipient, text: `${catchUpText(ctx, list)}\n${dashboardUrl}`, meta: { catchUp: true } };
  }
}
