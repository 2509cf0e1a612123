-- Issue 8 (ADR 067): the engine's indexes hold only the rows their queries look for. D1 counts every
-- index entry a write inserts as a row written; an index led by `state` got a new entry at each of a
-- step's four state changes, a partial one only when the step enters the set it holds.
--
-- Steps: the tick's "due" claim reads pending steps by due time; its "expired" claim, the burial of
-- exhausted steps and the in-flight count read claimed or sending steps by lease. (The first-ping
-- claim keeps escalation_steps_first_due_idx.)
DROP INDEX IF EXISTS `escalation_steps_due_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `escalation_steps_lease_idx`;--> statement-breakpoint
CREATE INDEX `escalation_steps_pending_due_idx` ON `escalation_steps` (`due_at`) WHERE "state" = 'pending';--> statement-breakpoint
CREATE INDEX `escalation_steps_leased_idx` ON `escalation_steps` (`lease_until`) WHERE "state" IN ('claimed', 'sending');--> statement-breakpoint
-- Deliveries: the retention sweep reads them by age alone (the status no longer in the key, so
-- recording a send writes no index entry); the daily cap on texts and calls reads a person's texts
-- and calls, and the emails that stood in for them, from partial indexes that hold only those.
DROP INDEX IF EXISTS `deliveries_status_idx`;--> statement-breakpoint
CREATE INDEX `deliveries_created_idx` ON `deliveries` (`created_at`);--> statement-breakpoint
DROP INDEX IF EXISTS `deliveries_user_channel_idx`;--> statement-breakpoint
CREATE INDEX `deliveries_user_phone_idx` ON `deliveries` (`user_id`, `created_at`) WHERE "channel" IN ('sms', 'voice');--> statement-breakpoint
CREATE INDEX `deliveries_user_phone_stand_in_idx` ON `deliveries` (`user_id`, `created_at`) WHERE "requested_channel" IN ('sms', 'voice');
--> statement-breakpoint
-- A reminder's answer links (ADR 067): one token per message, its hash on the message's own row,
-- instead of three link_tokens rows (each with its three index entries) per email or push.
ALTER TABLE `deliveries` ADD `link_token_hash` text;--> statement-breakpoint
ALTER TABLE `deliveries` ADD `link_uses` text;--> statement-breakpoint
CREATE UNIQUE INDEX `deliveries_link_token_unique` ON `deliveries` (`link_token_hash`) WHERE "link_token_hash" IS NOT NULL;
