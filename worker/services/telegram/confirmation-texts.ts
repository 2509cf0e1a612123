/**
 * The words of the bot's confirmations and what becomes of them (ADR 104, 114). A leaf module: the tasks' own
 * services rewrite confirmations too, when a reminder made in the chat is changed or deleted elsewhere, and they
 * cannot import the bot's full texts (which read the tasks' agenda words).
 */
export const CONFIRMATION_TEXTS = {
  /** Under the confirmation of a reminder made in the chat (ADR 104). */
  undo: "↩️ Undo",
  /** The lead of a confirmation rewritten after its reminder was changed (ADR 114). */
  confirmationNow: "✏️ Now:",
  deleted: (title: string) => `🗑 Deleted: ${title}`,
  seriesStopped: (title: string) => `🗑 Stopped: ${title}. It won't repeat any more.`,
} as const;
