-- The dashboard's Done part newest first: a long history used to open on the oldest done task, years
-- back, and the ones just done were at its very end. The list's third key is now the due time for an
-- open task and minus the due time for a done one (VIRTUAL: computed when read, never written), so one
-- ascending walk of the list index gives open tasks soonest first, then done tasks latest first, and a
-- keyset page still seeks its position in one range (ADR 085).
ALTER TABLE `tasks` ADD COLUMN `list_due` integer GENERATED ALWAYS AS (CASE WHEN "status" = 'COMPLETED' THEN -"due_at" ELSE "due_at" END) VIRTUAL;--> statement-breakpoint
DROP INDEX `tasks_user_list_idx`;--> statement-breakpoint
CREATE INDEX `tasks_user_list_idx` ON `tasks` (`user_id`, `is_completed`, `list_due`, `id`);
