/** How the header shows a user (spec 01 section 2: avatar letter and hamburger-menu name). */

const MENU_NAME_MAX = 8;

/** First letter of the name in upper case, or '?' when there is no name. */
export function avatarLetter(name: string | null | undefined): string {
  const first = Array.from((name ?? "").trim())[0];
  return first ? first.toUpperCase() : "?";
}

/**
 * The menu's name: the first word of the name, cut to 8 characters plus '…' when longer, in upper
 * case; the brand 'NUDGE' when there is no name. 'Alexandria Smith' -> 'ALEXANDR…', 'Bo' -> 'BO'.
 */
export function menuName(name: string | null | undefined): string {
  const firstWord = (name ?? "").trim().split(/\s+/)[0] ?? "";
  if (!firstWord) return "NUDGE";
  const chars = Array.from(firstWord);
  const cut = chars.length > MENU_NAME_MAX ? `${chars.slice(0, MENU_NAME_MAX).join("")}…` : firstWord;
  return cut.toUpperCase();
}
