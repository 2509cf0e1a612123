import { applyD1Migrations, env } from "cloudflare:test";
import { failOnUnexpectedConsoleErrors } from "./console-errors";

// Runs before each test file: the migrations are idempotent (applied ones are skipped).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Every test fails on a console.error it did not declare with expectConsoleError (console-errors.ts).
failOnUnexpectedConsoleErrors();
