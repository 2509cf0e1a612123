/**
 * Work cancelled on purpose is not a failure. When a navigation or a fetch is interrupted (a newer
 * navigation, or a timer's redirect while the page still revalidates), Remix's router can leave the
 * cancelled promise's AbortError unhandled (remix-run/react-router#14203; the proposed fix,
 * react-router#14761, is for React Router 7). Such a rejection is marked handled here, so it neither shows as "Uncaught (in
 * promise)" nor reaches error reporting. Every other unhandled rejection is left as it is.
 */
export function isCancellation(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "AbortError";
}

/** Installed first thing in entry.client, so its listener runs before error reporting's. */
export function quietCancellations(target: Pick<Window, "addEventListener"> = window) {
  target.addEventListener("unhandledrejection", (event) => {
    if (isCancellation(event.reason)) event.preventDefault();
  });
}
