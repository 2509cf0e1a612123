import { applyD1Migrations, env } from "cloudflare:test";

// Runs before each test file: the migrations are idempotent (applied ones are skipped).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
