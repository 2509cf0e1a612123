import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useCopyText } from "~/lib/copy-text";
import type { CalendarAnswer, CalendarRowData } from "~/lib/calendar.server";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ChannelRowHead } from "./ChannelRowHead";

const ROUTE = "/resources/calendar";
const BUSY: Record<string, string> = { enable: "Enabling...", regenerate: "Regenerating...", disable: "Disabling..." };

/** The Calendar row and panel of spec 01: the feed's URL, Copy, Regenerate URL, Disable Integration, and how to subscribe. */
export function CalendarRow({ initial }: { initial: CalendarRowData }) {
  const fetcher = useFetcher<CalendarAnswer>();
  const [open, setOpen] = useState(false);
  const { copied, copy } = useCopyText();
  const url = fetcher.data?.url !== undefined ? fetcher.data.url : initial.url;
  const intent = String(fetcher.formData?.get("intent") ?? "");
  const busy = fetcher.state !== "idle";
  const press = (value: string, label: string, variant: "primary" | "secondary" | "danger" = "secondary") => (
    <fetcher.Form method="post" action={ROUTE}>
      <input type="hidden" name="intent" value={value} />
      <input type="hidden" name="js" value="1" />
      <Button type="submit" variant={variant} disabled={busy}>
        {busy && intent === value ? BUSY[value] : label}
      </Button>
    </fetcher.Form>
  );
  return (
    <li className="card channel-row" id="calendar">
      <ChannelRowHead
        id="calendar"
        icon={
          <>
            <rect x="3" y="4" width="18" height="18" rx="2" />
            <path d="M16 2v4M8 2v4M3 10h18" />
          </>
        }
        title="Calendar"
        switchLabel="Calendar feed"
        input={{ checked: Boolean(url) || open, onChange: () => setOpen(!open), "aria-expanded": open, "aria-controls": "calendar-panel" }}
        description="Your reminders in your own calendar app: a private feed that Google, Apple and Outlook calendars can subscribe to."
      />
      <div id="calendar-panel" className="calendar-panel" aria-live="polite" hidden={!open && !url}>
        {fetcher.data ? <Alert tone={fetcher.data.ok ? "success" : "error"}>{fetcher.data.message}</Alert> : null}
        {url ? (
          <>
            <label className="field">
              <span className="field__label">Your calendar feed URL</span>
              <input id="calendar-url" className="input" readOnly value={url} onClick={(event) => event.currentTarget.select()} />
            </label>
            <div className="button-row">
              <Button onClick={() => copy(url, document.getElementById("calendar-url"))}>{copied ? "Copied!" : "Copy"}</Button>
              {press("regenerate", "Regenerate URL")}
              {press("disable", "Disable Integration", "danger")}
            </div>
          </>
        ) : (
          press("enable", "Enable Calendar Integration", "primary")
        )}
        <details className="calendar-panel__help">
          <summary>How to subscribe</summary>
          <ul>
            <li>
              <strong>Google Calendar:</strong> Settings, Add calendar, From URL; paste the URL.
            </li>
            <li>
              <strong>Apple Calendar:</strong> File, New Calendar Subscription; paste the URL.
            </li>
            <li>
              <strong>Outlook:</strong> Add calendar, Subscribe from web; paste the URL.
            </li>
          </ul>
        </details>
      </div>
    </li>
  );
}
