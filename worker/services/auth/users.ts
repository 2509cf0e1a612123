import { feedToken } from "../calendar/feed-token";
import { eq, getTableColumns } from "drizzle-orm";
import { runNamedBatch } from "../../../db/batch";
import { followZoneStatements, openRecurringQuery } from "../series";
import { users, type User } from "../../../db/schema";
import type { Deps } from "../deps";
import { notFound } from "../errors";
import { parseInput } from "../validation";
import { signInGoesOnColumn } from "./session-end";
import { timezoneSchema } from "./schemas";
import type { OnboardingStatus, PublicUser } from "./types";

/** How long "Skip" keeps onboarding away: one day, like the spec's skip cookie (spec 01 §4). */
export const ONBOARDING_SKIP_MS = 24 * 60 * 60_000;

export function toPublicUser(row: User): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    isVerified: row.isVerified,
    phoneVerified: row.phoneVerified,
    telegramChatId: row.telegramChatId,
    timezone: row.timezone,
    consent: row.consent,
    ...(row.googleId ? { googleId: row.googleId } : {}),
    // Only a nonce and the token's hash are stored; getProfile derives the token (ADR 061).
    icsFeedToken: null,
    defaultEscalationStrategy: row.defaultEscalationStrategy,
  };
}

export async function findUserById({ db }: Pick<Deps, "db">, userId: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** `email` must already be normalised (trimmed, lower-case), as the schemas do. */
export async function findUserByEmail({ db }: Pick<Deps, "db">, email: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export const accountNotFound = () => notFound("We couldn't find your account. Please sign in again.", "USER_NOT_FOUND");

export async function getProfile(deps: Deps, userId: string): Promise<PublicUser> {
  return profileOf(deps, await requireUserRow(deps, userId));
}

/** The signed-in person's row; a deleted account is the 404 every signed-in read gives. */
export async function requireUserRow(deps: Pick<Deps, "db">, userId: string): Promise<User> {
  const row = await findUserById(deps, userId);
  if (!row) throw accountNotFound();
  return row;
}

/**
 * The person's row and, in the same query, whether the sign-in `sessionId` goes on (ADR 117): what a page's
 * session check needs beside the profile, at no extra D1 query. Throws 404 like requireUserRow.
 */
export async function requireUserRowWithSignIn(deps: Pick<Deps, "db">, userId: string, sessionId: string | null): Promise<User & { signInGoesOn: boolean }> {
  const [row] = await deps.db
    .select({ ...getTableColumns(users), signInGoesOn: signInGoesOnColumn(sessionId) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw accountNotFound();
  return row;
}

/** The profile of a person's row (a page's loaders share one read of the row: app/lib/request-reads.server.ts). */
export async function profileOf(deps: Pick<Deps, "env">, row: User): Promise<PublicUser> {
  // The feed token is derived from the stored nonce (ADR 061); the profile shows it while the feed is on.
  return { ...toPublicUser(row), icsFeedToken: row.icsTokenNonce ? await feedToken(deps.env, row.id, row.icsTokenNonce) : null };
}

/**
 * PUT /v1/users/{id} {timezone}. Another user's id answers 404, exactly like an unknown one.
 * Repeating reminders keep their time of day on the new clock, in the same batch (series/follow-zone.ts).
 */
export async function updateTimezone(deps: Deps, actingUserId: string, targetUserId: string, input: unknown): Promise<PublicUser> {
  if (actingUserId !== targetUserId) throw notFound("We couldn't find that user.", "USER_NOT_FOUND");
  const { timezone } = parseInput(timezoneSchema, input);
  // The row (for the zone it leaves) and the open series, together: one D1 wait.
  const [before, open] = await Promise.all([requireUserRow(deps, actingUserId), openRecurringQuery(deps, actingUserId)]);
  const now = deps.clock.now().getTime();
  const { row } = await runNamedBatch(
    deps.db,
    { row: deps.db.update(users).set({ timezone, updatedAt: now }).where(eq(users.id, actingUserId)).returning() },
    followZoneStatements(deps, open, before.timezone, timezone, now),
  );
  const [updated] = row;
  if (!updated) throw accountNotFound();
  return toPublicUser(updated);
}

/**
 * THE onboarding rule (spec 01 §4), for /v1 and every screen that decides on it: needed while the
 * email is unverified or Telegram is unlinked, unless the user skipped it in the last day.
 */
export function needsOnboarding(state: Pick<OnboardingStatus, "isVerified" | "isTelegramLinked" | "skipped">): boolean {
  if (state.skipped) return false;
  return !state.isVerified || !state.isTelegramLinked;
}

export async function getOnboardingStatus(deps: Deps, userId: string): Promise<OnboardingStatus> {
  return onboardingStatusOf(deps, await requireUserRow(deps, userId));
}

/** The onboarding state of a person's row, at the clock's now. */
export function onboardingStatusOf(deps: Pick<Deps, "clock">, row: User): OnboardingStatus {
  const isTelegramLinked = Boolean(row.telegramChatId);
  const skipped = row.onboardingSkippedAt !== null && row.onboardingSkippedAt > deps.clock.now().getTime() - ONBOARDING_SKIP_MS;
  const state = { isVerified: row.isVerified, isTelegramLinked, skipped };
  return { needsOnboarding: needsOnboarding(state), ...state };
}

/** "Skip" in the wizard. */
export async function skipOnboarding(deps: Deps, userId: string): Promise<OnboardingStatus> {
  const now = deps.clock.now().getTime();
  const changed = await deps.db.update(users).set({ onboardingSkippedAt: now, updatedAt: now }).where(eq(users.id, userId)).returning({ id: users.id });
  if (changed.length === 0) throw accountNotFound();
  return getOnboardingStatus(deps, userId);
}

/** "Get Started" in the menu: the skip is forgotten and the wizard applies again. */
export async function resumeOnboarding(deps: Deps, userId: string): Promise<OnboardingStatus> {
  const now = deps.clock.now().getTime();
  const changed = await deps.db.update(users).set({ onboardingSkippedAt: null, updatedAt: now }).where(eq(users.id, userId)).returning({ id: users.id });
  if (changed.length === 0) throw accountNotFound();
  return getOnboardingStatus(deps, userId);
}

/** True when a D1 error is a UNIQUE violation (e.g. two registrations of one email at once). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (String((current as { message?: unknown }).message ?? current).includes("UNIQUE constraint failed")) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
