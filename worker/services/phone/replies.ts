import { and, eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { ANSWER_KEYPAD, ANSWER_REPLY_WORDS, SNOOZE_MINUTES, type Answer } from "../answers";
import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { breakWishIn } from "../nl/break-phrases";
import { breakFromWrittenWords } from "../quiet-hours";
import { answerByNameInText, askToSkip, saysSkip } from "./by-name";
import { answerSentence, answerTask, changeTaskStrategy, moveTask, reminderToAnswer, taskAYesAnswers } from "../tasks";
import { nudgeChangeIn, type NudgeChange } from "../nl/nudge-phrases";
import { correctionAnswer, courtesyOnly, readTextReply, saysYes, snoozeOf, type SnoozeAsked, type TextReply, type TypedAnswer } from "../typed-answers";
import { whenOnlyAnswer } from "../when-only-answers";
import { parseReminder } from "../nl/parse-reminder";
import { tapbackIn, type Tapback } from "./tapbacks";

/**
 * Answers that come back by phone (issue 10): a text reply (DONE, SNOOZE [minutes], MOVE <day>, OK, STOP,
 * START, HELP) acts on the reminder texted last while it waits for an answer, else on the one waiting longest;
 * PAUSE FOR 3 HOURS, PAUSE UNTIL MONDAY and RESUME start or end a break (ADR 098); "cancel the dentist" and
 * "move the dentist to friday" get a link to confirm (ADR 101);
 * a keypad digit on a reminder call acts on that call's task. Both go through the same task services as every channel and answer in one sentence.
 */
export const SMS_STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"];
export const SMS_START_WORDS = ["START", "YES", "UNSTOP"];
export const SMS_TEXTS = {
  // One SMS segment (160 GSM-7 characters; tested): a help text in two parts can arrive out of order.
  help: `Reply DONE when it's finished, SNOOZE for ${SNOOZE_MINUTES} min (or SNOOZE 10, SNOOZE UNTIL 7PM), MOVE FRI for another day, or OK to stop the reminders. STOP turns texts off.`,
  stopped: "You won't get Nudge texts on this number any more. Text START to turn them back on.",
  started: "Nudge texts are back on for this number.",
  unknownNumber: (url: string) => `This number isn't linked to a Nudge account. Add it on the Reminder Channels page: ${url}`,
  nothingOpen: "You have no reminders waiting for an answer right now.",
  /** A text that reads as a new reminder (ADR 106): texts only answer reminders; where to make one (one segment). */
  makeElsewhere: (assistant: string) => `Texts only answer reminders. To make a new one, use the Nudge website or Telegram, or email it to ${assistant}`,
} as const;

const REMINDER_GONE = "I can't find that reminder any more. It may have been deleted.";

interface PhoneOwner {
  id: string;
  timezone: string;
  smsOptedOutAt: number | null;
}

async function ownerOf(deps: Pick<Deps, "db">, phone: string): Promise<PhoneOwner | null> {
  const [owner] = await deps.db
    .select({ id: users.id, timezone: users.timezone, smsOptedOutAt: users.smsOptedOutAt })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, true)))
    .limit(1);
  return owner ?? null;
}

