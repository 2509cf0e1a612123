/** Nudge buddies (issue 11): the trusted contacts, their consent (verification) and opt-out. */
export { createBuddy, deleteBuddy, listBuddies, updateBuddy } from "./contacts";
export { loadOwnBuddy, toBuddyJson, type BuddyJson } from "./own";
export { BUDDY_MESSAGES, BUDDY_TYPES, MAX_BUDDIES, type BuddyType } from "./schemas";
export {
  buddyDeepLinkFor,
  optOutBuddy,
  optOutByToken,
  sendBuddyVerification,
  verifyBuddyByLink,
  verifyBuddyCode,
  verifyTelegramBuddy,
  BUDDY_TEXTS,
} from "./verification";
export { buddyChatReply, buddyOwnersOfChat } from "./buddy-chats";
