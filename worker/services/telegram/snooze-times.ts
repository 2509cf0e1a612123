import { OTHER_SNOOZE_MINUTES, SNOOZE_MORNING_LABEL, snoozeLabel } from "../answers";
import { reminderButtons } from "../escalation/messages";
import type { ChatReply } from "./forget";

/**
 * A reminder's other snooze times in the bot, as on the web's cards (ADR 089): "⏰ Other snooze times"
 * (`later:<id>`) swaps the reminder's buttons for 10 min, 1 hour, 3 hours and Tomorrow morning
 * (`snooze-for:<minutes|morning>:<id>`) and a way back (`back:<id>`). Only the buttons change; the
 * press is answered through `answerFromChat` with the time chosen, for the chat's owner only.
 */
export const LATER_BUTTON = /^later:([0-9a-f-]{36})$/;
export const BACK_BUTTON = /^back:([0-9a-f-]{36})$/;
/** Only the times offered: a forged `snooze-for:45:<id>` matches nothing and changes nothing. */
export const SNOOZE_FOR_BUTTON = new RegExp(`^snooze-for:(${OTHER_SNOOZE_MINUTES.join("|")}|morning):([0-9a-f-]{36})$`);

type Buttons = NonNullable<ChatReply["buttons"]>;

export function otherSnoozeButtons(taskId: string): Buttons {
  return [
    OTHER_SNOOZE_MINUTES.map((minutes): [string, string] => [snoozeLabel(minutes), `snooze-for:${minutes}:${taskId}`]),
    [[SNOOZE_MORNING_LABEL, `snooze-for:morning:${taskId}`]],
    [["← Back", `back:${taskId}`]],
  ];
}

/** The reminder's own buttons again, as the message was sent. */
export function reminderButtonRows(taskId: string): Buttons {
  return reminderButtons(taskId).map((row) => row.map((button): [string, string] => [button.text, button.callbackData]));
}

/** The minutes or "morning" of a `snooze-for:` press. */
export function snoozeChosen(choice: string): number | "morning" {
  return choice === "morning" ? "morning" : Number(choice);
}
