/**
 * A raw message as Cloudflare Email Routing would hand it to the Worker, for /dev/inbound-email and the
 * tests: our receiving server's Authentication-Results on top (pass or fail), then the mail, with an
 * optional meeting invitation (text/calendar; METHOD:REQUEST) whose start is floating (the person's
 * own clock) or UTC when it ends in "Z".
 */
export interface DevMessage {
  from: string;
  to: string;
  subject: string;
  body: string;
  senderCheck: "pass" | "fail" | "missing";
  invitation?: { title: string; start: string };
}

const icsStamp = (value: string) => value.replace(/[-:]/g, "").replace(/\.\d+/, "").replace(/^(\d{8}T\d{4})$/, "$100");

export function composeDevMessage(message: DevMessage): string {
  const domain = message.from.slice(message.from.lastIndexOf("@") + 1);
  const verdict = message.senderCheck === "pass" ? "pass" : "fail";
  const lines: string[] = [];
  if (message.senderCheck !== "missing") {
    lines.push(`Authentication-Results: mx.cloudflare.net; dkim=${verdict} header.d=${domain}; spf=${verdict} smtp.mailfrom=${message.from}; dmarc=${verdict} header.from=${domain}`);
  }
  lines.push(`From: <${message.from}>`, `To: <${message.to}>`, `Subject: ${message.subject.replace(/[\r\n]+/g, " ")}`, `Message-ID: <${crypto.randomUUID()}@${domain}>`, "MIME-Version: 1.0");
  const text = message.body.replace(/\r?\n/g, "\r\n");
  if (!message.invitation) return [...lines, "Content-Type: text/plain; charset=utf-8", "", text, ""].join("\r\n");
  const boundary = `nudge-${crypto.randomUUID()}`;
  const ics = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Nudge dev//inbound//EN",
    "METHOD:REQUEST",
    "BEGIN:VEVENT",
    `UID:${crypto.randomUUID()}@${domain}`,
    "DTSTAMP:20260101T000000Z",
    `DTSTART:${icsStamp(message.invitation.start)}`,
    `SUMMARY:${message.invitation.title.replace(/[\r\n]+/g, " ")}`,
    `ORGANIZER:mailto:${message.from}`,
    `ATTENDEE:mailto:${message.to}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");
  return [
    ...lines,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    `--${boundary}`,
    'Content-Type: text/calendar; charset=utf-8; method=REQUEST; name="invite.ics"',
    'Content-Disposition: attachment; filename="invite.ics"',
    "",
    ics,
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
