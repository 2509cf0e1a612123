/**
 * Text a person typed (a task title, a name) that ends up in an email subject, an SMS, a push
 * title or a spoken call: one line of printable characters. Control characters (C0, DEL, C1) and
 * line or paragraph separators become a space, so "\r\nBcc: x" in a title can never start a new
 * header or a new line of a message; runs of whitespace collapse to one space, and the ends are
 * trimmed (ADR 043). Applied where the text comes in (create, update, sign-up) and again where a
 * message is composed, for rows written before this rule.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

export function oneLine(text: string): string {
  return text.replace(NOT_ONE_LINE, " ").replace(/\s+/g, " ").trim();
}
