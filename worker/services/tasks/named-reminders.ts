import { DateTime } from "luxon";
import type { Deps } from "../deps";
import { titleMatches } from "../nl/chat-intents";
import { openTasksDue, type TaskLine } from "./list";
import { safeZone } from "../time-zone";

/** The open reminders searched for a name: the nearest ones, where the one meant almost always is. */
const SEARCHED = 200;
/** The most reminders offered as buttons when several match. */
export const OFFERED = 5;

/** The person's open reminders whose title the words name ("dentist" finds "Call the dentist"), soonest first. */
export async function openRemindersNamed(deps: Deps, userId: string, named: string): Promise<TaskLine[]> {
  const open = await openTasksDue(deps, userId, { before: Number.MAX_SAFE_INTEGER }, SEARCHED);
  return open.filter((task) => titleMatches(task.title, named));
}

/** "Sat, Nov 28 at 10:00 AM" on the person's clock: a reminder's time in a question or on a button. */
export function shortWhen(at: number, zone: string): string {
  return DateTime.fromMillis(at, { zone: safeZone(zone) }).setLocale("en-US").toFormat("ccc, LLL d 'at' h:mm a");
}
