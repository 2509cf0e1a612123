import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { forgetRequest, namesNoReminder } from "../nl/chat-intents";
import { namedMoveIn } from "../nl/move-phrases";
import { holdsATime } from "../nl/parse-reminder";
import { createForgetLink, createMoveLink, movedDueAt, openRemindersNamed, shortWhen, type TaskLine } from "../tasks";

const ALWAYS_OPT_OUT = /^\s*(?:stop|stopall|unsubscribe)\b/i;

/** A text holds a few links at most: the nearest reminders of that name. */
const OFFERED_BY_TEXT = 3;

export const BY_NAME_TEXTS = {
  deleteOne: (title: string, at: string, url: string) => `Delete "${title}" (${at})? Open this link to delete it: ${url}`,
  deleteRepeating: (title: string, at: string, skip: string, stop: string) => `"${title}" repeats; the next one is ${at}. Skip just that one: ${skip} Or stop it for good: ${stop}`,
  moveOne: (title: string, from: string, to: string, url: string) => `Move "${title}" from ${from} to ${to}? Open this link to move it: ${url}`,
  several: (count: number, named: string, verb: "delete" | "move") => `${count} of your reminders match "${named}". Open the link of the one to ${verb}:`,
} as const;

/**
 * "cancel the dentist", "move the dentist to friday" by text (ADR 101): about a reminder named by its words, so
 * answered as by email (ADR 099, 100), with the same one-use links, since a text has no buttons; nothing changes
 * until a link is opened and confirmed. Null when the words name no open reminder: the caller reads them as
 * before (CANCEL as an opt-out word, anything else the help). A move to a moment gone by says so.
 */
export async function answerByNameInText(deps: Deps, user: { id: string; timezone: string }, body: string): Promise<string | null> {
  // STOP keeps its one meaning by text, whatever follows ("stop reminding me about the pills" included); and
  // "cancel it", "cancel everything" name no reminder: both stay the opt-outs they were.
  if (ALWAYS_OPT_OUT.test(body)) return null;
  const forget = forgetRequest(body);
  if (forget && namesNoReminder(forget)) return null;
  if (forget && !holdsATime(body, user.timezone, deps.clock.now())) return askToDelete(deps, user, forget);
  const move = namedMoveIn(body);
  return move ? askToMove(deps, user, move.named, move.when) : null;
}

async function askToDelete(deps: Deps, user: { id: string; timezone: string }, named: string): Promise<string | null> {
  const found = await openRemindersNamed(deps, user.id, named);
  if (found.length === 0) return null;
  const link = async (task: TaskLine, kind: "delete" | "series") => appLink(deps.env, await createForgetLink(deps, user.id, task, kind));
  const at = (task: TaskLine) => shortWhen(task.dueAt, user.timezone);
  if (found.length === 1) {
    const task = found[0]!;
    if (task.recurrence) return BY_NAME_TEXTS.deleteRepeating(task.title, at(task), await link(task, "delete"), await link(task, "series"));
    return BY_NAME_TEXTS.deleteOne(task.title, at(task), await link(task, "delete"));
  }
  const lines = await Promise.all(found.slice(0, OFFERED_BY_TEXT).map(async (task) => `"${task.title}" (${at(task)}): ${await link(task, "delete")}`));
  return [BY_NAME_TEXTS.several(found.length, named, "delete"), ...lines].join("\n");
}

async function askToMove(deps: Deps, user: { id: string; timezone: string }, named: string, when: string): Promise<string | null> {
  const found = await openRemindersNamed(deps, user.id, named);
  if (found.length === 0) return null;
  const now = deps.clock.now();
  const offers: Array<{ task: TaskLine; to: number; url: string }> = [];
  let refusal = "";
  for (const task of found.slice(0, OFFERED_BY_TEXT)) {
    try {
      const to = movedDueAt(when, task, now, user.timezone);
      offers.push({ task, to, url: appLink(deps.env, await createMoveLink(deps, user.id, task, to)) });
    } catch (error) {
      if (!isAppError(error) || error.status !== 400) throw error;
      refusal = error.message;
    }
  }
  if (offers.length === 0) return refusal;
  const short = (ms: number) => shortWhen(ms, user.timezone);
  if (found.length === 1) return BY_NAME_TEXTS.moveOne(offers[0]!.task.title, short(offers[0]!.task.dueAt), short(offers[0]!.to), offers[0]!.url);
  return [BY_NAME_TEXTS.several(found.length, named, "move"), ...offers.map(({ task, to, url }) => `"${task.title}" to ${short(to)}: ${url}`)].join("\n");
}
