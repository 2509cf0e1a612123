-- Issue 10: texts STOPped by the person, and the account found by its number for replies.
ALTER TABLE `users` ADD `sms_opted_out_at` integer;--> statement-breakpoint
CREATE INDEX `users_phone_idx` ON `users` (`phone`);
--> statement-breakpoint
CREATE INDEX `deliveries_user_channel_idx` ON `deliveries` (`user_id`,`channel`,`created_at`);
