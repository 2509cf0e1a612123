/**
 * The screens' own failure sentences (spec 01 and 02 section 8), in one client-safe module: the
 * server-side mapping (app/lib/*.server.ts) and the browser-side fallbacks of clientAction /
 * clientLoader (when the server cannot be reached) use the same words.
 */
export const LOGIN_FAILED = "Login failed. Please try again.";
export const REGISTRATION_FAILED = "Registration failed. Please try again.";
export const RESET_FAILED = "Password reset failed. Please try again.";
export const RESEND_FAILED = "Failed to resend email code. Please try again.";
export const VERIFY_FAILED = "Email verification failed. Please try again.";
export const TIMEZONE_FAILED = "Failed to update timezone. Please try again.";

export const TASKS_LOAD_FAILED = "Failed to load tasks";
export const TASK_DELETE_FAILED = "Failed to delete task";
export const TASK_UPDATE_FAILED = "We couldn't update this task. Please try again.";
/** Edit Task (ours: the spec has no edit screen): saved, or not. */
export const TASK_SAVED = "Task updated successfully!";
export const TASK_SAVE_FAILED = "Failed to save your changes. Please try again.";
export const CREATE_AUTH_FAILED = "Authentication failed. Please log in again.";
export const CREATE_INVALID = "Invalid task data. Please check your inputs.";
export const CREATE_FAILED = "Failed to create task. Please try again.";
export const CREATE_SUCCESS = "Task created successfully!";
export const NL_FAILED = "Failed to create reminder.";
/** The box's Undo could not be carried out (ours, ADR 109): nothing was deleted. */
export const UNDO_FAILED = "Couldn't take it back just now; nothing was deleted. Please try again, or use the bin on its card on your dashboard.";
export const STRATEGY_FAILED = "Failed to update strategy. Please try again.";

/** The quiet hours block could not save (issue 13). */
export const QUIET_HOURS_FAILED = "Quiet hours could not be saved. Please try again.";
export const BREAK_FAILED = "The break could not be saved. Please try again.";
/** Settings, Appearance: the save could not reach the server (ADR 084). */
export const APPEARANCE_FAILED = "We couldn't save how Nudge looks. Please try again.";

/** The phone panel's failures (spec 01 §8), by the press that failed. */
export const PHONE_FAILED = {
  save: "Failed to add phone number",
  send: "Failed to resend verification code. Please try again.",
  verify: "Phone verification failed. Please try again.",
  remove: "Failed to remove phone number",
} as const;

/** The Telegram row's failures (spec 01 §8), by the press that failed. */
export const TELEGRAM_FAILED = {
  generate: "Failed to generate linking code",
  unlink: "Failed to unlink Telegram account",
} as const;

/** The Calendar panel's failures and its regenerate success (spec 01 §8). */
export const CALENDAR_FAILED = {
  enable: "Failed to enable calendar integration. Please try again.",
  regenerate: "Failed to regenerate calendar URL. Please try again.",
  disable: "Failed to disable calendar integration. Please try again.",
} as const;
export const CALENDAR_REGENERATED = "Calendar feed URL regenerated! Update your calendar subscription with the new URL.";

/** The Nudge Buddies page's failures when the server gives no sentence (spec 02 §8's store fallbacks), by press. */
export const BUDDY_FAILED = {
  add: "Failed to create nudge buddy",
  edit: "Failed to update nudge buddy",
  delete: "Failed to delete nudge buddy",
  send: "Failed to send verification code",
  link: "Failed to get deep link",
  verify: "Failed to verify contact",
  optout: "Failed to opt out contact",
} as const;

/** The public buddy pages when the server fails or cannot be reached (spec 02 §8). */
export const UNSUBSCRIBE_ERROR = "An error occurred while processing your request.";
export const VERIFY_CONTACT_ERROR = "An error occurred while verifying your contact.";

/** A buddy's code check that could not be made (spec 02 §8). */
export const BUDDY_VERIFY_FAILED = "Failed to verify contact. Please try again.";

/** The failure sentence of a press, by its intent, or the first one when the intent is unknown. */
export function failureFor<T extends Record<string, string>>(texts: T, intent: string): string {
  return (texts as Record<string, string>)[intent] ?? (Object.values(texts)[0] as string);
}
/** Your account (ADR 080), when the server cannot be reached. */
export const EMAIL_CHANGE_FAILED = "Your email address could not be changed. Please try again.";
export const NAME_SAVE_FAILED = "Your name could not be saved. Please try again.";
export const PASSWORD_CHANGE_FAILED = "Your password could not be changed. Please try again.";
export const ACCOUNT_DELETE_FAILED = "Your account could not be deleted. Please try again.";
