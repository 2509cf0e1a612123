/** The shapes of accounts and session shared by /v1 and the Remix loaders/actions (auth contract). */

/** The User of spec 01 §3 with every field: the /v1/auth/profile answer and the `user` of login/register. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  isVerified: boolean;
  phoneVerified: boolean;
  telegramChatId: string | null;
  timezone: string;
  consent: boolean;
  /** Present only for Google-linked users. */
  googleId?: string;
  /** The calendar feed token (a later issue); null for now. */
  icsFeedToken: string | null;
  defaultEscalationStrategy: string | null;
}

/** Who is asking: used for throttling (ip) and shown on sessions (userAgent). */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

export interface AuthResult extends SessionTokens {
  user: PublicUser;
}

/** GET /v1/users/me/onboarding. */
export interface OnboardingStatus {
  needsOnboarding: boolean;
  isVerified: boolean;
  isTelegramLinked: boolean;
  /** True while a skip is in force (it lasts one day, like the spec's skip cookie). */
  skipped: boolean;
}
