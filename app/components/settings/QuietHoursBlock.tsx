import { useFetcher } from "@remix-run/react";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { useExpiring, useFollowingState, useHydrated } from "~/lib/hooks";
import { usePageAnswer } from "~/lib/page-answer";
import type { QuietHoursJson } from "../../../worker/services/quiet-hours";

const SUCCESS_CLEAR_MS = 3_000;

export interface QuietHoursResult {
  kind: "quiet-hours";
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
}

/**
 * "10:00 PM" from "22:00", for the sentence under the form. Not the service's `clockLabel`: the
 * quiet-hours face also carries its zod schema and the D1 tables, which would put a 120 kB chunk on
 * the settings page (checked with a build).
 */
function spoken(clock: string): string {
  const [h, m] = clock.split(":").map(Number) as [number, number];
  if (!Number.isFinite(h) || !Number.isFinite(m)) return clock;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/**
 * Quiet hours (issue 13): on or off, from and until on the person's clock, and whether gentle pings
 * may still come. The sentence under it says what the choice does, in the person's words, before
 * saving. A plain form post works without JavaScript (the settings action answers it).
 */
export function QuietHoursBlock({ quiet }: { quiet: QuietHoursJson }) {
  const fetcher = useFetcher<QuietHoursResult>();
  // Each field follows its saved value when that changes (after a save), and keeps unsaved edits otherwise.
  const [enabled, setEnabled] = useFollowingState(quiet.enabled);
  const [start, setStart] = useFollowingState(quiet.start);
  const [end, setEnd] = useFollowingState(quiet.end);
  const [gentle, setGentle] = useFollowingState(quiet.gentlePings);

  const busy = fetcher.state !== "idle";
  const pageAnswer = usePageAnswer<QuietHoursResult>("quiet-hours");
  const result = busy ? undefined : (fetcher.data ?? pageAnswer);
  const success = useExpiring(result?.ok ? result : null, SUCCESS_CLEAR_MS);
  const error = result && !result.ok ? result.message : null;
  const zone = quiet.timezone.replaceAll("_", " ");
  // Greyed while off, once the switch can grey them; without JavaScript they stay open (the server
  // ignores the times of a post that turns quiet hours off).
  const hydrated = useHydrated();
  const fieldsOff = hydrated && !enabled;

  return (
    <section id="quiet-hours" tabIndex={-1} className="card settings-section quiet-hours" aria-labelledby="quiet-heading">
      <h2 id="quiet-heading" className="settings-section__title">
        Quiet hours
      </h2>
      <p className="muted">
        A time each night when Nudge doesn&apos;t call, text or alert your buddies. Anything that comes due waits, then arrives as one calm message when quiet hours end.
      </p>
      <div aria-live="polite">{success ? <Alert tone="success">{success.message}</Alert> : null}</div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <fetcher.Form method="post" action="/settings" className="settings-form quiet-hours__form" noValidate>
        <input type="hidden" name="intent" value="quiet-hours" />
        <label className="settings-switch">
          <input type="checkbox" role="switch" name="enabled" value="true" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <span>Use quiet hours</span>
        </label>
        <div className="quiet-hours__times">
          <TextField label="Quiet from" type="time" name="start" value={start} onChange={(event) => setStart(event.target.value)} disabled={fieldsOff} required error={result?.fields?.start ?? null} />
          <TextField label="Quiet until" type="time" name="end" value={end} onChange={(event) => setEnd(event.target.value)} disabled={fieldsOff} required error={result?.fields?.end ?? null} />
        </div>
        <label className="checkbox">
          <input type="checkbox" name="gentlePings" value="true" checked={gentle} onChange={(event) => setGentle(event.target.checked)} disabled={fieldsOff} />
          <span>Let gentle pings through (Telegram messages and notifications on your devices)</span>
        </label>
        <p className="muted quiet-hours__summary">
          {enabled
            ? `From ${spoken(start)} to ${spoken(end)} (${zone} time): no calls, texts or buddy alerts${gentle ? "; gentle pings still come" : ", and no pings either"}. A task marked "Remind me even during quiet hours" still reminds you.`
            : "Off: reminders go out at any hour. Many people use 10:00 PM to 8:00 AM."}
        </p>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save quiet hours"}
        </Button>
      </fetcher.Form>
    </section>
  );
}
