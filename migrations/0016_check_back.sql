-- Issue 13: an acknowledged task that is not done is checked on again ("check_back" escalations).
ALTER TABLE `escalations` ADD `kind` text DEFAULT 'reminder' NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `check_back_at` integer;
