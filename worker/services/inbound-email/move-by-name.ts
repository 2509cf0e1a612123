import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { createMoveLink, movedDueAt, OFFERED, openRemindersNamed, shortWhen, type TaskLine } from "../tasks";
import type { InboundOutcome } from "./handle";
import { INBOUND_TEXTS } from "./texts";

/**
 * "Move the dentist to friday" in a new email (ADR 099). The same words may be a reminder to make, so nothing
 * moves on them alone, as in the chat (ADR 093): open reminders matching the name get a question by return, with
 * a "Move it" link per reminder saying where it would go (tasks/move-links.ts); none matching is no move at all
 * (null: the words are read as a new reminder, as before). A moment gone by is said, and nothing is made.
 */
export async function askToMoveByName(
  deps: Deps,
  user: { id: string; timezone: string },
  move: { named: string; when: string },
): Promise<Extract<InboundOutcome, { kind: "replied" }> | null> {
  const found = await openRemindersNamed(deps, user.id, move.named);
  if (found.length === 0) return null;
  const now = deps.clock.now();
  let refusal = "";
  const offers: Array<{ task: TaskLine; at: number; url: string }> = [];
  for (const task of found.slice(0, OFFERED)) {
    try {
      const at = movedDueAt(move.when, task, now, user.timezone);
      offers.push({ task, at, url: appLink(deps.env, await createMoveLink(deps, user.id, task, at)) });
    } catch (error) {
      if (!isAppError(error) || error.status !== 400) throw error;
      refusal = error.message;
    }
  }
  if (offers.length === 0) return { kind: "replied", title: null, subject: INBOUND_TEXTS.notChangedSubject, reply: refusal };
  const when = (at: number) => shortWhen(at, user.timezone);
  if (found.length === 1) {
    const [{ task, at, url }] = offers as [(typeof offers)[0]];
    return {
      kind: "replied",
      title: task.title,
      subject: INBOUND_TEXTS.moveAskSubject(task.title),
      reply: INBOUND_TEXTS.moveAsk(task.title, when(task.dueAt), when(at)),
      actions: [{ label: INBOUND_TEXTS.moveYes, url }],
    };
  }
  return {
    kind: "replied",
    title: null,
    subject: INBOUND_TEXTS.moveWhichSubject,
    reply: INBOUND_TEXTS.moveWhich(found.length, move.named),
    actions: offers.map(({ task, at, url }) => ({ label: `${task.title} → ${when(at)}`, url })),
  };
}
