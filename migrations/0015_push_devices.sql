-- Issue 13: web push devices get a name for the device list, and an index for the push step's and
-- the list's read of one user's devices.
ALTER TABLE `push_subscriptions` ADD `label` text;--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`,`created_at`);
