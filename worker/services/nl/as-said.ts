import type * as chrono from "chrono-node";
import type { DateTimeHints } from "./date-time-phrases";
import { ORDINAL_WORD } from "./spelling";
import type { Span } from "./types";

// chrono's reading put back to the words as said: the half of the day it guessed for a bare hour, and the "the" it
// left before a day of the month (date-time-phrases.ts calls both).

/**
 * chrono's clock time, with the half of the day it guessed taken back. To chrono a night's or an evening's hours are
 * all afternoon ones: "friday night at 1" was 13:00, neither night nor what was said, and "tonight at 1" was refused as
 * past; the hour as said goes to the part of the day's own rule (schedule.ts hourOfBareTime: the small hours). In a range
 * the start took the end's "pm": "from 7 to 9pm" is 19:00, but "work from 10 to 6pm" was 22:00, after its own end; a
 * start that the end's half of the day puts after the end is the morning's.
 */
export function timeAsSaid(result: chrono.ParsedResult): NonNullable<DateTimeHints["time"]> {
  const hour = result.start.get("hour") ?? 0;
  const minute = result.start.get("minute") ?? 0;
  const meridiemKnown = result.start.isCertain("meridiem") || ZERO_PADDED_HOUR.test(result.text);
  // "at 14 tomorrow": the hour is said on a 24-hour clock.
  if (meridiemKnown || hour < 13 || new RegExp(String.raw`(?<!\d)${hour}(?!\d)`).test(result.text)) return { hour, minute, meridiemKnown };
  const end = result.end;
  if (end?.isCertain("hour") && end.isCertain("meridiem")) {
    return { hour: hour <= (end.get("hour") ?? 0) ? hour : hour - 12, minute, meridiemKnown: true };
  }
  return { hour: hour - 12, minute, meridiemKnown: false };
}

/** "05:00", "at 03.30": written on a 24-hour clock. */
const ZERO_PADDED_HOUR = /(?:^|\D)0\d[:.]\d{2}\b/;

/**
 * "call mum the 3rd of december", "the third of december call mum": chrono's date starts at the day, so "the" before it
 * stayed in the title ("call mum the", "the call mum"). A day of the month takes its "the".
 */
export function withTheBefore(span: Span, text: string): Span {
  const the = THE_BEFORE.exec(text.slice(0, span.start));
  return the && DAY_OF_THE_MONTH_FIRST.test(text.slice(span.start, span.end)) ? { start: the.index, end: span.end } : span;
}

const THE_BEFORE = /\bthe\s+$/i;
const DAY_OF_THE_MONTH_FIRST = new RegExp(String.raw`^(?:\d{1,2}(?:st|nd|rd|th)|${ORDINAL_WORD})\b`, "i");
