-- Issue 8: the calendar feed's tasks done in the last 30 days, by this index instead of a walk through
-- the person's whole history by due date (calendar apps poll the feed every hour). Partial: a task
-- gets its entry when it is done.
CREATE INDEX `tasks_user_completed_idx` ON `tasks` (`user_id`, `completed_at`) WHERE `completed_at` IS NOT NULL;
