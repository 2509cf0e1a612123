import { Link, useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import { NewPasswordFields } from "~/components/auth/NewPasswordFields";
import { PasswordField } from "~/components/auth/PasswordField";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { Modal } from "~/components/ui/Modal";
import { ChangeEmailForm } from "./ChangeEmailForm";
import { useExpiring, useFollowingState, useHydrated } from "~/lib/hooks";
import { usePageAnswer } from "~/lib/page-answer";

export interface AccountResult {
  kind: "name" | "email-change" | "email-confirm" | "password" | "delete-account";
  ok: boolean;
  message: string;
  /** A new address's code was sent here (email-change), or a code for it was refused (email-confirm). */
  sentTo?: string;
  /** The field a refusal is about ("currentPassword", "newPassword", "password", "email"). */
  fields?: Record<string, string>;
}

export interface AccountFacts {
  name: string;
  email: string;
  /** False for an account that signs in with Google only: it confirms with its email address instead. */
  hasPassword: boolean;
}

const MISMATCH = "Passwords do not match.";
const SAVED_CLEAR_MS = 3_000;

/**
 * Your account (ADR 080): the name, a new password after the current one, and deleting the account after a
 * question that asks for the password again (or the email address, for an account without one). Both
 * post to the settings action; a deleted account leaves for the home page.
 */
export function AccountBlock({ account }: { account: AccountFacts }) {
  // A form posted without JavaScript comes back with its answer: its fold is open to show it.
  const emailAsked = usePageAnswer<AccountResult>("email-change");
  const emailConfirmed = usePageAnswer<AccountResult>("email-confirm");
  const emailAnswered = Boolean(emailAsked ?? emailConfirmed);
  const passwordAnswered = Boolean(usePageAnswer<AccountResult>("password"));
  return (
    <section id="account" tabIndex={-1} className="card settings-section account-block" aria-labelledby="account-heading">
      <h2 id="account-heading" className="settings-section__title">
        Your account
      </h2>
      <YourName name={account.name} />
      {/* Each part under a rule of its own, so it is plain where one ends and the next begins. The two forms
          people rarely need are folded under their names: open, the block was five screens of fields on a
          phone, and Settings about 7,000 px long at 320 px. */}
      <div className="account-block__part">
        <h3 className="account-block__subtitle">Email address</h3>
        <p className="muted">
          You sign in as <strong className="account-block__email">{account.email}</strong>.
        </p>
        <details className="disclosure" open={emailAnswered || undefined}>
          <summary>Change email address</summary>
          <ChangeEmailForm hasPassword={account.hasPassword} />
        </details>
      </div>
      <div className="account-block__part">
        <h3 className="account-block__subtitle">Password</h3>
        {account.hasPassword ? (
          <details className="disclosure" open={passwordAnswered || undefined}>
            <summary>Change password</summary>
            <ChangePassword />
          </details>
        ) : (
          <p>
            Your account signs in with Google and has no password. To add one, use <Link to={`/auth/forgot-password`}>Forgot Password</Link>: we email you a code.
          </p>
        )}
      </div>
      <div className="account-block__part">
        <h3 className="account-block__subtitle">Your data</h3>
        <p className="muted">
          Everything Nudge keeps about you (your profile, reminders, nudge buddies and devices) as one file.{" "}
          <a href="/resources/my-data" download>
            Download My Data
          </a>
        </p>
      </div>
      <DeleteAccount account={account} />
    </section>
  );
}

/** The name reminders greet the person with, and buddies and the bot know them by. */
function YourName({ name }: { name: string }) {
  const fetcher = useFetcher<AccountResult>();
  const hydrated = useHydrated();
  const [value, setValue] = useFollowingState(name);
  const busy = fetcher.state !== "idle";
  const pageAnswer = usePageAnswer<AccountResult>("name");
  const result = busy ? undefined : (fetcher.data ?? pageAnswer);
  const saved = useExpiring(result?.ok ? result : null, SAVED_CLEAR_MS);
  return (
    <fetcher.Form method="post" action="/settings" className="settings-form account-block__form" noValidate>
      <input type="hidden" name="intent" value="name" />
      <TextField label="Name" name="name" autoComplete="name" maxLength={100} value={value} onChange={(event) => setValue(event.target.value)} error={result && !result.ok ? result.message : null} />
      <div aria-live="polite">{saved ? <Alert tone="success">{saved.message}</Alert> : null}</div>
      {/* Without JavaScript the field cannot tell the button it changed: the server answers an unchanged name. */}
      <Button type="submit" variant="secondary" disabled={busy || (hydrated && (value.trim() === "" || value === name))}>
        {busy ? "Saving..." : "Save Name"}
      </Button>
    </fetcher.Form>
  );
}

function ChangePassword() {
  const fetcher = useFetcher<AccountResult>();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const busy = fetcher.state !== "idle";
  const pageAnswer = usePageAnswer<AccountResult>("password");
  const result = busy ? undefined : (fetcher.data ?? pageAnswer);
  const done = result?.ok === true;
  useUnskippableEffect(() => {
    if (!done) return;
    setCurrent("");
    setPassword("");
    setConfirm("");
  }, [done, result]);
  const ready = current !== "" && password !== "" && password === confirm;
  return (
    <fetcher.Form ref={formRef} method="post" action="/settings" className="settings-form account-block__form" noValidate>
      <input type="hidden" name="intent" value="password" />
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={result?.fields?.currentPassword ?? null}
      />
      <NewPasswordFields
        passwordLabel="New password"
        passwordName="newPassword"
        confirmLabel="Confirm new password"
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
        mismatchMessage={MISMATCH}
      />
      <div aria-live="polite">{done ? <Alert tone="success">{result.message}</Alert> : null}</div>
      {result && !result.ok && !result.fields?.currentPassword ? <Alert tone="error">{result.message}</Alert> : null}
      <Button type="submit" disabled={busy || (hydrated && !ready)}>
        {busy ? "Changing..." : "Change Password"}
      </Button>
    </fetcher.Form>
  );
}

function DeleteAccount({ account }: { account: AccountFacts }) {
  const fetcher = useFetcher<AccountResult>();
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState("");
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const refusal = result && !result.ok ? (result.fields?.password ?? result.fields?.email ?? result.message) : null;
  const close = () => {
    setOpen(false);
    setProof("");
  };
  const submit = () => fetcher.submit({ intent: "delete-account", [account.hasPassword ? "password" : "email"]: proof }, { method: "post", action: "/settings" });
  return (
    <div className="account-block__part">
      <h3 className="account-block__subtitle">Delete account</h3>
      <p className="muted">
        Deletes your account at once, with your reminders and their history, your nudge buddies and your channels. Nobody is reminded or alerted
        about them any more. This cannot be undone.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete My Account
      </Button>
      <Modal
        open={open}
        title="Delete your account?"
        onClose={close}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" onClick={submit} disabled={busy || proof.trim() === ""} aria-busy={busy || undefined}>
              {busy ? "Deleting..." : "Delete My Account"}
            </Button>
          </>
        }
      >
        <p>Your reminders, their history, your nudge buddies and your channels will be deleted at once. This cannot be undone.</p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (proof.trim() !== "") submit();
          }}
        >
          {account.hasPassword ? (
            <PasswordField label="Your password" name="password" autoComplete="current-password" value={proof} onChange={(event) => setProof(event.target.value)} error={refusal} />
          ) : (
            <TextField
              label="Your email address"
              name="email"
              type="email"
              autoComplete="email"
              hint={`Type ${account.email} to confirm.`}
              value={proof}
              onChange={(event) => setProof(event.target.value)}
              error={refusal}
            />
          )}
        </form>
      </Modal>
    </div>
  );
}
