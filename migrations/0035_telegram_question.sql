-- The reader's last unanswered question in the Telegram chat (ADR 164): "call mum next week" asked "Which day next
-- week?", and the person's next message ("monday at 9") answers it for ten minutes. JSON of the prompt and the words
-- asked about (worker/services/nl/question-answers.ts), and when it was asked, in epoch ms. On the owner's row, which
-- the bot reads for every message anyway, so looking for a question costs no query. Null: none open.
ALTER TABLE `users` ADD COLUMN `telegram_question` text;
ALTER TABLE `users` ADD COLUMN `telegram_question_at` integer;
