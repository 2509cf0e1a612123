-- The reminder last made by writing to the Telegram bot, and when (ADR 104): "make it 8pm", "actually
-- tomorrow" and "undo" right after making one are about it. Read with the chat's owner (the same row the bot
-- reads for every message), so finding it costs no query. Null: none made in the chat yet.
ALTER TABLE `users` ADD COLUMN `telegram_last_made_task_id` text;
ALTER TABLE `users` ADD COLUMN `telegram_last_made_at` integer;
