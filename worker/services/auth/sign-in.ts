import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Deps } from "../deps";
import { conflict, unauthorized } from "../errors";
import { errorFields, log } from "../log";
import { parseInput } from "../validation";
import { pairingCodeHash } from "./codes";
import { issueLoginDevice, trustedLoginDevice } from "./login-device";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import { loginSchema, registerSchema } from "./schemas";
import { createSession } from "./sessions";
import { clearLoginFailures, recordLoginFailure, reserveLoginAttempt, takeRegistration } from "./throttle";
import type { AuthResult, RequestMeta } from "./types";
import { findUserByEmail, isUniqueViolation, toPublicUser } from "./users";
import { sendVerificationEmail } from "./verification-email";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password. Please check your credentials.";
export const EMAIL_TAKEN_MESSAGE = "An account with this email address already exists. Please sign in instead.";

/**
 * POST /v1/users. Says plainly when the email is taken (409): a sign-up form that hides it is
 * unusable, and the spec has no flow that would hide it (docs/spec-deviations.md). Sends the
 * verification email (code + magic link); a failed send does not undo the account (resend exists).
 * A valid form counts against the IP's registrations (10 an hour, ADR 043) before anything else is
 * looked at, so the 409 cannot be used to test thousands of addresses either.
 */
export async function register(deps: Deps, input: unknown, meta: RequestMeta): Promise<AuthResult> {
  const data = parseInput(registerSchema, input);
  await takeRegistration(deps, meta.ip);
  if (await findUserByEmail(deps, data.email)) throw conflict(EMAIL_TAKEN_MESSAGE, "EMAIL_TAKEN");
  const passwordHash = await hashPassword(data.password);
  const now = deps.clock.now().getTime();
  let row;
  try {
    [row] = await deps.db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        name: data.name,
        email: data.email,
        passwordHash,
        timezone: data.timezone,
        consent: true,
        pairPlatformId: data.platformId ?? null,
        pairPlatformCodeHash: data.platformId && data.platformCode ? await pairingCodeHash(deps.env, data.platformId, data.platformCode) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE, "EMAIL_TAKEN");
    throw error;
  }
  if (!row) throw new Error("The new user row was not returned");
  const tokens = await createSession(deps, row.id, meta);
  try {
    await sendVerificationEmail(deps, row.id);
  } catch (error) {
    log.error("verification_email_failed", { userId: row.id, ...errorFields(error) });
  }
  return { ...tokens, user: toPublicUser(row) };
}

/** A successful sign-in, and the device cookie value to (re)set on the browser (ADR 039). */
export interface LoginResult extends AuthResult {
  loginDevice: string;
}

/**
 * POST /v1/auth/login. Unknown email, Google-only account and wrong password get the same 401 after
 * the same work (a full KDF run). The attempt is reserved before the password is checked, so parallel
 * guesses cannot pass the limits: 10 per email + IP (then 10 minutes of 429), 50 failures per email
 * across all IPs (then an hour of 429) - except for a browser holding this account's device cookie
 * (`loginDevice`), which has its own 10 instead. See throttle.ts, ADR 013 and ADR 039.
 */
export async function login(deps: Deps, input: unknown, meta: RequestMeta, options: { loginDevice?: string | null } = {}): Promise<LoginResult> {
  const { email, password } = parseInput(loginSchema, input);
  const user = await findUserByEmail(deps, email);
  const device = await trustedLoginDevice(deps.env, email, user?.passwordHash ?? null, options.loginDevice);
  await reserveLoginAttempt(deps, email, meta.ip, device);
  let check = { ok: false, needsRehash: false };
  if (user?.passwordHash) check = await verifyPassword(password, user.passwordHash);
  else await verifyAgainstDummy(password);
  if (!user || !check.ok) {
    await recordLoginFailure(deps, email, meta.ip, device);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE, "INVALID_CREDENTIALS");
  }
  await clearLoginFailures(deps, email, meta.ip, device);
  let passwordHash = user.passwordHash ?? "";
  if (check.needsRehash) {
    // The stored hash used older parameters: now that we hold the password, store it with today's.
    passwordHash = await hashPassword(password);
    await deps.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }
  const tokens = await createSession(deps, user.id, meta);
  // A known device keeps its cookie (and so its own count) unless the hash changed; a new one gets one.
  const loginDevice = device && options.loginDevice && !check.needsRehash ? options.loginDevice : await issueLoginDevice(deps.env, email, passwordHash);
  return { ...tokens, user: toPublicUser(user), loginDevice };
}
