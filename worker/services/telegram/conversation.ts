import type { Deps } from "../deps";
import { agendaQuestion, dropThisOne, forgetRequest, helpRequest, namesNoReminder, saysForgot, saysNo, stopAlone, undoRequest } from "../nl/chat-intents";
import { correctionWordsIn, namedMoveIn } from "../nl/move-phrases";
import { nudgeChangeIn } from "../nl/nudge-phrases";
import { repeatChangeIn } from "../nl/repeat-changes";
import { alsoAtIn } from "../nl/also-phrases";
import { breakWishIn } from "../nl/break-phrases";
import { breakFromWords } from "./break";
import { holdsATime } from "../nl/parse-reminder";
import { courtesyOnly, typedAnswer } from "../typed-answers";
import { whenOnlyAnswer } from "../when-only-answers";
import { agendaText, reminderToAnswer } from "../tasks";
import { answerTypedInChat, copyInChat, reminderFromChat, repeatChangeInChat, strategyChangeInChat, yesToCheckBack } from "./chat";
import type { ChatOwner } from "./chats";
import { forgetByName, forgetJustMade, forgetThisOne, type ChatReply } from "./forget";
import { justMadeInChat, type ChatMessageRef } from "./just-made";
import { moveByName, moveOneOfSeveral } from "./move-by-name";
import { answerToQuestion } from "./questions";
import { BOT_TEXTS } from "./texts";

/**
 * What the bot answers to a text in a linked private chat, in this order:
 * first, only a when ("monday at 9") while the reader's question is open ("Which day next week?", ADR 164): the reminder
 *    asked about, with the answer fitted in (not a reply to a reminder's message: that is about the reminder);
 * 0. a correction of a time ("make it 8pm", "actually tomorrow"), of how hard to nudge ("make it urgent", "don't
 *    tell my buddy", ADR 112), a repeat ("make it every day", ADR 177), another time ("and at 8pm", ADR 178) or
 *    "undo": about the reminder replied to, else the one just made in the chat (ADR 104);
 * 1. an answer to a reminder ("done", "snooze 10", "ok", "move it to friday"; a lone "yes" to a check-in;
 *    only a day or time, "in 2 hours", "friday", while a reminder waits or in reply to one);
 * 2. a break ("pause until monday", "take a break", "resume"): held reminders for a while, or an end to it;
 *    "help" or "stop" without the slash: the help, or how to pause and unlink (ADR 104);
 *    only thanks or a greeting: a word back, nothing made;
 * 3. a question about what is coming up ("what's on today?"): the list;
 * 4. a wish to drop a reminder ("cancel the dentist") holding no time, or "cancel it", "skip" about the one
 *    replied to, waiting or just made: a question with buttons; "no": which answers it can take (ADR 106);
 * 5. a wish to move one by name ("move the dentist to friday") that names an open reminder: a question;
 * 6. anything else is a new reminder in plain language.
 */
