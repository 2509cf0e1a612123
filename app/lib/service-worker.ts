import { useEffect } from "react";

/**
 * Registers the service worker (public/sw.js) once the page is interactive, so push notifications
 * can be turned on and a page that fails offline shows the offline page (issue 13). After load, so
 * it never competes with the page itself.
 */
export function useServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, []);
}
