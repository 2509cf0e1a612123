import { ANSWER_LABELS, SNOOZE_MINUTES } from "../answers";
import { joinWithAnd } from "../recurrence";
import { BREAK_WORD_TEXTS } from "../quiet-hours/break-words";
import { HOW_HARD_TO_NUDGE } from "../nl/messages";
import { answerDoesNotFitText } from "../nl/question-answers";
import { AGENDA_TEXTS } from "../tasks";
import { SENT_MESSAGE_TEXTS } from "./sent-message-texts";
import { EDIT_FOLLOWED_HOURS, JUST_MADE_MINUTES } from "./just-made";

/**
 * Everything the bot says, in one place (the bot handlers and the web's link greeting use these).
 * Calm, short, and always with a way forward: a person who is stuck gets told what to do next.
 */
export const BOT_TEXTS = {
  welcomeLinked: (name: string) =>
    `Hi ${name}! Your Telegram is now linked to Nudge. 🎉\n\n` +
    `Your reminders will ping you here first, with buttons to answer them (${ANSWER_LABELS.done}, ${ANSWER_LABELS.snooze}, ${ANSWER_LABELS.acknowledge}).\n` +
    `You can also make a reminder by writing it to me, like "take my pills tomorrow at 9".\n\n` +
    "/list shows your next reminders, /help shows what I can do, /stop unlinks this chat.",
  help:
    "Here is what I can do:\n" +
    '• Write a reminder in plain words, like "call mom tomorrow at 5pm" or "water the plants every Monday at 8am"; "take my pills at 8am and 8pm every day" makes one for each time. Right after, "make it 6pm" or "actually tomorrow" changes its time, and ↩️ Undo takes it back.\n' +
    `• ${HOW_HARD_TO_NUDGE}\n` +
    '• Ask "what\'s on today?" (or tomorrow, or this week) to see what\'s coming up, or send /today, /tomorrow or /week; /list shows your next reminders. "What did I miss?" (or /missed) lists what still waits for an answer.\n' +
    '• To delete one, write "cancel" and its name, like "cancel the dentist". I\'ll ask before I delete anything.\n' +
    '• To move one, write "move", its name and the day, like "move the dentist to friday". I\'ll ask before I move it.\n' +
    '• /pause (or "pause until tomorrow") holds every reminder for a while; "resume" ends the break.\n' +
    "• /stop unlinks this chat from your Nudge account.\n" +
    `When a reminder comes, press ${ANSWER_LABELS.done} when it's finished, ${ANSWER_LABELS.snooze} for a little more time, or ${ANSWER_LABELS.acknowledge} to stop the reminders and keep it open. ` +
    'You can also write done, snooze (or snooze 10, or snooze until 7pm), ok, or "move it to friday" for another day: as a reply to a reminder it answers that one, otherwise the last one I sent you. ' +
    "Or react to the reminder: 💯 when it's done, 😴 to snooze, 👍 for ok.",
  /** An answer to the reader's question that does not fit it ("monday" to "Which day in January?", ADR 164): the question again. */
  answerDoesNotFit: answerDoesNotFitText,
  nothingOpen: "You have no reminders waiting for an answer right now. To make one, write it to me, like \"stretch at 3pm\".",
  notLinked:
    "Hi! I'm the Nudge reminder bot. This chat isn't linked to a Nudge account yet.\n\n" +
    "Sign up or sign in with the button below and this chat will be linked. If you already have an account, you can also open Reminder Channels on the Nudge website and turn on Telegram.",
  signUpButton: "Sign up for Nudge",
  signInButton: "I already have an account",
  alreadyLinked: (name: string) => `This chat is linked to ${name}'s Nudge account. Write a reminder to me, or send /help.`,
  listEmpty: AGENDA_TEXTS.listEmpty,
  listHeader: AGENDA_TEXTS.listHeader,
  stopQuestion: "Unlink this chat from your Nudge account? Your reminders will come by email instead until you link Telegram again.",
  stopYes: "Yes, unlink",
  stopNo: "Keep it linked",
  stopped: "Done. This chat is no longer linked to Nudge. You can link it again any time from Reminder Channels on the Nudge website.",
  stopKept: "Good, nothing changed. This chat stays linked.",
  stopAlreadyUnlinked: "This chat is not linked to a Nudge account.",
  unverified: "Please verify your email address on the Nudge website first; then I can make reminders for you.",
  /** A sticker, a voice message, a photo without a caption: the bot reads words only (a caption counts). */
  onlyText: 'I can read words only: a text message, or the caption under a photo. Write your reminder in words, like "call the dentist tomorrow at 10".',
  somethingWrong: "Sorry, something went wrong on my side. Nothing was changed; please try again in a minute.",
  /** On the spinner when "Other snooze times" is pressed (ADR 089). */
  pickSnoozeTime: 'Pick a time below, or write one, like "snooze until 7pm" (or "move it to friday" for another day).',
  answered: {
    done: SENT_MESSAGE_TEXTS.done,
    snooze: (title: string, until: string) => `😴 Snoozed until ${until}: ${title}`,
    acknowledge: (title: string) => `👍 Acknowledged: ${title}. The reminders have stopped; mark it done when you're finished.`,
  },
  agenda: AGENDA_TEXTS,
  forget: {
    none: (named: string, typed: string) =>
      `I couldn't find an open reminder called "${named}", so nothing changed. /list shows your next ones. If you meant a new reminder, add a time, like "${typed} tomorrow at 9am".`,
    which: (count: number) => `I found ${count} open reminders like that${count > 5 ? " (the 5 nearest below)" : ""}. Which one?`,
    ask: (title: string, at: string) => `Delete "${title}" (${at})?`,
    askRepeating: (title: string, repeat: string, at: string) => `"${title}" repeats ${repeat}; the next one is ${at}. Skip just that one, or stop it for good?`,
    yes: "Yes, delete it",
    no: "Keep it",
    skipOne: "Skip this one",
    stopAll: "Stop repeating",
    deleted: SENT_MESSAGE_TEXTS.deleted,
    seriesStopped: SENT_MESSAGE_TEXTS.seriesStopped,
    skipped: (title: string, next: string | null) => `⏭ Skipped this time: ${title}.${next ? ` The next one is ${next}.` : ""}`,
    kept: (title: string) => `Good, I kept it: ${title}.`,
    /** "cancel it" with no reminder replied to or waiting (ADR 100). */
    whichOne: 'Which reminder? Reply "cancel it" to its message, or name it, like "cancel the dentist". /list shows your next ones.',
    /** "undo" after a message that made several (ADR 187): a button each. */
    whichOfSeveral: (count: number) => `That message made ${count} reminders. Which one should I delete?`,
  },
  /** "move the dentist to friday" (ADR 093): asked before anything moves. */
  move: {
    ask: (title: string, from: string, to: string) => `Move "${title}" from ${from} to ${to}?`,
    yes: "Yes, move it",
    which: (count: number) => `I found ${count} open reminders like that${count > 5 ? " (the 5 nearest below)" : ""}. Which one should I move?`,
    whichOfSeveral: (count: number, title: string) => `That message made ${count} "${title}" reminders. Which one should I move?`,
    allPast: 'That time has already passed for each of them, so nothing changed. Name a day or time still to come, like "move the dentist to friday".',
    moved: (sentence: string) => `📅 ${sentence}`,
  },
  /** "/pause", "take a break until monday", "resume" (ADR 095). */
  breaks: {
    ask: 'Take a break? Until it ends I\'ll hold every reminder, then send one message with what waited. A task marked "Remind me even during quiet hours" still reminds you. Or write "pause until monday".',
    hour: "1 hour",
    threeHours: "3 hours",
    morning: "Until tomorrow morning",
    endButton: "End the break",
    started: (until: string, quietUntil: string | null) =>
      `🌙 You're on a break until ${until}${quietUntil ? `, and your quiet hours follow it until ${quietUntil}` : ""}. I'm holding every reminder and will send one message when it ends.`,
    onBreak: (until: string, quietUntil: string | null) =>
      `🌙 You're on a break until ${until}${quietUntil ? `, and your quiet hours follow it until ${quietUntil}` : ""}. I'm holding every reminder until then.`,
    ended: "☀️ Your break is over. Anything that waited arrives now, as one message.",
    notOnBreak: "You're not on a break. Write /pause to take one.",
    past: BREAK_WORD_TEXTS.past,
  },
  undo: SENT_MESSAGE_TEXTS.undo,
  /** After one Undo of several reminders made from one message (ADR 181): the times still set, as their buttons name them. */
  stillSet: (whens: readonly string[]) => `Still set: ${joinWithAnd(whens)}.`,
  confirmationNow: SENT_MESSAGE_TEXTS.confirmationNow,
  /** "undo" typed with no reminder made here in the last minutes. */
  nothingToUndo: `There's nothing to undo: I haven't made a reminder here in the last ${JUST_MADE_MINUTES} minutes. To delete one, write "cancel" and its name, like "cancel the dentist".`,
  /** "make it 8pm" with no reminder just made, replied to or waiting. */
  nothingToRenudge: 'Which reminder should I change? Reply to its message with "make it urgent", "make it gentle" or "don\'t tell my buddy".',
  nothingToRepeat: 'Which reminder should repeat? Reply to its message with "make it every day", or send a new one, like "take pills every day at 9am".',
  nothingToCorrect: 'Which reminder should I change? Reply to its message with the new time, or write "move", its name and the day, like "move the dentist to friday".',
  /** "no" or "nope" typed: nothing changes; the answers it can take (ADR 106). */
  /** "I forgot" typed (ADR 182): kindly, and what it can take; nothing changes. */
  forgotIsNoAnswer: 'No worries, it happens. Nothing is lost: reply "done" once it\'s done, "snooze" for a little more time, or a time like "in 20 minutes".',
  noIsNoAnswer: 'Okay, nothing changed. Reply "snooze" for a little more time, "done" when it\'s finished, or "ok" to stop the reminders and keep it open.',
  /** "stop" typed without the slash: nothing is turned off on one word (ADR 104). */
  stopTyped: 'To hold your reminders for a while, write "pause for 2 hours" or "pause until monday". To unlink this chat from Nudge, send /stop.',
  /** A message the person edited (ADR 107): what the bot says when the edit changes nothing. */
  edits: {
    command: "I don't act on edited commands, so nothing changed. Send the command again as a new message, like /list.",
    answer: "I don't act on an edited answer, so nothing changed. Send it again as a new message, or use the buttons under the reminder.",
    tooLate: `I follow an edit for ${JUST_MADE_MINUTES} minutes after a message, or for ${EDIT_FOLLOWED_HOURS / 24} days when it made a reminder, so nothing changed. Send what you meant as a new message.`,
  },
  welcome: "You're welcome! 🙂",
  farewell: "Talk soon! I'll nudge you when it's time. 👋",
  hello: (name: string) => `Hi ${name}! Write me a reminder, like "call mom tomorrow at 5pm", or ask "what's on today?".`,
  alreadyDone: (title: string) => `This one is already done: ${title}. Nothing more to do.`,
  /** Under "✅ Done: ..." from a button: a Done pressed by mistake is taken back (ADR 083). */
  notDoneYet: SENT_MESSAGE_TEXTS.notDoneYet,
  reopened: (title: string, dueAhead: boolean) =>
    dueAhead ? `↩️ Open again: ${title}. I'll remind you when it's due.` : `↩️ Open again: ${title}. I'll remind you again in a moment, starting gently.`,
  alreadyOpen: (title: string) => `This one is still open: ${title}. I'll keep reminding you.`,
  notYours: "This reminder isn't linked to this chat's account, so I left it alone.",
  gone: "I can't find this reminder any more. It may have been deleted.",
  snoozeMinutes: SNOOZE_MINUTES,
  buddyVerified: (buddy: string, owner: string) =>
    `Thank you, ${buddy}! This chat is now ${owner}'s nudge buddy. If one of ${owner}'s reminders goes unanswered for a while, I'll send a short note here so you can check in kindly. Each note has a link to stop them.`,
  buddyLinkInvalid: "That nudge buddy link has expired or was already used. Ask for a new one (Get Link on their Nudge Buddies page).",
  buddyLinkNeedsGroup: "This nudge buddy link is for a Telegram group. Open it again and pick the group to add me to; I'll confirm there.",
  buddyLinkNeedsPrivate: "This nudge buddy link is for one person, not a group. Open it in your own chat with me instead.",
} as const;