export async function replyToChatText(
  deps: Deps,
  owner: ChatOwner,
  text: string,
  repliedTaskId: string | null,
  /** The message itself: a reminder it makes is remembered by it, for an edit (ADR 107). */
  message: ChatMessageRef | null = null,
): Promise<ChatReply> {
  const answered = repliedTaskId ? null : await answerToQuestion(deps, owner, text, (prompt, asked) => reminderFromChat(deps, owner, prompt, message, asked));
  if (answered) return answered;
  // "make it 8pm" right after making a reminder is about that one, before any that waits; with neither, it asks which.
  const correction = correctionWordsIn(text);
  if (correction) {
    // Right after a message that made several ("at 8am and 8pm"): which of them (ADR 190).
    const justMade = repliedTaskId ? null : await justMadeInChat(deps, owner);
    const which = justMade ? await moveOneOfSeveral(deps, owner, justMade, correction) : null;
    if (which) return which;
    const target = repliedTaskId ?? justMade ?? (await reminderToAnswer(deps, owner.id, "telegram"))?.id;
    if (!target) return { text: BOT_TEXTS.nothingToCorrect };
    return { text: await answerTypedInChat(deps, owner, { answer: "move", snoozeMinutes: null, moveTo: correction }, target) };
  }
  const nudgeChange = nudgeChangeIn(text);
  if (nudgeChange) {
    const target = await reminderToChange(deps, owner, repliedTaskId);
    if (!target) return { text: BOT_TEXTS.nothingToRenudge };
    return strategyChangeInChat(deps, owner, target, nudgeChange);
  }
  // "make it every day", "repeat it every monday" (ADR 177): it was a new reminder titled "make it".
  const repeatChange = repeatChangeIn(text);
  if (repeatChange) {
    const target = await reminderToChange(deps, owner, repliedTaskId);
    if (!target) return { text: BOT_TEXTS.nothingToRepeat };
    return repeatChangeInChat(deps, owner, target, repeatChange);
  }
  // "and at 8pm", "same again tomorrow" after a reminder (ADR 178): another like it, at that time.
  const alsoAt = alsoAtIn(text);
  const copied = alsoAt ? (repliedTaskId ?? (await justMadeInChat(deps, owner))) : null;
  if (alsoAt && copied) return copyInChat(deps, owner, copied, alsoAt, message);
  if (undoRequest(text)) {
    const undone = await forgetJustMade(deps, owner, repliedTaskId ?? (await justMadeInChat(deps, owner)));
    return undone ?? { text: BOT_TEXTS.nothingToUndo };
  }
  const typed = typedAnswer(text);
  if (typed) return { text: await answerTypedInChat(deps, owner, typed, repliedTaskId, async () => (typed.answer === "move" ? justMadeInChat(deps, owner) : null)) };
  // Only a day or time ("in 2 hours", "friday") answers the reminder replied to, else the one waiting (as
  // "done" does); with none waiting it is read as usual (no reminder: it says what, not when).
  const whenOnly = whenOnlyAnswer(text);
  const whenFor = whenOnly ? (repliedTaskId ?? (await reminderToAnswer(deps, owner.id, "telegram"))?.id) : undefined;
  if (whenOnly && whenFor) return { text: await answerTypedInChat(deps, owner, whenOnly, whenFor) };
  const yes = await yesToCheckBack(deps, owner.id, text, repliedTaskId);
  if (yes) return { text: await answerTypedInChat(deps, owner, yes.typed, yes.taskId) };
  // "pause until monday", "take a break", "resume": every reminder held for a while (ADR 095).
  const wish = breakWishIn(text);
  if (wish) return breakFromWords(deps, owner, wish);
  if (helpRequest(text)) return { text: BOT_TEXTS.help };
  if (stopAlone(text)) return { text: BOT_TEXTS.stopTyped };
  const courtesy = courtesyOnly(text);
  if (courtesy) return { text: courtesy === "thanks" ? BOT_TEXTS.welcome : courtesy === "farewell" ? BOT_TEXTS.farewell : BOT_TEXTS.hello(firstName(owner.name)) };
  const agenda = agendaQuestion(text);
  if (agenda) return { text: await agendaText(deps, owner, agenda.day) };
  // "skip", "cancel" alone: asked about as "cancel it" is.
  if (dropThisOne(text)) return askAboutThisOne(deps, owner, repliedTaskId);
  if (saysNo(text)) return { text: BOT_TEXTS.noIsNoAnswer };
  if (saysForgot(text)) return { text: BOT_TEXTS.forgotIsNoAnswer };
  const named = forgetRequest(text);
  // "cancel netflix on friday" holds a time: a reminder to cancel Netflix, not a wish to drop one.
  if (named && !holdsATime(text, owner.timezone, deps.clock.now())) {
    return namesNoReminder(named) ? askAboutThisOne(deps, owner, repliedTaskId) : forgetByName(deps, owner, named, text);
  }
  // "move the dentist to friday": a question about an open reminder of that name; with none, a new reminder.
  const move = namedMoveIn(text);
  const moving = move ? await moveByName(deps, owner, move.named, move.when) : null;
  if (moving) return moving;
  return reminderFromChat(deps, owner, text, message);
}

/** What a change ("make it 8pm", "make it urgent") is about: the reminder replied to, else the one just made here, else the one waiting. */
async function reminderToChange(deps: Deps, owner: ChatOwner, repliedTaskId: string | null): Promise<string | null> {
  return repliedTaskId ?? (await justMadeInChat(deps, owner)) ?? (await reminderToAnswer(deps, owner.id, "telegram"))?.id ?? null;
}

/**
 * "cancel it", "skip", "cancel": a question about the reminder replied to, or the one waiting for an answer, or the
 * one just made in the chat; with none of them, which one.
 */
async function askAboutThisOne(deps: Deps, owner: ChatOwner, repliedTaskId: string | null): Promise<ChatReply> {
  const taskId = repliedTaskId ?? (await reminderToAnswer(deps, owner.id, "telegram"))?.id ?? (await justMadeInChat(deps, owner));
  return (await forgetThisOne(deps, owner, taskId)) ?? { text: BOT_TEXTS.forget.whichOne };
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
