import { Link, useFetcher } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import type { BreakJson } from "../../../worker/services/quiet-hours";

/**
 * On the dashboard while a break runs (ADR 095): until when, what happens to reminders meanwhile, and
 * the way to end it. Calm blue, not the warning orange: nothing is wrong, the person chose this.
 */
export function BreakBanner({ rest }: { rest: BreakJson }) {
  const fetcher = useFetcher();
  if (rest.until === null) return null;
  const busy = fetcher.state !== "idle";
  return (
    <section className="break-banner" aria-labelledby="break-banner-title">
      <div>
        <h2 id="break-banner-title" className="break-banner__title">
          {`You're on a break until ${rest.untilLocal}`}
        </h2>
        <p className="break-banner__text">
          Reminders wait and arrive as one message when it ends. <Link to="/settings#break">Change it</Link>
        </p>
      </div>
      <fetcher.Form method="post" action="/settings">
        <input type="hidden" name="intent" value="break-end" />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? "Ending..." : "End the break"}
        </Button>
      </fetcher.Form>
    </section>
  );
}
