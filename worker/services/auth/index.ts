/**
 * Accounts and session: the service surface shared by the /v1 routes and the Remix loaders/actions
 * (the contract in the auth-contract note; docs/api.md describes the HTTP side).
 */
export type { AuthResult, OnboardingStatus, PublicUser, RequestMeta, SessionTokens } from "./types";
export {
  canonicalTimeZone,
  emailSchema,
  isSupportedTimezone,
  loginSchema,
  MESSAGES,
  newPasswordField,
  normalizeEmail,
  otpVerifySchema,
  refreshBodySchema,
  registerSchema,
  resetPasswordSchema,
  timezoneSchema,
  updateUserSchema,
  isPhoneUpdate,
  userIdSchema,
  verifyEmailLinkSchema,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
} from "./schemas";
export { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken, type AccessTokenCheck } from "./access-token";
export { EMAIL_TAKEN_MESSAGE, INVALID_CREDENTIALS_MESSAGE, login, register, type LoginResult } from "./sign-in";
export {
  ACCOUNT_CHECK_RULE,
  ACCOUNT_DELETED_MESSAGE,
  changePassword,
  deleteAccount,
  NAME_SAVED_MESSAGE,
  NO_PASSWORD_YET,
  PASSWORD_CHANGED_MESSAGE,
  renameUser,
  SAME_PASSWORD,
  WRONG_CURRENT_PASSWORD,
  WRONG_DELETE_EMAIL,
  WRONG_DELETE_PASSWORD,
} from "./account";
export { confirmEmailChange, EMAIL_CHANGED_MESSAGE, requestEmailChange, SAME_EMAIL } from "./email-change";
export {
  createSession,
  logout,
  REFRESH_RACE_GRACE_MS,
  REFRESH_RACE_MESSAGE,
  refreshSession,
  refreshIntentFor,
  refreshSessionOrRace,
  REFRESH_TOKEN_TTL_MS,
  type RefreshIntent,
  type RefreshOutcome,
} from "./sessions";
export { inspectSessionTokens } from "./legacy-tokens";
export { signedBeforeSessionsEnded, tokenSpeaksWith, tokenStillSpeaksFor } from "./session-end";
export {
  getOnboardingStatus,
  getProfile,
  needsOnboarding,
  onboardingStatusOf,
  ONBOARDING_SKIP_MS,
  profileOf,
  requireUserRow,
  requireUserRowWithSignIn,
  resumeOnboarding,
  skipOnboarding,
  toPublicUser,
  updateTimezone,
} from "./users";
export { checkEmailCode, EMAIL_CODE_POLICY, RESET_CODE_POLICY, verifyEmailCode, type CodeCheckResult, type CodeFailure } from "./codes";
export { checkEmailLink, verifyEmailLink, type EmailLinkResult } from "./email-link";
export { sendMagicLink, sendVerificationEmail } from "./verification-email";
export { MAGIC_LINK_TTL_MS, verifyMagicLink, type LinkOpener } from "./magic-link";
export {
  isOwnershipQuestion,
  OWNERSHIP_QUESTION_CODE,
  OWNERSHIP_QUESTION_MESSAGE,
  OwnershipQuestionError,
  readRegisteredByMe,
  type OwnershipQuestion,
  type RegisteredByMe,
} from "./ownership-question";
export { requestSignInLink, SIGN_IN_LINK_SENT_MESSAGE } from "./sign-in-link";
export { sessionUserOf } from "./session-owner";
export { LOGIN_DEVICE_COOKIE, loginDeviceSetCookie } from "./login-device";
export {
  INVALID_RESET_CODE_MESSAGE,
  requestPasswordReset,
  RESET_DONE_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  resetPassword,
  type ResetRequestOptions,
} from "./password-reset";
export {
  completeGoogleSignIn,
  DEFAULT_AFTER_SIGN_IN,
  GOOGLE_FAILED_MESSAGE,
  isGoogleConfigured,
  safeRedirectPath,
  startGoogleSignIn,
  type GoogleCallbackInput,
} from "./google";
export {
  ACCESS_TOKEN_COOKIE,
  clearGoogleFlowSetCookies,
  clearSessionSetCookies,
  GOOGLE_FLOW_COOKIES,
  googleFlowSetCookies,
  REFRESH_TOKEN_COOKIE,
  sessionSetCookies,
  PAIRING_COOKIE,
  pairingSetCookie,
  clearPairingSetCookie,
  SKIP_ONBOARDING_COOKIE,
  skipOnboardingSetCookie,
  clearSkipOnboardingSetCookie,
} from "./cookies";
export { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "./passwords";
export { loginBlockedMessage, verifyBlockedMessage } from "./throttle";
export { completePendingPairing, pairPlatform, startPairing, PAIRING_CODE_GONE, PAIRING_UNKNOWN_PLATFORM, type PairingResult } from "./pairing";
