import { DAY, monthlyOnPlacedDay, PLACE, type RecurrenceMatch } from "./recurrence-phrases";
import { blankOut, type Span } from "./types";

/**
 * "monthly book club on the first thursday", "quarterly review on the last friday of the month": a repeat said without
 * its day (monthly, quarterly, every 3 months) and a weekday's place in the month said apart from it, after the title.
 * The place was read as one date (this week's Thursday, or chrono's "last friday", a past day) and the repeat took
 * that date's day of the month ("every month on the 26th"), titled "book club on the first"; "team lunch monthly on
 * the last friday", where the two are side by side, was already right (recurrence-phrases.ts). With a repeat, "last
 * friday" is the month's last (a repeat cannot start on the Friday gone: it was every month on the 20th).
 */
const PLACED_DAY_APART = new RegExp(
  String.raw`\b(?:on\s+)?(?:the\s+)?${PLACE}\s+${DAY}(?:\s+(?:of|in)\s+(?:the|each|every)\s+month\b)?`,
  "i",
);

/** The repeat on that weekday's place and where the place was said, or null when the repeat has its day or none is said. */
export function placedDayApart(text: string, found: RecurrenceMatch): { repeat: RecurrenceMatch; span: Span } | null {
  if (found.rule !== "monthly-on-first-date") return null;
  const match = PLACED_DAY_APART.exec(blankOut(text, [found.span]));
  if (!match) return null;
  const built = monthlyOnPlacedDay(match[0], found.interval ?? 1);
  if (!built) return null;
  return { repeat: { span: found.span, ...(found.partOfDay ? { partOfDay: found.partOfDay } : {}), ...built }, span: { start: match.index, end: match.index + match[0].length } };
}
