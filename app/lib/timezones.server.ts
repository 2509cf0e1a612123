/**
 * The time zones a user can pick: what this runtime's Intl supports, plus "UTC". The same list
 * feeds the dropdowns (sent from the loader, so server and client render identical options) and is
 * what timezoneSchema accepts.
 */
let cached: string[] | null = null;

export function supportedTimeZones(): string[] {
  if (!cached) {
    const zones = new Set(Intl.supportedValuesOf("timeZone"));
    zones.add("UTC");
    cached = [...zones].sort((a, b) => a.localeCompare(b));
  }
  return cached;
}
