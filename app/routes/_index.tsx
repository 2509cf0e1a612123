import type { MetaFunction } from "@remix-run/cloudflare";
import { useLocation } from "@remix-run/react";
import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";
import { PromoVideo } from "~/components/home/PromoVideo";
import { legalDocumentIn } from "~/components/legal/LegalModals";
import type { HydrationRule } from "~/lib/hydration";

/**
 * Issue 8: the home page ships no JavaScript to a signed-out visitor (React and Remix alone are
 * ~86 kB gzip, over the 75 kB budget). Everything on it works without: links, the video (a link to
 * the file, played in place when the page has its script), the legal links (`?legal=...`, a page
 * that hydrates to show the modal). A signed-in visitor, or one whose session needs its one re-check
 * (arrived from another site), gets the scripts as on every other page.
 */
export const handle: { hydrate: HydrationRule } = {
  hydrate: ({ signedIn, recheckSession, search }) => signedIn || recheckSession || legalDocumentIn(search) !== null,
};

export const meta: MetaFunction = () => [
  { title: "Nudge: reminders that wait until you act" },
  { name: "description", content: "A kind reminder assistant for busy and neuro-divergent people: it nudges until you act." },
];

const FEATURES = [
  {
    title: "Nudges that grow gently",
    text: "A quiet ping first. If you miss it, a text and an email, then a phone call. Each step waits for you, and stops the moment you tap Done.",
    icon: (
      <path d="M12 3a6 6 0 0 0-6 6v3.5L4.5 15a1 1 0 0 0 .9 1.5h13.2a1 1 0 0 0 .9-1.5L18 12.5V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0" />
    ),
  },
  {
    title: "Remind yourself your way",
    text: "Type “remind me to take my pills tomorrow at 9” on the web, tell the Telegram bot, or forward an email. Tasks show up in your calendar too.",
    icon: <path d="M4 5h16v10H8l-4 4zM8 9h8M8 12h5" />,
  },
  {
    title: "A nudge buddy when it matters",
    text: "Name up to two trusted people. If a reminder is still waiting after every nudge, they get a kind heads-up to check in with you.",
    icon: (
      <path d="M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7 0a2.5 2.5 0 1 0 0-5M3 20c0-3.3 2.7-5 6-5s6 1.7 6 5m1-5c2.8 0 5 1.5 5 4.5" />
    ),
  },
];

export default function Home() {
  // After Delete My Account (Settings): the account is gone and the visitor signed out; say so once.
  const deleted = new URLSearchParams(useLocation().search).get("deleted") === "1";
  return (
    <>
      {deleted ? (
        <div className="container home-notice">
          <Alert tone="success" title="Your account and all your reminders have been deleted.">
            We sent a last email to say so. Thank you for using Nudge; you are welcome back any time.
          </Alert>
        </div>
      ) : null}
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__grid">
          <div>
            <span className="eyebrow">For busy minds and wandering attention</span>
            <h1 id="hero-title" className="hero__title">
              Reminders that wait until you act.
            </h1>
            <p className="hero__lead">
              Plain notifications are easy to miss. Nudge keeps gently reminding you, and brings in a friend if you
              need one, until the task is done.
            </p>
            <div className="hero__actions">
              <ButtonLink to="/auth/register" size="lg">
                Get started free
              </ButtonLink>
              <ButtonLink to="/dashboard" size="lg" variant="secondary">
                Go to my reminders
              </ButtonLink>
            </div>
          </div>
          <PromoVideo />
        </div>
      </section>

      <section className="section" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title" className="section__title">
            Kinder than an alarm, steadier than a to-do list
          </h2>
          <p className="section__lead">Three things make Nudge different from the notifications you already ignore.</p>
          <ul className="feature-grid">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="card feature-card">
                <span className="feature-card__icon" aria-hidden="true">
                  <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                    {feature.icon}
                  </svg>
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="cta-title">
        <div className="container">
          <div className="cta">
            <h2 id="cta-title">Set your first reminder in a minute</h2>
            <p>Create a free account, verify your email, and tell Nudge what you want to remember. We'll take it from there.</p>
            <ButtonLink to="/auth/register" size="lg" variant="secondary">
              Create my free account
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
