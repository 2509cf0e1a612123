-- Issue 13: quiet hours. A person's quiet window on their own clock (minutes after local midnight;
-- both null = off), whether gentle pings (Telegram, notifications) may still go during it, a task's
-- "remind me even during quiet hours", when a task's reminders are held until, and, on a step, the
-- quiet window's end it was held for (the catch-up at that time lists every step held for it).
ALTER TABLE `users` ADD `quiet_start` integer;
ALTER TABLE `users` ADD `quiet_end` integer;
ALTER TABLE `users` ADD `quiet_gentle` integer DEFAULT 1 NOT NULL;
ALTER TABLE `tasks` ADD `ignore_quiet_hours` integer DEFAULT 0 NOT NULL;
ALTER TABLE `tasks` ADD `quiet_held_until` integer;
ALTER TABLE `escalation_steps` ADD `held_until` integer;
-- The catch-up's list: the steps held for one quiet end. Partial: only held steps are in it.
CREATE INDEX `escalation_steps_held_idx` ON `escalation_steps` (`held_until`) WHERE `held_until` IS NOT NULL;
