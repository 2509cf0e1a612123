import { onlyAWhen } from "./move-phrases";

/**
 * Another time for the reminder just made, said after it (ADR 178): "take pills at 8am", then "and at 8pm", "also at
 * noon", "same again tomorrow", "at 6pm too". The when words ("at 8pm"), or null when the message is anything more.
 * Each was a reminder titled "and" or "same again" (ADR 177 made them no title); a copy at the new time is what is meant.
 */
export function alsoAtIn(body: string): string | null {
  const text = body
    .trim()
    .replace(/[.!?…]+$/, "")
    .replace(/[,\s]+(?:please|pls|thanks|thank\s+you)$/i, "");
  const said = ALSO_FIRST.exec(text) ?? ALSO_LAST.exec(text);
  const when = said?.groups?.when?.trim() ?? "";
  return when === "" ? null : onlyAWhen(when);
}

const REMIND_ME = String.raw`(?:(?:remind|nudge|ping)\s+me\s+)?(?:again\s+)?`;
/** "and at 8pm", "also tomorrow", "plus remind me at noon", "same again tomorrow", "one more at 9", "again at 5". */
const ALSO_FIRST = new RegExp(
  String.raw`^(?:(?:and|also|plus)(?:\s+also)?|same\s+(?:again|thing)|again|one\s+more|another\s+one)\s+${REMIND_ME}(?<when>.+?)(?:\s+(?:too|as\s+well|also))?$`,
  "i",
);
/** "at 8pm too", "remind me at noon as well". */
const ALSO_LAST = new RegExp(String.raw`^${REMIND_ME}(?<when>.+?)\s+(?:too|as\s+well)$`, "i");
