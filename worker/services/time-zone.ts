import { IANAZone } from "luxon";

/**
 * The one time-zone fallback: a zone luxon can use, and anything else (a bad or missing profile
 * value) reads as UTC, so a page or a message never breaks on it. Client-safe (luxon only): the
 * task cards use it in the browser too.
 */
export function safeZone(zone: string | null | undefined): string {
  return zone && IANAZone.isValidZone(zone) ? zone : "UTC";
}
