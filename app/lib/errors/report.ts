import { useEffect } from "react";
import { isCancellation } from "./cancellations";

/**
 * Unhandled errors of the page go to our own Worker (POST /v1/errors/browser), which scrubs them and
 * forwards them to Sentry (issue 14). Only when the server has error reporting set up (the root
 * loader says so); at most MAX_REPORTS per page load, each distinct message once. Sent with
 * `keepalive`, so a report made while the page unloads still goes.
 */
export const BROWSER_ERRORS_ENDPOINT = "/v1/errors/browser";
const MAX_REPORTS = 5;

export function useBrowserErrorReporting(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const seen = new Set<string>();
    const send = (kind: "error" | "unhandledrejection", reason: unknown) => {
      const error = reason instanceof Error ? reason : new Error(typeof reason === "string" ? reason : "Non-Error thrown");
      const key = `${error.name}: ${error.message}`;
      if (seen.has(key) || seen.size >= MAX_REPORTS) return;
      seen.add(key);
      const body = { kind, name: error.name, message: error.message.slice(0, 2000), stack: error.stack?.slice(0, 8000), url: location.pathname };
      void fetch(BROWSER_ERRORS_ENDPOINT, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), keepalive: true }).catch(() => undefined);
    };
    const onError = (event: ErrorEvent) => send("error", event.error ?? event.message);
    // A cancelled navigation or fetch is not reported (app/lib/errors/cancellations.ts).
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!isCancellation(event.reason)) send("unhandledrejection", event.reason);
    };
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, [enabled]);
}
