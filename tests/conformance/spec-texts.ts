/**
 * Every text a person reads in the two specs (../shared/spec/), word for word, with the spec, its
 * section and the screen or state where it appears (issue 17). The browser walk
 * (tests/browser/conformance.spec.ts) visits each state at 360 and 1280 px and checks its texts
 * are shown there; a text that is not shown must be quoted in docs/spec-deviations.md with the
 * reason, or the walk fails.
 *
 * `{name}` in a text stands for a value (a task's title, a buddy's name). Texts are compared with
 * curly quotes made straight, "…" read as "...", and runs of white space as one space; the case
 * is kept (CSS capitals do not count: the DOM's own text is read).
 */

export type Screen =
  | "home"
  | "header-out"
  | "header-in"
  | "menu"
  | "fab"
  | "login"
  | "login-empty"
  | "login-short"
  | "login-wrong"
  | "login-offline"
  | "register"
  | "register-consent"
  | "register-short"
  | "register-weak"
  | "register-mismatch"
  | "register-offline"
  | "terms"
  | "privacy"
  | "registered"
  | "magic-link"
  | "google-callback"
  | "google-failed"
  | "verify-no-session"
  | "verify"
  | "verify-wrong-code"
  | "verify-offline"
  | "verify-done"
  | "link-page-missing"
  | "link-page-wrong"
  | "forgot"
  | "forgot-sent"
  | "reset"
  | "reset-mismatch"
  | "reset-busy"
  | "reset-wrong"
  | "reset-offline"
  | "reset-done"
  | "onboarding-1"
  | "onboarding-2"
  | "onboarding-3"
  | "onboarding-3-offline"
  | "onboarding-4"
  | "integrations"
  | "integrations-unverified"
  | "calendar-off"
  | "calendar-busy"
  | "calendar-on"
  | "calendar-regenerated"
  | "calendar-offline"
  | "phone"
  | "phone-invalid"
  | "phone-wrong-code"
  | "phone-offline"
  | "telegram"
  | "telegram-offline"
  | "settings"
  | "settings-strategy-saved"
  | "settings-strategy-offline"
  | "dashboard-empty"
  | "dashboard-unverified"
  | "dashboard-tasks"
  | "dashboard-delete"
  | "dashboard-offline"
  | "task-creator"
  | "task-creator-unverified"
  | "task-creator-blank"
  | "task-creator-busy"
  | "task-creator-created"
  | "task-creator-offline"
  | "task-creator-signed-out"
  | "reminders-empty"
  | "reminders-active"
  | "buddies-empty"
  | "buddy-add"
  | "buddy-add-telegram"
  | "buddy-add-group"
  | "buddy-deeplink-group"
  | "buddy-deeplink-contact"
  | "buddies-two"
  | "buddy-menu"
  | "buddy-edit"
  | "buddy-verify"
  | "buddy-verify-wrong"
  | "buddy-verify-offline"
  | "buddy-delete"
  | "buddies-verified"
  | "buddy-offline"
  | "feedback-offline"
  | "feedback-timeout"
  | "unsubscribe-none"
  | "unsubscribe-failed"
  | "unsubscribe-done"
  | "unsubscribe-offline"
  | "verify-contact-offline"
  | "verify-contact-none"
  | "verify-contact-failed"
  | "verify-contact-done"
  | "feedback"
  | "feedback-empty"
  | "unreachable";

export interface SpecText {
  text: string;
  spec: "01" | "02";
  section: string;
  screen: Screen;
}

const t = (spec: "01" | "02", section: string, screen: Screen, ...texts: string[]): SpecText[] => texts.map((text) => ({ text, spec, section, screen }));

