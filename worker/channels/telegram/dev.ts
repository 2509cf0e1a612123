import type { DevSide } from "../face";

/** A Telegram message in the dev outbox: the Bot API method, and a link to play that chat's side. */
export const telegramDevSide: DevSide = {
  outboxView(message) {
    const method = typeof message.meta?.method === "string" ? message.meta.method : "sendMessage";
    const label = method === "sendMessage" ? "Telegram" : `Telegram (${method})`;
    const chat = /^-?\d+$/.test(message.to) ? [{ label: "Open this chat in the dev Telegram", url: `/dev/telegram?chat=${message.to}` }] : [];
    return { label, preview: null, ...(chat.length > 0 ? { links: chat } : {}) };
  },
};
