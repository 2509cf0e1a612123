import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { Env as WorkerEnv } from "../../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** The chaos simulation's own database (vitest.config.ts). */
      CHAOS_DB: D1Database;
      // tick-budget.test.ts: ticks over a backlog, away from every other file's due steps.
      TICK_DB: D1Database;
      /** migrations.test.ts: migrations applied one by one over rows written before them. */
      MIGRATION_DB: D1Database;
      /** `npm run chaos` settings (vitest.config.ts passes them through when set). */
      CHAOS_SEED?: string;
      CHAOS_RUNS?: string;
      CHAOS_FIRST_SEED?: string;
      CHAOS_MINUTES?: string;
    }
  }
}
