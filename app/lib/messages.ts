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
export const CREATE_AUTH_FAILED = "Authentication failed. Please log in again.";
export const CREATE_INVALID = "Invalid task data. Please check your inputs.";
export const CREATE_FAILED = "Failed to create task. Please try again.";
export const CREATE_SUCCESS = "Task created successfully!";
export const NL_FAILED = "Failed to create reminder.";
export const STRATEGY_FAILED = "Failed to update strategy. Please try again.";

/** The quiet hours block could not save (issue 13). */
export const QUIET_HOURS_FAILED = "Quiet hours could not be saved. Please try again.";
