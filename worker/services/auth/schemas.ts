import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords";
import { oneLine } from "../one-line";

/**
 * The input schemas of accounts and session, shared by the Hono routes and the Remix actions.
 * Messages are the spec's own texts (spec 01 §5 and §8) where it gives one, else a plain sentence.
 * Every string has an upper bound, so no input can make us hash or store megabytes.
 */

export const MESSAGES = {
  fillAllFields: "Please fill in all fields",
  loginPasswordLength: "Password must be at least 8 characters long",
  passwordLength: "Password must be at least 8 characters long.",
  passwordTooLong: "Password can be at most 256 characters long.",
  passwordComplexity: "Password must contain at least one lowercase letter, one uppercase letter, and one number.",
  passwordCommon: "This password is one of the most common ones and is easy to guess. Please choose a different password.",
  consent: "You must agree to the Terms of Service and Privacy Policy to register.",
  emailMissing: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  nameMissing: "Please enter your name.",
  nameTooLong: "Your name can be at most 100 characters long.",
  timezoneMissing: "Please choose your timezone.",
  timezoneInvalid: "Please choose a timezone from the list.",
  notAnObject: "Please send the details as a JSON object.",
  pairingIncomplete: "The pairing needs both platformId and platformCode.",
  linkMissing: "Missing verification code or email.",
  registeredByMe: "registeredByMe must be true or false.",
  codeMissing: "Please enter the verification code.",
  codeTooLong: "The verification code can be at most 36 characters long.",
  resetCodeMissing: "Please enter the reset code from the email.",
  resetCodeTooLong: "The reset code can be at most 36 characters long.",
  userIdMissing: "The userId of your account is missing.",
  userIdInvalid: "The userId is not valid.",
} as const;

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome (>= 64, security baseline); the cap only bounds the KDF input. */
export const PASSWORD_MAX = 256;
const EMAIL_MAX = 254;

/** A JSON object with a sentence when the body is something else (array, string, null). */
function jsonObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.object(shape, { error: (issue) => (issue.code === "invalid_type" ? MESSAGES.notAnObject : undefined) });
}

/** Emails are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** An email address, trimmed and lower-cased; `missing` is the text when it is absent or empty (it differs by form). */
function emailFieldMissing(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .toLowerCase()
    .min(1, { error: missing })
    .max(EMAIL_MAX, { error: MESSAGES.emailInvalid })
    .pipe(z.email({ error: MESSAGES.emailInvalid }));
}

const emailField = emailFieldMissing(MESSAGES.emailMissing);

/** The rules for a new password (register, reset): spec 01 §5 plus the common-password list. */
export const newPasswordField = z
  .string({ error: MESSAGES.passwordLength })
  .min(PASSWORD_MIN, { error: MESSAGES.passwordLength })
  .max(PASSWORD_MAX, { error: MESSAGES.passwordTooLong })
  .regex(/\p{Ll}/u, { error: MESSAGES.passwordComplexity })
  .regex(/\p{Lu}/u, { error: MESSAGES.passwordComplexity })
  .regex(/\p{Nd}/u, { error: MESSAGES.passwordComplexity })
  .refine((password) => !COMMON_PASSWORDS.has(password.toLowerCase()), { error: MESSAGES.passwordCommon });

/**
 * The canonical name of an IANA time zone, or null when the runtime does not know it. Accepts every
 * name `Intl.DateTimeFormat` accepts, in any letter case, and answers what it resolves to: "utc" and
 * "Etc/UTC" -> "UTC", "US/Pacific" -> "America/Los_Angeles", and in V8 "Asia/Kolkata" ->
 * "Asia/Calcutta", "Europe/Kyiv" -> "Europe/Kiev". Browsers report the new names, which
 * `Intl.supportedValuesOf('timeZone')` lacks, so a list check would refuse real users' zones.
 * Fixed offsets ("+05:30") are refused: they know nothing of daylight saving time.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (typeof zone !== "string") return null;
  const trimmed = zone.trim();
  if (trimmed.length === 0 || trimmed.length > 64) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (!resolved || /^[+-]/.test(resolved)) return null;
  return resolved;
}

/** True when `canonicalTimeZone` knows the zone (kept for callers that only need a yes or no). */
export function isSupportedTimezone(zone: string): boolean {
  return canonicalTimeZone(zone) !== null;
}

