-- A break (ADR 095): the person pauses every reminder until a moment they choose ("until tomorrow
-- morning", "for 3 hours"). The engine holds each step that comes due until then, as for quiet hours, and
-- the first held step sends the one catch-up. Null: no break. Read with the person's row, no index.
ALTER TABLE `users` ADD COLUMN `break_until` integer;
