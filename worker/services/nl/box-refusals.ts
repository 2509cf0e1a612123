import { ANSWER_LABELS } from "../answers";
import { HOW_HARD_TO_NUDGE } from "./messages";

/**
 * What the web's box (and the API, and a mail's new reminder) says to words that are no reminder: a question, a wish to
 * delete, change, answer or undo one, or a call for help. Only reminders are made there, so each says where that is
 * done instead. Apart from messages.ts, which says what a reading of a reminder came to.
 */

/** "what's on today?" typed where only reminders are made (the web's box, the API, an email): nothing is made. */
export const AGENDA_QUESTION = "That sounds like a question, so I didn't make a reminder. Your dashboard lists all your reminders, soonest first.";

/** "cancel the dentist" with no time, where only reminders are made: how to delete one, and how to make this one. */
export const FORGET_REQUEST = `To delete a reminder, press the bin icon on its card on your dashboard. To be reminded to cancel something, add a time, like "cancel netflix on friday at 6pm".`;

/**
 * "make it 8pm", "move it to friday" typed where only reminders are made (the web's box, the API, a new email): no
 * reminder is open in a conversation there, and "Make it" is no reminder (ADR 108). Where to change one instead.
 */
export const CHANGE_REQUEST = `To change when a reminder is due, press the pencil on its card on your dashboard. To make a new reminder, write what and when, like "call mom tomorrow at 5pm".`;

/** "make it every day" typed where only reminders are made: no reminder was just made there (ADR 177). */
export const REPEAT_CHANGE_REQUEST = `To make a reminder repeat, press the pencil on its card on your dashboard and pick under "Repeat". To make a new repeating reminder, write what and when, like "take pills every day at 9am".`;

/** "make it urgent", "gently" typed where only reminders are made: no reminder is open in a conversation there (ADR 112). */
export const NUDGE_CHANGE_REQUEST = `To change how hard a reminder nudges, press the pencil on its card on your dashboard and pick under "How hard to nudge". To make a new reminder, write what and when, like "pay rent on friday at 5pm, urgently".`;

/** "done", "snooze 10", "ok" typed where only reminders are made: where reminders are answered (ADR 108). */
export const ANSWER_REQUEST = `To answer a reminder, use the ${ANSWER_LABELS.done}, Snooze or ${ANSWER_LABELS.acknowledge} buttons on its card on your dashboard, or reply to the reminder where it reached you. To make a new reminder, write what and when, like "call mom tomorrow at 5pm".`;

/** "undo", "oops" typed where only reminders are made: how to take one back (ADR 108). */
export const UNDO_REQUEST = "To take a reminder back, press the bin icon on its card on your dashboard. It asks before it deletes anything.";

/** "help", "what can you do?" typed where only reminders are made (ADR 108). */
export const BOX_HELP = `Write what to be reminded of and when, in your own words, like "call mom tomorrow at 5pm", "take my pills at 8am and 8pm every day" or "in 20 minutes check the oven". I'll keep nudging you until you answer. ${HOW_HARD_TO_NUDGE}`;
