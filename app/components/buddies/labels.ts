/** Spec 02 §2's words for the buddy types, positions, fields, hints and placeholders. */
export const TYPE_LABELS: Record<string, string> = { email: "Email", telegram_contact: "Telegram Contact", telegram_group: "Telegram Group" };
export const POSITION_LABELS: Record<number, string> = { 1: "1 = Primary", 2: "2 = Secondary" };
export const CONTACT_FIELD = { label: "Email Address", hint: "A verification link will be sent to this email address.", placeholder: "friend@example.com" };
/**
 * The Telegram types have no contact field (the chat is learned from the deep link), so the spec's hints
 * about typing a username or chat ID would mislead; these say what really happens (docs/spec-deviations.md).
 */
export const TELEGRAM_HINTS: Record<string, string> = {
  telegram_contact: "No username or chat ID is needed. After saving you get a link to send them: opening it in Telegram verifies them.",
  telegram_group: "No chat ID is needed. After saving you get a link: open it, pick the group and add the Nudge bot, and the group is verified.",
};
export const MAX_NOTE = "You have reached the maximum number of nudge buddies (2). Delete an existing contact to add a new one.";
