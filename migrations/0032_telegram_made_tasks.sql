-- Which chat message made which reminder (ADR 107): when a person edits that message in Telegram, the
-- reminder it made follows the edit (its title, time or repeat) instead of staying as first written. A row
-- per reminder made by writing to the bot; it goes with its task (cascade) and after three days (retention:
-- an edit is followed for two). The task_id index serves the cascade when a task is deleted.
CREATE TABLE `telegram_made_tasks` (
	`chat_id` text NOT NULL,
	`message_id` integer NOT NULL,
	`task_id` text NOT NULL,
	`made_at` integer NOT NULL,
	PRIMARY KEY(`chat_id`, `message_id`),
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `telegram_made_tasks_task_idx` ON `telegram_made_tasks` (`task_id`);
