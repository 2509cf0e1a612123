/**
 * Is the mail really from the address in its From header? (issue 12, ADR 063.) Cloudflare Email
 * Routing checks SPF, DKIM and DMARC when it receives a message and records the results in an
 * `Authentication-Results` header it puts on TOP of the message. A sender can forge such headers
 * too, but only below ours: so only the first one counts.
 *
 * Accepted: `dmarc=pass`; or, for a domain without DMARC, `dkim=pass` signed by the From domain (or its
 * parent) or `spf=pass` for an envelope sender of the From domain. Anything else is refused.
 */
export type SenderCheck = { ok: true } | { ok: false; reason: string };

const result = (header: string, method: string) => new RegExp(`(?:^|[;\\s])${method}=(\\w+)`, "i").exec(header)?.[1]?.toLowerCase();
const property = (header: string, method: string, name: string) =>
  new RegExp(`${method}=pass[^;]*?\\b${name.replace(".", "\\.")}=@?([^\\s;]+)`, "i").exec(header)?.[1]?.toLowerCase();

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();
const aligned = (signer: string | undefined, fromDomain: string) => Boolean(signer) && (signer === fromDomain || fromDomain.endsWith(`.${signer}`));

export function checkSender(authenticationResults: string | null, fromAddress: string): SenderCheck {
  if (!authenticationResults) return { ok: false, reason: "no Authentication-Results from our mail server" };
  const header = authenticationResults.replace(/\s+/g, " ");
  const fromDomain = domainOf(fromAddress);
  const dmarc = result(header, "dmarc");
  if (dmarc === "pass") return { ok: true };
  if (dmarc && dmarc !== "none") return { ok: false, reason: `dmarc=${dmarc}` };
  if (result(header, "dkim") === "pass" && aligned(property(header, "dkim", "header.d") ?? property(header, "dkim", "header.i")?.replace(/^.*@/, ""), fromDomain)) return { ok: true };
  const mailFrom = property(header, "spf", "smtp.mailfrom");
  if (result(header, "spf") === "pass" && aligned(mailFrom ? domainOf(mailFrom) : undefined, fromDomain)) return { ok: true };
  return { ok: false, reason: `no aligned pass (dmarc=${dmarc ?? "absent"}, dkim=${result(header, "dkim") ?? "absent"}, spf=${result(header, "spf") ?? "absent"})` };
}
