import { FULL_DAY } from "./recurrence-phrases";
import { hourOfBareTime } from "./schedule";
import type { Span } from "./types";

/**
 * "dentist friday at 3, remind me the day before at 6pm", "flight on the 14th, remind me the night before at 10": the
 * time of day an early reminder a day or more ahead is asked for. The words were read as the moment's time or left in
 * the title: the first was due Thursday at 3 PM, titled "dentist before at 6pm". The span of "at 6pm" (blanked before
 * the moment is read) and the hour and minute it says; a bare hour from 1 to 5 is the afternoon's, from 6 to 11 the
 * evening's after "the night" or "the evening", else the morning's (as a bare hour on another day is, ADR 074).
 */
export function timeOfAnEarlyDay(text: string): { span: Span; at: { hour: number; minute: number } } | null {
  const match = AT_AFTER_A_DAY_BEFORE.exec(text);
  const at = match?.groups?.at;
  if (!match || !at) return null;
  const start = (match.index ?? 0) + match[0].length - at.length;
  const hour = Number(match.groups?.hour);
  const minute = Number(match.groups?.minute ?? 0);
  const meridiem = (match.groups?.meridiem ?? "").toLowerCase();
  if (hour > 23 || (meridiem && (hour < 1 || hour > 12))) return null;
  // A bare hour is read as any other is (schedule.ts); after "the night before" or "the evening before" as the evening's.
  const evening = /^(?:night|evening)$/i.test(match.groups?.part ?? "");
  const hour24 = meridiem ? (hour % 12) + (meridiem.startsWith("p") ? 12 : 0) : hourOfBareTime(hour, evening ? "evening" : undefined);
  return { span: { start, end: start + at.length }, at: { hour: hour24, minute } };
}

const A_DAY_BEFORE = String.raw`(?:the\s+(?<part>day|night|evening|morning|week|weekend|${FULL_DAY})|(?:\d{1,2}|a|one|two|three|four|five|six|seven)\s+(?:days?|weeks?))\s+before`;
const AT_AFTER_A_DAY_BEFORE = new RegExp(
  String.raw`\b${A_DAY_BEFORE}\s+(?<at>at\s+(?<hour>\d{1,2})(?:[:.](?<minute>[0-5]\d))?\s*(?:(?<meridiem>[ap])\.?m\.?)?)(?=\s*(?:$|[,.!?;]|\s(?:to|about)\b))`,
  "i",
);
