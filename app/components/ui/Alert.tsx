import { forwardRef, type ReactNode } from "react";

export type AlertTone = "error" | "success" | "warning" | "info";

/**
 * A coloured message box; errors are announced at once, others politely. `tabIndex={-1}` with a
 * ref lets a screen move focus to it (the login error).
 */
export const Alert = forwardRef<HTMLDivElement, { tone: AlertTone; children?: ReactNode; title?: string; tabIndex?: number; id?: string }>(function Alert(
  { tone, children, title, tabIndex, id },
  ref,
) {
  return (
    <div ref={ref} id={id} className={`alert alert--${tone}`} role={tone === "error" ? "alert" : "status"} tabIndex={tabIndex}>
      <div>
        {title ? <strong className="alert__title">{title}</strong> : null}
        {children}
      </div>
    </div>
  );
});
