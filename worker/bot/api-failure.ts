import { GrammyError, HttpError, type MiddlewareFn } from "grammy";
import { errorFields, log } from "../services/log";

/**
 * A call the bot made to the Bot API failed (an answer refused, Telegram down or unreachable): a reply, an edit,
 * a button's spinner. What the update asked was done before that call (a reminder made, an answer given), so
 * Telegram sending the update again would do it twice: the failure is logged, and the webhook answers 200 with
 * the update kept as handled (dedupe.ts runs outside this). A failure of our own (the database) still answers
 * 500, to be retried. (grammY's `bot.catch` serves polling only; a webhook's errors pass through middleware.)
 */
export const replyFailuresLogged: MiddlewareFn = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof GrammyError || error instanceof HttpError)) throw error;
    log.warn("telegram.reply_failed", { updateId: ctx.update.update_id, ...errorFields(error) });
  }
};
