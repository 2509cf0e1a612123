import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** Reloads the page's data every `ms` while the tab is visible: the dev chat and phone show new messages as they come. */
export function useLiveRevalidation(ms = 3000): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, ms);
    return () => window.clearInterval(timer);
  }, [revalidator, ms]);
}
