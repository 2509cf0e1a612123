import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import { EmailRow } from "~/components/integrations/EmailRow";
import { TelegramRow } from "~/components/integrations/TelegramRow";
import { OptionalSetups } from "~/components/onboarding/OptionalSetups";
import { BackArrow, STEP_TITLES, StepDots, WizardActions } from "~/components/onboarding/WizardNav";
import { NlReminderBox } from "~/components/tasks/NlReminderBox";
import { Alert } from "~/components/ui/Alert";
import { readForm } from "~/lib/forms.server";
import { loadOnboarding, readOnboardingProgress, type OnboardingData } from "~/lib/onboarding.server";
import { PAIRING_NOTICES } from "~/lib/pairing.server";
import { assertSameOrigin, requireUser, requireUserWith } from "~/lib/session.server";
import { skipOnboarding, skipOnboardingSetCookie, updateTimezone } from "../../worker/services/auth";
import { PROMPT_REQUIRED } from "../../worker/services/tasks";

export const meta: MetaFunction = () => [
  { title: "Get started · Nudge" },
  { name: "description", content: "Get started with Nudge: connect your apps, set your first reminder, and add a phone or a friend if you like." },
];

export async function loader(args: LoaderFunctionArgs) {
  const { user, headers, value: progress } = await requireUserWith(args, (userId) => readOnboardingProgress(args.context.deps, userId));
  const url = new URL(args.request.url);
  const wizard = await loadOnboarding(args, user, headers, progress);
  const pairing = url.searchParams.get("pairing");
  return data(
    {
      ...wizard,
      justRegistered: url.searchParams.get("registered") === "1",
      pairingNotice: pairing && pairing in PAIRING_NOTICES ? { outcome: pairing, message: PAIRING_NOTICES[pairing as keyof typeof PAIRING_NOTICES] } : null,
    },
    { headers },
  );
}

/**
 * Skip (steps 1 to 3): onboarding is skipped for a day (the server's flag, and spec 01's cookie),
 * then the dashboard. `timezone`: a Google user's zone from the browser (spec 01 §6).
 */
export async function action(args: ActionFunctionArgs) {
  assertSameOrigin(args);
  const { user, headers } = await requireUser(args);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "skip") {
    await skipOnboarding(args.context.deps, user.id);
    headers.append("Set-Cookie", skipOnboardingSetCookie());
    return redirect("/dashboard", { headers });
  }
  if (intent === "timezone" && user.googleId) {
    await updateTimezone(args.context.deps, user.id, user.id, { timezone: form.get("timezone") });
    return data({ ok: true }, { headers });
  }
  return data({ ok: false, message: "Choose Next or Skip to go on." }, { headers, status: 400 });
}

/** A Google-linked person gets the browser's time zone once (they never picked one on a form). */
function useBrowserZoneForGoogleUsers(googleUser: boolean, stored: string) {
  const fetcher = useFetcher();
  useUnskippableEffect(() => {
    if (!googleUser || fetcher.state !== "idle" || fetcher.data) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== stored) fetcher.submit({ intent: "timezone", timezone: zone }, { method: "post", action: "/onboarding" });
  }, [googleUser, stored, fetcher]);
}

function Welcome({ firstName }: { firstName: string }) {
  return (
    <>
      <h1 className="page__title wizard-card__title">Welcome{firstName ? `, ${firstName}` : ""}!</h1>
      <p>Nudge keeps reminding you until you answer, a little louder each time, so nothing important slips by.</p>
      <ol className="wizard-ladder">
        <li>A gentle ping in Telegram or on this device.</li>
        <li>Then a text or an email.</li>
        <li>Then an automated phone call, if you want one.</li>
        <li>Last, a friend you trust can be asked to check in.</li>
      </ol>
      <p className="muted">Setting up takes about two minutes. You can stop any time and come back from the menu&apos;s Get Started.</p>
    </>
  );
}

function ConnectApps({ wizard }: { wizard: OnboardingData }) {
  return (
    <>
      <h1 className="page__title wizard-card__title">Connect Apps</h1>
      <p>Reminders come to your email. Linking Telegram lets Nudge ping you there first, with buttons to answer.</p>
      <ul className="channel-list">
        <EmailRow email={wizard.email} isVerified={wizard.isVerified} description="Reminders arrive at your verified email address." />
        {wizard.isVerified ? <TelegramRow initial={wizard.telegram} /> : null}
      </ul>
      {!wizard.isVerified ? <p className="muted">Once your email is verified, you can link Telegram here.</p> : null}
    </>
  );
}

function FirstReminder({ made }: { made: boolean }) {
  return (
    <>
      <h1 className="page__title wizard-card__title">Set your first reminder</h1>
      <p>Type it the way you would say it, like &quot;remind me to take my pills tomorrow at 9&quot;.</p>
      {made ? (
        <p className="setup-option__done">
          <span aria-hidden="true">✓</span> Your first reminder is set.
        </p>
      ) : null}
      <NlReminderBox action="/task-creator" promptRequired={PROMPT_REQUIRED} alone />
    </>
  );
}

function AllSet({ wizard }: { wizard: OnboardingData }) {
  return (
    <>
      <h1 className="page__title wizard-card__title">You&apos;re all set!</h1>
      <p>Your reminders will find you. Two more ways to make sure they do, both optional:</p>
      <OptionalSetups phone={wizard.phone} buddies={wizard.buddies} />
    </>
  );
}

/** What still stands between the person and Next, named as it is: once the email is verified, only Telegram is left. */
function notReadyHint(step: number, isVerified: boolean): string {
  if (step === 2) return isVerified ? "Link Telegram to go on, or Skip for now." : "Verify your email and link Telegram to go on, or Skip for now.";
  if (step === 3) return "Create a reminder above to go on, or Skip for now.";
  return "";
}

/** The onboarding wizard (spec 01): four steps with dots, a back arrow, Next when ready, and Skip on steps 1 to 3. */
export default function Onboarding() {
  const wizard = useLoaderData<typeof loader>();
  const { step } = wizard;
  useBrowserZoneForGoogleUsers(wizard.googleUser, wizard.timezone);
  const ready = step === 2 ? wizard.isVerified && wizard.telegram.linked : step === 3 ? wizard.madeTextReminder : true;
  return (
    <div className="container page onboarding">
      <div className="wizard-top">
        <BackArrow step={step} />
        <StepDots step={step} />
        <span className="wizard-top__count muted">
          {step} / {STEP_TITLES.length}
        </span>
      </div>
      {wizard.justRegistered ? <Alert tone="success">Registration successful! Please check your email for a verification code.</Alert> : null}
      {wizard.pairingNotice ? (
        <Alert tone={wizard.pairingNotice.outcome === "failed" ? "error" : wizard.pairingNotice.outcome === "paired" ? "success" : "info"}>{wizard.pairingNotice.message}</Alert>
      ) : null}
      <section className="card wizard-card" aria-label={`Step ${step} of ${STEP_TITLES.length}: ${STEP_TITLES[step - 1]}`}>
        {step === 1 ? <Welcome firstName={wizard.firstName} /> : null}
        {step === 2 ? <ConnectApps wizard={wizard} /> : null}
        {step === 3 ? <FirstReminder made={wizard.madeTextReminder} /> : null}
        {step === 4 ? <AllSet wizard={wizard} /> : null}
      </section>
      <WizardActions step={step} ready={ready} notReadyHint={notReadyHint(step, wizard.isVerified)} />
    </div>
  );
}
