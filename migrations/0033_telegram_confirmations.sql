-- The bot's confirmation of a reminder made in the chat ("Got it! I'll remind you ..."), by its message id: when
-- the reminder is changed afterwards in words ("make it 8pm", "make it urgent", an edit of the message), that
-- confirmation is rewritten to what is now set, so the chat never shows a time or a sequence that no longer holds
-- (session 29). Null for rows made before, and until the confirmation is sent.
ALTER TABLE `telegram_made_tasks` ADD COLUMN `confirmation_id` integer;
