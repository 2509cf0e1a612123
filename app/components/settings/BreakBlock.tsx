import { useFetcher } from "@remix-run/react";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { useExpiring } from "~/lib/hooks";
import { usePageAnswer } from "~/lib/page-answer";
import type { BreakJson } from "../../../worker/services/quiet-hours";
import { breakElsewhereText, type BreakElsewhere } from "./break-elsewhere";

const SUCCESS_CLEAR_MS = 4_000;

export interface BreakResult {
  kind: "break";
  ok: boolean;
  message: string;
}

/** The lengths offered with one press; any other end is picked in the field (ADR 095). */
export const BREAK_LENGTHS = [
  { value: "60", label: "1 hour" },
  { value: "180", label: "3 hours" },
  { value: "morning", label: "Until tomorrow morning" },
] as const;

export const BREAK_LEGEND = "Pause reminders for";
export const BREAK_UNTIL_LABEL = "Or until";
export const BREAK_START = "Start the break";
export const BREAK_END = "End the break now";

/**
 * "Take a break" (ADR 095): every reminder paused until a moment the person picks (a sick day, a
 * funeral, a holiday), nothing at all in between, one calm message when it ends. While a break runs,
 * the block says until when and offers to end it (or to change its end). A plain form post works
 * without JavaScript (the settings action answers it).
 */
export function BreakBlock({ rest, places }: { rest: BreakJson; places: BreakElsewhere }) {
  const fetcher = useFetcher<BreakResult>();
  const elsewhere = breakElsewhereText(places);
  const busy = fetcher.state !== "idle";
  const pageAnswer = usePageAnswer<BreakResult>("break");
  const result = busy ? undefined : (fetcher.data ?? pageAnswer);
  const success = useExpiring(result?.ok ? result : null, SUCCESS_CLEAR_MS);
  const error = result && !result.ok ? result.message : null;
  const onBreak = rest.until !== null;
  const carriedOn = onBreak && rest.remindersFrom !== rest.until;

  return (
    <section id="break" tabIndex={-1} className="card settings-section break-block" aria-labelledby="break-heading">
      <h2 id="break-heading" className="settings-section__title">
        Take a break
      </h2>
      <p className="muted">
        Pause every reminder for a while: no pings, texts, calls or buddy alerts. When the break ends, one calm message lists what waited. A task marked
        &quot;Remind me even during quiet hours&quot; still reminds you.
      </p>
      {elsewhere ? <p className="muted">{elsewhere}</p> : null}
      {/* While a break runs the block's own line says until when (a status); a success would repeat it. */}
      <div aria-live="polite">{success && !onBreak ? <Alert tone="success">{success.message}</Alert> : null}</div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {onBreak ? (
        <div className="break-block__now">
          <Alert tone="info">
            {`You're on a break until ${rest.untilLocal}.`}
            {carriedOn ? ` Your quiet hours follow it, so reminders come back at ${rest.quietFollowsUntilLocal}.` : ""}
          </Alert>
          <fetcher.Form method="post" action="/settings">
            <input type="hidden" name="intent" value="break-end" />
            <Button type="submit" disabled={busy}>
              {busy ? "Ending..." : BREAK_END}
            </Button>
          </fetcher.Form>
        </div>
      ) : null}
      <fetcher.Form method="post" action="/settings" className="settings-form break-block__form">
        <input type="hidden" name="intent" value="break" />
        {/* Enter in the time field starts the break until it, not for the first length. */}
        <button type="submit" name="length" value="custom" hidden tabIndex={-1} aria-hidden="true" disabled={busy} />
        <fieldset className="link-snooze-times">
          <legend>{onBreak ? "Or change it: pause reminders for" : BREAK_LEGEND}</legend>
          <div className="reminder-actions__buttons reminder-actions__buttons--times">
            {BREAK_LENGTHS.map((length) => (
              <Button
                key={length.value}
                type="submit"
                name="length"
                value={length.value}
                variant="secondary"
                className={length.value === "morning" ? "reminder-actions__morning" : undefined}
                disabled={busy}
                formNoValidate
              >
                {length.label}
              </Button>
            ))}
          </div>
          <div className="reminder-actions__until">
            <label htmlFor="break-until" className="reminder-actions__until-label">
              {BREAK_UNTIL_LABEL}
            </label>
            <input id="break-until" type="datetime-local" name="until" required className="input reminder-actions__time" disabled={busy} />
            <Button type="submit" name="length" value="custom" variant="secondary" disabled={busy}>
              {busy ? "Saving..." : BREAK_START}
            </Button>
          </div>
        </fieldset>
      </fetcher.Form>
    </section>
  );
}
