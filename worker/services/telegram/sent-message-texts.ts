/**
 * The words of messages the bot sent that are rewritten later, from wherever the change comes (ADR 104, 114, 116):
 * a reminder's confirmation, a reminder answered Done. A leaf module: the tasks' own services rewrite these
 * messages and cannot import the bot's full texts (which read the tasks' agenda words).
 */
export const SENT_MESSAGE_TEXTS = {
  /** Under the confirmation of a reminder made in the chat (ADR 104). */
  undo: "↩️ Undo",
  /** The lead of a confirmation rewritten after its reminder was changed (ADR 114). */
  confirmationNow: "✏️ Now:",
  deleted: (title: string) => `🗑 Deleted: ${title}`,
  seriesStopped: (title: string) => `🗑 Stopped: ${title}. It won't repeat any more.`,
  /** A reminder's message once it is done, in the chat or anywhere else (ADR 116). */
  done: (title: string) => `✅ Done: ${title}`,
  /** Under a reminder answered Done: takes it back (ADR 083). */
  notDoneYet: "↩️ Not done yet",
} as const;
