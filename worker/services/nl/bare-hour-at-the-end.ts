import { LABEL } from "./not-dates";
import { hourOfBareTime } from "./schedule";

/**
 * "call mom 5", "dinner 7", "meds 9": a bare number from 1 to 12 as the last word, after what to do, with nothing else
 * said about when. To the person it is the time; to the reader it may be a count ("buy eggs 12") or either half of the
 * day, so it is asked, naming the number and both halves ('Is "5" the time? Say it with am or pm, like "call mom at
 * 5pm" or "call mom at 5am".'), the reading of a bare hour (ADR 074) first. It was "I couldn't find a time in that",
 * though a time had been typed. A number that names a thing ("room 5", "table 6") is left alone.
 */
const BARE_HOUR_AT_THE_END = new RegExp(String.raw`^(.*[a-z].*?)\s+(1[0-2]|[1-9])\s*[.!]*\s*$`, "i");
const NAMES_A_THING = new RegExp(String.raw`\b${LABEL}\s*$`, "i");

export interface BareHour {
  /** The number as typed: "5". */
  hour: string;
  /** The words before it: "call mom". */
  before: string;
}

export function bareHourAtTheEnd(text: string): BareHour | null {
  const match = BARE_HOUR_AT_THE_END.exec(text.trim());
  const before = match?.[1]?.trim() ?? "";
  if (!match || before === "" || NAMES_A_THING.test(before)) return null;
  return { hour: match[2]!, before };
}

/** The two ways to say it, the reader's own reading of a bare hour first: "5pm" and "5am", "7am" and "7pm". */
export function bothHalvesOf(hour: string): [string, string] {
  const afternoon = hourOfBareTime(Number(hour), undefined) >= 12 || hour === "12";
  return afternoon ? [`${hour}pm`, `${hour}am`] : [`${hour}am`, `${hour}pm`];
}
