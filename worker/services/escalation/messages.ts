import { DateTime } from "luxon";
import type { OutboundMessage } from "../../channels/types";
import { renderEmail, type RenderedEmail } from "../email/layout";
import { ANSWER_KEYPAD, ANSWER_LABELS, ANSWER_LINK_LABELS, ANSWER_REPLY_WORDS, ANSWERS, OTHER_SNOOZE_TIMES_LABEL, SNOOZE_MINUTES, type Answer } from "../answers";
import { oneLine } from "../one-line";
import { safeZone } from "../time-zone";
import type { StepChannel } from "./catalogue";
import { fallbackNotes, PHONE_CAP_NOTE, refusedNotes, unavailableNotes } from "./channel-notes";

/**
 * What each channel says. Every message names the task and its due time on the user's own clock
 * (luxon, the user's IANA zone), and offers the three answers: done, snooze, acknowledge.
 */
export interface ReminderContext {
  task: { id: string; title: string; dueAt: number };
  user: { name: string; email: string; timezone: string };
  stepIndex: number;
  stepCount: number;
  strategyName: string;
  /** A check-back after an Acknowledge (issue 13): the task is acknowledged, not done. */
  checkBack?: boolean;
  /** The one message after quiet hours (issue 13, ADR 064), for the steps held until `heldUntil`. */
  catchUp?: { heldUntil: number };
}

/** "9:00 AM on Monday, 2 March (Europe/London)". */
export function formatLocalDue(dueAt: number, zone: string): string {
  const shown = safeZone(zone);
  const local = DateTime.fromMillis(dueAt, { zone: shown }).setLocale("en-US");
  return `${local.toFormat("h:mm a 'on' cccc, d LLLL")} (${shown})`;
}

/** "9:00 AM": the short form for SMS, calls and pings. */
export function formatLocalTime(dueAt: number, zone: string): string {
  return DateTime.fromMillis(dueAt, { zone: safeZone(zone) }).setLocale("en-US").toFormat("h:mm a");
}

function heading(ctx: ReminderContext): string {
  return ctx.stepIndex === 0 ? `Time for: ${ctx.task.title}` : `Still waiting: ${ctx.task.title}`;
}

/** What a reminder email says beside the reminder: why it came instead of another medium, and whether a reply works. */
export interface ReminderEmailNotes {
  /** Media this server cannot use now (no provider). */
  unavailable?: readonly StepChannel[];
  /** Media the person turned off (STOP by text). */
  refused?: readonly StepChannel[];
  /** The phone cap was reached. */
  capped?: boolean;
  /** The email's Reply-To is the assistant address, so a reply answers the reminder (inbound-email). */
  replyable?: boolean;
}

/** Said in a reminder email's footer when a reply answers it: the typed answers that work there (ADR 086, 091). */
export const REPLY_HINT = 'You can also reply to this email: "done", "snooze until 7pm" or "move it to friday".';

export function reminderEmail(ctx: ReminderContext, urls: Record<Answer, string>, fallbacks: readonly StepChannel[], notes: ReminderEmailNotes = {}): RenderedEmail {
  const { unavailable = [], refused = [], capped = false, replyable = false } = notes;
  const due = formatLocalDue(ctx.task.dueAt, ctx.user.timezone);
  if (ctx.checkBack) return checkBackEmail(ctx, urls);
  return renderEmail({
    subject: ctx.stepIndex === 0 ? `Reminder: ${ctx.task.title}` : `Still to do: ${ctx.task.title}`,
    preheader: `Due ${due}. Tap Done when it's finished.`,
    heading: heading(ctx),
    paragraphs: [
      `Hi ${ctx.user.name}, "${ctx.task.title}" was due at ${due}.`,
      `Tap Done when it's finished and the reminders stop. Need a moment? Snooze it for ${SNOOZE_MINUTES} minutes, or acknowledge it to stop the reminders without marking it done.`,
      ...fallbackNotes(fallbacks),
      ...unavailableNotes(unavailable),
      ...refusedNotes(refused),
      ...(capped ? [PHONE_CAP_NOTE] : []),
    ],
    actions: ANSWERS.map((answer) => ({ label: ANSWER_LINK_LABELS[answer], url: urls[answer], style: answer === "done" ? ("primary" as const) : ("secondary" as const) })),
    footer: [
      `Reminder ${ctx.stepIndex + 1} of ${ctx.stepCount} of your "${ctx.strategyName}" escalation. Each link works from any device.`,
      ...(replyable ? [REPLY_HINT] : []),
      "You're getting this because you set this reminder in Nudge.",
    ],
  });
}

