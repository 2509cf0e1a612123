import { isRouteErrorResponse } from "@remix-run/react";

/**
 * For a route's clientAction / clientLoader: run the server call, and when the call itself fails
 * (the network is down, the server answered 5xx or something that is not Remix data) give the
 * screen its plain-language failure (spec 01 and 02 section 8: 'Login failed. Please try again.',
 * 'Failed to create task. Please try again.', …) instead of replacing the whole page with the
 * error page. Redirects and 4xx route errors (a sign-in redirect, readForm's 400) keep their
 * normal meaning and are rethrown.
 */
export async function serverOr<T, F>(call: () => Promise<T>, fallback: () => F): Promise<T | F> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    console.warn("The server could not be reached or failed; showing the screen's own message.", error);
    return fallback();
  }
}

/** The submitted form of a clientAction's request, read without using up the body the server call sends. */
export async function submittedForm(request: Request): Promise<FormData | null> {
  try {
    return await request.clone().formData();
  } catch {
    return null;
  }
}

/** A text field of a submitted form ('' when absent). */
export function formText(form: FormData | null, name: string): string {
  const value = form?.get(name);
  return typeof value === "string" ? value : "";
}
