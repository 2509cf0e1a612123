import { DateTime } from "luxon";
import PostalMime from "postal-mime";
import { findUserByEmail } from "../auth/users";
import type { Deps } from "../deps";
import { renderEmail } from "../email/layout";
import { isAppError } from "../errors";
import { log } from "../log";
import { agendaQuestion, dropThisOne, forgetRequest, helpRequest, namesNoReminder, stopAlone, undoRequest } from "../nl/chat-intents";
import { holdsATime } from "../nl/parse-reminder";
import { breakWishIn } from "../nl/break-phrases";
import { correctionWordsIn, namedMoveIn } from "../nl/move-phrases";
import { breakFromWrittenWords } from "../quiet-hours";
import { agendaText, answerSentence, answerTask, createTask, createTaskFromPrompt, moveTask, reminderToAnswer, TITLE_MAX, taskAYesAnswers } from "../tasks";
import { courtesyOnly, saysYes, snoozeOf, typedAnswer, whenOnlyAnswer, type TypedAnswer } from "../typed-answers";
import { remindedTitle, reminderLines, reminderSubject } from "./mail-text";
import { readInvitation } from "./invitation";
import { askToMoveByName } from "./move-by-name";
import { askToForgetByName } from "./forget-by-name";
import { checkSender } from "./sender-check";
import { INBOUND_MAX_BYTES, INBOUND_TEXTS } from "./texts";

export type InboundOutcome =
  | { kind: "created"; taskId: string; title: string; reply: string }
  | { kind: "answered"; reply: string }
  /** A reply that only answered a reminder ("done"): which one (null when none was waiting), and what was said; with links to act on, if any. */
  | { kind: "replied"; title: string | null; subject: string; reply: string; actions?: Array<{ label: string; url: string }> }
  | { kind: "rejected"; reason: string }
  /** Only thanks or a greeting ("Thanks!"): nothing to do, and no reply (an answer to thanks is only more mail). */
  | { kind: "thanked" };

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
  if (outcome.kind !== "thanked") await deps.channels.email.send({ to: user.email, ...replyEmail(outcome) });
  return outcome;
}

type ParsedMail = Awaited<ReturnType<typeof PostalMime.parse>>;

function firstLineOf(text: string): string {
  return text.split(/\r\n?|\n/).map((line) => line.trim()).find(Boolean) ?? "";
}

/** "remind me about this", "remind me of it" in the lines of a mail whose subject says what "this" is. */
const ABOUT_THIS = /\b(?:please\s+)?remind\s+me\s+(?:about\s+|of\s+)?(?:this|it)\b/i;
/** "unsubscribe", "unsubscribe me", "remove me from this list": the whole subject or first line. */
const UNSUBSCRIBE = /^\s*(?:please\s+)?(?:unsubscribe(?:\s+me)?|remove\s+me(?:\s+from\s+(?:this|the|your)\s+list)?|no\s+more\s+emails)[\s.!]*$/i;

/** "make it 8pm", "actually tomorrow" in a reply about one reminder: a move of it (ADR 105). */
function correctionIn(lines: string): TypedAnswer | null {
  const when = correctionWordsIn(lines);
  return when ? { answer: "move", snoozeMinutes: null, moveTo: when } : null;
}

