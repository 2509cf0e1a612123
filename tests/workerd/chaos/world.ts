/**
 * The simulated world: its own D1 (CHAOS_DB, emptied before each run), users with a mix of
 * channels and default strategies, and their tasks across the catalogue, some recurring.
 */
import { applyD1Migrations, env } from "cloudflare:test";
import { users } from "../../../db/schema";
import { createDeps, type Deps } from "../../../worker/services/deps";
import type { Clock } from "../../../worker/services/clock";
import { createTask } from "../../../worker/services/tasks";
import { between, pick, type Rng } from "./prng";

export const STRATEGIES = ["gentle", "standard", "urgent", "no_buddies"] as const;

export interface SimUser {
  id: string;
}

let migrated = false;

/** The simulation's database, migrated once and emptied before each run (children go by cascade). */
export async function freshChaosDb(): Promise<D1Database> {
  const db = env.CHAOS_DB;
  if (!migrated) {
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    migrated = true;
  }
  await db.batch(["deliveries", "link_tokens", "outbox_messages", "cron_runs", "users"].map((table) => db.prepare(`DELETE FROM ${table}`)));
  return db;
}

/** Deps over the simulation's database (`db` may be a failing wrapper of it). */
export function simDeps(db: D1Database, clock: Clock): Deps {
  return createDeps({ ...env, DB: db }, { clock });
}

export async function createUsers(db: D1Database, clock: Clock, rng: Rng, count: number): Promise<SimUser[]> {
  const deps = simDeps(db, clock);
  const made: SimUser[] = [];
  for (let i = 0; i < count; i++) {
    const id = `chaos-user-${i}-${Math.floor(rng() * 1e9).toString(36)}`;
    const phone = rng() < 0.5;
    await deps.db.insert(users).values({
      id,
      name: `Chaos ${i}`,
      email: `${id}@example.com`,
      isVerified: true,
      timezone: "UTC",
      phone: phone ? `+1555${String(1000000 + i).slice(1)}` : null,
      phoneVerified: phone,
      telegramChatId: rng() < 0.5 ? String(900000 + i) : null,
      defaultEscalationStrategy: rng() < 0.5 ? pick(rng, STRATEGIES) : null,
      consent: true,
    });
    made.push({ id });
  }
  return made;
}

/** A task due `dueInMinutes` from the clock's now; a quarter of them recur (daily, on weekdays, weekly or monthly). */
// Every kind of repeat: the next occurrence is always at least a day later (after FUTURE_AFTER).
const RECURRENCES = [{ freq: "daily" }, { freq: "weekdays" }, { freq: "weekly", days: [1, 3, 5] }, { freq: "monthly", dayOfMonth: 31 }] as const;

export async function createSimTask(deps: Deps, rng: Rng, userId: string, dueInMinutes: number) {
  const dueAt = deps.clock.now().getTime() + dueInMinutes * 60_000;
  const input = {
    title: `Chaos task ${between(rng, 1, 9999)}`,
    dueDate: new Date(dueAt).toISOString(),
    strategy: rng() < 0.8 ? pick(rng, STRATEGIES) : null,
    recurrence: rng() < 0.25 ? pick(rng, RECURRENCES) : null,
  };
  return createTask(deps, userId, input, "api");
}
