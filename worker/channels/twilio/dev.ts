import type { DevSide } from "../face";

/** A text or a call in the dev outbox, with a link to answer it from the dev phone (/dev/phone). */
export function phoneDevSide(label: string): DevSide {
  return {
    outboxView(message) {
      if (message.meta?.dev === "you") return { label: `${label} (the dev phone's reply)`, preview: null };
      if (message.meta?.dev === "answer") return { label: `${label} (Nudge's answer)`, preview: null };
      const answerable = /^\+\d{8,15}$/.test(message.to);
      return { label, preview: null, ...(answerable ? { links: [{ label: "Answer on the dev phone", url: `/dev/phone?number=${encodeURIComponent(message.to)}` }] } : {}) };
    },
  };
}
