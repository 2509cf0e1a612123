/**
 * An address from a URL's query (`/dev/phone?number=`, `/dev/outbox?to=`), as the person meant it. A
 * "+" typed into a URL by hand arrives as a space (query strings are form-encoded), so
 * `?number=+972501234567` reads " 972501234567": a leading space before a digit is given its "+" back.
 * Forms and links encode the "+" (%2B) and are not changed by this.
 */
export function addressFromQuery(raw: string | null | undefined): string {
  if (!raw) return "";
  return (/^ \d/.test(raw) ? `+${raw.slice(1)}` : raw).trim();
}
