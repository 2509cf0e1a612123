import { createDb, type Db } from "../../db/client";
import { meteredD1, newMeter, type D1Meter } from "../../db/meter";
import { gatedD1, type WriteGate } from "../../db/write-gate";
import { createChannels } from "../channels";
import { logConfigProblemsOnce } from "../channels/report";
import type { Channels } from "../channels/types";
import { isDevOutboxOn, type Env } from "../env";
import { systemClock, type Clock } from "./clock";

/** What every service function receives. Tests build it with a fixed clock. */
export interface Deps {
  db: Db;
  clock: Clock;
  channels: Channels;
  env: Env;
  /** What this request or job has cost in D1 so far. */
  meter: D1Meter;
}

/**
 * `writeGate`: the API's requests hold their writes until the token's check has passed (db/write-gate.ts,
 * ADR 115); the dev channels' own writes (the outbox) are not the request's and never wait.
 */
export function createDeps(env: Env, options: { clock?: Clock; meter?: D1Meter; writeGate?: WriteGate } = {}): Deps {
  const meter = options.meter ?? newMeter();
  const clock = options.clock ?? systemClock;
  const metered = meteredD1(env.DB, meter);
  const db = createDb(options.writeGate ? gatedD1(metered, options.writeGate) : metered);
  // The dev channels (the outbox, the fake chat) stand in for providers' APIs: what they write is not
  // the product's D1 cost, so it stays out of the meter, and the benchmarks count what production would.
  const channels = createChannels(env, isDevOutboxOn(env) ? createDb(env.DB) : db, clock);
  // Every request and job starts here: the first one of an isolate without email says so in the log.
  logConfigProblemsOnce(channels);
  return { db, clock, channels, env, meter };
}
