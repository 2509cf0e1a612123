import type { DevSide } from "../face";

/** A text or a call in the dev outbox, with a link to answer it from the dev phone (/dev/phone). */
export function phoneDevSide(label: string): DevSide {
  return {
    outboxView(message) {
      const answerable = /^\+\d{8,15}$/.test(message.to);
      return { label, preview: null, ...(answerable ? { links: [{ label: "Answer on the dev phone", url: `/dev/phone?number=${encodeURIComponent(message.to)}` }] } : {}) };
    },
  };
}
