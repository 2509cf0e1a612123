import { useFetcher, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import type { PhoneAnswer, PhonePanelData } from "~/lib/phone.server";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";

const ROUTE = "/resources/phone";

/**
 * Spec 01's phone panel: the country code fixed at +972, the number (prefilled from the stored phone),
 * the code, and add / verify / resend / remove. Each press is a form to /resources/phone: with
 * JavaScript a fetcher keeps the answer on the page; without it the page reloads.
 */
export function PhonePanel({ initial, back }: { initial: PhonePanelData; back: "/integrations" | "/auth/verify" | "/onboarding?step=4" }) {
  const fetcher = useFetcher<PhoneAnswer>();
  const navigate = useNavigate();
  const answer = fetcher.data;
  const [editing, setEditing] = useState(false);
  const busy = fetcher.state !== "idle";
  const intent = fetcher.formData?.get("intent");
  const step = answer?.ok ? answer.step : initial.verified ? "done" : initial.phone ? "code" : "number";
  const showNumber = editing || step === "number";

  // Spec 01: saving a valid number moves the user to the integrations page.
  useUnskippableEffect(() => {
    if (back === "/auth/verify" && answer?.ok && answer.step === "code") navigate("/integrations#phone");
  }, [answer, back, navigate]);
  useUnskippableEffect(() => {
    if (answer?.ok) setEditing(false);
  }, [answer]);

  if (!initial.emailVerified) return <Alert tone="info">Verify your email address first; then you can add a phone number.</Alert>;
  const hidden = (value: string) => (
    <>
      <input type="hidden" name="intent" value={value} />
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="js" value="1" />
    </>
  );
  return (
    <div className="phone-panel" aria-live="polite">
      {!initial.available ? <Alert tone="info">{initial.reason ?? "Texts and calls aren't available on this server right now."}</Alert> : null}
      {answer ? <Alert tone={answer.ok ? "success" : "error"}>{answer.message}</Alert> : null}
      {showNumber ? (
        <fetcher.Form method="post" action={ROUTE} className="phone-panel__row">
          {hidden("save")}
          <label htmlFor={`phone-number-${back}`} className="phone-panel__label">
            Phone number
          </label>
          <div className="phone-panel__number">
            <span className="phone-panel__prefix" aria-hidden="true">
              +972
            </span>
            <input
              id={`phone-number-${back}`}
              className="input"
              name="number"
              inputMode="tel"
              autoComplete="tel-national"
              defaultValue={initial.localNumber}
              placeholder="50 123 4567"
              aria-describedby={`phone-hint-${back}`}
              required
            />
          </div>
          <p id={`phone-hint-${back}`} className="muted phone-panel__hint">
            An Israeli number: +972, then 8 or 9 digits (050 123 4567 is fine too). We text it a code to check it's yours.
          </p>
          <Button type="submit" disabled={busy || !initial.available}>
            {busy && intent === "save" ? "Saving..." : "Add phone number"}
          </Button>
        </fetcher.Form>
      ) : null}
      {!showNumber && step === "code" ? (
        <fetcher.Form method="post" action={ROUTE} className="phone-panel__row">
          {hidden("verify")}
          <label htmlFor={`phone-code-${back}`} className="phone-panel__label">
            Code from the text message
          </label>
          <input id={`phone-code-${back}`} className="input phone-panel__code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
          <div className="button-row">
            <Button type="submit" disabled={busy}>
              {busy && intent === "verify" ? "Verifying..." : "Verify"}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
      {!showNumber && step === "done" ? <p className="phone-panel__verified">✓ Your phone number {initial.phone ?? ""} is verified.</p> : null}
      {!showNumber && initial.devPhoneLink ? (
        <p className="phone-panel__dev">
          Trying Nudge on this computer? <a href={initial.devPhoneLink}>Open the dev phone</a>: texts and calls to this number land there
          {step === "code" ? ", the code too" : ""}.
        </p>
      ) : null}
      {!showNumber ? (
        <div className="button-row">
          {step === "code" ? (
            <fetcher.Form method="post" action={ROUTE}>
              {hidden("send")}
              <Button type="submit" variant="secondary" disabled={busy}>
                {busy && intent === "send" ? "Sending..." : "Resend code"}
              </Button>
            </fetcher.Form>
          ) : null}
          <Button variant="ghost" onClick={() => setEditing(true)} disabled={busy}>
            Change number
          </Button>
          <fetcher.Form method="post" action={ROUTE}>
            {hidden("remove")}
            <Button type="submit" variant="ghost" disabled={busy}>
              {busy && intent === "remove" ? "Removing..." : "Remove phone number"}
            </Button>
          </fetcher.Form>
        </div>
      ) : null}
    </div>
  );
}