export const SPEC_TEXTS: SpecText[] = [
  // ---- Spec 01: accounts, onboarding and channels ----
  ...t("01", "§2 Header", "header-out", "Login", "Get Started"),
  ...t("01", "§2 Header", "header-in", "Reminders"),
  ...t("01", "§2 Hamburger menu", "menu", "Nudge Buddies", "Reminder Channels", "Settings", "Get Started", "Sign Out", "Report a Bug"),
  ...t("01", "§2 Floating 'Create Task' button", "fab", "Create Task"),
  ...t("01", "§2 Login", "login", "Sign In", "Forgot Password", "Create one"),
  ...t("01", "§5 Login", "login-empty", "Please fill in all fields"),
  ...t("01", "§5 Login", "login-short", "Password must be at least 8 characters long"),
  ...t("01", "§8 Login", "login-wrong", "Invalid email or password. Please check your credentials."),
  ...t("01", "§8 Login", "login-offline", "Login failed. Please try again."),
  ...t("01", "§2 Register", "register", "Terms of Service", "Privacy Policy"),
  ...t("01", "§8 Registration consent", "register-consent", "You must agree to the Terms of Service and Privacy Policy to register."),
  ...t("01", "§8 Registration password", "register-short", "Password must be at least 8 characters long."),
  ...t("01", "§8 Registration password", "register-weak", "Password must contain at least one lowercase letter, one uppercase letter, and one number."),
  ...t("01", "§8 Registration password", "register-mismatch", "Passwords do not match. Please check and try again."),
  ...t("01", "§8 Registration", "register-offline", "Registration failed. Please try again."),
  ...t("01", "§2 Terms of Service and Privacy Policy modals", "terms", "Terms of Service", "07/07/2025"),
  ...t("01", "§2 Terms of Service and Privacy Policy modals", "privacy", "Privacy Policy", "07/07/2025"),
  ...t("01", "§2 Register", "registered", "Registration successful! Please check your email for a verification code."),
  ...t("01", "§2 Magic-link callback", "magic-link", "Verifying Magic Link..."),
  ...t("01", "§2 Google callback", "google-callback", "Completing Google Sign-in..."),
  ...t("01", "§2 Google callback", "google-failed", "Sign-in Failed", "Back to Login", "Failed to complete Google sign-in. Please try again."),
  ...t("01", "§2 Account verification", "verify-no-session", "Please register or log in first."),
  ...t("01", "§8 Email", "verify-wrong-code", "Invalid email verification code. Please check and try again."),
  ...t("01", "§8 Email", "verify-offline", "Email verification failed. Please try again.", "Failed to resend email code. Please try again."),
  ...t("01", "§2 Account verification", "verify-done", "Continue to Dashboard"),
  ...t("01", "§8 Link page", "link-page-missing", "Missing verification code or email."),
  ...t("01", "§8 Link page", "link-page-wrong", "Please re-send the code from the verification page and try again."),
  ...t("01", "§2 Forgot Password", "forgot", "Email Address", "Send Reset Email", "Sign in"),
  ...t(
    "01",
    "§2 Forgot Password",
    "forgot-sent",
    "Password Reset Email Sent!",
    "A new password has been generated and sent to your email address. Please check your inbox and use the new password to log in.",
    "Go to Login",
  ),
  ...t("01", "§2 Reset Password", "reset", "Email Address", "Reset Code", "New Password", "Confirm New Password", "Reset Password"),
  ...t("01", "§2 Reset Password", "reset-mismatch", "Passwords do not match."),
  ...t("01", "§2 Reset Password", "reset-busy", "Resetting..."),
  ...t("01", "§8 Reset password", "reset-wrong", "Invalid or expired reset code. Please try again.", "No account found with this email address."),
  ...t("01", "§8 Reset password", "reset-offline", "Password reset failed. Please try again."),
  ...t("01", "§2 Reset Password", "reset-done", "Your password has been reset successfully! You can now sign in with your new password.", "Continue to Sign In"),
  ...t("01", "§2 Onboarding page", "onboarding-1", "Welcome", "Get Started", "Skip"),
  ...t("01", "§2 Onboarding page", "onboarding-2", "Connect Apps", "Next", "Skip"),
  ...t("01", "§2 Onboarding page", "onboarding-3", "Set your first reminder", "Next", "Skip"),
  ...t("01", "§8 Onboarding reminder", "onboarding-3-offline", "Failed to create reminder."),
  ...t("01", "§2 Onboarding page", "onboarding-4", "You're all set!", "Go to Dashboard", "Get Phone Calls", "Have a friend's Help"),
  ...t("01", "§2 Integrations", "integrations", "Email", "Telegram", "Phone Call", "Calendar"),
  ...t("01", "§8 Telegram", "integrations-unverified", "Email verification is required before linking Telegram account"),
  ...t(
    "01",
    "§2 Calendar panel",
    "calendar-off",
    "Enable Calendar Integration",
    "Google Calendar",
    "Apple Calendar",
    "Outlook",
    "Add calendar",
    "From URL",
    "New Calendar Subscription",
    "Subscribe from web",
  ),
  ...t("01", "§2 Calendar panel", "calendar-busy", "Enabling...", "Regenerating...", "Disabling..."),
  ...t("01", "§2 Calendar panel", "calendar-on", "Copy", "Copied!", "Regenerate URL", "Disable Integration"),
  ...t("01", "§8 Calendar", "calendar-regenerated", "Calendar feed URL regenerated! Update your calendar subscription with the new URL."),
  ...t(
    "01",
    "§8 Calendar",
    "calendar-offline",
    "Failed to enable calendar integration. Please try again.",
    "Failed to regenerate calendar URL. Please try again.",
    "Failed to disable calendar integration. Please try again.",
  ),
  ...t("01", "§2 Phone panel", "phone", "+972"),
  ...t("01", "§5 Phone", "phone-invalid", "Phone number must be a valid Israeli number starting with +972"),
  ...t("01", "§8 Phone", "phone-wrong-code", "Invalid verification code. Please check and try again."),
  ...t(
    "01",
    "§8 Phone",
    "phone-offline",
    "Phone verification failed. Please try again.",
    "Failed to resend verification code. Please try again.",
    "Failed to add phone number",
    "Failed to remove phone number",
  ),
  ...t("01", "§2 Telegram panel", "telegram", "Open in Telegram"),
  ...t("01", "§8 Telegram", "telegram-offline", "Failed to generate linking code", "Failed to unlink Telegram account"),
  ...t("01", "§2 Settings", "settings", "Timezone", "Save"),
  ...t("01", "§5 Timezone, Refresh / session, Pairing", "unreachable", "User not authenticated", "No refresh token available", "No pairing platform set"),

  // ---- Spec 02: tasks, nudge buddies and public pages ----
  ...t("02", "§2 Floating button", "fab", "Create Task"),
  ...t("02", "§2 Dashboard", "dashboard-empty", "Reminders", "Stay on top of your tasks.", "No tasks found.", "Create your first task to get started!"),
  ...t("02", "§2 Dashboard", "dashboard-unverified", "Email Verification Required", "Verify Email Address"),
  ...t("02", "§2 Dashboard", "dashboard-tasks", "Completed"),
  ...t("02", "§2 Dashboard", "dashboard-delete", "Confirm Delete", 'Are you sure you want to delete the task "{title}"?', "This action cannot be undone.", "Cancel", "Delete"),
  ...t("02", "§8 Task list", "dashboard-offline", "Failed to load tasks", "Failed to delete task"),
  ...t("02", "§2 New Task screen", "task-creator", "Task Title", "Morning Medication", "Due Date/Time", "Create Task"),
  ...t("02", "§2 New Task screen", "task-creator-unverified", "Email Verification Required", "You must verify your email address before creating tasks."),
  ...t("02", "§5 Create task", "task-creator-blank", "Task title is required.", "Due date is required."),
  ...t("02", "§2 New Task screen", "task-creator-busy", "Creating..."),
  ...t("02", "§4 Task creation", "task-creator-created", "Task created successfully!"),
  ...t("02", "§8 Create task", "task-creator-offline", "Failed to create task. Please try again."),
  ...t("02", "§8 Create task", "task-creator-signed-out", "Authentication failed. Please log in again."),
  ...t("02", "§5 Create task", "unreachable", "You must be logged in to create a task.", "Invalid task data. Please check your inputs."),
  ...t("02", "§2 Reminder Management screen", "reminders-empty", "No Active Reminders", "You don't have any pending reminders at the moment.", "Create New Task"),
  ...t("02", "§2 Reminder Management screen", "reminders-active", "Acknowledge", "Snooze", "Reminder"),
  ...t("02", "§2 Default Escalation Strategy block", "settings", "Select Default Strategy", "Update Default Strategy", "Reset"),
  ...t("02", "§8 Default strategy", "settings-strategy-saved", "Default escalation strategy updated successfully!"),
  ...t("02", "§8 Default strategy", "settings-strategy-offline", "Failed to update strategy. Please try again."),
  ...t("02", "§5 Default strategy", "unreachable", "Please select a strategy.", "User not found. Please log in again."),
  ...t("02", "§2 Nudge Buddies page", "buddies-empty", "Nudge Buddies", "No nudge buddies configured", "Contact #1", "Contact #2", "Add Nudge Buddy"),
  ...t("02", "§2 Nudge Buddies page", "unreachable", "Loading contacts..."),
  ...t(
    "02",
    "§2 Nudge buddy modals",
    "buddy-add",
    "Add Nudge Buddy",
    "Name",
    "Contact Type",
    "Contact Position",
    "Email Address",
    "Email",
    "Telegram Contact",
    "Telegram Group",
    "Primary",
    "Secondary",
    "A verification link will be sent to this email address.",
    "Cancel",
    "Add Contact",
  ),
  ...t("02", "§2 Nudge buddy modals", "buddy-add-telegram", "Telegram Username or Chat ID", "Username (with @) or numeric chat ID of the Telegram user.", "@username or chat_id"),
  ...t("02", "§2 Nudge buddy modals", "buddy-add-group", "Telegram Group Chat ID", "Numeric chat ID of the Telegram group (usually starts with -100).", "-1001234567890"),
  ...t("02", "§2 Nudge buddy modals", "buddy-deeplink-group", "Open in Telegram", "Show QR for phone", "Hide QR"),
  ...t("02", "§2 Nudge buddy modals", "buddy-deeplink-contact", "Copy"),
  ...t(
    "02",
    "§2 Nudge Buddies page",
    "buddies-two",
    "Contact #1",
    "Contact #2",
    "Verify",
    "Get Link",
    "You have reached the maximum number of nudge buddies (2). Delete an existing contact to add a new one.",
  ),
  ...t("02", "§2 Nudge Buddies page", "buddy-menu", "Enter Code", "Edit", "Delete"),
  ...t("02", "§2 Nudge Buddies page", "buddies-verified", "Verified", "Opt Out"),
  ...t("02", "§2 Nudge buddy modals", "buddy-edit", "Edit Nudge Buddy", "Update Contact", " - Already exists"),
  ...t("02", "§2 Nudge buddy modals", "buddy-verify", "Enter the verification code sent to", "Cancel", "Verify"),
  ...t("02", "§8 Nudge buddies", "buddy-verify-wrong", "Invalid or expired verification code."),
  ...t("02", "§8 Nudge buddies", "buddy-verify-offline", "Failed to verify contact. Please try again."),
  ...t("02", "§8 Nudge buddies (store fallbacks)", "buddy-verify-offline", "Failed to verify contact"),
  ...t("02", "§2 Nudge buddy modals", "buddy-delete", "Are you sure you want to delete {name}?", "This action cannot be undone.", "Cancel", "Delete"),
  ...t(
    "02",
    "§8 Nudge buddies (store fallbacks)",
    "unreachable",
    "Failed to fetch nudge buddies",
    "Failed to fetch nudge buddy",
  ),
  ...t(
    "02",
    "§8 Nudge buddies (store fallbacks)",
    "buddy-offline",
    "Failed to create nudge buddy",
    "Failed to update nudge buddy",
    "Failed to delete nudge buddy",
    "Failed to send verification code",
    "Failed to get deep link",
    "Failed to opt out contact",
  ),
  ...t("02", "§2 Unsubscribe page", "unsubscribe-none", "Invalid Request", "No unsubscribe token was provided in the URL.", "Return to Homepage"),
  ...t("02", "§2 Unsubscribe page", "unsubscribe-failed", "Processing your unsubscribe request...", "Unsubscribe Failed", "The unsubscribe token is invalid or has expired.", "Return to Homepage"),
  ...t(
    "02",
    "§2 Unsubscribe page",
    "unsubscribe-done",
    "Successfully Unsubscribed",
    "You have been successfully removed from emergency notifications. You will no longer receive nudge buddy alerts.",
    "Return to Homepage",
  ),
  ...t("02", "§8 Unsubscribe", "unsubscribe-offline", "Unsubscribe Failed", "An error occurred while processing your request."),
  ...t("02", "§2 Verify-contact page", "verify-contact-none", "Invalid Request", "No verification code was provided in the URL."),
  ...t(
    "02",
    "§2 Verify-contact page",
    "verify-contact-failed",
    "Verifying your nudge buddy...",
    "Verification Failed",
    "The verification code is invalid or has expired.",
    "Login to Account",
    "Return to Homepage",
  ),
  ...t(
    "02",
    "§2 Verify-contact page",
    "verify-contact-done",
    "Contact Verified!",
    "Your nudge buddy has been successfully verified. You will now receive emergency notifications if reminders are missed.",
  ),
  ...t("02", "§8 Verify contact", "verify-contact-offline", "Verification Failed", "An error occurred while verifying your contact."),
  ...t("02", "§2 Bug-report feedback widget", "feedback", "Report a Bug"),
  ...t("02", "§5 Feedback form", "feedback-empty", "Please enter in the following required fields: "),
  ...t(
    "02",
    "§8 Feedback submission",
    "unreachable",
    "Unable to submit feedback with empty message",
  ),
  ...t("02", "§8 Feedback submission", "feedback-offline", "Unable to send Feedback. This is because of network issues, or because you are using an ad-blocker."),
  ...t("02", "§8 Feedback submission", "feedback-timeout", "Unable to determine if Feedback was correctly sent."),
];
