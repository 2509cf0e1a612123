/** How the header shows a user (spec 01 section 2: avatar letter and hamburger-menu name). */

const MENU_NAME_MAX = 8;
export const BRAND_NAME = "NUDGE";

/**
 * The user-perceived characters of a text (grapheme clusters): an emoji with a skin tone or a
 * ZWJ family, a letter with a combining accent, a flag, each count as one. Intl.Segmenter is in
 * every runtime we serve (workerd, current browsers); code points are the fallback.
 */
export function graphemes(text: string): string[] {
  if (typeof Intl !== "undefined" && "Segmenter" in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
    return Array.from(segmenter.segment(text), (part) => part.segment);
  }
  return Array.from(text);
}

/** Upper case, unless that changes how many characters there are ('ß' -> 'SS' stays 'ß'). */
function upperOne(character: string): string {
  const upper = character.toUpperCase();
  return graphemes(upper).length === 1 ? upper : character;
}

/** First character of the name in upper case (a whole emoji, never half of one), or '?' when there is no name. */
export function avatarLetter(name: string | null | undefined): string {
  const first = graphemes((name ?? "").trim())[0];
  return first ? upperOne(first) : "?";
}

/**
 * The menu's name: the first word of the name, cut to 8 characters plus '…' when longer, in upper
 * case; the brand 'NUDGE' when there is no name. 'Alexandria Smith' -> 'ALEXANDR…',
 * 'Jonathan Smith' -> 'JONATHAN' (exactly 8: no ellipsis), 'Bo' -> 'BO'.
 */
export function menuName(name: string | null | undefined): string {
  const firstWord = (name ?? "").trim().split(/\s+/u)[0] ?? "";
  if (!firstWord) return BRAND_NAME;
  const chars = graphemes(firstWord);
  const cut = chars.length > MENU_NAME_MAX ? `${chars.slice(0, MENU_NAME_MAX).join("")}…` : firstWord;
  return cut.toUpperCase();
}

/** The avatar button's accessible name: what it does and whose account it is. */
export function accountMenuLabel(name: string | null | undefined): string {
  const trimmed = (name ?? "").trim();
  return trimmed ? `Account menu for ${trimmed}` : "Account menu";
}
