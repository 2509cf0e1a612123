/**
 * Months by name, as people type them: read by date-parsers.ts ("the first monday in december"),
 * recurrence-phrases.ts ("every march 3rd") and unsupported-phrases.ts ("until december"). A module of
 * its own because date-parsers.ts itself reads weekday words from recurrence-phrases.ts.
 */
export const MONTH_NUMBER: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6,
  july: 7, jul: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10, november: 11, nov: 11,
  december: 12, dec: 12,
};

/** A month's name or its abbreviation, longest first. */
export const MONTH_WORD = `(?:${Object.keys(MONTH_NUMBER).sort((a, b) => b.length - a.length).join("|")})`;
