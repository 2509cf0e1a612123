import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit and integration tests inside workerd, with a real local D1 migrated by tests/workerd/setup.ts.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        main: "./tests/workerd/worker-entry.ts",
        miniflare: {
          // The fault-injection simulation's own D1 (tests/workerd/chaos/): its ticks claim every due
          // step and its auditor sweeps every live chain, so it must not share a database with the other files.
          // MIGRATION_DB: migrations applied one by one over rows (migrations.test.ts).
          d1Databases: ["CHAOS_DB", "TICK_DB", "MIGRATION_DB"],
          bindings: {
            TEST_MIGRATIONS: migrations,
            DEV_OUTBOX: "true",
            APP_URL: "http://localhost:8787",
            JWT_SECRET: "test-only-jwt-secret-0123456789abcdef0123456789",
            // `npm run chaos` (vitest.chaos.config.ts): which seeds, how many, for how long.
            ...Object.fromEntries(["CHAOS_SEED", "CHAOS_RUNS", "CHAOS_FIRST_SEED", "CHAOS_MINUTES"].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : []))),
          },
        },
      }),
    ],
    // The app's `~/` alias (tsconfig paths), for tests that load app/ modules.
    resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./app/", import.meta.url)) }] },
    test: {
      include: ["tests/workerd/**/*.test.ts"],
      setupFiles: ["./tests/workerd/setup.ts"],
      // The usual output, then the ten slowest tests (docs/testing.md, "The slow-test report").
      reporters: ["default", "./tests/workerd/slowest-reporter.ts"],
    },
  };
});
