import type { ReactNode } from "react";
import { AuthCard } from "~/components/auth/AuthCard";

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
