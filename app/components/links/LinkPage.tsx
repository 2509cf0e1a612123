import type { ReactNode } from "react";
import { AuthCard } from "~/components/auth/AuthCard";
import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";

/**
 * The pages behind emailed one-use links (`/r/<token>/<answer>`, `/move/<token>`): what they share. Not indexed,
 * never cached, and a referrer only to ourselves ("no-referrer" would send `Origin: null` on the form POST, which
 * our CSRF check rejects).
 */
export function linkPageMeta(title: string, description: string) {
  return [
    { title },
    { name: "description", content: description },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}

export const LINK_PAGE_HEADERS = {
  "Referrer-Policy": "same-origin",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
} as const;

/** The same centred card as the account screens, with a way back to the dashboard. */
export function LinkPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <AuthCard
      title={title}
      lead={lead}
      footer={
        <p>
          All your reminders are on your <a href="/dashboard">dashboard</a>.
        </p>
      }
    >
      {children}
    </AuthCard>
  );
}

export const OPEN_MY_REMINDERS = "Open my reminders";

/** Where a link's page ends: what happened (or why nothing did), and the way to the dashboard. */
export function LinkEnded({ title, tone, message }: { title: string; tone: "success" | "info" | "warning"; message: string }) {
  return (
    <LinkPage title={title}>
      <Alert tone={tone}>{message}</Alert>
      <ButtonLink to="/dashboard" size="lg" block>
        {OPEN_MY_REMINDERS}
      </ButtonLink>
    </LinkPage>
  );
}
