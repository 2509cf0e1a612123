import type { DevSide } from "../face";

/** In the dev outbox an email shows its text (links clickable) and, on demand, its HTML as a mail app would. */
export const emailDevSide: DevSide = {
  outboxView: (message) => ({
    label: "Email",
    preview: message.html ? { summary: "Show the email as it looks", title: `Email: ${message.subject ?? message.to}` } : null,
  }),
};
