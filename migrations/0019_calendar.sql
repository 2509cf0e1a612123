-- Issue 12: the calendar feed token is derived from a stored nonce; its hash finds the feed.
ALTER TABLE `users` ADD `ics_token_nonce` text;--> statement-breakpoint
CREATE INDEX `users_ics_token_hash_idx` ON `users` (`ics_token_hash`);
