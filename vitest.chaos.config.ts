import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// `npm run chaos`: the long fault-injection run (tests/workerd/chaos/long-run.chaos.ts) with the
// workerd setup of the main suite, and only that file. CHAOS_SEED / CHAOS_RUNS / CHAOS_FIRST_SEED /
// CHAOS_MINUTES reach the Worker as bindings (vitest.config.ts).
export default defineConfig(async (configEnv) => {
  const resolved = await base(configEnv);
  return { ...resolved, test: { ...resolved.test, include: ["tests/workerd/chaos/**/*.chaos.ts"], testTimeout: 60 * 60_000 } };
});
