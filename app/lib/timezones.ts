/**
 * Matching the browser's time zone to the server's list (what the dropdowns offer and the server
 * accepts). Browsers and the server do not always spell a zone the same way: Chromium and workerd
 * use ICU's older names (Asia/Calcutta, Europe/Kiev), Firefox and Safari the current IANA names
 * (Asia/Kolkata, Europe/Kyiv); some setups report "Etc/UTC" or an offset such as "+00:00".
 * Without a match the form used to keep UTC silently: a user in India got reminders 5.5 hours off.
 * Client-safe (no server imports): the register and settings screens run it in the browser.
 */

/** IANA renames that ICU (and so V8 and workerd) still spells the old way: new name -> old name. */
const RENAMED: Record<string, string> = {
  "Asia/Kolkata": "Asia/Calcutta",
  "Europe/Kyiv": "Europe/Kiev",
  "Asia/Ho_Chi_Minh": "Asia/Saigon",
  "Asia/Kathmandu": "Asia/Katmandu",
  "Asia/Yangon": "Asia/Rangoon",
  "America/Nuuk": "America/Godthab",
  "Pacific/Kanton": "Pacific/Enderbury",
  "Atlantic/Faroe": "Atlantic/Faeroe",
  "Pacific/Chuuk": "Pacific/Truk",
  "Pacific/Pohnpei": "Pacific/Ponape",
  "America/Atikokan": "America/Coral_Harbour",
  "America/Argentina/Buenos_Aires": "America/Buenos_Aires",
  "America/Argentina/Catamarca": "America/Catamarca",
  "America/Argentina/Cordoba": "America/Cordoba",
  "America/Argentina/Jujuy": "America/Jujuy",
  "America/Argentina/Mendoza": "America/Mendoza",
  "America/Indiana/Indianapolis": "America/Indianapolis",
  "America/Kentucky/Louisville": "America/Louisville",
  "Africa/Asmara": "Africa/Asmera",
  "Asia/Thimphu": "Asia/Thimbu",
  "Asia/Ulaanbaatar": "Asia/Ulan_Bator",
  "Asia/Dhaka": "Asia/Dacca",
  "Asia/Makassar": "Asia/Ujung_Pandang",
};

const OLD_TO_NEW: Record<string, string> = Object.fromEntries(Object.entries(RENAMED).map(([newer, older]) => [older, newer]));

/** Every way of saying "UTC" that runtimes report (including the offset form some browsers use). */
const UTC_ALIASES = /^(?:UTC|UCT|GMT|Zulu|Universal|Greenwich|Etc\/(?:UTC|UCT|GMT|GMT[+-]0|GMT0|Zulu|Universal|Greenwich)|GMT[+-]0|GMT0|[+-]00(?::?00)?)$/i;

/** The runtime's own spelling of a zone, or null when it does not know the zone. */
export function resolveTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The entry of `listed` that means the same zone as `zone`, or null when none does. In order:
 * the same name; UTC for its aliases; a known rename either way; the runtime's own resolution of
 * both names (the same zone resolves to the same name in one runtime).
 */
export function matchListedTimeZone(zone: string | null | undefined, listed: readonly string[]): string | null {
  if (!zone) return null;
  const set = new Set(listed);
  if (set.has(zone)) return zone;
  if (UTC_ALIASES.test(zone)) return set.has("UTC") ? "UTC" : null;
  for (const candidate of [RENAMED[zone], OLD_TO_NEW[zone]]) {
    if (candidate && set.has(candidate)) return candidate;
  }
  const target = resolveTimeZone(zone);
  if (!target) return null;
  if (set.has(target)) return target;
  return listed.find((candidate) => resolveTimeZone(candidate) === target) ?? null;
}
