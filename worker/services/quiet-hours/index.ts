/** Quiet hours (issue 13, ADR 064): the person's window, its settings, and the engine's question "until when?". */
export { clockLabel, clockText, insideWindow, parseClock, quietUntil, quietWindowOf, restUntil, type QuietWindow, type Rest } from "./window";
export { getQuietHours, quietHoursJson, quietHoursSchema, setQuietHours, QUIET_TEXTS, SUGGESTED_QUIET, type QuietHoursJson } from "./settings";
export { BREAK_MAX_DAYS, BREAK_TEXTS, breakJson, breakSchema, endBreak, getBreak, startBreak, type BreakJson } from "./break";
export { BREAK_WORD_TEXTS, breakFromWrittenWords, type BreakMedium } from "./break-words";
