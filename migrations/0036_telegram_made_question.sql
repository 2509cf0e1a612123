-- The question a chat message answered when it made a reminder (ADR 168): "monday at 9" to "Which day next week?"
-- made "call mum next week on monday at 9". An edit of that message ("tuesday at 9") is fitted into the same question
-- again, so the reminder moves to next week's Tuesday instead of the edit being read alone, which holds no reminder.
-- JSON as users.telegram_question (migration 0035); null for a message that was a reminder on its own.
ALTER TABLE `telegram_made_tasks` ADD COLUMN `question` text;
