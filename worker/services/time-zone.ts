import { IANAZone } from "luxon";

/**
 * The one time-zone fallback: a zone luxon can use, and anything else (a bad or missing profile
 * value) reads as UTC, so a page or a message never breaks on it. Client-safe (luxon only): the
 * task cards use it in the browser too.
 */
export function safeZone(zone: string | null | undefined): string {
  if (!zone) return "UTC";
  let valid = validity.get(zone);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(zone);
    if (validity.size < MAX_REMEMBERED) validity.set(zone, valid);
  }
  return valid ? zone : "UTC";
}

/**
 * luxon's check builds a new Intl.DateTimeFormat on every call (30-60 µs), and a dashboard card
 * asks several times (issue 8: ~0.2 ms per task): the answer per zone string is remembered. Bounded,
 * so junk zone strings cannot grow it without end (past the bound they are just checked each time).
 */
const validity = new Map<string, boolean>();
const MAX_REMEMBERED = 1_000;
