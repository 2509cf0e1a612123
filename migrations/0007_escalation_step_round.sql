-- Issue 7 item 4 / ADR 042: a step rescheduled after a transient provider failure keeps its delivery
-- round here while its due_at moves on, so its delivery keys do not change. Null: the round is due_at.
ALTER TABLE `escalation_steps` ADD `round_at` integer;