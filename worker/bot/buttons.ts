import { Composer, type Context } from "grammy";
import { isAnswer } from "../services/answers";
import type { Deps } from "../services/deps";
import { isAppError } from "../services/errors";
import {
  answerFromChat,
  BACK_BUTTON,
  BOT_TEXTS,
  BREAK_BUTTON,
  breakButton,
  FORGET_BUTTON,
  forgetFromChat,
  LATER_BUTTON,
  moveFromChat,
  MOVE_TO_BUTTON,
  otherSnoozeButtons,
  reminderButtonRows,
  REOPEN_BUTTON,
  reopenFromChat,
  SNOOZE_FOR_BUTTON,
  snoozeChosen,
  type BreakChoice,
  type ButtonReply,
  type ForgetChoice,
  undoFromChat,
  UNDO_BUTTON,
} from "../services/telegram";
import { showAnswer } from "./answered-edit";
import { rewriteConfirmations } from "./confirmations";
import { buttonsBesides, keyboardOf } from "./keyboard";

/**
 * A reminder's inline buttons (`done:<taskId>`, `snooze:<taskId>`, `acknowledge:<taskId>`, and the other
 * snooze times behind `later:<taskId>`): the press
 * goes through the same task services as every channel, the button's spinner is ended with a short
 * note, and the message is edited to say what happened (so its buttons are gone; after Done, one
 * button stays: `reopen:<taskId>`, "Not done yet").
 */
export function answerButtons(deps: Deps): Composer<Context> {
  const composer = new Composer();
  composer.callbackQuery(/^(done|snooze|acknowledge):([0-9a-f-]{36})$/, async (ctx) => {
    const [, answer, taskId] = ctx.match;
    if (!isAnswer(answer) || !taskId) return;
    await orAlert(ctx, async () => replyToPress(ctx, await answerFromChat(deps, String(ctx.chat?.id ?? ""), taskId, answer)));
  });
  // "⏰ Other snooze times" under a reminder: its buttons become the other times and a way back (ADR 089).
  composer.callbackQuery(LATER_BUTTON, async (ctx) => {
    await ctx.answerCallbackQuery({ text: BOT_TEXTS.pickSnoozeTime });
    await ctx.editMessageReplyMarkup({ reply_markup: keyboardOf(otherSnoozeButtons(ctx.match[1]!)) });
  });
  composer.callbackQuery(BACK_BUTTON, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup({ reply_markup: keyboardOf(reminderButtonRows(ctx.match[1]!)) });
  });
  composer.callbackQuery(SNOOZE_FOR_BUTTON, async (ctx) => {
    const [, choice, taskId] = ctx.match;
    await orAlert(ctx, async () => replyToPress(ctx, await answerFromChat(deps, String(ctx.chat?.id ?? ""), taskId!, "snooze", snoozeChosen(choice!))));
  });
  // "↩️ Not done yet" under a reminder answered Done (ADR 083).
  composer.callbackQuery(REOPEN_BUTTON, (ctx) => orAlert(ctx, async () => replyToPress(ctx, await reopenFromChat(deps, String(ctx.chat?.id ?? ""), ctx.match[1]!))));
  // "cancel the dentist" in the chat asked with buttons (services/telegram/forget.ts): ask, delete, stop, keep.
  composer.callbackQuery(FORGET_BUTTON, async (ctx) => {
    const [, choice, taskId] = ctx.match;
    await orAlert(ctx, async () => {
      const reply = await forgetFromChat(deps, String(ctx.chat?.id ?? ""), choice as ForgetChoice, taskId!);
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(reply.text, reply.buttons ? { reply_markup: keyboardOf(reply.buttons) } : {});
      await rewriteConfirmations(deps, reply.rewrites ?? [], ctx.callbackQuery.message?.message_id);
    });
  });
  // "↩️ Undo" under the confirmation of a reminder made in the chat (ADR 104): deleted at once while fresh, else asked.
  // Under a confirmation of several (ADR 181), the other reminders' Undo buttons stay after one is pressed.
  composer.callbackQuery(UNDO_BUTTON, async (ctx) => {
    await orAlert(ctx, async () => {
      const reply = await undoFromChat(deps, String(ctx.chat?.id ?? ""), ctx.match[1]!);
      await ctx.answerCallbackQuery();
      const others = reply.buttons ? [] : buttonsBesides(ctx.callbackQuery.message?.reply_markup, ctx.callbackQuery.data);
      if (others.length > 0) {
        const stillSet = BOT_TEXTS.stillSet(others.flat().map(([label]) => label.replace(BOT_TEXTS.undo, "").trim()));
        await ctx.editMessageText(`${reply.text}\n${stillSet}`, { reply_markup: keyboardOf(others) });
      } else await ctx.editMessageText(reply.text, reply.buttons ? { reply_markup: keyboardOf(reply.buttons) } : {});
      await rewriteConfirmations(deps, reply.rewrites ?? [], ctx.callbackQuery.message?.message_id);
    });
  });
  // "move the dentist to friday" asked with buttons (services/telegram/move-by-name.ts): move it to the minute shown.
  composer.callbackQuery(MOVE_TO_BUTTON, async (ctx) => {
    const [, taskId, minute] = ctx.match;
    await orAlert(ctx, async () => {
      const reply = await moveFromChat(deps, String(ctx.chat?.id ?? ""), taskId!, minute!);
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(reply.text);
    });
  });
  // A break's lengths and End the break (services/telegram/break.ts, ADR 095).
  composer.callbackQuery(BREAK_BUTTON, async (ctx) => {
    await orAlert(ctx, async () => {
      const reply = await breakButton(deps, String(ctx.chat?.id ?? ""), ctx.match[1] as BreakChoice);
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(reply.text, reply.buttons ? { reply_markup: keyboardOf(reply.buttons) } : {});
    });
  });
  // Anything else (an old button, a forged press): end the spinner, change nothing.
  composer.on("callback_query:data", (ctx) => ctx.answerCallbackQuery());
  return composer;
}

/** Runs a press; a refusal of ours (an AppError: a cap, a gone task) ends the spinner with its sentence as an alert. */
async function orAlert(ctx: Context, press: () => Promise<void>): Promise<void> {
  try {
    await press();
  } catch (error) {
    if (!isAppError(error)) throw error;
    await ctx.answerCallbackQuery({ text: error.message, show_alert: true });
  }
}

/** Ends the press's spinner with the reply's note, and rewrites the message (with its new buttons, if any). */
async function replyToPress(ctx: Context, reply: ButtonReply): Promise<void> {
  await ctx.answerCallbackQuery({ text: reply.note });
  await showAnswer((text, other) => ctx.editMessageText(text, other), reply);
}
