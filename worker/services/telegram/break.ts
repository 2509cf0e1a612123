import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { breakEndOf, type BreakWish } from "../nl/break-phrases";
import { endBreak, getBreak, startBreak } from "../quiet-hours";
import { findChatOwner, type ChatOwner } from "./chats";
import type { ChatReply } from "./forget";
import { BOT_TEXTS } from "./texts";

/** A break's buttons: `break:60`, `break:180`, `break:morning`, `break:end` (ADR 095). */
export const BREAK_BUTTON = /^break:(60|180|morning|end)$/;
export type BreakChoice = "60" | "180" | "morning" | "end";

const END_ROW: Array<[string, string]> = [[BOT_TEXTS.breaks.endButton, "break:end"]];

/**
 * "/pause", "take a break", "pause until monday", "resume" in the chat (ADR 095). Asked without a length,
 * the bot offers the lengths (or, on a break, says until when with End the break); with one it starts the
 * break at once, since ending it is one tap and nothing is lost meanwhile.
 */
export async function breakFromWords(deps: Deps, owner: ChatOwner, wish: BreakWish): Promise<ChatReply> {
  if (wish.kind === "end") return ended(await endBreak(deps, owner.id));
  if (wish.kind === "ask") return breakMenu(deps, owner);
  const until = breakEndOf(wish.when, deps.clock.now(), owner.timezone);
  if (until === null) return { text: BOT_TEXTS.breaks.past };
  return started(deps, owner.id, { until: new Date(until).toISOString() });
}

/** What "/pause" answers: the running break with End the break, or the lengths to pick from. */
export async function breakMenu(deps: Deps, owner: ChatOwner): Promise<ChatReply> {
  const running = await getBreak(deps, owner.id);
  if (running.until !== null) return { text: BOT_TEXTS.breaks.onBreak(running.untilLocal ?? "", running.quietFollowsUntilLocal), buttons: [END_ROW] };
  return {
    text: BOT_TEXTS.breaks.ask,
    buttons: [
      [
        [BOT_TEXTS.breaks.hour, "break:60"],
        [BOT_TEXTS.breaks.threeHours, "break:180"],
      ],
      [[BOT_TEXTS.breaks.morning, "break:morning"]],
    ],
  };
}

/** A break button pressed: for the chat's owner only. */
export async function breakButton(deps: Deps, chatId: string, choice: BreakChoice): Promise<ChatReply> {
  const owner = await findChatOwner(deps.db, chatId);
  if (!owner) return { text: BOT_TEXTS.notYours };
  if (choice === "end") return ended(await endBreak(deps, owner.id));
  return started(deps, owner.id, choice === "morning" ? { until: "morning" } : { minutes: Number(choice) });
}

async function started(deps: Deps, userId: string, input: { minutes: number } | { until: string }): Promise<ChatReply> {
  try {
    const saved = await startBreak(deps, userId, input);
    return { text: BOT_TEXTS.breaks.started(saved.untilLocal ?? "", saved.quietFollowsUntilLocal), buttons: [END_ROW] };
  } catch (error) {
    if (isAppError(error) && error.status === 400) return { text: error.message };
    throw error;
  }
}

function ended(result: { ended: boolean }): ChatReply {
  return { text: result.ended ? BOT_TEXTS.breaks.ended : BOT_TEXTS.breaks.notOnBreak };
}
