import { InlineKeyboard } from "grammy";
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
