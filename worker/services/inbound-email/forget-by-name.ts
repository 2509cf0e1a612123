import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { describeRecurrence } from "../recurrence";
import { readStoredRule } from "../series/stored-rule";
import { createForgetLink, OFFERED, openRemindersNamed, shortWhen } from "../tasks";
import type { InboundOutcome } from "./handle";
import { INBOUND_TEXTS } from "./texts";

/**
 * "Cancel the dentist" in a new email (ADR 100), as in the chat: never deletes on words alone. One open reminder
 * matching the name gets a question with a "Yes, delete it" link (a repeating one: "Skip this one" and "Stop
 * repeating"); several get a link each; none gets where to look and how to make a reminder of the words instead.
 * The links are tasks/forget-links.ts.
 */
export async function askToForgetByName(deps: Deps, user: { id: string; timezone: string }, named: string, typed: string): Promise<Extract<InboundOutcome, { kind: "replied" }>> {
  const found = await openRemindersNamed(deps, user.id, named);
  if (found.length === 0) return { kind: "replied", title: null, subject: INBOUND_TEXTS.notChangedSubject, reply: INBOUND_TEXTS.forgetNone(named, typed.trim().replace(/[.!?\s]+$/, "")) };
  const link = async (task: { id: string; dueAt: number }, kind: "delete" | "series") => appLink(deps.env, await createForgetLink(deps, user.id, task, kind));
  const when = (at: number) => shortWhen(at, user.timezone);
  if (found.length === 1) {
    const task = found[0]!;
    if (!task.recurrence) {
      return {
        kind: "replied",
        title: task.title,
        subject: INBOUND_TEXTS.forgetAskSubject(task.title),
        reply: INBOUND_TEXTS.forgetAsk(task.title, when(task.dueAt)),
        actions: [{ label: INBOUND_TEXTS.forgetYes, url: await link(task, "delete") }],
      };
    }
    return {
      kind: "replied",
      title: task.title,
      subject: INBOUND_TEXTS.forgetAskSubject(task.title),
      reply: INBOUND_TEXTS.forgetAskRepeating(task.title, describeRecurrence(readStoredRule(task.recurrence).rule), when(task.dueAt)),
      actions: [
        { label: INBOUND_TEXTS.forgetSkipOne, url: await link(task, "delete") },
        { label: INBOUND_TEXTS.forgetStopAll, url: await link(task, "series") },
      ],
    };
  }
  const offered = found.slice(0, OFFERED);
  return {
    kind: "replied",
    title: null,
    subject: INBOUND_TEXTS.forgetWhichSubject,
    reply: INBOUND_TEXTS.forgetWhich(found.length, named),
    actions: await Promise.all(offered.map(async (task) => ({ label: `${task.title} (${when(task.dueAt)})`, url: await link(task, "delete") }))),
  };
}
