import { Form, Link } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/Button";

/** Spec 01's step names (the page titles are authoritative) and the Next labels. */
export const STEP_TITLES = ["Welcome", "Connect Apps", "Set your first reminder", "You're all set!"] as const;
const NEXT_LABELS = ["Get Started", "Next", "Next", "Go to Dashboard"] as const;

/** The dots: where the person is, also for screen readers ("Step 2 of 4: Connect Apps"). */
export function StepDots({ step }: { step: number }) {
  return (
    <ol className="wizard-dots" aria-label="Setup progress">
      {STEP_TITLES.map((title, index) => {
        const number = index + 1;
        const state = number === step ? "current" : number < step ? "done" : "todo";
        return (
          <li key={title} className={`wizard-dots__dot wizard-dots__dot--${state}`} aria-current={number === step ? "step" : undefined}>
            <span className="visually-hidden">
              Step {number} of {STEP_TITLES.length}: {title}
              {state === "done" ? " (done)" : ""}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The back arrow (steps 2 to 4): a plain link to the step before. */
export function BackArrow({ step }: { step: number }) {
  if (step <= 1) return <span className="wizard-back wizard-back--none" aria-hidden="true" />;
  return (
    <Link to={`/onboarding?step=${step - 1}`} className="btn btn--ghost btn--icon wizard-back" aria-label={`Back to ${STEP_TITLES[step - 2]}`}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M15 6l-6 6 6 6" />
      </svg>
    </Link>
  );
}

/**
 * Next (enabled only when the step is ready; when not, a sentence says what makes it ready) and Skip
 * (steps 1 to 3). Both are plain links and forms, so the wizard works without JavaScript.
 */
export function WizardActions({ step, ready, notReadyHint }: { step: number; ready: boolean; notReadyHint: string }) {
  const next = step >= STEP_TITLES.length ? "/dashboard" : `/onboarding?step=${step + 1}`;
  const label = NEXT_LABELS[step - 1];
  return (
    <div className="wizard-actions">
      {step < STEP_TITLES.length ? (
        <Form method="post" action="/onboarding" className="wizard-actions__skip">
          <input type="hidden" name="intent" value="skip" />
          <Button type="submit" variant="ghost">
            Skip
          </Button>
        </Form>
      ) : (
        <span />
      )}
      <div className="wizard-actions__next">
        {ready ? (
          <ButtonLink to={next} size="lg">
            {label}
          </ButtonLink>
        ) : (
          <>
            <p id="wizard-next-hint" className="muted wizard-actions__hint">
              {notReadyHint}
            </p>
            <Button type="button" size="lg" disabled aria-describedby="wizard-next-hint">
              {label}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