async function makeReminder(deps: Deps, user: { id: string; timezone: string }, mail: ParsedMail): Promise<Exclude<InboundOutcome, { kind: "rejected" }>> {
  const calendar = mail.attachments.find((part) => part.mimeType.toLowerCase() === "text/calendar");
  const ics = calendar ? (typeof calendar.content === "string" ? calendar.content : new TextDecoder().decode(calendar.content)) : null;
  const invitation = ics ? readInvitation(ics) : null;
  try {
    if (invitation) {
      const { start } = invitation;
      const zoned = start.zone?.tzid === "floating" || start.isDate;
      const dueAt = zoned
        ? DateTime.fromObject({ year: start.year, month: start.month, day: start.day, hour: start.isDate ? ALL_DAY_HOUR : start.hour, minute: start.isDate ? 0 : start.minute }, { zone: user.timezone })
        : DateTime.fromJSDate(start.toJSDate());
      const task = await createTask(deps, user.id, { title: invitation.title.slice(0, TITLE_MAX), dueDate: dueAt.toUTC().toISO() }, "email");
      const when = dueAt.setZone(user.timezone).toFormat("cccc, d LLLL 'at' h:mm a");
      return { kind: "created", taskId: task.id, title: task.title, reply: INBOUND_TEXTS.created(`Got it: "${task.title}" is set for ${when}.`) };
    }
    const lines = reminderLines(mail.text ?? "");
    const subject = reminderSubject(mail.subject ?? "");
    // An answer only when the subject says nothing else: empty, one of our own, or the answer itself. A
    // new reminder in the subject ("Call the dentist tomorrow at 10am") is not lost to a "Done" below it.
    const named = remindedTitle(mail.subject ?? "");
    // A break is about every reminder (ADR 098): "pause until monday", "resume", in a new email or a reply.
    const wish = subject === "" || breakWishIn(subject) ? breakWishIn(lines || subject) : null;
    if (wish) return { kind: "replied", title: null, subject: INBOUND_TEXTS.breakSubject, reply: await breakFromWrittenWords(deps, user, wish, "email") };
    // Only thanks: no reply (nothing to do). Only a greeting ("Hi"), or "help": what this address does.
    // ("Thanks!" alone in the body reads as a sign-off, so no lines: its first line is asked then.)
    const courtesy = subject === "" || lines === "" || courtesyOnly(lines) ? courtesyOnly(subject || lines || firstLineOf(mail.text ?? "")) : null;
    if (courtesy === "thanks") return { kind: "thanked" };
    if (courtesy === "greeting" || helpRequest(subject || lines)) return { kind: "replied", title: null, subject: INBOUND_TEXTS.helpSubject, reply: INBOUND_TEXTS.help };
    // "unsubscribe", "stop": these emails are the person's own reminders; say how to quiet them (nothing changes).
    if (stopAlone(subject || lines) || UNSUBSCRIBE.test(subject || lines)) return { kind: "replied", title: null, subject: INBOUND_TEXTS.stopSubject, reply: INBOUND_TEXTS.stop };
    // A reply about one reminder that is only a day or time ("tomorrow at 3pm", "in 2 hours") or a correction ("make it
    // 8pm") answers it too; elsewhere those words are no reminder (no title).
    const typed = subject === "" || typedAnswer(subject) ? (typedAnswer(lines || subject) ?? (named ? (whenOnlyAnswer(lines) ?? correctionIn(lines)) : null)) : null;
    if (typed) return await answerByMail(deps, user.id, typed, named);
    // "undo", "oops", "skip" or "cancel" alone in a reply about one reminder ("Re: Reminder set: Call bob"): asked
    // with a link (ADR 105).
    if (named && subject === "" && (undoRequest(lines) || dropThisOne(lines))) return await askToForgetByName(deps, user, named, lines);
    // "Yes" in reply to a check-back's "Is it done yet?" is Done.
    const checkedIn = (subject === "" || saysYes(subject)) && saysYes(lines || subject) ? await taskAYesAnswers(deps, user.id, "email", { named }) : null;
    if (checkedIn) return await answerByMail(deps, user.id, { answer: "done", snoozeMinutes: null }, named, checkedIn);
    // A forwarded mail with "remind me about this on friday": the subject is what "this" is.
    const prompt = [subject, subject ? lines.replace(ABOUT_THIS, "") : lines].filter(Boolean).join(" ").trim().slice(0, 500);
    if (!prompt) return { kind: "answered", reply: INBOUND_TEXTS.noTime("The email was empty.") };
    // "What's on today?" asks; the answer is the list, as in Telegram (ADR 078).
    const agenda = agendaQuestion(subject || lines);
    if (agenda) return { kind: "replied", title: null, subject: INBOUND_TEXTS.agendaSubject, reply: await agendaText(deps, user, agenda.day) };
    // "Cancel the dentist" (no time in it: "cancel netflix on friday" is a reminder) asks before it deletes (ADR 100).
    // "cancel it" in a reply to a reminder email names that reminder; elsewhere it names none.
    const forgetWords = forgetRequest(prompt);
    const forgetNamed = forgetWords && namesNoReminder(forgetWords) ? named : forgetWords;
    if (forgetNamed && !holdsATime(prompt, user.timezone, deps.clock.now())) return await askToForgetByName(deps, user, forgetNamed, prompt);
    // "Move the dentist to friday" names a reminder to move (ADR 099): asked by return, never made a reminder of its own.
    const namedMove = namedMoveIn(prompt);
    const asked = namedMove ? await askToMoveByName(deps, user, namedMove) : null;
    if (asked) return asked;
    const result = await createTaskFromPrompt(deps, user.id, { prompt }, "email");
    if (!result.success || !result.task) return { kind: "answered", reply: INBOUND_TEXTS.noTime(result.message) };
    return { kind: "created", taskId: result.task.id, title: result.task.title, reply: INBOUND_TEXTS.created(result.message) };
  } catch (error) {
    // A validation or quota answer is the person's to read (e.g. a past date, too many open tasks).
    if (!isAppError(error)) throw error;
    return { kind: "answered", reply: INBOUND_TEXTS.noTime(error.message) };
  }
}

