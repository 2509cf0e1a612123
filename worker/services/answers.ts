/**
 * The answers a person gives a reminder, and their words, defined once for every medium: the web
 * (dashboard, reminder dialog), the email links (/r/<token>), and next the bot's buttons, SMS
 * reply keywords, the call's keypad and push actions. Below both the tasks and the escalation
 * services, which both speak them.
 *
 * Done ends the chain, Snooze pauses it and resumes at the same step, Acknowledge stops the
 * reminders and leaves the task open.
 */
export const ANSWERS = ["done", "snooze", "acknowledge"] as const;
export type Answer = (typeof ANSWERS)[number];

/** How long Snooze waits, from every medium (the spec's sample snooze is 30 minutes too). */
export const SNOOZE_MINUTES = 30;

/**
 * The other snooze times offered beside the usual one, where a screen has room for a choice: the web's
 * cards and an email link's snooze page. A person who can only act later ("when I'm home") would
 * otherwise snooze again and again, or acknowledge, which stops the reminders.
 */
export const OTHER_SNOOZE_MINUTES = [10, 60, 180] as const;

/**
 * A snooze "until" a time of day posted with no time or an unreadable one (ADR 086): the dashboard
 * card's and an email link page's time field. Browsers normally stop an empty field first.
 */
export const SNOOZE_TIME_MISSING = "Choose the time to snooze until, like 7:00 PM.";

/** Whether `minutes` is one of the snooze times a screen offers (the usual one or another). */
export function isOfferedSnooze(minutes: number): boolean {
  return minutes === SNOOZE_MINUTES || (OTHER_SNOOZE_MINUTES as readonly number[]).includes(minutes);
}

/** "10 minutes", "1 hour", "3 hours", "90 minutes": a snooze's length in a sentence. */
export function snoozeDuration(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = minutes / 60;
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

/** A snooze time on a button: "10 min", "1 hour", "3 hours" (the web's cards, a link's page, the bot). */
export function snoozeLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = minutes / 60;
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** "Tomorrow morning": until 9:00 AM on the person's clock (worker/services/tasks/morning.ts). */
export const SNOOZE_MORNING_LABEL = "Tomorrow morning";

/** What folds the other snooze times away on a card and in the bot. */
export const OTHER_SNOOZE_TIMES_LABEL = "Other snooze times";

export function isAnswer(value: unknown): value is Answer {
  return (ANSWERS as readonly unknown[]).includes(value);
}

/** Button labels where space is short: web buttons, bot buttons, push actions. */
export const ANSWER_LABELS: Record<Answer, string> = {
  done: "Done",
  snooze: `Snooze ${SNOOZE_MINUTES} min`,
  acknowledge: "Acknowledge",
};

/** Email buttons, with room to say what the answer does. */
export const ANSWER_LINK_LABELS: Record<Answer, string> = {
  done: "Done",
  snooze: `Snooze ${SNOOZE_MINUTES} minutes`,
  acknowledge: "Acknowledge (stop reminders)",
};

/** What a web button says while its answer is on the way. */
export const ANSWER_PENDING_LABELS: Record<Answer, string> = {
  done: "Saving...",
  snooze: "Snoozing...",
  acknowledge: "Acknowledging...",
};

/** The words a text message can be answered with (SMS replies, case-insensitive). */
export const ANSWER_REPLY_WORDS: Record<string, Answer> = { DONE: "done", SNOOZE: "snooze", OK: "acknowledge" };

/** The digits of a reminder call's keypad. */
export const ANSWER_KEYPAD: Record<string, Answer> = { "1": "done", "2": "snooze", "3": "acknowledge" };

/** The confirmation an email link's page asks for before acting (GET shows it, POST acts). */
export const ANSWER_QUESTIONS: Record<Answer, (title: string, minutes: number) => string> = {
  done: (title) => `Mark '${title}' as done?`,
  snooze: (title, minutes) => `Snooze '${title}' for ${minutes} minutes?`,
  acknowledge: (title) => `Stop the reminders for '${title}'?`,
};

/** What each answer does, in a sentence (under the question). */
export const ANSWER_EFFECTS: Record<Answer, (minutes: number) => string> = {
  done: () => "The reminders stop. If it repeats, the next one is set up for you.",
  snooze: (minutes) => `We'll remind you again in ${minutes} minutes. The due time stays the same.`,
  acknowledge: () => "The reminders stop, and the task stays open until you mark it done.",
};

/** The confirming button of an email link's page. */
export const ANSWER_CONFIRM_LABELS: Record<Answer, (minutes: number) => string> = {
  done: () => "Yes, mark it done",
  snooze: (minutes) => `Snooze ${minutes} minutes`,
  acknowledge: () => "Yes, stop the reminders",
};

/** The sentence after an acknowledgement, from the dashboard and from a link alike. */
/** `checkBackAt`: the first check-in's time on the person's clock ("2:30 PM"), when the strategy has one (issue 13). */
export function acknowledgedMessage(title: string, checkBackAt?: string): string {
  if (checkBackAt) return `Got it. The reminders for "${title}" have stopped; I'll check back at ${checkBackAt}. Mark it done when you're finished.`;
  return `Got it. The reminders for "${title}" have stopped. Mark it done when you're finished.`;
}
