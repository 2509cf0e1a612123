-- Issue 8 (ADR 069): one message writes three index entries fewer. The deliveries table is rebuilt
-- WITHOUT ROWID, keyed by the idempotency key alone (the rowid table kept its primary key as a
-- separate index: one more entry per message). Two indexes go:
-- - deliveries_task_idx: a task's deliveries are found by key instead (a key starts with its chain's
--   escalation id and step index, so a step's rows are one range of the primary key), and task_id is
--   kept as history without a foreign key (deleting a task leaves its deliveries' task_id pointing at
--   nothing, which every reader already treats as "task gone"; its person's deletion still removes them);
-- - deliveries_created_idx: the retention sweep goes through deliveries_user_idx, a slice of people
--   per run (worker/services/retention.ts).
-- Nothing references deliveries, so the rebuild is a copy.
CREATE TABLE `deliveries_rebuilt` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`user_id` text,
	`task_id` text,
	`escalation_step_id` text,
	`channel` text NOT NULL,
	`requested_channel` text,
	`recipient` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`provider_message_id` text,
	`error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`sent_at` integer,
	`link_token_hash` text,
	`link_uses` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `deliveries_rebuilt` (`id`, `idempotency_key`, `user_id`, `task_id`, `escalation_step_id`, `channel`, `requested_channel`, `recipient`, `status`, `attempts`, `provider_message_id`, `error`, `created_at`, `sent_at`, `link_token_hash`, `link_uses`)
	SELECT `id`, `idempotency_key`, `user_id`, `task_id`, `escalation_step_id`, `channel`, `requested_channel`, `recipient`, `status`, `attempts`, `provider_message_id`, `error`, `created_at`, `sent_at`, `link_token_hash`, `link_uses` FROM `deliveries`;
--> statement-breakpoint
DROP TABLE `deliveries`;--> statement-breakpoint
ALTER TABLE `deliveries_rebuilt` RENAME TO `deliveries`;--> statement-breakpoint
CREATE UNIQUE INDEX `deliveries_link_token_unique` ON `deliveries` (`link_token_hash`) WHERE "link_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `deliveries_user_idx` ON `deliveries` (`user_id`, `created_at`);