/**
 * A mail that only answers a reminder ("done", "snooze 10", "ok"), usually a reply to a reminder email
 * (whose Reply-To is this address): for the reminder its subject names, else the one emailed last
 * while it waits, else the one waiting longest (reminderToAnswer); or `knownTaskId`, already found (a yes to a
 * check-back).
 */
async function answerByMail(deps: Deps, userId: string, typed: TypedAnswer, named: string | null, knownTaskId?: string): Promise<Extract<InboundOutcome, { kind: "replied" }>> {
  const taskId = knownTaskId ?? (await reminderToAnswer(deps, userId, "email", named))?.id;
  if (!taskId) return { kind: "replied", title: null, subject: INBOUND_TEXTS.nothingWaitingSubject, reply: INBOUND_TEXTS.nothingWaiting };
  try {
    if (typed.answer === "move") {
      const moved = await moveTask(deps, userId, taskId, typed.moveTo ?? "");
      const subject = moved.state === "moved" ? INBOUND_TEXTS.movedSubject(moved.title) : INBOUND_TEXTS.answeredSubject(moved.title);
      return { kind: "replied", title: moved.title, subject, reply: moved.message };
    }
    const outcome = await answerTask(deps, userId, taskId, typed.answer, snoozeOf(typed));
    return { kind: "replied", title: outcome.title, subject: INBOUND_TEXTS.answeredSubject(outcome.title), reply: answerSentence(typed.answer, outcome) };
  } catch (error) {
    // A move we cannot make as asked ("move it to yesterday"): its sentence says what to do instead.
    if (!isAppError(error) || error.status !== 400) throw error;
    return { kind: "replied", title: null, subject: INBOUND_TEXTS.notChangedSubject, reply: error.message };
  }
}

function replyEmail(outcome: Exclude<InboundOutcome, { kind: "rejected" | "thanked" }>) {
  const created = outcome.kind === "created";
  const subject = outcome.kind === "replied" ? outcome.subject : created ? INBOUND_TEXTS.createdSubject(outcome.title) : INBOUND_TEXTS.noTimeSubject;
  const actions = outcome.kind === "replied" ? outcome.actions : undefined;
  const email = renderEmail({ subject, preheader: outcome.reply, heading: subject, paragraphs: [outcome.reply], actions, footer: ["You're getting this because you emailed your Nudge assistant address."] });
  return { subject: email.subject, text: email.text, html: email.html };
}
