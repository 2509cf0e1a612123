import { and, eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { z } from "zod";
import { runBatch, type Statement } from "../../../db/batch";
import type { Db } from "../../../db/client";
import { escalationSteps, tasks, users } from "../../../db/schema";
import type { Deps } from "../deps";
import { badRequest, notFound } from "../errors";
import { nextMorning } from "../tasks/morning";
import { safeZone } from "../time-zone";
import { parseInput } from "../validation";
import { quietUntil, quietWindowOf } from "./window";

/**
 * A break (ADR 095): "pause everything until tomorrow morning". Until its end nothing reminds the
 * person, gentle pings included; each step that comes due is held as for quiet hours (the engine asks
 * `restUntil` at each step) and the first held step to fire at the end sends the one catch-up. Ending a
 * break early, or making it shorter, brings the held steps forward to the new end, so "End the break"
 * means now. A task marked "Remind me even during quiet hours" reminds through a break too.
 */

/** The longest break: a holiday; longer is no break but a reason to change the reminders. */
export const BREAK_MAX_DAYS = 30;

export const BREAK_TEXTS = {
  invalid: 'Say how long the break is: {"minutes": 60}, {"until": "morning"} or {"until": "2026-12-01T09:00"}.',
  untilInvalid: "Choose when the break ends, like tomorrow at 9:00 AM.",
  past: "That time has already passed. Choose when the break ends, later than now.",
  tooLong: `A break lasts at most ${BREAK_MAX_DAYS} days. For longer, pause or delete the reminders themselves.`,
  started: (until: string, quietUntil: string | null) =>
    `You're on a break until ${until}${quietUntil ? `, and your quiet hours follow it until ${quietUntil}` : ""}. Reminders wait and arrive as one message when it ends.`,
  ended: "Your break is over. Anything that waited arrives now, as one message.",
  noBreak: "You're not on a break.",
} as const;

/** POST /v1/users/me/break: a length in minutes, the next morning, or a date and time (on the person's clock without an offset). */
export const breakSchema = z.union(
  [
    z.object({ minutes: z.number({ error: BREAK_TEXTS.invalid }).int(BREAK_TEXTS.invalid).min(1, BREAK_TEXTS.invalid) }).strict(),
    z.object({ until: z.string({ error: BREAK_TEXTS.untilInvalid }).trim().min(1, BREAK_TEXTS.untilInvalid) }).strict(),
  ],
  { error: BREAK_TEXTS.invalid },
);

export interface BreakJson {
  /** When the break ends (ISO), or null when there is none now. */
  until: string | null;
  /** When reminders come back: the break's end, carried on by quiet hours that are on then (ISO), else null. */
  remindersFrom: string | null;
  /** "9:00 AM tomorrow" on the person's clock, or null. */
  untilLocal: string | null;
  /** When quiet hours carry the break on: the moment reminders come back on the person's clock ("8:00 AM tomorrow"), else null. */
  quietFollowsUntilLocal: string | null;
}

type BreakColumns = { breakUntil: number | null; quietStart: number | null; quietEnd: number | null; timezone: string };

const columns = { breakUntil: users.breakUntil, quietStart: users.quietStart, quietEnd: users.quietEnd, timezone: users.timezone };

/** When the rest that a break until `until` starts ends: then, or when quiet hours on at that moment end. */
function restEnd(user: BreakColumns, until: number): number {
  return quietUntil(quietWindowOf(user), user.timezone, until) ?? until;
}

/** The break as screens and the API show it: only one still running. */
export function breakJson(user: BreakColumns, now: number): BreakJson {
  if (user.breakUntil === null || user.breakUntil <= now) return { until: null, remindersFrom: null, untilLocal: null, quietFollowsUntilLocal: null };
  const rest = restEnd(user, user.breakUntil);
  return {
    until: new Date(user.breakUntil).toISOString(),
    remindersFrom: new Date(rest).toISOString(),
    untilLocal: localMoment(user.breakUntil, user.timezone, now),
    quietFollowsUntilLocal: rest === user.breakUntil ? null : localMoment(rest, user.timezone, now),
  };
}

export async function getBreak(deps: Pick<Deps, "db" | "clock">, userId: string): Promise<BreakJson> {
  return breakJson(await columnsOf(deps.db, userId), deps.clock.now().getTime());
}

/**
 * Takes a break until the moment asked for (or changes the one running). A shorter break than the one
 * running brings its held steps forward to the new end; a longer one holds them again when they fire.
 */
export async function startBreak(deps: Pick<Deps, "db" | "clock">, userId: string, input: unknown): Promise<BreakJson & { message: string }> {
  const parsed = parseInput(breakSchema, input);
  const user = await columnsOf(deps.db, userId);
  const now = deps.clock.now().getTime();
  const until = breakEnd(parsed, user.timezone, now);
  // Steps are held until the rest's end: the break's, or the quiet hours' that carry it on.
  const heldUntil = user.breakUntil !== null && user.breakUntil > now ? restEnd(user, user.breakUntil) : null;
  const newEnd = restEnd(user, until);
  await runBatch(deps.db, [
    deps.db.update(users).set({ breakUntil: until, updatedAt: now }).where(eq(users.id, userId)),
    ...(heldUntil !== null && newEnd < heldUntil ? releaseStatements(deps.db, userId, heldUntil, newEnd) : []),
  ]);
  const saved = breakJson({ ...user, breakUntil: until }, now);
  return { ...saved, message: BREAK_TEXTS.started(saved.untilLocal ?? "", saved.quietFollowsUntilLocal) };
}

/** Ends the break now: the steps it held fire at once (one catch-up), as its end had come. */
export async function endBreak(deps: Pick<Deps, "db" | "clock">, userId: string): Promise<BreakJson & { message: string; ended: boolean }> {
  const user = await columnsOf(deps.db, userId);
  const now = deps.clock.now().getTime();
  if (user.breakUntil === null || user.breakUntil <= now) return { ...breakJson(user, now), message: BREAK_TEXTS.noBreak, ended: false };
  // Held until the rest's end (quiet hours may carry the break on): those steps come now. One that comes
  // inside tonight's quiet hours is held for them again when it fires, as any step then.
  const heldUntil = restEnd(user, user.breakUntil);
  await runBatch(deps.db, [deps.db.update(users).set({ breakUntil: null, updatedAt: now }).where(eq(users.id, userId)), ...releaseStatements(deps.db, userId, heldUntil, now)]);
  return { ...breakJson({ ...user, breakUntil: null }, now), message: BREAK_TEXTS.ended, ended: true };
}

async function columnsOf(db: Db, userId: string): Promise<BreakColumns> {
  const [user] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound("We couldn't find that user.", "USER_NOT_FOUND");
  return user;
}

function breakEnd(parsed: z.infer<typeof breakSchema>, zone: string, now: number): number {
  const shown = safeZone(zone);
  let until: number | null;
  if ("minutes" in parsed) until = now + parsed.minutes * 60_000;
  else if (parsed.until === "morning") until = nextMorning(now, shown);
  else {
    // A date and time with an offset is exact; without one it is on the person's clock, like a due date.
    const local = DateTime.fromISO(parsed.until, { zone: shown });
    until = local.isValid ? local.toMillis() : null;
  }
  if (until === null) throw badRequest(BREAK_TEXTS.untilInvalid, "BREAK_UNTIL_INVALID");
  if (until <= now) throw badRequest(BREAK_TEXTS.past, "BREAK_PAST");
  if (until > now + BREAK_MAX_DAYS * 24 * 60 * 60_000) throw badRequest(BREAK_TEXTS.tooLong, "BREAK_TOO_LONG");
  return until;
}

/**
 * The steps a break held until `from` (each pending at exactly that time, held for it) move to `to`,
 * still held for it, so the first to fire sends the one catch-up; their chains' later steps come as
 * much earlier, keeping their spacing. The cards say the new time. By the held-steps index.
 */
function releaseStatements(db: Db, userId: string, from: number, to: number): Statement[] {
  const heldForIt = sql`${escalationSteps.state} = 'pending' and ${escalationSteps.heldUntil} = ${from} and ${escalationSteps.dueAt} = ${from} and ${escalationSteps.taskId} in (select ${tasks.id} from ${tasks} where ${tasks.userId} = ${userId})`;
  const chains = db.select({ id: escalationSteps.escalationId }).from(escalationSteps).where(heldForIt);
  const heldTasks = db.select({ id: escalationSteps.taskId }).from(escalationSteps).where(heldForIt);
  // The held steps themselves move last: the two writes before find them by the old time.
  return [
    db
      .update(escalationSteps)
      .set({ dueAt: sql`${escalationSteps.dueAt} - ${from - to}` })
      .where(and(eq(escalationSteps.state, "waiting"), sql`${escalationSteps.escalationId} in ${chains}`)),
    db.update(tasks).set({ quietHeldUntil: to }).where(and(sql`${tasks.id} in ${heldTasks}`, eq(tasks.quietHeldUntil, from))),
    db.update(escalationSteps).set({ dueAt: to, heldUntil: to }).where(heldForIt),
  ];
}

/** "9:00 AM", "9:00 AM tomorrow" or "9:00 AM on Friday, 4 December" on the person's clock. */
function localMoment(at: number, zone: string, now: number): string {
  const shown = safeZone(zone);
  const local = DateTime.fromMillis(at, { zone: shown }).setLocale("en-US");
  const days = Math.round(local.startOf("day").diff(DateTime.fromMillis(now, { zone: shown }).startOf("day"), "days").days);
  if (days === 0) return local.toFormat("h:mm a");
  return days === 1 ? `${local.toFormat("h:mm a")} tomorrow` : local.toFormat("h:mm a 'on' cccc, d LLLL");
}
