/**
 * Days kept by another calendar (lunar or lunisolar), whose Gregorian date moves from year to year in a way no rule here
 * follows: "eid dinner at 7" was tonight at 7 PM, "buy gifts for diwali" found no time. Asked for the date instead
 * (parse-reminder.ts, messages.ts), as a moving day unknown in the person's country is (ADR 133, 138). Only as the first
 * words or after "on", "for", "by", "before", "until", "at" or "during": "watch a ramadan documentary at 8" is a title.
 */
const OTHER_CALENDAR_DAYS: ReadonlyArray<[RegExp, string]> = [
  [/eid(?:\s+al[\s-]+(?:fitr|adha))?/, "Eid"],
  [/diwali|deepavali/, "Diwali"],
  [/hanukkah|chanukah|hanukah/, "Hanukkah"],
  [/(?:chinese|lunar)\s+new\s+year/, "Lunar New Year"],
  [/ramadan/, "Ramadan"],
  [/passover|pesach/, "Passover"],
  [/rosh\s+hashanah/, "Rosh Hashanah"],
  [/yom\s+kippur/, "Yom Kippur"],
  [/holi/, "Holi"],
  [/vesak/, "Vesak"],
  [/navratri/, "Navratri"],
];

const LEAD = String.raw`(?:^\s*|\b(?:on|for|by|before|until|till|at|during|over|after|every|each)\s+(?:the\s+)?(?:start\s+of\s+|end\s+of\s+|first\s+day\s+of\s+)?)`;
/** Each day where a day is said, with the name it is written back by. */
const SAID_AS_A_DAY = OTHER_CALENDAR_DAYS.map(([pattern, name]) => [new RegExp(`${LEAD}(?:${pattern.source})\\b`, "i"), name] as const);

/** The day's name as written back ("Eid", "Lunar New Year"), when the words name one where a day is said; else null. */
export function dayOfAnotherCalendar(text: string): string | null {
  return SAID_AS_A_DAY.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
