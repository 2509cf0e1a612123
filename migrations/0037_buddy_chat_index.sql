-- A message to the bot from a chat that is no account's but a nudge buddy's (ADR 180) is answered as a buddy's: the
-- chat is looked up by its Telegram chat id. Without an index every such message would read every buddy of every
-- person (a scan of a table that grows with users' data, which tests/workerd/query-plans.test.ts refuses).
CREATE INDEX `emergency_contacts_telegram_chat_idx` ON `emergency_contacts` (`telegram_chat_id`);