/** A zone field: any zone the runtime knows, stored in its canonical form. */
const timezoneField = z
  .string({ error: MESSAGES.timezoneMissing })
  .trim()
  .min(1, { error: MESSAGES.timezoneMissing })
  .max(64, { error: MESSAGES.timezoneInvalid })
  .refine(isSupportedTimezone, { error: MESSAGES.timezoneInvalid })
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

/** Checkbox values from a form ("on", "true") count as ticked; JSON clients send `true`. */
const consentField = z.preprocess((value) => (value === "on" || value === "true" ? true : value), z.literal(true, { error: MESSAGES.consent }));

const pairingField = z.string({ error: MESSAGES.pairingIncomplete }).trim().min(1, { error: MESSAGES.pairingIncomplete }).max(200, { error: MESSAGES.pairingIncomplete });

/** A person's name: one line, 1 to 100 characters (registration, and Settings' Your account). */
const nameField = z.string({ error: MESSAGES.nameMissing }).overwrite(oneLine).min(1, { error: MESSAGES.nameMissing }).max(100, { error: MESSAGES.nameTooLong });

/** POST /v1/users. confirmPassword is checked by the page and never sent; other extra keys are ignored. */
export const registerSchema = jsonObject({
  name: nameField,
  email: emailField,
  password: newPasswordField,
  timezone: timezoneField,
  consent: consentField,
  platformId: pairingField.nullish(),
  platformCode: pairingField.nullish(),
}).refine((input) => Boolean(input.platformId) === Boolean(input.platformCode), { error: MESSAGES.pairingIncomplete, path: ["platformCode"] });
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /v1/auth/login: spec 01 §5 (no period at the end of these two texts, as in the spec). */
export const loginSchema = jsonObject({
  email: emailFieldMissing(MESSAGES.fillAllFields),
  password: z
    .string({ error: MESSAGES.fillAllFields })
    .min(1, { error: MESSAGES.fillAllFields })
    .min(PASSWORD_MIN, { error: MESSAGES.loginPasswordLength })
    .max(PASSWORD_MAX, { error: MESSAGES.passwordTooLong }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /v1/auth/forgot-password. */
export const emailSchema = jsonObject({ email: emailField });

/** POST /v1/auth/reset-password: spec 01 §5 (code at most 36 characters). */
export const resetPasswordSchema = jsonObject({
  email: emailField,
  code: z.string({ error: MESSAGES.resetCodeMissing }).trim().min(1, { error: MESSAGES.resetCodeMissing }).max(36, { error: MESSAGES.resetCodeTooLong }),
  newPassword: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** PUT /v1/users/me/name (Settings: Your account). */
export const renameSchema = jsonObject({ name: nameField });

/** POST /v1/users/me/email: the new address, with the password (or, without one, the current address) as proof. */
export const emailChangeSchema = jsonObject({
  newEmail: emailField,
  password: z.string().max(PASSWORD_MAX, { error: MESSAGES.passwordTooLong }).optional(),
  email: z.string().max(320).optional(),
});

/** POST /v1/users/me/email/confirm: the new address again and the code sent to it. */
export const emailChangeConfirmSchema = jsonObject({
  newEmail: emailField,
  code: z.string({ error: "Please enter the code from the email." }).trim().min(1, { error: "Please enter the code from the email." }).max(36, { error: "Please enter the code from the email." }),
});

export const CURRENT_PASSWORD_MISSING = "Please enter your current password.";

/** PUT /v1/users/me/password (Settings: Change Password). */
export const changePasswordSchema = jsonObject({
  currentPassword: z.string({ error: CURRENT_PASSWORD_MISSING }).min(1, { error: CURRENT_PASSWORD_MISSING }).max(PASSWORD_MAX, { error: MESSAGES.passwordTooLong }),
  newPassword: newPasswordField,
});

export const DELETE_CONFIRM_MISSING = "Please confirm with your password (or, if you sign in with Google only, your email address).";

/** DELETE /v1/users/me (Settings: Delete My Account): the password, or the email for an account without one. */
export const deleteAccountSchema = jsonObject({
  password: z.string().max(PASSWORD_MAX, { error: MESSAGES.passwordTooLong }).optional(),
  email: z.string().max(320).optional(),
}).refine((v) => Boolean(v.password || v.email), { error: DELETE_CONFIRM_MISSING });

const userIdField = z
  .string({ error: MESSAGES.userIdMissing })
  .trim()
  .min(1, { error: MESSAGES.userIdMissing })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: MESSAGES.userIdInvalid });
const codeField = z.string({ error: MESSAGES.codeMissing }).trim().min(1, { error: MESSAGES.codeMissing }).max(36, { error: MESSAGES.codeTooLong });

/** POST /v1/auth/otp and /v1/auth/magic-link. */
export const userIdSchema = jsonObject({ userId: userIdField });

/** POST /v1/auth/otp/verify. */
export const otpVerifySchema = jsonObject({ userId: userIdField, otp: codeField });

/** POST /v1/auth/verify-email: the link page's {email, code}; spec 01 §8 text when either is missing. */
export const verifyEmailLinkSchema = jsonObject({
  email: emailFieldMissing(MESSAGES.linkMissing),
  code: z.string({ error: MESSAGES.linkMissing }).trim().min(1, { error: MESSAGES.linkMissing }).max(36, { error: MESSAGES.codeTooLong }),
  // The mailbox owner's answer to "Did you create this Nudge account?" (ownership-question.ts, ADR 038).
  registeredByMe: z.boolean({ error: MESSAGES.registeredByMe }).optional(),
});

/** {timezone}: any zone Intl.DateTimeFormat knows, canonicalised (canonicalTimeZone). Extra keys are ignored here. */
export const timezoneSchema = jsonObject({ timezone: timezoneField });

/**
 * PUT /v1/users/{id} with the timezone. `{phone}` alone is the phone number (`isPhoneUpdate`, issue 10);
 * any other key is refused with a sentence instead of being silently dropped.
 */
export const updateUserSchema = z
  .custom<Record<string, unknown>>((value) => typeof value === "object" && value !== null && !Array.isArray(value), { error: MESSAGES.notAnObject })
  .superRefine((value, ctx) => {
    // Unknown keys first: the helpful answer names them, not "timezone missing".
    const unknown = Object.keys(value).filter((key) => key !== "timezone" && key !== "phone");
    if (unknown.length > 0) {
      const keys = unknown.map((key) => `"${key.slice(0, 40)}"`).join(", ");
      ctx.addIssue({ code: "custom", message: `Only the timezone or the phone can be changed here; ${keys} can't be updated.` });
    } else if ("phone" in value) {
      ctx.addIssue({ code: "custom", message: "Change the timezone or the phone, one at a time." });
    }
  })
  .pipe(jsonObject({ timezone: timezoneField }));

/** PUT /v1/users/{id} with only `phone`: the phone service reads it (spec 01 §5's sentence for any bad number). */
export function isPhoneUpdate(body: unknown): body is { phone: unknown } {
  return typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length === 1 && "phone" in body;
}

/** POST /v1/auth/refresh and /logout: the token may come in the body or in the refreshToken cookie. */
export const refreshBodySchema = z.object(
  { refreshToken: z.string({ error: "The refreshToken must be a string." }).max(512, { error: "The refreshToken is not valid." }).optional() },
  { error: (issue) => (issue.code === "invalid_type" ? MESSAGES.notAnObject : undefined) },
);

/** POST /users/pairPlatform: the handshake a platform's link carried (spec 01). */
export const pairPlatformSchema = jsonObject({ platformId: pairingField, platformCode: pairingField });