/** The check-back email (issue 13): kinder than a reminder; the person already said they're on it. */
function checkBackEmail(ctx: ReminderContext, urls: Record<Answer, string>): RenderedEmail {
  return renderEmail({
    subject: `Checking in: ${ctx.task.title}`,
    preheader: `You acknowledged it earlier. Is it done yet?`,
    heading: `Checking in: ${ctx.task.title}`,
    paragraphs: [
      `Hi ${ctx.user.name}, you acknowledged "${ctx.task.title}" earlier. Is it done yet?`,
      `Tap Done when it is. Need more time? Snooze it for ${SNOOZE_MINUTES} minutes, or acknowledge it again and we won't ask about it any more.`,
    ],
    actions: ANSWERS.map((answer) => ({ label: ANSWER_LINK_LABELS[answer], url: urls[answer], style: answer === "done" ? ("primary" as const) : ("secondary" as const) })),
    footer: [`Check-in ${ctx.stepIndex + 1} of ${ctx.stepCount} after you acknowledged it. Each link works from any device.`, "You're getting this because you set this reminder in Nudge."],
  });
}

/** How late a task is, for a buddy: "20 minutes ago", "about 2 hours ago", "3 days ago". */
export function howLate(dueAt: number, now: number): string {
  const minutes = Math.max(0, Math.round((now - dueAt) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  if (minutes < 24 * 60) {
    const hours = Math.round(minutes / 60);
    return `${minutes % 60 === 0 ? "" : "about "}${hours} hour${hours === 1 ? "" : "s"} ago`;
  }
  const days = Math.floor(minutes / (24 * 60));
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

export function buddyEmail(ctx: ReminderContext, buddyName: string, unsubscribeUrl: string, now: number): RenderedEmail {
  const due = formatLocalDue(ctx.task.dueAt, ctx.user.timezone);
  const late = howLate(ctx.task.dueAt, now);
  return renderEmail({
    subject: `${ctx.user.name} may need a nudge: "${ctx.task.title}"`,
    preheader: `${ctx.user.name} hasn't responded to their reminders yet.`,
    heading: `${ctx.user.name} may need a nudge`,
    paragraphs: [
      `Hi ${oneLine(buddyName)}, ${ctx.user.name} asked Nudge to remind them to "${ctx.task.title}" at ${due} (${late}), and hasn't responded to the reminders yet.`,
      `A quick message or call from you might help. There's nothing you need to do in Nudge.`,
    ],
    footer: [
      `You get this because ${ctx.user.name} named you as a nudge buddy.`,
      `Don't want these alerts any more? Unsubscribe: ${unsubscribeUrl}`,
    ],
  });
}

/** A nudge buddy's alert in Telegram: who, what and how late, a kind suggestion, and the way out. */
export function telegramBuddyMessage(ctx: ReminderContext, buddyName: string, chatId: string, unsubscribeUrl: string, now: number): OutboundMessage {
  const due = formatLocalDue(ctx.task.dueAt, ctx.user.timezone);
  return {
    to: chatId,
    text:
      `Hi ${oneLine(buddyName)}, ${ctx.user.name} may need a nudge: "${ctx.task.title}" was due at ${due} (${howLate(ctx.task.dueAt, now)}), and they haven't answered their reminders yet.\n\n` +
      `A quick, kind message or call from you might help. There's nothing you need to do in Nudge.\n\n` +
      `Don't want these alerts any more? ${unsubscribeUrl}`,
    meta: { taskId: ctx.task.id, buddy: true },
  };
}

/** The answers as buttons (bot, push): the one wording of answers.ts. */
const ACTION_BUTTONS = ANSWERS.map((action) => ({ action, label: ANSWER_LABELS[action] }));

/**
 * A reminder's buttons in the bot: the three answers, and under them "Other snooze times" (`later:<id>`,
 * services/telegram/snooze-times.ts), which shows the web card's other times in place of these.
 */
export function reminderButtons(taskId: string): Array<Array<{ text: string; callbackData: string }>> {
  return [ACTION_BUTTONS.map((b) => ({ text: b.label, callbackData: `${b.action}:${taskId}` })), [{ text: `⏰ ${OTHER_SNOOZE_TIMES_LABEL}`, callbackData: `later:${taskId}` }]];
}

export function telegramMessage(ctx: ReminderContext, chatId: string): OutboundMessage {
  const time = formatLocalTime(ctx.task.dueAt, ctx.user.timezone);
  return {
    to: chatId,
    text: ctx.checkBack
      ? `👋 Checking in: ${ctx.task.title}. You acknowledged it earlier. Is it done yet?`
      : ctx.stepIndex === 0
        ? `⏰ ${ctx.task.title} (due ${time})`
        : `⏰ Still waiting: ${ctx.task.title} (due ${time})`,
    meta: {
      taskId: ctx.task.id,
      buttons: reminderButtons(ctx.task.id),
    },
  };
}

/** Notifications show at most two buttons on most systems: Done and Snooze (issue 13). */
export const PUSH_ANSWERS = ["done", "snooze"] as const satisfies readonly Answer[];

/**
 * A push notification: the title, when it was due, and Done / Snooze buttons that answer through the
 * same one-use links as the email's (`urls`, /r/<token>), so they work with every page closed.
 */
export function pushMessage(ctx: ReminderContext, endpoint: string, urls: Record<Answer, string>, dashboardUrl: string): OutboundMessage {
  const time = formatLocalTime(ctx.task.dueAt, ctx.user.timezone);
  return {
    to: endpoint,
    subject: ctx.task.title,
    text: ctx.checkBack
      ? "You acknowledged this earlier. Is it done yet? Tap Done when it is."
      : ctx.stepIndex === 0
        ? `Due ${time}. Tap Done when it's finished.`
        : `Still waiting since ${time}. Tap Done when it's finished.`,
    meta: {
      taskId: ctx.task.id,
      url: dashboardUrl,
      actions: PUSH_ANSWERS.map((action) => ({ action, title: ANSWER_LABELS[action], url: urls[action] })),
    },
  };
}

export function smsMessage(ctx: ReminderContext, phone: string): OutboundMessage {
  const time = formatLocalTime(ctx.task.dueAt, ctx.user.timezone);
  return {
    to: phone,
    // A check-back (issue 13) asks, like the other media, instead of repeating the due time.
    text: ctx.checkBack
      ? `Nudge: checking in on "${ctx.task.title}". You acknowledged it earlier. Is it done yet? Reply DONE when it is, SNOOZE for ${SNOOZE_MINUTES} more minutes, or OK and we won't ask again.`
      : `Nudge: "${ctx.task.title}" was due at ${time}. Reply DONE when it's finished, SNOOZE for ${SNOOZE_MINUTES} more minutes, or OK to stop the reminders.`,
    meta: { taskId: ctx.task.id, replies: ANSWER_REPLY_WORDS },
  };
}

/**
 * The reminder's title in one of smsMessage's texts as a person's phone quotes it back (an iPhone's tapback, ADR
 * 120): `Nudge: "Take pills" was due at ...` or a check-back's `Nudge: checking in on "Take pills". You
 * acknowledged it earlier ...`; null for any other text. Beside smsMessage so the wording and its reader change together.
 */
export function titleInSmsReminder(text: string): string | null {
  return /^Nudge: (?:checking in on )?"([\s\S]+)"(?: was due at |\. You acknowledged it earlier)/.exec(text.trim())?.[1] ?? null;
}

export function voiceMessage(ctx: ReminderContext, phone: string): OutboundMessage {
  const time = formatLocalTime(ctx.task.dueAt, ctx.user.timezone);
  const script = `Hello ${ctx.user.name}, this is Nudge with a reminder: ${ctx.task.title}, due at ${time}.`;
  const menu = VOICE_MENU;
  return {
    to: phone,
    text: `${script} ${menu}`,
    // The call's TwiML speaks `script`, then asks `menu` with a keypad gather (channels/voice/twiml.ts).
    meta: { taskId: ctx.task.id, keypad: ANSWER_KEYPAD, script, menu },
  };
}

export const VOICE_MENU = `Press 1 if it's done. Press 2 to snooze for ${SNOOZE_MINUTES} minutes. Press 3 to stop the reminders.`;
