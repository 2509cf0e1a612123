-- Issue 13: a task's own check-back after an Acknowledge. Null: the sequence's; 0: never; N: after N minutes.
ALTER TABLE `tasks` ADD `check_back_minutes` integer;
