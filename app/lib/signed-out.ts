/**
 * An action's answer that found the session gone (expired and not refreshable, or signed out in
 * another tab): spec 02's 401 'Authentication failed. Please log in again.', with the session's
 * cookies cleared. The task creator and the plain-language box answer it (`signedOut: true`).
 */
export function isSignedOutAnswer(result: unknown): boolean {
  return typeof result === "object" && result !== null && (result as { signedOut?: unknown }).signedOut === true;
}
