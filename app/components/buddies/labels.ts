/** Spec 02 §2's words for the buddy types, positions, fields, hints and placeholders. */
export const TYPE_LABELS: Record<string, string> = { email: "Email", telegram_contact: "Telegram Contact", telegram_group: "Telegram Group" };
export const POSITION_LABELS: Record<number, string> = { 1: "1 = Primary", 2: "2 = Secondary" };
export const CONTACT_FIELD = { label: "Email Address", hint: "A verification link will be sent to this email address.", placeholder: "friend@example.com" };
export const TELEGRAM_HINTS: Record<string, string> = {
  telegram_contact: "Username (with @) or numeric chat ID of the Telegram user.",
  telegram_group: "Numeric chat ID of the Telegram group (usually starts with -100).",
};
export const MAX_NOTE = "You have reached the maximum number of nudge buddies (2). Delete an existing contact to add a new one.";
