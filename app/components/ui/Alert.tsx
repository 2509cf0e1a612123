import type { ReactNode } from "react";

export type AlertTone = "error" | "success" | "warning" | "info";

/** A coloured message box; errors are announced at once, others politely. */
export function Alert({ tone, children, title }: { tone: AlertTone; children?: ReactNode; title?: string }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      <div>
        {title ? <strong style={{ display: "block" }}>{title}</strong> : null}
        {children}
      </div>
    </div>
  );
}
