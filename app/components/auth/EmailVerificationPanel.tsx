import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useExpiring } from "~/lib/hooks";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ChangeEmailForm } from "~/components/settings/ChangeEmailForm";
import { TextField } from "~/components/ui/Field";

/** What the /auth/verify action answers (both its intents). */
export interface EmailVerificationResult {
  intent: "verify" | "resend";
  ok: boolean;
  message: string;
}

export const EMAIL_CODE_MAX = 36;
const RESEND_DEBOUNCE_MS = 500;
const SUCCESS_CLEAR_MS = 3_000;
const AUTOFILL_CLEAR_MS = 8_000;

/**
 * The email part of account verification, used on /auth/verify and on the Reminder Channels page.
 * Posts to the /auth/verify action (one place calls the services). Works without JavaScript as a
 * plain form; with it, answers appear in place, 'Resend code' is debounced by 500 ms, success
 * messages clear after 3 s and the auto-filled-code note after 8 s.
 */
export function EmailVerificationPanel({
  email,
  isVerified,
  initialCode = "",
  fallbackResult,
}: {
  email: string;
  isVerified: boolean;
  /** A code from the link in the email (?code=), filled in for the user. */
  initialCode?: string;
  /** The route's own action data, for the no-JavaScript round trip on /auth/verify. */
  fallbackResult?: EmailVerificationResult | null;
}) {
  const fetcher = useFetcher<EmailVerificationResult>({ key: "email-verification" });
  const result = fetcher.data ?? fallbackResult ?? null;
  // One request at a time: a press while the last answer's page data is still being read would cut that read short
  // (Remix logs the abort as an error), so both buttons wait for the fetcher to be idle.
  const busy = fetcher.state !== "idle";
  const busyIntent = busy ? fetcher.formData?.get("intent") : null;
  const [resendQueued, setResendQueued] = useState(false);
  const resendTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [autofillNote] = useState(() => (initialCode ? { text: "We filled in the code from your email. Press Verify to finish." } : null));
  const shownAutofill = useExpiring(autofillNote, AUTOFILL_CLEAR_MS);
  const shownSuccess = useExpiring(result?.ok ? result : null, SUCCESS_CLEAR_MS);
  const error = result && !result.ok ? result.message : null;

  useEffect(() => () => {
    if (resendTimer.current) clearTimeout(resendTimer.current);
  }, []);

  /**
   * A resend still waiting for its 500 ms is dropped: by another Resend press (which starts the wait again), and by
   * Verify (the code is here; a resend sent over the verify would cut it short).
   */
  function dropQueuedResend() {
    if (!resendTimer.current) return;
    clearTimeout(resendTimer.current);
    resendTimer.current = null;
    setResendQueued(false);
  }

  function queueResend(event: MouseEvent<HTMLButtonElement>) {
    // With JavaScript: wait 500 ms after the last click, then send once.
    event.preventDefault();
    dropQueuedResend();
    setResendQueued(true);
    resendTimer.current = setTimeout(() => {
      resendTimer.current = null;
      setResendQueued(false);
      fetcher.submit({ intent: "resend" }, { method: "post", action: "/auth/verify" });
    }, RESEND_DEBOUNCE_MS);
  }

  return (
    <div className="verify-panel" data-testid="email-verification">
      {shownSuccess ? <Alert tone="success">{shownSuccess.message}</Alert> : null}
      {isVerified ? (
        <p className="verify-panel__done">
          <span className="check-badge" aria-hidden="true">
            ✓
          </span>
          <span>
            Your email address <EmailAddress email={email} /> is verified.
          </span>
        </p>
      ) : (
        <fetcher.Form method="post" action="/auth/verify" className="verify-panel__form" noValidate>
          <p className="muted verify-panel__lead">
            We sent a code to <EmailAddress email={email} />. Enter it below, or open the link in that email.
          </p>
          {shownAutofill ? <Alert tone="info">{shownAutofill.text}</Alert> : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <TextField
            label="Email verification code"
            name="code"
            defaultValue={initialCode}
            maxLength={EMAIL_CODE_MAX}
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
          />
          <div className="button-row">
            <Button type="submit" name="intent" value="verify" disabled={busy} onClick={dropQueuedResend}>
              {busyIntent === "verify" ? "Verifying..." : "Verify"}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="resend"
              variant="secondary"
              onClick={queueResend}
              disabled={busy}
            >
              {busyIntent === "resend" || resendQueued ? "Sending..." : "Resend code"}
            </Button>
          </div>
        </fetcher.Form>
      )}
      {isVerified ? null : (
        // A mistyped address at registration: no code ever comes. The right one gets a code, which verifies it.
        <details className="disclosure">
          <summary>Wrong address?</summary>
          <p className="muted">Type the right one and your password. We send a code there, and that code verifies it.</p>
          <ChangeEmailForm hasPassword />
        </details>
      )}
    </div>
  );
}

/** An address that may wrap before its "@" (a narrow phone screen) rather than in the middle of a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <strong>{email}</strong>;
  return (
    <strong>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </strong>
  );
}
