-- Issue 8: the task list's order key "open or completed" as a column of its own, generated from the
-- status (VIRTUAL: computed when read, nothing stored, never written by the app). An index on the
-- expression `("status" = 'COMPLETED')` could be walked from the top, but SQLite cannot seek a row
-- value like (completed, due_at, id) > (?, ?, ?) through an expression index; through a column it
-- can. So every keyset page, including the one that crosses from open into completed tasks, is now
-- one range of one index in one plain statement (it was a UNION ALL of two seeks).
ALTER TABLE `tasks` ADD COLUMN `is_completed` integer GENERATED ALWAYS AS ("status" = 'COMPLETED') VIRTUAL;--> statement-breakpoint
DROP INDEX `tasks_user_list_idx`;--> statement-breakpoint
CREATE INDEX `tasks_user_list_idx` ON `tasks` (`user_id`, `is_completed`, `due_at`, `id`);
