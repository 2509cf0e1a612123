import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { APPEARANCE_LABELS, APPEARANCES, type Appearance } from "~/lib/appearance";
import { useExpiring, useFollowingState } from "~/lib/hooks";
import type { AppearanceResult } from "~/lib/appearance.server";

const SUCCESS_CLEAR_MS = 3_000;

/** What each choice does, under its label. */
const HINTS: Record<Appearance, string> = {
  device: "Light by day and dark at night if your device switches; otherwise as your device is set.",
  light: "Always light, whatever the device is set to.",
  dark: "Always dark, whatever the device is set to. Easier on the eyes at night and for light sensitivity.",
};

/**
 * Settings, Appearance (ADR 084): follow the device (the default), or always light, or always dark, on
 * this device. Saved in a cookie, so the next page is drawn in the chosen scheme from its first paint.
 * A plain form post works without JavaScript (the settings action answers it).
 */
export function AppearanceBlock() {
  const saved = useRouteLoaderData<{ appearance?: Appearance }>("root")?.appearance ?? "device";
  const fetcher = useFetcher<AppearanceResult>();
  const [choice, setChoice] = useFollowingState<Appearance>(saved);
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const success = useExpiring(result?.ok ? result : null, SUCCESS_CLEAR_MS);
  const error = result && !result.ok ? result.message : null;

  return (
    <section id="appearance" tabIndex={-1} className="card settings-section" aria-labelledby="appearance-heading">
      <h2 id="appearance-heading" className="settings-section__title">
        Appearance
      </h2>
      <p className="muted">Light or dark, on this device. Your other devices keep their own choice.</p>
      <div aria-live="polite">{success ? <Alert tone="success">{success.message}</Alert> : null}</div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <fetcher.Form method="post" action="/settings" className="settings-form">
        <input type="hidden" name="intent" value="appearance" />
        <fieldset className="appearance-choices">
          <legend className="visually-hidden">Light or dark, on this device</legend>
          {APPEARANCES.map((value) => (
            <label key={value} className="checkbox appearance-choice">
              <input type="radio" name="appearance" value={value} checked={choice === value} onChange={() => setChoice(value)} aria-describedby={`appearance-${value}-hint`} />
              <span>
                <span className="appearance-choice__label">{APPEARANCE_LABELS[value]}</span>
                <span id={`appearance-${value}-hint`} className="muted appearance-choice__hint">
                  {HINTS[value]}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save appearance"}
        </Button>
      </fetcher.Form>
    </section>
  );
}
