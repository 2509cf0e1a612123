/**
 * One layout for every email we send: a short, calm message with at most a couple of big buttons,
 * readable on a phone, and a plain-text part that says the same thing (links spelled out).
 * Every dynamic value is HTML-escaped here, so callers pass plain strings.
 */
export interface EmailAction {
  label: string;
  url: string;
  /** "primary" is the filled button; "secondary" an outlined one. */
  style?: "primary" | "secondary";
}

export interface EmailContent {
  subject: string;
  /** The grey line mail apps show beside the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** A large code to copy (e.g. a verification code), shown in a box. */
  code?: string;
  actions?: EmailAction[];
  /** Small print under a rule (why you got this, how to stop it). */
  footer?: string[];
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function button(action: EmailAction): string {
  const primary = (action.style ?? "primary") === "primary";
  const colors = primary ? "background:#3b4fc4;color:#ffffff;border:2px solid #3b4fc4;" : "background:#ffffff;color:#3b4fc4;border:2px solid #3b4fc4;";
  return `<a href="${escapeHtml(action.url)}" style="display:block;${colors}text-decoration:none;font-weight:600;font-size:17px;line-height:24px;padding:14px 20px;border-radius:10px;text-align:center;margin:0 0 12px;">${escapeHtml(action.label)}</a>`;
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:17px;line-height:26px;color:#1c2033;">${escapeHtml(p)}</p>`)
    .join("");
  const code = content.code
    ? `<p style="margin:8px 0 24px;text-align:center;"><span style="display:inline-block;font-size:32px;letter-spacing:8px;font-weight:700;color:#1c2033;background:#eef1f7;border-radius:10px;padding:12px 20px;font-family:ui-monospace,Menlo,Consolas,monospace;">${escapeHtml(content.code)}</span></p>`
    : "";
  const actions = (content.actions ?? []).map(button).join("");
  const footer = (content.footer ?? [])
    .map((line) => `<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#4a5068;">${escapeHtml(line)}</p>`)
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f7fb;font-family:${FONT};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f7fb;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border:1px solid #d5d9e6;border-radius:16px;">
<tr><td style="padding:28px 24px 8px;">
<p style="margin:0 0 20px;font-weight:700;font-size:18px;color:#3b4fc4;">Nudge</p>
<h1 style="margin:0 0 16px;font-size:24px;line-height:30px;color:#1c2033;">${escapeHtml(content.heading)}</h1>
${paragraphs}${code}${actions}
</td></tr>
${footer ? `<tr><td style="padding:8px 24px 24px;border-top:1px solid #eef1f7;">${footer}</td></tr>` : ""}
</table></td></tr></table></body></html>`;

  const textParts = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.code ? [`Your code: ${content.code}`, ""] : []),
    ...(content.actions ?? []).flatMap((a) => [`${a.label}: ${a.url}`, ""]),
    ...(content.footer?.length ? ["--", ...content.footer] : []),
  ];
  return { subject: content.subject, html, text: textParts.join("\n").trim() + "\n" };
}
