import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import { PasswordField } from "~/components/auth/PasswordField";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import type { AccountResult } from "./AccountBlock";
import { useHydrated } from "~/lib/hooks";
import { usePageAnswer } from "~/lib/page-answer";

/**
 * A new email address: the address and the proof (password, or the current address without one) send a
 * code to the new address; the code, typed here, makes the change. In Settings (Your account), and under
 * the email verification panel as "Wrong address?" for an address mistyped at registration (the settings
 * action takes the posts; the onboarding guard only turns away page loads).
 */
export function ChangeEmailForm({ hasPassword }: { hasPassword: boolean }) {
  const ask = useFetcher<AccountResult>();
  const finish = useFetcher<AccountResult>();
  const hydrated = useHydrated();
  // Posted without JavaScript, the answers come back as the page's (usePageAnswer).
  const pageAsked = usePageAnswer<AccountResult>("email-change");
  const pageFinished = usePageAnswer<AccountResult>("email-confirm");
  const [newEmail, setNewEmail] = useState("");
  const [proof, setProof] = useState("");
  const [code, setCode] = useState("");
  // The code's form when a code was sent, or a code refused (its answer names the address again).
  const [sentTo, setSentTo] = useState<string | null>((pageAsked?.ok ? pageAsked.sentTo : pageFinished?.ok === false ? pageFinished.sentTo : null) ?? null);
  const asked = ask.state === "idle" ? (ask.data ?? pageAsked) : undefined;
  const finished = finish.state === "idle" ? (finish.data ?? pageFinished) : undefined;
  // The address the server sent the code to (normalised there), when a new answer says it did.
  useUnskippableEffect(() => {
    if (asked?.ok && asked.sentTo) setSentTo(asked.sentTo);
  }, [asked]);
  useUnskippableEffect(() => {
    if (!finished?.ok) return;
    setSentTo(null);
    setNewEmail("");
    setProof("");
    setCode("");
  }, [finished]);
  const refusal = (result: AccountResult | undefined, field: string) => (result && !result.ok ? (result.fields?.[field] ?? null) : null);
  const general = (result: AccountResult | undefined, fields: string[]) => (result && !result.ok && !fields.some((f) => result.fields?.[f]) ? result.message : null);
  const proofField = hasPassword ? "password" : "email";

  if (sentTo) {
    return (
      <finish.Form method="post" action="/settings" className="settings-form account-block__form" noValidate>
        <input type="hidden" name="intent" value="email-confirm" />
        <input type="hidden" name="newEmail" value={sentTo} />
        {asked?.ok ? <Alert tone="info">{asked.message}</Alert> : null}
        <TextField label="Code from the email" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={36} value={code} onChange={(event) => setCode(event.target.value)} error={refusal(finished, "code")} />
        {general(finished, ["code"]) ? <Alert tone="error">{general(finished, ["code"])}</Alert> : null}
        <div className="button-row">
          <Button type="submit" disabled={finish.state !== "idle" || (hydrated && code.trim() === "")}>
            {finish.state !== "idle" ? "Confirming..." : "Confirm New Email"}
          </Button>
          <Button variant="ghost" onClick={() => setSentTo(null)}>
            Use another address
          </Button>
        </div>
      </finish.Form>
    );
  }
  return (
    <ask.Form method="post" action="/settings" className="settings-form account-block__form" noValidate>
      <input type="hidden" name="intent" value="email-change" />
      <div aria-live="polite">{finished?.ok ? <Alert tone="success">{finished.message}</Alert> : null}</div>
      <TextField label="New email address" name="newEmail" type="email" autoComplete="email" value={newEmail} onChange={(event) => setNewEmail(event.target.value)} error={refusal(asked, "newEmail")} />
      {hasPassword ? (
        <PasswordField label="Your password" name="password" autoComplete="current-password" value={proof} onChange={(event) => setProof(event.target.value)} error={refusal(asked, proofField)} />
      ) : (
        <TextField label="Your current email address" name="email" type="email" autoComplete="email" value={proof} onChange={(event) => setProof(event.target.value)} error={refusal(asked, proofField)} />
      )}
      {general(asked, ["newEmail", proofField]) ? <Alert tone="error">{general(asked, ["newEmail", proofField])}</Alert> : null}
      <Button type="submit" variant="secondary" disabled={ask.state !== "idle" || (hydrated && (newEmail.trim() === "" || proof === ""))}>
        {ask.state !== "idle" ? "Sending..." : "Send Code"}
      </Button>
    </ask.Form>
  );
}
