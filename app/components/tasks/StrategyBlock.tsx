import { Link, useFetcher } from "@remix-run/react";
import { useExpiring, useFollowingState, useHydrated } from "~/lib/hooks";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { SelectField } from "~/components/ui/SelectField";
import { TASKS_RESOURCE, type StrategyOption, type StrategyResult, type StrategySettings } from "./types";

const SUCCESS_CLEAR_MS = 3_000;

/**
 * The 'Default Escalation Strategy' block of the settings page (spec 02 section 2): a select filled
 * from the catalogue, 'Update Default Strategy' (disabled while the selection equals the current
 * value) and Reset (back to the current value). Under the select, what the chosen sequence does,
 * step by step, so nobody picks "Urgent" without knowing it calls after 5 minutes.
 *
 * The first option, '<product default> (default)', is "no choice": saving it puts the user back
 * on the product default (null on the server), which follows the product if the default changes.
 * So there is always a selection, and the spec's 'Please select a strategy.' cannot arise here.
 */
export function StrategyBlock({ settings }: { settings: StrategySettings }) {
  const { current, options, productDefault } = settings;
  const fetcher = useFetcher<StrategyResult>();
  const hydrated = useHydrated();
  // The page revalidates after a save: the selection follows the new current value.
  const [selected, setSelected] = useFollowingState(current);

  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const success = useExpiring(result?.ok ? result : null, SUCCESS_CLEAR_MS);
  const error = result && !result.ok ? result.message : null;
  // "" is the product default: describe the sequence it stands for.
  const chosen = options.find((o) => o.key === (selected || productDefault.key)) ?? null;
  const currentName = options.find((o) => o.key === current)?.name ?? null;

  return (
    <section id="escalation" tabIndex={-1} className="card settings-section strategy-block" aria-labelledby="strategy-heading">
      <h2 id="strategy-heading" className="settings-section__title">
        Default Escalation Strategy
      </h2>
      <p className="muted">
        How new reminders escalate when you don&apos;t respond.{" "}
        {currentName ? (
          <>
            Right now: <strong>{currentName}</strong>.
          </>
        ) : (
          <>
            You haven&apos;t chosen one, so new tasks use <strong>{productDefault.name}</strong>.
          </>
        )}{" "}
        Tasks that are already running keep their own sequence. For one reminder, pick another on New Task, or write
        &quot;urgently&quot; or &quot;gently&quot; in it.
      </p>
      <div aria-live="polite" className="strategy-block__messages">
        {success ? <Alert tone="success">{success.message}</Alert> : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <fetcher.Form method="post" action={TASKS_RESOURCE} className="settings-form" noValidate>
        <input type="hidden" name="intent" value="default-strategy" />
        <input type="hidden" name="returnTo" value="/settings" />
        <SelectField
          label="Select Default Strategy"
          name="strategy"
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
          hint={
            selected === ""
              ? `Follows the product default, now ${productDefault.name}. ${chosen?.description ?? ""}`.trim()
              : chosen?.description
          }
        >
          <option value="">{productDefault.name} (default)</option>
          {options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.name}
            </option>
          ))}
        </SelectField>
        {chosen ? (
          <div className="strategy-steps">
            <p className="strategy-steps__title">What {chosen.name} does:</p>
            <ol className="strategy-steps__list">
              {chosen.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p className="strategy-steps__check-back">{chosen.checkBack}</p>
            <ForYouNow forYou={chosen.forYou} />
          </div>
        ) : null}
        <div className="button-row">
          <Button type="submit" disabled={busy || (hydrated && selected === current)}>
            {busy ? "Updating..." : "Update Default Strategy"}
          </Button>
          <Button
            variant="secondary"
            disabled={!hydrated || selected === current}
            onClick={() => setSelected(current)}
          >
            Reset
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}

/**
 * What the chosen sequence would do for this person now: the steps that would come to them by email
 * instead (no Telegram, no verified phone, no buddy who said yes...), with where to set them up; or
 * that every step reaches them as listed.
 */
function ForYouNow({ forYou }: { forYou: StrategyOption["forYou"] }) {
  if (forYou.notes.length === 0) {
    return <p className="strategy-steps__for-you">For you right now: every step reaches you as listed.</p>;
  }
  return (
    <div className="strategy-steps__for-you">
      <p className="strategy-steps__title">For you right now:</p>
      {forYou.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      {forYou.setUpChannels || forYou.addBuddy ? (
        <p>
          {forYou.setUpChannels ? <Link to="/integrations">Set up Reminder Channels</Link> : null}
          {forYou.setUpChannels && forYou.addBuddy ? " · " : null}
          {forYou.addBuddy ? <Link to="/emergency-contacts">Add a nudge buddy</Link> : null}
        </p>
      ) : null}
    </div>
  );
}
