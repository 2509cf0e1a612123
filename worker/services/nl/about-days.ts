import { findDateTime } from "./date-time-phrases";
import { FULL_DAY } from "./recurrence-phrases";
import { blankOut, type Span } from "./types";

/**
 * "call mum at 5 and tell her about friday", "ask boss about friday off at 4": a weekday (or the weekend) after
 * "about" names what the talk is about. chrono read it as the day: the call was Friday at 5 PM, titled "call mum and tell her about".
 */
const ABOUT_A_DAY = new RegExp(String.raw`\b(?:about|abt|re|regarding|concerning):?\s+(?<day>(?:(?:this|next|the)\s+)?(?:${FULL_DAY}|weekend))\b(?!['’]s)`, "gi");
/** "email john about monday at 3": the day with its own time is the when, read as before. */
const A_TIME_NEXT = /^\s*(?:at\s+|@\s*)?\d/i;

/**
 * The days after "about" not to read as the day: those not followed by a time of their own, when the rest says when
 * ("at 5", "tomorrow"). A day after "about" that is the only when said is read, as before ("email the team regarding
 * thursday"); its words stay in the title (`withTheDayItIsAbout`).
 */
export function aboutDaysNotRead(text: string, notRead: readonly Span[], now: Date, zone: string): Span[] {
  const days = [...text.matchAll(ABOUT_A_DAY)].flatMap((match) => {
    const day = match.groups?.day ?? "";
    const end = (match.index ?? 0) + match[0].length;
    return A_TIME_NEXT.test(text.slice(end)) ? [] : [{ start: end - day.length, end }];
  });
  if (days.length === 0) return [];
  const rest = findDateTime(blankOut(text, [...notRead, ...days]), now, zone);
  return rest.time || rest.instant || rest.date || rest.weekday || rest.partOfToday ? days : [];
}

/** The title's end when the day after "about" left it: "about", and "the" of "about the weekend". */
const ENDS_WITH_ABOUT = /\b(?:about|abt|re|regarding|concerning)(?<left>\s+(?:the|this|next))?$/i;

/**
 * "email john about monday at 3" (Monday at 3 PM): the title keeps the day it is about, not "email john about". The
 * day said is the reminder's too, so the title and the time agree.
 */
export function withTheDayItIsAbout(title: string, said: string): string {
  const end = ENDS_WITH_ABOUT.exec(title);
  const about = end ? [...said.matchAll(ABOUT_A_DAY)].at(-1)?.groups?.day : undefined;
  if (!end || !about) return title;
  return `${title.slice(0, title.length - (end.groups?.left ?? "").length)} ${about.toLowerCase().replace(/\s+/g, " ")}`;
}
