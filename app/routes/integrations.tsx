import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PushRow } from "~/components/integrations/PushRow";
import { TelegramRow } from "~/components/integrations/TelegramRow";
import { PhoneRow } from "~/components/integrations/PhoneRow";
import { CalendarRow } from "~/components/integrations/CalendarRow";
import { ChannelRowHead } from "~/components/integrations/ChannelRowHead";
import { EmailRow } from "~/components/integrations/EmailRow";
import { calendarRowOf } from "~/lib/calendar.server";
import { phonePanelOf } from "~/lib/phone.server";
import { telegramRowOf } from "~/lib/telegram.server";
import { pairingNotice } from "~/lib/pairing.server";
import { loadPushRow } from "~/lib/push.server";
import { Alert } from "~/components/ui/Alert";
import { requireUserWith } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Reminder Channels · Nudge" },
  { name: "description", content: "Choose the channels Nudge uses to reach you with your reminders." },
];

export async function loader(args: LoaderFunctionArgs) {
  const { user, headers, value: push } = await requireUserWith(args, (userId) => loadPushRow(args.context.deps, userId));
  const url = new URL(args.request.url);
  return data(
    {
      email: user.email,
      isVerified: user.isVerified,
      assistantEmail: args.context.cloudflare.env.ASSISTANT_EMAIL,
      justRegistered: url.searchParams.get("registered") === "1",
      push,
      // From the session's profile: the page reads the person once (issue 8).
      telegram: telegramRowOf(args.context.deps, user),
      phone: phonePanelOf(args.context.deps, user),
      calendar: calendarRowOf(args.context.deps, user),
      pairing: pairingNotice(args.request),
    },
    { headers },
  );
}

/**
 * Reminder Channels (IntegrationsPage, spec 01): Email (always on, with its verification panel),
 * Telegram, Phone Call, Calendar, this device's notifications, and the second messaging app shown as
 * coming soon. The page view is sent by the analytics hook on every route change.
 */
export default function Integrations() {
  const { email, isVerified, assistantEmail, justRegistered, push, telegram, phone, calendar, pairing } = useLoaderData<typeof loader>();
  return (
    <div className="container page channels-page">
      <header className="page-header">
        <h1 className="page__title">Reminder Channels</h1>
        <p className="muted page-header__lead">Choose where Nudge reaches you. The more channels, the harder a reminder is to miss.</p>
      </header>
      {justRegistered ? (
        <div className="channels-page__notice">
          <Alert tone="success">Registration successful! Please check your email for a verification code.</Alert>
        </div>
      ) : null}
      {pairing ? (
        <div className="channels-page__notice">
          <Alert tone={pairing.outcome === "failed" ? "error" : pairing.outcome === "paired" ? "success" : "info"}>{pairing.message}</Alert>
        </div>
      ) : null}
      <ul className="channel-list">
        <EmailRow
          email={email}
          isVerified={isVerified}
          description={
            <>
              Reminders arrive at your verified email address. You can also create one by adding <strong>{assistantEmail}</strong> as a
              participant to a meeting invitation.
            </>
          }
        />
        <TelegramRow initial={telegram} />
        <PhoneRow initial={phone} />
        <CalendarRow initial={calendar} />
        <PushRow initial={push} />
        <li className="card channel-row channel-row--soon">
          <ChannelRowHead
            id="whatsapp"
            icon={<path d="M4 20l1.3-4A8 8 0 1 1 8 18.7z" />}
            title="WhatsApp (coming soon)"
            switchLabel="WhatsApp reminders (not available yet)"
            description="A second messaging app for your reminders is on its way. Until then, Telegram gives you the same gentle pings and buttons."
            input={{ checked: false, disabled: true, readOnly: true }}
          />
        </li>
      </ul>
    </div>
  );
}
