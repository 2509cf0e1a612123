import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../../db/schema";
import type { Deps } from "../deps";
import { notFound } from "../errors";
import { parseInput } from "../validation";
import { clockLabel, clockText, parseClock, quietUntil, quietWindowOf } from "./window";

/** The suggestion shown when quiet hours are off (issue 13): 22:00-08:00. */
export const SUGGESTED_QUIET = { start: 22 * 60, end: 8 * 60 } as const;

export const QUIET_TEXTS = {
  startInvalid: "Enter when quiet hours start as a time, like 22:00.",
  endInvalid: "Enter when quiet hours end as a time, like 08:00.",
  sameTimes: "Quiet hours need a start and an end that differ.",
  savedOn: (start: number, end: number) => `Quiet hours saved: ${clockLabel(start)} to ${clockLabel(end)}.`,
  savedOff: "Quiet hours are off. Reminders go out at any hour.",
} as const;

const clock = (message: string) =>
  z
    .string({ error: message })
    .transform((text, ctx) => {
      const minute = parseClock(text);
      if (minute === null) ctx.addIssue({ code: "custom", message });
      return minute ?? 0;
    });

/** PUT /v1/users/me/quiet-hours: on with both ends, or off (the ends are then kept as they were). */
export const quietHoursSchema = z.discriminatedUnion("enabled", [
  z
    .object({ enabled: z.literal(true), start: clock(QUIET_TEXTS.startInvalid), end: clock(QUIET_TEXTS.endInvalid), gentlePings: z.boolean().default(true) })
    .refine((value) => value.start !== value.end, { message: QUIET_TEXTS.sameTimes, path: ["end"] }),
  z.object({ enabled: z.literal(false), gentlePings: z.boolean().optional() }),
], { error: "Say whether quiet hours are on (enabled: true or false)." });

export interface QuietHoursJson {
  enabled: boolean;
  /** "22:00": the saved window, or the suggestion while off. */
  start: string;
  end: string;
  gentlePings: boolean;
  timezone: string;
  /** When the current quiet hours end (epoch ms), null when it is not quiet now. */
  quietUntil: number | null;
}

type QuietColumns = { quietStart: number | null; quietEnd: number | null; quietGentle: boolean; timezone: string };

export function quietHoursJson(user: QuietColumns, now: number): QuietHoursJson {
  const window = quietWindowOf(user);
  return {
    enabled: window !== null,
    start: clockText(window?.start ?? SUGGESTED_QUIET.start),
    end: clockText(window?.end ?? SUGGESTED_QUIET.end),
    gentlePings: user.quietGentle,
    timezone: user.timezone,
    quietUntil: quietUntil(window, user.timezone, now),
  };
}

const columns = { quietStart: users.quietStart, quietEnd: users.quietEnd, quietGentle: users.quietGentle, timezone: users.timezone };

export async function getQuietHours(deps: Pick<Deps, "db" | "clock">, userId: string): Promise<QuietHoursJson> {
  const [user] = await deps.db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound("We couldn't find that user.", "USER_NOT_FOUND");
  return quietHoursJson(user, deps.clock.now().getTime());
}

/**
 * Saves the person's quiet hours. Steps already held keep their catch-up time; steps due later
 * follow the new window when they fire (the engine asks at each step, ADR 064).
 */
export async function setQuietHours(deps: Pick<Deps, "db" | "clock">, userId: string, input: unknown): Promise<QuietHoursJson & { message: string }> {
  const parsed = parseInput(quietHoursSchema, input);
  const now = deps.clock.now().getTime();
  const set = parsed.enabled
    ? { quietStart: parsed.start, quietEnd: parsed.end, quietGentle: parsed.gentlePings, updatedAt: now }
    : { quietStart: null, quietEnd: null, ...(parsed.gentlePings === undefined ? {} : { quietGentle: parsed.gentlePings }), updatedAt: now };
  const [user] = await deps.db.update(users).set(set).where(eq(users.id, userId)).returning(columns);
  if (!user) throw notFound("We couldn't find that user.", "USER_NOT_FOUND");
  const message = parsed.enabled ? QUIET_TEXTS.savedOn(parsed.start, parsed.end) : QUIET_TEXTS.savedOff;
  return { ...quietHoursJson(user, now), message };
}
