/** Telegram: linking a chat to an account, the bot's conversations, and forgetting blocked chats (issue 9). */
export { findChatOwner, forgetBlockedChat, unlinkTelegram, CHAT_TAKEN, type ChatOwner } from "./chats";
export {
  generateLinkCode,
  linkChatByCode,
  isLinkCode,
  EMAIL_REQUIRED,
  LINK_CODE_EXPIRED,
  LINK_CODE_INVALID,
  LINK_CODE_MINUTES,
  LINK_CODE_USED,
  TELEGRAM_UNAVAILABLE,
  type LinkCode,
} from "./link-codes";
export { answerFromChat, answerTypedInChat, nextReminderLines, reminderFromChat, reopenFromChat, yesToCheckBack, REOPEN_BUTTON, type ButtonReply } from "./chat";
export { greetLinkedChat } from "./greet";
export { replyToChatText } from "./conversation";
export { confirmationsAfterReply, rewriteChatMessages, type ConfirmationEdit } from "./confirmations";
export { replyToChatEdit, type ChatEdit } from "./edits";
export { EDIT_FOLLOWED_HOURS, JUST_MADE_MINUTES } from "./just-made";
export { forgetFromChat, FORGET_BUTTON, undoFromChat, UNDO_BUTTON, type ChatReply, type ForgetChoice } from "./forget";
export { moveFromChat, MOVE_TO_BUTTON } from "./move-by-name";
export { breakButton, breakMenu, BREAK_BUTTON, type BreakChoice } from "./break";
export { BACK_BUTTON, LATER_BUTTON, otherSnoozeButtons, reminderButtonRows, SNOOZE_FOR_BUTTON, snoozeChosen } from "./snooze-times";
export { BOT_TEXTS } from "./texts";
export { answerFromReaction, REACTION_DAYS } from "./reactions";
export { devConversation, DEV_CHAT_DEFAULT, DEV_REACTIONS, isDevChatId, type DevBubble, type DevButton } from "./dev-chat";
