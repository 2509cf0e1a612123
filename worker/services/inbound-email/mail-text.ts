import { INBOUND_TEXTS } from "./texts";

/**
 * What the person wrote in a mail to the assistant address, as a reminder reads it: the lines before
 * the first quoted reply, signature or sign-off, at most three. Anything past them would end up in
 * the task's title: "Call the dentist Sent from my iPhone", "Call the dentist Thanks, Robin".
 *
 * Written here rather than taken from email-reply-parser (GitHub's reply parser, ported): its 2.x
 * calls createRequire(import.meta.url) when it loads, which stops the Worker from starting on
 * workerd (import.meta.url is undefined there), and it keeps a sign-off and a phone's signature
 * that make up the whole body. A reminder needs only the first lines, so a stop list is enough.
 */
export function reminderLines(body: string): string {
  const lines: string[] = [];
  for (const raw of body.split(/\r\n?|\n/)) {
    const line = raw.trim();
    if (ENDS_THE_NEW_TEXT.some((pattern) => pattern.test(line))) break;
    if (line) lines.push(line);
    if (lines.length === 3) break;
  }
  return lines.join(" ");
}

/** Lines where what the person wrote has ended. */
const ENDS_THE_NEW_TEXT: readonly RegExp[] = [
  // A quoted reply: "> ...", "On <date>, <name> wrote:", Outlook's "From: <name> <address>" block and
  // its separators, "-----Original Message-----", and the same header in French, German and Spanish.
  /^>/,
  /^on\s.+\swrote:$/i,
  /^(?:from|de|von|da|van)\s?:\s.*(?:<[^>]+@[^>]+>|\[mailto:|@)/i,
  /^_{10,}$/,
  /^-{2,}\s*(?:original message|forwarded message|message d'origine|ursprüngliche nachricht|mensaje original)\s*-*$/i,
  /^le\s.+\sa\s+écrit\s?:$/i,
  /^am\s.+\sschrieb\s.+:$/i,
  /^el\s.+\sescribió:$/i,
  // A signature: "-- " (the standard delimiter, trimmed), a mail app's own line.
  /^--$/,
  /^(?:sent\s+(?:from|with|via)\s+|get\s+outlook\s+for\s+)\S/i,
  // A line that only closes the mail: "Thanks,", "Best regards", "Cheers!", "Thank you".
  /^(?:thanks|thank\s+you|thx|ty|many\s+thanks|best|all\s+the\s+best|best\s+wishes|(?:best|kind|warm|warmest)\s+regards|regards|cheers|sincerely|yours(?:\s+truly)?|love|xx+)\s*[,.!]*$/i,
];

/** "Re:", "Fwd:", "AW:"... as many as a thread has piled up, with any "[External]"-style tag. */
const REPLY_PREFIXES = /^(?:\s*(?:re|fwd?|aw|wg|sv|vs|antw|tr|rif|r)\s*(?:\[\d+\])?\s*:\s*|\s*\[[^\]]{1,20}\]\s*)+/i;

/**
 * The subject as a reminder reads it: without reply and forward prefixes, and nothing at all when it
 * is the subject of one of our own mails (an answer of the assistant, or a reminder). Someone who
 * replies to "Reminder set: Call the dentist" with a new reminder means the words they wrote, not
 * ours: those would be read into the new title ("Re: Reminder set: Call the dentist Water the plants").
 */
export function reminderSubject(subject: string): string {
  const own = withoutReplyPrefixes(subject);
  if (OWN_SUBJECTS.includes(own) || OWN_SUBJECT_STARTS.some((start) => own.startsWith(start)) || remindedTitle(subject) !== null) return "";
  return own;
}

/** The subjects of the assistant's own answers (texts.ts): a reply to any of them says only what its lines say. */
const OWN_SUBJECTS: readonly string[] = [
  INBOUND_TEXTS.noTimeSubject,
  INBOUND_TEXTS.agendaSubject,
  INBOUND_TEXTS.nothingWaitingSubject,
  INBOUND_TEXTS.notChangedSubject,
  INBOUND_TEXTS.breakSubject,
  INBOUND_TEXTS.moveWhichSubject,
  INBOUND_TEXTS.forgetWhichSubject,
  INBOUND_TEXTS.helpSubject,
  INBOUND_TEXTS.stopSubject,
];
const OWN_SUBJECT_STARTS: readonly string[] = [
  INBOUND_TEXTS.createdSubject(""),
  INBOUND_TEXTS.answeredSubject(""),
  INBOUND_TEXTS.movedSubject(""),
  INBOUND_TEXTS.moveAskSubject("").slice(0, -2),
  INBOUND_TEXTS.forgetAskSubject("").slice(0, -2),
  INBOUND_TEXTS.questionSubject("").slice(0, -1),
];

/** 'Not set yet: "' and '"' around the words our question was about (texts.ts). */
const QUESTION_OPENS = INBOUND_TEXTS.questionSubject("").slice(0, -1);
const QUESTION_CLOSES = INBOUND_TEXTS.questionSubject("").slice(-1);

/** The words our question was about, in the subject of a reply to it ('Re: Not set yet: "call mum next week"'), or null (ADR 164). */
export function askedPrompt(subject: string): string | null {
  const own = withoutReplyPrefixes(subject);
  if (!own.startsWith(QUESTION_OPENS) || !own.endsWith(QUESTION_CLOSES)) return null;
  return own.slice(QUESTION_OPENS.length, -QUESTION_CLOSES.length).trim() || null;
}

/**
 * Our emails about one reminder, with its title: the reminders (escalation/messages.ts: "Reminder: ", "Still to do: ",
 * "Checking in: ") and the assistant's answers about one ("Reminder set: ", "Answered: ", "Moved: ", texts.ts; ADR 105).
 */
const REMINDER_SUBJECT = /^(?:Reminder|Still to do|Checking in|Reminder set|Answered|Moved): (.+)$/;

/** The task title in the subject of a reply to one of our emails about a reminder ("Re: Reminder: Take pills" → "Take pills"), or null. */
export function remindedTitle(subject: string): string | null {
  return REMINDER_SUBJECT.exec(withoutReplyPrefixes(subject))?.[1] ?? null;
}

function withoutReplyPrefixes(subject: string): string {
  return subject.replace(REPLY_PREFIXES, "").trim();
}
