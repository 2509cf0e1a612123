import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { describeRecurrence } from "../recurrence";
import { readStoredRule } from "../series/stored-rule";
import { forgetOffersByName, OFFERED, shortWhen } from "../tasks";
import type { InboundOutcome } from "./outcome";
import { INBOUND_TEXTS } from "./texts";

/**
 * "Cancel the dentist" in a new email (ADR 100), as in the chat: never deletes on words alone. One open reminder
 * matching the name gets a question with a "Yes, delete it" link (a repeating one: "Skip this one" and "Stop
 * repeating"); several get a link each; none gets where to look and how to make a reminder of the words instead.
 * The offers and their links are tasks/offers-by-name.ts.
 */
export async function askToForgetByName(deps: Deps, user: { id: string; timezone: string }, named: string, typed: string): Promise<Extract<InboundOutcome, { kind: "replied" }>> {
  const { found, offers } = await forgetOffersByName(deps, user.id, named, OFFERED);
  if (found === 0) return { kind: "replied", title: null, subject: INBOUND_TEXTS.notChangedSubject, reply: INBOUND_TEXTS.forgetNone(named, typed.trim().replace(/[.!?\s]+$/, "")) };
  const url = (path: string) => appLink(deps.env, path);
  const when = (at: number) => shortWhen(at, user.timezone);
  if (found === 1) {
    const { task, deletePath, seriesPath } = offers[0]!;
    const subject = INBOUND_TEXTS.forgetAskSubject(task.title);
    if (!task.recurrence || !seriesPath) {
      return { kind: "replied", title: task.title, subject, reply: INBOUND_TEXTS.forgetAsk(task.title, when(task.dueAt)), actions: [{ label: INBOUND_TEXTS.forgetYes, url: url(deletePath) }] };
    }
    return {
      kind: "replied",
      title: task.title,
      subject,
      reply: INBOUND_TEXTS.forgetAskRepeating(task.title, describeRecurrence(readStoredRule(task.recurrence).rule), when(task.dueAt)),
      actions: [
        { label: INBOUND_TEXTS.forgetSkipOne, url: url(deletePath) },
        { label: INBOUND_TEXTS.forgetStopAll, url: url(seriesPath) },
      ],
    };
  }
  return {
    kind: "replied",
    title: null,
    subject: INBOUND_TEXTS.forgetWhichSubject,
    reply: INBOUND_TEXTS.forgetWhich(found, named),
    actions: offers.map(({ task, deletePath }) => ({ label: `${task.title} (${when(task.dueAt)})`, url: url(deletePath) })),
  };
}
