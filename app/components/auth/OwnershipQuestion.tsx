import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { AuthCard, Working } from "~/components/auth/AuthCard";
import { Button } from "~/components/ui/Button";

/** What the server says about the registration (worker/services/auth/ownership-question.ts). */
export interface OwnershipQuestionData {
  name: string;
  registeredAt: string;
  timezone: string;
}

/** "24 November 2026", in the account's own time zone (the same on server and browser, so no hydration drift). */
function registrationDay(question: OwnershipQuestionData): string {
  const when = new Date(question.registeredAt);
  try {
    return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: question.timezone }).format(when);
  } catch {
    return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(when);
  }
}

/**
 * "Did you create this Nudge account?" (ADR 038, amended): asked of the person who opened the emailed
 * link or typed the emailed code outside the registrant's own session. Only they know whether they
 * signed up, so they decide: keep everything, or take the account back. One form, two real submit
 * buttons carrying `registeredByMe`; each button says in a plain sentence what it will do.
 * `hidden` holds the form's other fields (the token, or the email and code); `notice` sits above.
 */
export function OwnershipQuestion({
  question,
  hidden,
  busy,
  notice,
  footer,
}: {
  question: OwnershipQuestionData;
  hidden: Record<string, string>;
  busy: boolean;
  notice?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <AuthCard
      title="Did you create this Nudge account?"
      lead={
        <>
          Someone signed up as “{question.name}” with this address on {registrationDay(question)}.
        </>
      }
      footer={footer}
    >
      {notice}
      <Form method="post" replace className="ownership-choice">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="ownership-choice__option">
          <Button type="submit" name="registeredByMe" value="true" size="lg" block disabled={busy} aria-describedby="ownership-yes-hint">
            Yes, I signed up
          </Button>
          <p id="ownership-yes-hint" className="ownership-choice__hint">
            We confirm your email. Your password and your other devices stay as they are.
          </p>
        </div>
        <div className="ownership-choice__option">
          <Button type="submit" name="registeredByMe" value="false" variant="secondary" size="lg" block disabled={busy} aria-describedby="ownership-no-hint">
            No, that wasn&apos;t me
          </Button>
          <p id="ownership-no-hint" className="ownership-choice__hint">
            The account becomes yours: we sign out every other device and remove the password that was chosen.
          </p>
        </div>
        {busy ? <Working>One moment...</Working> : null}
      </Form>
    </AuthCard>
  );
}
