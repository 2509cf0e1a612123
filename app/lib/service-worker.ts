import { useEffect } from "react";
import type { Appearance } from "./appearance";

/**
 * Registers the service worker (public/sw.js) once the page is interactive, so push notifications
 * can be turned on and a page that fails offline shows the offline page (issue 13). After load, so
 * it never competes with the page itself.
 *
 * It also tells the worker this device's Appearance (ADR 084, 088): the choice lives in an HttpOnly
 * cookie the worker cannot read, and its offline page should look like the app did a moment before.
 * Sent on every load and whenever the choice changes (a Save in Settings reloads the root's data).
 */
export function useServiceWorker(appearance: Appearance) {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, []);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    void navigator.serviceWorker.ready
      .then((registration) => {
        if (!cancelled) registration.active?.postMessage({ type: "appearance", appearance });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [appearance]);
}
