/**
 * What an error report may carry (issue 14): no secrets, tokens, codes or message bodies. Applied to
 * every string of an error event before it leaves the Worker: the message, each stack line, the URL.
 */
const SECRET_PARAMS = /([?&;](?:token|code|key|secret|password|signature|sig|auth|access_token|refresh_token|id_token|state)=)[^&#\s]*/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// Provider keys and long random strings (Resend re_..., Twilio AC.../SK..., bot tokens, hex secrets).
const KEYS = /\b(?:re_[A-Za-z0-9_]{8,}|(?:AC|SK)[0-9a-f]{32}|\d{6,12}:[A-Za-z0-9_-]{30,}|[A-Fa-f0-9]{32,}|[A-Za-z0-9_-]{40,})\b/g;
// A 4 to 8 digit number standing alone: a verification or pairing code.
const CODES = /\b\d{4,8}\b/g;
// "text": "...", "body": "...", "message": "..." inside JSON-ish text: the content of a message.
const BODIES = /("(?:text|html|body|message|prompt|password)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;

export const REDACTED = "[redacted]";

export function scrubText(value: string): string {
  return value
    .replace(BODIES, `$1"${REDACTED}"`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(EMAIL, REDACTED)
    .replace(KEYS, REDACTED)
    .replace(CODES, REDACTED);
}

/** A URL without its query and fragment (where tokens and codes travel). */
export function scrubUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${scrubText(parsed.pathname)}`;
  } catch {
    return REDACTED;
  }
}
