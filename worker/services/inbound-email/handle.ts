import { DateTime } from "luxon";
import PostalMime from "postal-mime";
import { findUserByEmail } from "../auth/users";
import type { Deps } from "../deps";
import { renderEmail } from "../email/layout";
import { isAppError } from "../errors";
import { errorFields, log } from "../log";
import { createTask, TITLE_MAX } from "../tasks";
import { readInvitation } from "./invitation";
import type { InboundOutcome, ReadOutcome } from "./outcome";
import { readMail, readMailWords } from "./readers";
import { checkSender } from "./sender-check";
import { INBOUND_MAX_BYTES, INBOUND_TEXTS } from "./texts";

export type { InboundOutcome } from "./outcome";

/** An all-day invitation becomes a reminder at 9:00 on that day, the person's own morning. */
const ALL_DAY_HOUR = 9;

/**
 * A mail to the assistant address (the Worker's `email()` handler, and /dev/inbound-email locally):
 * from a verified account's own address, checked by SPF/DKIM/DMARC (sender-check.ts), it becomes a
 * task: an invitation at its start with its summary, any other mail read as plain language from the
 * subject and first lines. The sender gets one confirmation or one how-to by email. Unknown senders,
 * failed checks and unreadable or huge messages create nothing and are rejected at SMTP time (the
 * caller's setReject), so nobody else's inbox gets a reply to a forged address.
 */
export async function handleInboundEmail(deps: Deps, raw: ArrayBuffer | string, size: number): Promise<InboundOutcome> {
  if (size > INBOUND_MAX_BYTES) return { kind: "rejected", reason: INBOUND_TEXTS.rejectTooLarge };
  let mail: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    mail = await PostalMime.parse(raw);
  } catch {
    return { kind: "rejected", reason: INBOUND_TEXTS.rejectUnreadable };
  }
  const from = mail.from?.address?.trim().toLowerCase() ?? "";
  const ours = mail.headers.find((header) => header.key === "authentication-results")?.value ?? null;
  const sender = checkSender(ours, from);
  if (!sender.ok) {
    log.warn("inbound_email.sender_refused", { reason: sender.reason });
    return { kind: "rejected", reason: INBOUND_TEXTS.rejectSpoofed };
  }
  const user = from ? await findUserByEmail(deps, from) : null;
  if (!user || !user.isVerified) return { kind: "rejected", reason: INBOUND_TEXTS.rejectUnknown };

  const outcome = await makeReminder(deps, user, mail);
  if (outcome.kind !== "thanked") await sendReply(deps, user, outcome);
  return outcome;
}

/**
 * The one reply. Its failure (the email provider down) is logged, not thrown: the work is done (a reminder made,
 * an answer given), and a thrown error is a temporary SMTP failure to the sender's server, which would deliver
 * the mail again and do the work twice. The person finds the reminder on their dashboard.
 */
async function sendReply(deps: Deps, user: { id: string; email: string }, outcome: Exclude<InboundOutcome, { kind: "rejected" | "thanked" }>): Promise<void> {
  try {
    // Reply-To the assistant: a reply to our answer ("make it 8pm" to "Reminder set", the day to 'Not set yet') is read
    // by the assistant, not lost at EMAIL_FROM's address, which no route reads (as reminder emails, escalation/compose.ts).
    const replyTo = deps.env.ASSISTANT_EMAIL || undefined;
    await deps.channels.email.send({ to: user.email, ...replyEmail(outcome), ...(replyTo ? { replyTo } : {}) });
  } catch (error) {
    log.error("inbound_email.reply_failed", { userId: user.id, outcome: outcome.kind, ...errorFields(error) });
  }
}

type ParsedMail = Awaited<ReturnType<typeof PostalMime.parse>>;

/** An invitation (a text/calendar part) is a reminder at its start; any other mail is read in words (readers.ts). */
async function makeReminder(deps: Deps, user: { id: string; timezone: string }, mail: ParsedMail): Promise<ReadOutcome> {
  const calendar = mail.attachments.find((part) => part.mimeType.toLowerCase() === "text/calendar");
  const ics = calendar ? (typeof calendar.content === "string" ? calendar.content : new TextDecoder().decode(calendar.content)) : null;
  const invitation = ics ? readInvitation(ics) : null;
  try {
    return invitation ? await reminderFromInvitation(deps, user, invitation) : await readMail(deps, user, readMailWords(mail.subject ?? "", mail.text ?? ""));
  } catch (error) {
    // A validation or quota answer is the person's to read (e.g. a past date, too many open tasks).
    if (!isAppError(error)) throw error;
    return { kind: "answered", reply: INBOUND_TEXTS.noTime(error.message) };
  }
}

/** An invitation at its start, with its summary; an all-day or floating one on the person's own clock. */
async function reminderFromInvitation(deps: Deps, user: { id: string; timezone: string }, invitation: NonNullable<ReturnType<typeof readInvitation>>): Promise<ReadOutcome> {
  const { start } = invitation;
  const zoned = start.zone?.tzid === "floating" || start.isDate;
  const dueAt = zoned
    ? DateTime.fromObject({ year: start.year, month: start.month, day: start.day, hour: start.isDate ? ALL_DAY_HOUR : start.hour, minute: start.isDate ? 0 : start.minute }, { zone: user.timezone })
    : DateTime.fromJSDate(start.toJSDate());
  const task = await createTask(deps, user.id, { title: invitation.title.slice(0, TITLE_MAX), dueDate: dueAt.toUTC().toISO() }, "email");
  const when = dueAt.setZone(user.timezone).toFormat("cccc, d LLLL 'at' h:mm a");
  return { kind: "created", taskId: task.id, title: task.title, reply: INBOUND_TEXTS.created(`Got it: "${task.title}" is set for ${when}.`) };
}

function replyEmail(outcome: Exclude<InboundOutcome, { kind: "rejected" | "thanked" }>) {
  const created = outcome.kind === "created";
  const subject = outcome.kind === "replied" ? outcome.subject : created ? INBOUND_TEXTS.createdSubject(outcome.title) : INBOUND_TEXTS.noTimeSubject;
  const actions = outcome.kind === "replied" ? outcome.actions : undefined;
  const email = renderEmail({ subject, preheader: outcome.reply, heading: subject, paragraphs: [outcome.reply], actions, footer: ["You're getting this because you emailed your Nudge assistant address."] });
  return { subject: email.subject, text: email.text, html: email.html };
}
