import { appLink } from "../app-url";
import type { Deps } from "../deps";
import { forgetRequest, namesNoReminder } from "../nl/chat-intents";
import { namedMoveIn } from "../nl/move-phrases";
import { holdsATime } from "../nl/parse-reminder";
import { forgetOfferFor, forgetOffersByName, moveOffersByName, ownTaskLine, shortWhen, type ForgetOffer, type TaskLine } from "../tasks";

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

/** "SKIP", "skip this one" by text (ADR 106): about the reminder texted last (a bare CANCEL stays the opt-out). */
export function saysSkip(body: string): boolean {
  return /^\s*skip(?:\s+(?:it|this|this\s+one|this\s+time|it\s+this\s+time))?[\s.!]*$/i.test(body);
}

/** The question with the delete link of that reminder (a repeating one: skip just that one, or stop it); null if it is gone. */
export async function askToSkip(deps: Deps, user: { id: string; timezone: string }, taskId: string): Promise<string | null> {
  const task = await ownTaskLine(deps, user.id, taskId);
  if (!task) return null;
  return deleteQuestion(deps, user.timezone, await forgetOfferFor(deps, user.id, task, true));
}

/** 'Delete "Call the dentist" (…)? Open this link …', or for a repeating one skip-or-stop with both links. */
function deleteQuestion(deps: Deps, zone: string, { task, deletePath, seriesPath }: ForgetOffer): string {
  const url = (path: string) => appLink(deps.env, path);
  const at = shortWhen(task.dueAt, zone);
  return seriesPath ? BY_NAME_TEXTS.deleteRepeating(task.title, at, url(deletePath), url(seriesPath)) : BY_NAME_TEXTS.deleteOne(task.title, at, url(deletePath));
}

async function askToDelete(deps: Deps, user: { id: string; timezone: string }, named: string): Promise<string | null> {
  const { found, offers } = await forgetOffersByName(deps, user.id, named, OFFERED_BY_TEXT);
  if (found === 0) return null;
  const url = (path: string) => appLink(deps.env, path);
  const at = (task: TaskLine) => shortWhen(task.dueAt, user.timezone);
  if (found === 1) return deleteQuestion(deps, user.timezone, offers[0]!);
  const lines = offers.map(({ task, deletePath }) => `"${task.title}" (${at(task)}): ${url(deletePath)}`);
  return [BY_NAME_TEXTS.several(found, named, "delete"), ...lines].join("\n");
}

async function askToMove(deps: Deps, user: { id: string; timezone: string }, named: string, when: string): Promise<string | null> {
  const { found, offers, refusal } = await moveOffersByName(deps, user.id, user.timezone, named, when, OFFERED_BY_TEXT);
  if (found === 0) return null;
  if (offers.length === 0) return refusal;
  const short = (ms: number) => shortWhen(ms, user.timezone);
  const url = (path: string) => appLink(deps.env, path);
  if (found === 1) return BY_NAME_TEXTS.moveOne(offers[0]!.task.title, short(offers[0]!.task.dueAt), short(offers[0]!.at), url(offers[0]!.path));
  return [BY_NAME_TEXTS.several(found, named, "move"), ...offers.map(({ task, at, path }) => `"${task.title}" to ${short(at)}: ${url(path)}`)].join("\n");
}
