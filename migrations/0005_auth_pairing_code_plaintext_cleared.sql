-- Issue 7 / ADR 040: the pairing code given at registration is now stored as a keyed hash
-- (users.pair_platform_code holds HMAC-SHA-256 of "platformId:code"). Codes stored in plaintext
-- before cannot be hashed in SQL, and nothing reads them yet: they are cleared with their platform.
UPDATE `users` SET `pair_platform_id` = NULL, `pair_platform_code` = NULL WHERE `pair_platform_code` IS NOT NULL;
