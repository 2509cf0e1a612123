import { HOW_HARD_TO_NUDGE } from "../nl/messages";
/** What the assistant address answers (issue 12). Calm, short, and always says what to do next. */
export const INBOUND_TEXTS = {
  createdSubject: (title: string) => `Reminder set: ${title}`,
  created: (confirmation: string) =>
    `${confirmation} Nudge will remind you then, and keep nudging until you answer. To change the time, reply "make it 8pm"; to take it back, reply "undo".`,
  noTimeSubject: "We couldn't set that reminder",
  /**
   * A reminder the reader asked about ("Which day next week?", ADR 164): its words in the subject, so a reply that is
   * only the answer ("monday at 9") can be fitted into them, however much later it comes.
   */
  questionSubject: (prompt: string) => `Not set yet: "${prompt}"`,
  question: (question: string) => `${question} Reply to this email with just the answer, or write the whole reminder again.`,
  noTimeQuestion: (reason: string) =>
    `${reason} Reply to this email with just the day and time, or write the whole reminder again, the way you would say it, for example "Call the dentist tomorrow at 10am".`,
  /** A mail asking what is coming up ("What's on today?"): the list, by return. */
  agendaSubject: "Your reminders in Nudge",
  /** A reply that only answers a reminder ("done", "snooze 10", "ok"). */
  answeredSubject: (title: string) => `Answered: ${title}`,
  /** A reply that moved its reminder to another day or time ("move it to friday"). */
  movedSubject: (title: string) => `Moved: ${title}`,
  nothingWaitingSubject: "No reminder is waiting for an answer",
  /** "Move the dentist to friday" in a new email, and open reminders match (ADR 099): asked, with a link per reminder. */
  moveAskSubject: (title: string) => `Move "${title}"?`,
  moveAsk: (title: string, from: string, to: string) =>
    `Move "${title}" from ${from} to ${to}? Open the link to move it; nothing changes until you do. If you meant a new reminder instead, write it again starting with "remind me to".`,
  moveYes: "Yes, move it",
  moveWhichSubject: "Which reminder should move?",
  /** A new time in reply about one of several reminders made from one message (ADR 190). */
  moveWhichOfSeveral: (count: number, title: string) =>
    `That message made ${count} "${title}" reminders, so nothing moved yet. Open the link of the one to move; nothing changes until you do.`,
  moveWhich: (count: number, named: string) =>
    `${count} of your reminders match "${named}". Open the link of the one to move; nothing changes until you do. If you meant a new reminder instead, write it again starting with "remind me to".`,
  /** "Cancel the dentist" in a new email (ADR 100): asked, with a link per choice. */
  forgetAskSubject: (title: string) => `Delete "${title}"?`,
  forgetAsk: (title: string, at: string) => `Delete "${title}" (${at})? Open the link to delete it; nothing changes until you do.`,
  forgetAskRepeating: (title: string, repeat: string, at: string) =>
    `"${title}" repeats ${repeat}; the next one is ${at}. Skip just that one, or stop it for good? Nothing changes until you open a link.`,
  forgetYes: "Yes, delete it",
  forgetSkipOne: "Skip this one",
  forgetStopAll: "Stop repeating",
  forgetWhichSubject: "Which reminder should go?",
  forgetWhich: (count: number, named: string) =>
    `${count} of your reminders match "${named}". Open the link of the one to delete; nothing changes until you do.${count > 5 ? " These are the 5 nearest." : ""}`,
  forgetNone: (named: string, typed: string) =>
    `I couldn't find an open reminder called "${named}", so nothing changed. Your dashboard lists them all. If you meant a new reminder, add a time, like "${typed} tomorrow at 9am".`,
  /** "help", "what can you do?" in a mail (ADR 105): what this address does. */
  helpSubject: "How to use this address",
  help: [
    'Write a reminder in the subject or the first line, the way you would say it: "Call the dentist tomorrow at 10am", "Take pills every day at 8pm". You can also add this address to a meeting invitation.',
    HOW_HARD_TO_NUDGE,
    'Reply to a reminder with done, snooze (or "snooze 1 hour", "snooze until 7pm"), ok, or "move it to friday". Reply to "Reminder set" with "make it 8pm" to change its time, or "undo" to delete it.',
    'Ask "what\'s on today?" (or tomorrow, or this week) for your list, or "what did I miss?" for what still waits for an answer. "Cancel the dentist" or "move the dentist to friday" asks before it changes anything.',
    '"Pause until monday" or "pause for 3 hours" holds every reminder for a while; "resume" ends the break.',
  ].join("\n\n"),
  /** "unsubscribe" or "stop" in a mail (ADR 105): the reminders are the person's own; how to quiet them. */
  stopSubject: "About these reminder emails",
  stop: [
    "These emails are the reminders you made, so nothing was turned off.",
    'To hold every reminder for a while, reply "pause until monday" or "pause for 3 hours". To stop one reminder, reply "done" or "cancel" to its email. To get them somewhere else, link Telegram or a phone on the Reminder Channels page; to stop them all, you can delete your account in Settings.',
  ].join("\n\n"),
  /** "pause until monday", "resume" (ADR 098): the break started, ended, or how to take one. */
  breakSubject: "Your break",
  /** An answer that could not be given as written ("snooze until friday"): the reply says what to do instead. */
  notChangedSubject: "Nothing changed",
  /** "make it urgent" in a reply about one reminder (ADR 112). */
  renudgedSubject: (title: string) => `Changed: ${title}`,
  renudgeNone: (named: string) => `"${named}" isn't open any more, so nothing changed. Your dashboard lists your reminders.`,
  nothingWaiting:
    'You have no reminders waiting for an answer right now, so nothing changed. To make a new one, write it in the subject or the first line, for example "Call the dentist tomorrow at 10am".',
  noTime: (reason: string) =>
    `${reason} Write the reminder in the subject or the first line, the way you would say it, for example "Call the dentist tomorrow at 10am" or "Take pills every day at 8pm". You can also add this address to a meeting invitation.`,
  /** SMTP rejections: the sending server tells its user (no reply mail, so no backscatter). */
  rejectUnknown: "This address only takes reminders from the verified email address of a Nudge account.",
  rejectSpoofed: "This message could not be verified as coming from its sender (SPF/DKIM/DMARC), so no reminder was made.",
  rejectTooLarge: "This message is too large for a reminder. Please send a short email or a meeting invitation.",
  rejectUnreadable: "This message could not be read as an email.",
} as const;

/** The largest message read (bytes): a reminder is a line, an invitation a few kB; attachments are not needed. */
export const INBOUND_MAX_BYTES = 1_000_000;
