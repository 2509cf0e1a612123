import type { Env } from "../../env";
import type { OutboundMessage } from "../../channels/types";
import { renderEmail } from "../email/layout";
import { appLink } from "../app-url";
import type { FeedbackReport } from "./envelope";

/** The email that tells the team (SUPPORT_EMAIL) a person reported a bug. */
export function supportEmail(env: Env, reportId: string, report: FeedbackReport): OutboundMessage {
  const from = [report.name, report.email && `<${report.email}>`].filter(Boolean).join(" ") || "A signed-in person";
  const rendered = renderEmail({
    subject: `Bug report from ${from}`,
    preheader: report.message.slice(0, 90),
    heading: "A bug was reported",
    paragraphs: [
      `From: ${from}`,
      `Page: ${report.url || "not given"}`,
      report.message,
      report.screenshot ? "A screenshot is attached to the report." : "No screenshot was attached.",
      `Report id: ${reportId}`,
    ],
    footer: [`Sent by the Report a Bug form of ${appLink(env, "/")}.`],
  });
  return { to: env.SUPPORT_EMAIL, ...rendered };
}
