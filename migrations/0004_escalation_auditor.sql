ALTER TABLE `cron_runs` ADD `audit_cursor` text;--> statement-breakpoint
CREATE INDEX `cron_runs_scheduled_idx` ON `cron_runs` (`scheduled_at`);--> statement-breakpoint
CREATE INDEX `escalations_live_idx` ON `escalations` (`started_at`,`id`) WHERE "state" in ('running', 'paused');