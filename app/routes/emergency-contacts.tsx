import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { ButtonLink } from "~/components/ui/Button";
import { requireUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Nudge Buddies · Nudge" },
  { name: "description", content: "Your Nudge Buddies: up to two trusted people who get a kind heads-up when a reminder is still waiting." },
];

/** Login required, like every page of the menu (spec 02 section 2). */
export async function loader(args: LoaderFunctionArgs) {
  const { headers } = await requireUser(args);
  return data(null, { headers });
}

/**
 * The Nudge Buddies page (/emergency-contacts). Adding, verifying and removing buddies comes with
 * the nudge-buddies work; until then the page exists (the menu links here), shows the spec's
 * empty state and says plainly that buddies are on their way, so nobody lands on an error page.
 */
export default function EmergencyContacts() {
  return (
    <div className="container page buddies-page">
      <header className="page-header">
        <h1 className="page__title">Nudge Buddies</h1>
        <p className="muted page-header__lead">Trusted people Nudge can bring in when a reminder goes unanswered.</p>
      </header>
      <section className="card buddies-empty" aria-labelledby="buddies-empty-title">
        <span className="buddies-empty__icon" aria-hidden="true">
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <circle cx="9" cy="8" r="3.5" />
            <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
            <circle cx="17" cy="9" r="2.5" />
            <path d="M16 14.2c3 .2 5.5 2.2 5.5 5.3" />
          </svg>
        </span>
        <h2 id="buddies-empty-title" className="buddies-empty__title">
          No nudge buddies configured
        </h2>
        <p>
          You can add up to two nudge buddies (Contact #1 and Contact #2) to enable emergency escalation when reminders are
          missed.
        </p>
        <p className="muted">
          Adding buddies arrives soon. Until then, your reminders still escalate to you by every channel you have connected.
        </p>
        <div className="button-row buddies-empty__actions">
          <ButtonLink to="/integrations">Reminder Channels</ButtonLink>
          <ButtonLink to="/dashboard" variant="secondary">
            Back to Reminders
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
