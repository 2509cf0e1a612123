-- Issue 8 (ADR 067). A delivery's id is its idempotency key: the primary key keeps it unique, so the
-- separate unique index goes (one index entry less for every message). Rows written before keep
-- their key in idempotency_key; they take it as their id here (nothing references deliveries.id).
UPDATE `deliveries` SET `id` = `idempotency_key` WHERE `id` <> `idempotency_key`;--> statement-breakpoint
DROP INDEX IF EXISTS `deliveries_idempotency_unique`;--> statement-breakpoint
-- Every column that references users is indexed, so deleting an account finds the rows its
-- cascade touches instead of reading whole tables. For deliveries the same index serves the daily
-- cap on texts and calls (the last 24 hours of a person's deliveries), in place of 0024's two
-- partial ones, which the cascade cannot use.
DROP INDEX IF EXISTS `deliveries_user_phone_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `deliveries_user_phone_stand_in_idx`;--> statement-breakpoint
CREATE INDEX `deliveries_user_idx` ON `deliveries` (`user_id`, `created_at`);--> statement-breakpoint
CREATE INDEX `link_tokens_user_idx` ON `link_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `telegram_link_codes_user_idx` ON `telegram_link_codes` (`user_id`);--> statement-breakpoint
CREATE INDEX `pairing_codes_user_idx` ON `pairing_codes` (`user_id`);--> statement-breakpoint
CREATE INDEX `bug_reports_user_idx` ON `bug_reports` (`user_id`);--> statement-breakpoint
CREATE INDEX `feedback_user_idx` ON `feedback` (`user_id`);
