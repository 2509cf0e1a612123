import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import { useExpiring } from "~/lib/hooks";
import { useRedirectAfter } from "~/lib/redirect-after";
import { loginUrlFor } from "~/lib/urls";
import { Alert } from "~/components/ui/Alert";
import { Button, ButtonLink } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import type { PromptResult, UndoPromptResult } from "./types";

/** Spec 02 section 8: the failure text shows for 3.5 seconds. */
const FAILURE_MS = 3_500;
const SIGN_IN_AFTER_MS = 3_000;

/**
 * 'Or just type it': a reminder in plain language ("remind me to take my pills tomorrow at 9"),
 * read by the server in the user's time zone (createTaskFromPrompt). The answer is shown as it
 * comes: the confirmation, or advice on how to phrase it. An empty text is stopped here.
 *
 * `alone`: the box is its screen's one way to make a reminder (the wizard's step 3), so it is not an
 * "Or" under a form: no card of its own inside the step's card, no heading beside the step's title,
 * and no dashboard link (the wizard's Next goes on).
 */
/** What the root loader says of the signed-in person that the box uses. */
interface RootZone {
  user: { timezone?: string | null } | null;
}

/** "9" means 9 where the person is: the zone is named, so a wrong one (set before a move) is seen before it bites. */
function zoneSentence(zone: string | null | undefined): string {
  return zone ? `We read it in your time zone (${zone}).` : "We read it in your time zone.";
}

export function NlReminderBox({ action, promptRequired, alone = false }: { action: string; promptRequired: string; alone?: boolean }) {
  const zone = useRouteLoaderData<RootZone>("root")?.user?.timezone;
  const fetcher = useFetcher<PromptResult>();
  const undo = useFetcher<UndoPromptResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const failure = useExpiring(result?.failed ? result : null, FAILURE_MS);
  // The Undo's answer about the reminder this confirmation is about (a newer reminder has its own Undo).
  const undone = result?.taskId && undo.state === "idle" && undo.data?.taskId === result.taskId ? undo.data : undefined;
  // The Undo button goes with the confirmation: focus goes to the field, to write it again as meant (the live
  // region below says what happened).
  useUnskippableEffect(() => {
    if (undone?.ok) formRef.current?.querySelector<HTMLInputElement>('input[name="prompt"]')?.focus();
  }, [undone]);

  useUnskippableEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  // The session was gone: the server cleared the cookies; sign-in follows (spec 02 section 8).
  const { pathname } = useLocation();
  const signedOut = Boolean(result?.signedOut);
  useRedirectAfter(signedOut ? result : null, loginUrlFor(pathname), SIGN_IN_AFTER_MS);
  // The same for the Undo: nothing was deleted.
  useRedirectAfter(undone?.signedOut ? undone : null, loginUrlFor(pathname), SIGN_IN_AFTER_MS);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const prompt = new FormData(event.currentTarget).get("prompt");
    if (typeof prompt !== "string" || prompt.trim() === "") {
      event.preventDefault();
      setClientError(promptRequired);
      return;
    }
    setClientError(null);
  }

  return (
    <section className={alone ? "nl-box nl-box--alone" : "card nl-box"} aria-labelledby={alone ? undefined : "nl-box-title"} aria-label={alone ? "Your first reminder" : undefined}>
      {alone ? null : (
        <h2 id="nl-box-title" className="nl-box__title">
          Or just type it
        </h2>
      )}
      <p className="muted nl-box__lead">
        {alone ? "" : "Write it the way you would say it. "}
        {zoneSentence(zone)}
      </p>
      <fetcher.Form ref={formRef} method="post" action={action} onSubmit={onSubmit} noValidate className="nl-box__form">
        <input type="hidden" name="intent" value="nl" />
        <TextField
          label="Your reminder"
          name="prompt"
          placeholder="remind me to take my pills tomorrow at 9"
          autoComplete="off"
          maxLength={500}
          hint='For example: "call mum every Sunday at 6pm" or "pay rent on Friday at 5pm, urgently" (calls you early).'
          error={clientError}
          onChange={() => setClientError(null)}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Creating..." : "Create Reminder"}
        </Button>
      </fetcher.Form>
      <div aria-live="polite" className="nl-box__result">
        {result?.ok && !undone?.ok ? (
          <Alert tone="success">
            {result.message}{" "}
            {!alone ? (
              <ButtonLink to="/dashboard" variant="ghost" className="nl-box__link">
                See it on your dashboard
              </ButtonLink>
            ) : null}
            {result.taskId ? (
              // A reminder made from misread words is taken back at once (ADR 109), as the chat's Undo does.
              <undo.Form method="post" action={action} className="nl-box__undo">
                <input type="hidden" name="intent" value="undo-nl" />
                {(result.taskIds ?? [result.taskId]).map((id) => (
                  <input key={id} type="hidden" name="taskId" value={id} />
                ))}
                <Button type="submit" variant="ghost" disabled={undo.state !== "idle"}>
                  {undo.state !== "idle" ? "Undoing..." : undoLabel(result.taskIds?.length ?? 1)}
                </Button>
              </undo.Form>
            ) : null}
          </Alert>
        ) : null}
        {undone?.signedOut ? (
          <Alert tone="error" title={undone.message}>
            Your session has ended, so nothing was deleted. Taking you to sign in…
          </Alert>
        ) : undone ? (
          <Alert tone={undone.ok ? "info" : "error"}>{undone.message}</Alert>
        ) : null}
        {signedOut ? (
          <Alert tone="error" title={result?.message}>
            Your session has ended, so nothing was saved. Taking you to sign in…
          </Alert>
        ) : null}
        {result && !result.ok && !result.failed && !signedOut ? <Alert tone="info">{result.message}</Alert> : null}
      </div>
      {failure ? <Alert tone="error">{failure.message}</Alert> : null}
    </section>
  );
}

/** "Undo"; under several reminders made from one prompt (ADR 181), "Undo both" or "Undo all 3": it takes back all. */
function undoLabel(count: number): string {
  if (count <= 1) return "Undo";
  return count === 2 ? "Undo both" : `Undo all ${count}`;
}