/** POST /twilio/sms: the reply's answer (the webhook words it as TwiML); "" for no answer at all. */
export async function replyToText(deps: Deps, from: string, body: string): Promise<string> {
  const owner = await ownerOf(deps, from);
  if (!owner) return SMS_TEXTS.unknownNumber(appLink(deps.env, "/integrations"));
  // An iPhone's tapback on a reminder's text (ADR 120): an answer about the reminder it quotes, or no text back at all.
  const tapback = tapbackIn(body);
  if (tapback) return answerTapback(deps, owner.id, tapback);
  const reply = readTextReply(body);
  const { word } = reply;
  const now = deps.clock.now().getTime();
  // "Yes" to a check-back's "Is it done yet?" is Done. YES is also a carrier opt-in word: it keeps that
  // meaning for a number that opted out (no check-back reaches one) and wherever no check-back asked.
  const checkedIn = saysYes(body) && owner.smsOptedOutAt === null ? await taskAYesAnswers(deps, owner.id, "sms") : null;
  if (checkedIn) return answerOrSay(deps, owner.id, checkedIn, "done", SNOOZE_MINUTES);
  // A break is about every reminder, not the one texted last (ADR 098). Read before the opt-out words, whose
  // first word is enough ("END"): "end the break" ends the break, not the texts.
  const wish = breakWishIn(body);
  if (wish) return breakFromWrittenWords(deps, owner, wish, "sms");
  // "cancel the dentist", "move the dentist to friday": a reminder named by its words gets a link to confirm
  // (ADR 101). Only when an open reminder matches: "CANCEL" alone, or naming none, is the opt-out it always was.
  const byName = await answerByNameInText(deps, owner, body);
  if (byName) return byName;
  // "SKIP": the reminder texted last, asked about with its delete link (ADR 106).
  if (saysSkip(body)) {
    const waiting = await reminderToAnswer(deps, owner.id, "sms");
    return (waiting ? await askToSkip(deps, owner, waiting.id) : null) ?? SMS_TEXTS.nothingOpen;
  }
  if (SMS_STOP_WORDS.includes(word)) {
    await deps.db.update(users).set({ smsOptedOutAt: now, updatedAt: now }).where(eq(users.id, owner.id));
    return SMS_TEXTS.stopped;
  }
  // A "yes" that answers nothing, from a number that never opted out, turns nothing back on: the help says what does.
  if (saysYes(body) && owner.smsOptedOutAt === null) return SMS_TEXTS.help;
  if (SMS_START_WORDS.includes(word)) {
    await deps.db.update(users).set({ smsOptedOutAt: null, updatedAt: now }).where(eq(users.id, owner.id));
    return SMS_TEXTS.started;
  }
  // "DON'T CALL ME", "MAKE IT URGENT": how hard the reminder texted last nudges (ADR 112).
  const nudgeChange = nudgeChangeIn(body);
  if (nudgeChange) {
    const reminder = await reminderToAnswer(deps, owner.id, "sms");
    return reminder ? renudgeOrSay(deps, owner.id, reminder.id, nudgeChange) : SMS_TEXTS.nothingOpen;
  }
  // A reply is about the reminder texted last, so only a day or time ("in 2 hours", "friday") answers it too, and a
  // correction of its time ("make it 8pm", "actually tomorrow") moves it: it is no new reminder called "Make it".
  const typed = readAsTyped(reply) ?? whenOnlyAnswer(body) ?? correctionAnswer(body);
  // Thanks or a farewell alone get no text back (the webhook answers with an empty TwiML): a reply costs a text and says nothing.
  const courtesy = typed ? null : courtesyOnly(body);
  if (courtesy === "thanks" || courtesy === "farewell") return "";
  if (!typed && parseReminder(body, deps.clock.now(), owner.timezone).ok) return SMS_TEXTS.makeElsewhere(deps.env.ASSISTANT_EMAIL);
  if (!typed) return SMS_TEXTS.help;
  const reminder = await reminderToAnswer(deps, owner.id, "sms");
  if (!reminder) return SMS_TEXTS.nothingOpen;
  return typed.answer === "move" ? moveOrSay(deps, owner.id, reminder.id, typed.moveTo ?? "") : answerOrSay(deps, owner.id, reminder.id, typed.answer, snoozeOf(typed));
}

/** POST /twilio/voice?task=<id>: a digit pressed on the reminder call to `to` (the person's number). */
export async function answerKeypad(deps: Deps, to: string, taskId: string, digit: string): Promise<string> {
  const owner = await ownerOf(deps, to);
  const answer = ANSWER_KEYPAD[digit];
  if (!owner) return "This number isn't linked to a Nudge account any more. Goodbye.";
  if (!answer) return "Sorry, I didn't get that. I'll remind you again later. Goodbye.";
  return `${await answerOrSay(deps, owner.id, taskId, answer, SNOOZE_MINUTES)} Goodbye.`;
}

/**
 * A tapback answers the reminder whose text it quotes, by that text's title, while it is open (the waiting one of
 * that title first, as an email reply naming it, ADR 105); its sentence is the reply. Nothing is texted back for a
 * tapback that answers nothing (❤, a removal), one on a text of another kind, or one on a reminder already done: a
 * reply would cost a text and say nothing.
 */
async function answerTapback(deps: Deps, userId: string, { answer, title }: Tapback): Promise<string> {
  if (!answer || !title) return "";
  const reminder = await reminderToAnswer(deps, userId, "sms", title);
  return reminder ? answerOrSay(deps, userId, reminder.id, answer, SNOOZE_MINUTES) : "";
}

/** A text reply's keyword as an answer (MOVE included), or null when it is none. */
function readAsTyped(reply: TextReply): TypedAnswer | null {
  if (reply.moveTo !== null) return { answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: reply.moveTo };
  const answer = ANSWER_REPLY_WORDS[reply.word];
  return answer ? { answer, snoozeMinutes: reply.snoozeMinutes, snoozeUntil: reply.snoozeUntil } : null;
}

/** "MOVE FRI": the reminder moved to another day or time (tasks/move.ts), in its one sentence. */
async function moveOrSay(deps: Deps, userId: string, taskId: string, when: string): Promise<string> {
  try {
    return (await moveTask(deps, userId, taskId, when)).message;
  } catch (error) {
    if (isAppError(error)) return error.status === 404 ? REMINDER_GONE : error.message;
    throw error;
  }
}

async function renudgeOrSay(deps: Deps, userId: string, taskId: string, change: NudgeChange): Promise<string> {
  try {
    return (await changeTaskStrategy(deps, userId, taskId, change)).short;
  } catch (error) {
    if (isAppError(error) && error.status === 404) return REMINDER_GONE;
    throw error;
  }
}

async function answerOrSay(deps: Deps, userId: string, taskId: string, answer: Answer, snooze: SnoozeAsked): Promise<string> {
  try {
    return answerSentence(answer, await answerTask(deps, userId, taskId, answer, snooze));
  } catch (error) {
    if (isAppError(error)) return error.status === 404 ? REMINDER_GONE : error.message;
    throw error;
  }
}
