-- Issue 11: the dashboard card says when nudge buddies were first alerted about a task.
ALTER TABLE `tasks` ADD `buddies_alerted_at` integer;
