import { DateTime } from "luxon";
import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { openOfSeries, ownTaskLine, rewriteTaskFromPrompt } from "../tasks";
import { safeZone } from "../time-zone";
import { saysYes, typedAnswer } from "../typed-answers";
import { whenOnlyAnswer } from "../when-only-answers";
import type { ChatOwner } from "./chats";
import { replyToChatText } from "./conversation";
import type { ChatReply } from "./forget";
import { EDIT_FOLLOWED_HOURS, JUST_MADE_MINUTES, madeByMessage, type ChatMessageRef } from "./just-made";
import { BOT_TEXTS } from "./texts";
import { correctionWordsIn } from "../nl/move-phrases";
import { fitAnswer, type AskedQuestion } from "../nl/question-answers";

/** A message the person edited in the chat: its ids, its new text, when it was first sent, what it replies to. */
export interface ChatEdit {
  message: ChatMessageRef;
  text: string;
  sentAt: Date;
  repliedTaskId: string | null;
}

/**
 * What the bot answers when the person edits a message they sent it (ADR 107):
 * - the message made a reminder (in the last two days): the reminder follows the new words, its title, time or
 *   repeat (a series that moved on: its open occurrence); words that hold no reminder change nothing and say why;
 * - it made nothing and was sent in the last ten minutes (a typo fixed, "call bob at 7ppm"): read as if sent
 *   again, except an answer ("done", "snooze"), which could now land on another reminder: it says to send it anew;
 * - a command, or an older message: nothing changes, and the answer says to send it as a new message.
 */
export async function replyToChatEdit(deps: Deps, owner: ChatOwner, edit: ChatEdit): Promise<ChatReply> {
  if (edit.text.trim().startsWith("/")) return { text: BOT_TEXTS.edits.command };
  const age = deps.clock.now().getTime() - edit.sentAt.getTime();
  const made = age <= EDIT_FOLLOWED_HOURS * 3_600_000 ? await madeByMessage(deps, edit.message) : null;
  if (made) return rewriteMade(deps, owner, made.taskId, edit, made.answered);
  if (age > JUST_MADE_MINUTES * 60_000) return { text: BOT_TEXTS.edits.tooLate };
  if (answersAReminder(edit.text)) return { text: BOT_TEXTS.edits.answer };
  return replyToChatText(deps, owner, edit.text, edit.repliedTaskId, edit.message);
}

/**
 * The reminder a message made, rewritten from its new words; with its Undo again when it changed. A message that made
 * it by answering the reader's question ("monday at 9" to "Which day next week?") is fitted into that question again
 * ("tuesday at 9": next week's Tuesday, ADR 168); alone it would hold no reminder.
 */
async function rewriteMade(deps: Deps, owner: ChatOwner, taskId: string, edit: ChatEdit, answered: AskedQuestion | null): Promise<ChatReply> {
  const made = await ownTaskLine(deps, owner.id, taskId);
  // The chat was linked to another account since: that reminder is not this owner's to change.
  if (!made) return { text: BOT_TEXTS.gone };
  // A series goes on as new occurrences: its words now shape the one still open, from that one's day on (the
  // day done is done: "every day at 12pm" after today's was done starts tomorrow).
  const series = made.status === "COMPLETED" && made.recurrence && made.seriesId ? await openOfSeries(deps, owner.id, made.seriesId) : null;
  const target = series?.id ?? made.id;
  const readAt = series ? new Date(Math.max(edit.sentAt.getTime(), startOfDay(series.dueAt, owner.timezone))) : edit.sentAt;
  try {
    const words = (answered && fittedAgain(answered, edit.text, readAt, owner.timezone)) || edit.text;
    const outcome = await rewriteTaskFromPrompt(deps, owner.id, target, words, readAt);
    return outcome.state === "changed" ? { text: outcome.message, buttons: [[[BOT_TEXTS.undo, `undo:${target}`]]] } : { text: outcome.message };
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { text: BOT_TEXTS.gone };
    throw error;
  }
}

/** The edited answer fitted into the question it answered, or null when it is no answer to it now (a whole reminder). */
function fittedAgain(answered: AskedQuestion, text: string, at: Date, zone: string): string | null {
  const fit = fitAnswer(answered, correctionWordsIn(text) ?? text, at, zone);
  return fit.kind === "fits" ? fit.prompt : null;
}

/** The start of the person's day that holds `at`. */
function startOfDay(at: number, zone: string): number {
  return DateTime.fromMillis(at, { zone: safeZone(zone) }).startOf("day").toMillis();
}

/** An answer to a reminder ("done", "snooze 10", "ok", a lone "yes", "in 2 hours"): not replayed from an edit. */
function answersAReminder(text: string): boolean {
  return typedAnswer(text) !== null || whenOnlyAnswer(text) !== null || saysYes(text);
}
