import { useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";

interface RootUser {
  user: { name: string | null; email?: string | null } | null;
}

/** What the menu item says when the widget's code could not be fetched (offline, a new deploy). */
export const REPORT_BUG_UNAVAILABLE = "The bug-report form could not be opened. Please try again.";

/**
 * 'Report a Bug' in the account menu (spec 02). The widget (Sentry's user feedback) is fetched on
 * the first click only, so no page carries it in its first JavaScript.
 */
export function ReportBugItem({ onOpen }: { onOpen?: () => void }) {
  const root = useRouteLoaderData<RootUser>("root");
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  async function open() {
    setState("loading");
    try {
      const { openBugReport } = await import("~/lib/feedback/widget.client");
      await openBugReport({ name: root?.user?.name ?? null, email: root?.user?.email ?? null });
      setState("idle");
      onOpen?.();
    } catch (error) {
      console.error("Opening the bug-report form failed:", error);
      setState("failed");
    }
  }
  return (
    <>
      <button type="button" className="user-menu__item" onClick={open} disabled={state === "loading"} aria-haspopup="dialog">
        Report a Bug
      </button>
      {state === "failed" ? (
        <p role="alert" className="user-menu__error">
          {REPORT_BUG_UNAVAILABLE}
        </p>
      ) : null}
    </>
  );
}
