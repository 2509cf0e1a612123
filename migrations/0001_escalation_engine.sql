ALTER TABLE `cron_runs` ADD `queries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cron_runs` ADD `rows_read` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cron_runs` ADD `rows_written` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cron_runs` ADD `steps_handled` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cron_runs` ADD `steps_sent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cron_runs` ADD `consumer_queries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cron_runs` ADD `consumer_rows_read` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `cron_runs` ADD `consumer_rows_written` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `escalation_steps` ADD `last_error` text;