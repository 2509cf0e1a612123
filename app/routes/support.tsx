import type { MetaFunction } from "@remix-run/cloudflare";
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = () => [
  { title: "Support · Nudge" },
  { name: "description", content: "Get help with Nudge: write to our support team and a person will answer, usually within a day." },
];

export default function Support() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const email = data?.supportEmail ?? "support@nudge.example.com";
  return (
    <div className="container page support-page">
      <h1 className="page__title">Support</h1>
      <p>
        Stuck on a code, a missing reminder or anything else? Write to us at <a href={`mailto:${email}`}>{email}</a> and a
        person will answer, usually within a day.
      </p>
      <p className="muted">Tell us the email address of your account and what you expected to happen. Never send your password.</p>
    </div>
  );
}
