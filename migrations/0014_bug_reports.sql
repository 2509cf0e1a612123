-- Issue 14: reports sent by the bug-report widget (spec 02); screenshots live in R2 (BUG_SCREENSHOTS).
CREATE TABLE `bug_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`message` text NOT NULL,
	`source` text NOT NULL,
	`tags` text DEFAULT '{}' NOT NULL,
	`url` text DEFAULT '' NOT NULL,
	`screenshot_key` text,
	`event_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bug_reports_created_idx` ON `bug_reports` (`created_at`);
