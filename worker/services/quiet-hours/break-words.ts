import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { breakEndOf, type BreakWish } from "../nl/break-phrases";
import { BREAK_TEXTS, endBreak, getBreak, startBreak } from "./break";

/** How a channel without buttons words the break's examples: by text in capitals, by email in quotes. */
export type BreakMedium = "sms" | "email";

/**
 * The break's sentences where a person writes rather than taps (ADR 098). A text stays short: the one-segment
 * SMS help has no room for the break, so what a person texts about one is answered with how it works.
 */
export const BREAK_WORD_TEXTS = {
  how: {
    sms: "To take a break, text PAUSE FOR 3 HOURS or PAUSE UNTIL MONDAY. Every reminder waits and comes as one message when it ends. RESUME ends it early.",
    email:
      'To take a break, write "pause for 3 hours" or "pause until monday". Every reminder waits until then and arrives as one message when it ends. Write "resume" to end it early.',
  },
  endHint: { sms: " Text RESUME to end it early.", email: ' Write "resume" to end it early.' },
  past: 'That time has already passed, so no break started. Say when it should end, like "pause until tomorrow" or "pause for 2 hours".',
} as const;

/**
 * "pause until monday", "pause for 2 hours", "resume", "I'm back", or "pause" alone, by text or email
 * (the chat has its own buttons: telegram/break.ts). A length or an end starts the break at once, as in the
 * chat, since ending it is one word and nothing is lost meanwhile; "pause" alone says how, or until when one
 * runs. One sentence back; a refusal (a time gone by, over 30 days) changes nothing.
 */
export async function breakFromWrittenWords(deps: Deps, user: { id: string; timezone: string }, wish: BreakWish, medium: BreakMedium): Promise<string> {
  if (wish.kind === "end") return (await endBreak(deps, user.id)).message;
  if (wish.kind === "ask") {
    const running = await getBreak(deps, user.id);
    if (running.until === null) return BREAK_WORD_TEXTS.how[medium];
    return BREAK_TEXTS.started(running.untilLocal ?? "", running.quietFollowsUntilLocal) + BREAK_WORD_TEXTS.endHint[medium];
  }
  const until = breakEndOf(wish.when, deps.clock.now(), user.timezone);
  if (until === null) return BREAK_WORD_TEXTS.past;
  try {
    return (await startBreak(deps, user.id, { until: new Date(until).toISOString() })).message + BREAK_WORD_TEXTS.endHint[medium];
  } catch (error) {
    if (isAppError(error) && error.status === 400) return error.message;
    throw error;
  }
}
