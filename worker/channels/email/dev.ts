import type { DevSide } from "../face";

/**
 * In the dev outbox an email shows its text (links clickable) and, on demand, its HTML as a mail app would. One whose
 * Reply-To is the assistant (a reminder, the assistant's answers) can be replied to from the dev mail page, as a mail
 * app's Reply would: from the address it went to, its subject under "Re: ".
 */
export const emailDevSide: DevSide = {
  outboxView: (message) => {
    const replyable = typeof message.meta?.replyTo === "string" && message.meta.replyTo !== "";
    const reply = new URLSearchParams({ from: message.to, subject: `Re: ${message.subject ?? ""}`.trim() });
    return {
      label: "Email",
      preview: message.html ? { summary: "Show the email as it looks", title: `Email: ${message.subject ?? message.to}` } : null,
      ...(replyable ? { links: [{ label: "Reply to it", url: `/dev/inbound-email?${reply}` }] } : {}),
    };
  },
};
