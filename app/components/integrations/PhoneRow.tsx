import { useState } from "react";
import type { PhonePanelData } from "~/lib/phone.server";
import { ChannelRowHead } from "./ChannelRowHead";
import { PhonePanel } from "./PhonePanel";

/**
 * The Phone Call row of Reminder Channels (spec 01): automated calls (and texts) for the most urgent
 * reminders. Its switch shows whether the phone is verified and opens the phone panel.
 */
export function PhoneRow({ initial }: { initial: PhonePanelData }) {
  // Open while a number is stored, and it stays open after Remove, so its answer is still shown.
  const [open, setOpen] = useState(Boolean(initial.phone));
  return (
    <li className="card channel-row" id="phone">
      <ChannelRowHead
        id="phone"
        icon={<path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />}
        title="Phone Call"
        switchLabel="Phone call reminders"
        input={{ checked: initial.verified || open, onChange: () => setOpen(!open || initial.verified), "aria-expanded": open, "aria-controls": "phone-panel" }}
        description={
          initial.verified
            ? `Calls and texts go to ${initial.phone} for your most urgent reminders. Reply DONE, SNOOZE or OK to a text, or press a key on a call.`
            : "Automated calls for your most urgent reminders, and texts you can answer with DONE, SNOOZE or OK."
        }
      />
      <div id="phone-panel">{open ? <PhonePanel initial={initial} back="/integrations" /> : null}</div>
    </li>
  );
}
