/**
 * Formatters are made once per zone and shape, then reused: building an Intl.DateTimeFormat costs
 * about a millisecond of CPU (it loads ICU data), formatting with one costs microseconds, and a
 * dashboard page formats several dates per task (issue 8: the server render must stay within the
 * free plan's 10 ms). The cache is bounded by the valid zones in use (callers pass safeZone) times the few shapes the task screens use.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function cachedFormatter(locale: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: zone, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}
