import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { moveOffersByName, moveOffersFor, OFFERED, openMadeTogether, shortWhen } from "../tasks";
import type { InboundOutcome } from "./outcome";
import { INBOUND_TEXTS } from "./texts";

/**
 * "Move the dentist to friday" in a new email (ADR 099). The same words may be a reminder to make, so nothing
 * moves on them alone, as in the chat (ADR 093): open reminders matching the name get a question by return, with
 * a "Move it" link per reminder saying where it would go (tasks/offers-by-name.ts); none matching is no move at all
 * (null: the words are read as a new reminder, as before). A moment gone by is said, and nothing is made.
 */
export async function askToMoveByName(
  deps: Deps,
  user: { id: string; timezone: string },
  move: { named: string; when: string },
): Promise<Extract<InboundOutcome, { kind: "replied" }> | null> {
  const { found, offers, refusal } = await moveOffersByName(deps, user.id, user.timezone, move.named, move.when, OFFERED);
  if (found === 0) return null;
  if (offers.length === 0) return { kind: "replied", title: null, subject: INBOUND_TEXTS.notChangedSubject, reply: refusal };
  const when = (at: number) => shortWhen(at, user.timezone);
  const url = (path: string) => appLink(deps.env, path);
  if (found === 1) {
    const [{ task, at, path }] = offers as [(typeof offers)[0]];
    return {
      kind: "replied",
      title: task.title,
      subject: INBOUND_TEXTS.moveAskSubject(task.title),
      reply: INBOUND_TEXTS.moveAsk(task.title, when(task.dueAt), when(at)),
      actions: [{ label: INBOUND_TEXTS.moveYes, url: url(path) }],
    };
  }
  return {
    kind: "replied",
    title: null,
    subject: INBOUND_TEXTS.moveWhichSubject,
    reply: INBOUND_TEXTS.moveWhich(found, move.named),
    actions: offers.map(({ task, at, path }) => ({ label: `${task.title} → ${when(at)}`, url: url(path) })),
  };
}

/**
 * "make it 7pm" in reply about a reminder made with others from one message ("take meds at 8am and 8pm", ADR 190):
 * which one, a link each named by its time, from and to (one title for all). It moved the one the subject's title
 * found first. Null when fewer than two of them are still open: the move goes on as before.
 */
export async function askWhichOfSeveralToMove(
  deps: Deps,
  user: { id: string; timezone: string },
  taskId: string,
  when: string,
): Promise<Extract<InboundOutcome, { kind: "replied" }> | null> {
  const open = await openMadeTogether(deps, user.id, taskId);
  if (open.length === 0) return null;
  const { offers, refusal } = await moveOffersFor(deps, user.id, user.timezone, open, when);
  if (offers.length === 0) return { kind: "replied", title: null, subject: INBOUND_TEXTS.notChangedSubject, reply: refusal };
  const at = (instant: number) => shortWhen(instant, user.timezone);
  return {
    kind: "replied",
    title: null,
    subject: INBOUND_TEXTS.moveWhichSubject,
    reply: INBOUND_TEXTS.moveWhichOfSeveral(open.length, open[0]!.title),
    actions: offers.map(({ task, at: to, path }) => ({ label: `${at(task.dueAt)} → ${at(to)}`, url: appLink(deps.env, path) })),
  };
}
