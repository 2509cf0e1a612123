/** What a page answers when a "form" post is not a form (a JSON body, no body, a broken upload). */
export const FORM_UNREADABLE = "We couldn't read that form. Please reload the page and try again.";

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * The submitted form of an action. Remix actions get what the browser's <form> (or a fetcher)
 * sends; anything else (a JSON body, a text/plain body, no Content-Type, a truncated multipart
 * body) used to make `request.formData()` throw, which answered 500. Here it is a 400 with a
 * sentence, thrown as a Response (Remix turns it into route error data that the root
 * ErrorBoundary shows), before anything has been changed.
 *
 * Plain Web APIs only (no @remix-run import), so workerd unit tests can load it.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) throw unreadable();
  try {
    return await request.formData();
  } catch {
    throw unreadable();
  }
}

function unreadable(): Response {
  return Response.json({ message: FORM_UNREADABLE }, { status: 400, headers: { "Cache-Control": "no-store" } });
}

/** A text field of a submitted form, trimmed; '' when absent. */
export function field(form: FormData, name: string, { trim = true }: { trim?: boolean } = {}): string {
  const value = form.get(name);
  if (typeof value !== "string") return "";
  return trim ? value.trim() : value;
}

/**
 * A time field (`<input type="time">`) as "HH:MM": browsers send "19:00", or "19:00:00" when the field
 * has a step in seconds. Anything else comes back as it was sent (trimmed), for the service to refuse.
 */
export function timeField(form: FormData, name: string): string {
  const value = field(form, name);
  return /^\d{2}:\d{2}:\d{2}(?:\.\d+)?$/.test(value) ? value.slice(0, 5) : value;
}

/** A form post the browser navigates with (no JavaScript), as opposed to a fetcher's fetch(). */
export function isDocumentPost(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate";
}
