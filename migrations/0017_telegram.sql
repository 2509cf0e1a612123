-- Issue 9: the pairing handshake remembers which Telegram chat asked to be paired.
ALTER TABLE `pairing_codes` ADD `external_id` text;
