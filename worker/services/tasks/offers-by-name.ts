import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { createForgetLink } from "./forget-links";
import type { TaskLine } from "./list";
import { movedDueAt } from "./move";
import { createMoveLink } from "./move-links";
import { openRemindersNamed } from "./named-reminders";

/**
 * What an email or a text offers when its words move or delete a reminder named by them (ADR 099-101): the open
 * reminders of that name, nearest first, each with its one-use link. The channels only word it.
 */
export interface MoveOffer {
  task: TaskLine;
  /** Where the link moves it. */
  at: number;
  /** The link's path (`/move/<token>`). */
  path: string;
}

export interface ForgetOffer {
  task: TaskLine;
  /** Deletes it (a repeating one: this occurrence). */
  deletePath: string;
  /** Stops the series: offered when one repeating reminder is the only match. */
  seriesPath: string | null;
}

/** The reminders named and where `when` moves each (at most `limit`); `refusal` says why none can move (a moment gone by). */
export async function moveOffersByName(deps: Deps, userId: string, zone: string, named: string, when: string, limit: number): Promise<{ found: number; offers: MoveOffer[]; refusal: string }> {
  const found = await openRemindersNamed(deps, userId, named);
  return { found: found.length, ...(await moveOffersFor(deps, userId, zone, found.slice(0, limit), when)) };
}

/**
 * Where `when` moves each of these reminders, with its link; one it cannot move (to a moment gone by) is left out, and
 * `refusal` says why (for when none can).
 */
export async function moveOffersFor(deps: Deps, userId: string, zone: string, tasks: readonly TaskLine[], when: string): Promise<{ offers: MoveOffer[]; refusal: string }> {
  const now = deps.clock.now();
  const offers: MoveOffer[] = [];
  let refusal = "";
  for (const task of tasks) {
    try {
      const at = movedDueAt(when, task, now, zone);
      offers.push({ task, at, path: await createMoveLink(deps, userId, task, at) });
    } catch (error) {
      if (!isAppError(error) || error.status !== 400) throw error;
      refusal = error.message;
    }
  }
  return { offers, refusal };
}

/** The reminders named, each with its delete link (at most `limit`); one repeating match gets its series' too. */
export async function forgetOffersByName(deps: Deps, userId: string, named: string, limit: number): Promise<{ found: number; offers: ForgetOffer[] }> {
  const found = await openRemindersNamed(deps, userId, named);
  const offers = await Promise.all(found.slice(0, limit).map((task) => forgetOfferFor(deps, userId, task, found.length === 1)));
  return { found: found.length, offers };
}

/** The delete link of one reminder, and for a repeating one (when it is the only one offered) its "stop repeating" link. */
export async function forgetOfferFor(deps: Deps, userId: string, task: TaskLine, alone: boolean): Promise<ForgetOffer> {
  return {
    task,
    deletePath: await createForgetLink(deps, userId, task, "delete"),
    seriesPath: alone && task.recurrence ? await createForgetLink(deps, userId, task, "series") : null,
  };
}
