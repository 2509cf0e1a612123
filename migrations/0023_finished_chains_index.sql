-- Issue 8 / docs/scale.md: the hourly retention prunes chains that ended more than 30 days ago by this index.
CREATE INDEX `escalations_ended_idx` ON `escalations` (`ended_at`) WHERE `ended_at` IS NOT NULL;
