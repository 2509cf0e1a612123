/** Quiet hours (issue 13, ADR 064): the person's window, its settings, and the engine's question "until when?". */
export { clockLabel, clockText, insideWindow, parseClock, quietUntil, quietWindowOf, type QuietWindow } from "./window";
export { getQuietHours, quietHoursJson, quietHoursSchema, setQuietHours, QUIET_TEXTS, SUGGESTED_QUIET, type QuietHoursJson } from "./settings";
