-- Reminders made from one message that named several times ("take meds at 8am and 8pm every day", ADR 181) share
-- an id, so a change said about them right after ("make it every day", "make it urgent") changes each of them
-- (ADR 187); it changed only the last. Null for a reminder made alone (every other). Partial index: the siblings of
-- one reminder are found by it without reading the person's other reminders.
ALTER TABLE `tasks` ADD COLUMN `made_together_id` text;
CREATE INDEX `tasks_made_together_idx` ON `tasks` (`made_together_id`) WHERE `made_together_id` IS NOT NULL;
