import type { ReactNode } from "react";

/** The centred card every /auth/* screen sits in: one title, an optional lead, the content. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="container auth-page">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {lead ? <p className="auth-card__lead muted">{lead}</p> : null}
        {children}
        {footer ? <div className="auth-card__footer">{footer}</div> : null}
      </section>
    </div>
  );
}

/** A thin rule with a word in the middle, between the Google button and the form. */
export function AuthDivider({ children = "or" }: { children?: ReactNode }) {
  return (
    <div className="auth-divider" role="separator" aria-label={typeof children === "string" ? children : undefined}>
      <span aria-hidden="true">{children}</span>
    </div>
  );
}

/** A calm, animated-if-allowed waiting indicator with a visible sentence. */
export function Working({ children }: { children: ReactNode }) {
  return (
    <p className="working" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
