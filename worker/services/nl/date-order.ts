import { getTimezone } from "countries-and-timezones";

/**
 * Which way round a date written in numbers is read: "1/12" is the 1st of December in London and Sydney, January
 * 12th in New York. People type the order of where they live, and the zone is what the product knows of that.
 *
 * Month first where that is the custom: the United States and the places that write as it does (its territories,
 * the Philippines, Canada's most common English usage, the Pacific states in free association), and where a date
 * runs year, month, day, so its short form is month and day (Japan, China, both Koreas, Taiwan, Mongolia, Hungary,
 * Lithuania: "3/4" is March 4th in Tokyo). Everywhere else the day comes first. A zone is read by
 * its main country (the first countries-and-timezones lists: America/Puerto_Rico is Puerto Rico's, though other
 * Caribbean islands share it). A zone of no country (UTC, Etc/GMT+5) keeps month first, the product's own English.
 */
const MONTH_FIRST_COUNTRIES = new Set(["US", "PR", "VI", "GU", "AS", "MP", "UM", "PH", "CA", "FM", "MH", "PW", "JP", "CN", "KR", "KP", "TW", "MN", "HU", "LT"]);

export function readsDayFirst(zone: string): boolean {
  const country = getTimezone(zone)?.countries[0];
  return country !== undefined && !MONTH_FIRST_COUNTRIES.has(country);
}
