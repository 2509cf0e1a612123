import type * as chrono from "chrono-node";
import type { DateTime } from "luxon";
import { MONTH_NUMBER, MONTH_WORD } from "./month-words";
import { localToday } from "./relative-phrases";

/**
 * "pay rent on the last working day of the month", "the first business day of january", "the last weekday of next
 * month": the last or first Monday to Friday of that month. Found no time, or was refused as past ("the last weekday
 * of the month"). Public holidays are not known here, save New Year's Day, which no January's first working day is;
 * the confirmation names the date, so a holiday shows. "of the month": this month's while still to come, else next
 * month's; a month by name: this year's, or next year's once gone by.
 */
const WORKING_DAY_OF_A_MONTH = new RegExp(
  String.raw`\b(?:the\s+)?(last|first)\s+(?:working|business|week)[\s-]?day\s+(?:of|in)\s+(?:(the|this|next)\s+month|(${MONTH_WORD}))\b`,
  "i",
);

function workingDayOf(context: chrono.ParsingContext, match: RegExpMatchArray): chrono.ParsingComponents | null {
  const last = (match[1] ?? "").toLowerCase() === "last";
  const today = localToday(context);
  const which = (match[2] ?? "").toLowerCase();
  const month = MONTH_NUMBER[(match[3] ?? "").toLowerCase()];
  const inMonth = (first: DateTime) => (last ? lastWorkingDay(first) : firstWorkingDay(first));
  const thisMonth = today.startOf("month");
  const candidates = month
    ? [thisMonth.set({ month }), thisMonth.set({ month }).plus({ years: 1 })]
    : which === "next"
      ? [thisMonth.plus({ months: 1 })]
      : which === "this"
        ? [thisMonth]
        : [thisMonth, thisMonth.plus({ months: 1 })];
  const date = candidates.map(inMonth).find((day) => day >= today) ?? inMonth(candidates.at(-1) ?? thisMonth);
  return context.createParsingComponents({ day: date.day, month: date.month, year: date.year });
}

const SATURDAY = 6;

function lastWorkingDay(first: DateTime): DateTime {
  let day = first.endOf("month").startOf("day");
  while (day.weekday >= SATURDAY) day = day.minus({ days: 1 });
  return day;
}

function firstWorkingDay(first: DateTime): DateTime {
  // New Year's Day is a holiday wherever the year starts on January 1st.
  let day = first.month === 1 ? first.plus({ days: 1 }) : first;
  while (day.weekday >= SATURDAY) day = day.plus({ days: 1 });
  return day;
}

/** The parser, in the shape chrono's `parsers` list takes. */
export const WORKING_DAY_PARSERS: chrono.Parser[] = [{ pattern: () => WORKING_DAY_OF_A_MONTH, extract: workingDayOf }];
