/** Where else this person can start and end a break in words (ADR 098): only the places they really have. */
export interface BreakElsewhere {
  /** Their Telegram chat is linked (and the bot configured). */
  telegram: boolean;
  /** Their phone is verified, texts are on, and a text provider is configured. */
  text: boolean;
  /** The assistant's address, when the product has one. */
  email: string | null;
}

/** 'Away from here, write "pause until monday" or "pause for 3 hours" to the Telegram bot, by text or to ...; "resume" ends it.', or null where there is nowhere else. */
export function breakElsewhereText(places: BreakElsewhere): string | null {
  const where = [places.telegram ? "to the Telegram bot" : null, places.text ? "by text" : null, places.email ? `to ${places.email}` : null].filter(Boolean);
  if (where.length === 0) return null;
  const joined = where.length === 1 ? where[0] : `${where.slice(0, -1).join(", ")} or ${where.at(-1)}`;
  return `Away from here, write "pause until monday" or "pause for 3 hours" ${joined}; "resume" ends it.`;
}
