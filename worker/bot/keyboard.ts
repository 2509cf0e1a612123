import { InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { ChatReply } from "../services/telegram";

/** A service's buttons (rows of [label, callback data]) as Telegram's inline keyboard. */
export function keyboardOf(rows: NonNullable<ChatReply["buttons"]>): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  rows.forEach((row, index) => {
    if (index > 0) keyboard.row();
    for (const [label, data] of row) keyboard.text(label, data);
  });
  return keyboard;
}

/**
 * The buttons of a message other than the one pressed (by its callback data), rows kept, empty rows dropped: what
 * stays under a confirmation of several reminders when one of their Undo buttons was pressed (ADR 181).
 */
export function buttonsBesides(markup: InlineKeyboardMarkup | undefined, pressed: string): NonNullable<ChatReply["buttons"]> {
  const rows = (markup?.inline_keyboard ?? []).map((row) =>
    row.flatMap((button): Array<[string, string]> => ("callback_data" in button && button.callback_data && button.callback_data !== pressed ? [[button.text, button.callback_data]] : [])),
  );
  return rows.filter((row) => row.length > 0);
}
