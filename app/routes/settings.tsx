import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { useEffect, useState } from "react";
import { updateTimezone } from "../../worker/services/auth";
import { AccountBlock } from "~/components/settings/AccountBlock";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { SelectField } from "~/components/ui/SelectField";
import { browserTimeZone, useExpiring, useHydrated } from "~/lib/hooks";
import { matchListedTimeZone } from "~/lib/timezones";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { ACCOUNT_DELETE_FAILED, APPEARANCE_FAILED, BREAK_FAILED, EMAIL_CHANGE_FAILED, NAME_SAVE_FAILED, PASSWORD_CHANGE_FAILED, QUIET_HOURS_FAILED, TIMEZONE_FAILED } from "~/lib/messages";
import { errorMessage } from "~/lib/action-errors.server";
import { field, isDocumentPost, readForm } from "~/lib/forms.server";
import { assertSameOrigin, requireUser, requireUserWith } from "~/lib/session.server";
import { breakOnce, hasPasswordOnce, quietHoursOnce, reachRowOnce } from "~/lib/request-reads.server";
import { supportedTimeZones } from "~/lib/timezones.server";
import { StrategyBlock } from "~/components/tasks/StrategyBlock";
import { strategySettings } from "~/lib/strategy-settings.server";
import { AnalyticsSetting } from "~/components/analytics/AnalyticsSetting";
import { SettingsContents } from "~/components/settings/SettingsContents";
import { QuietHoursBlock } from "~/components/settings/QuietHoursBlock";
import { BreakBlock } from "~/components/settings/BreakBlock";
import { AppearanceBlock } from "~/components/settings/AppearanceBlock";
import { saveAppearance } from "~/lib/appearance.server";
import { askEmailChange, finishEmailChange, removeAccount, saveBreak, saveName, savePassword, saveQuietHours } from "~/lib/settings-actions.server";
import { mediaStatus, reachOf, readReachExtras } from "../../worker/services/escalation";

export const meta: MetaFunction = () => [
  { title: "Settings · Nudge" },
  { name: "description", content: "Your Nudge settings, such as the time zone your reminders follow." },
];

const SUCCESS_CLEAR_MS = 3_000;

export async function loader(args: LoaderFunctionArgs) {
  const { deps } = args.context;
  // Where the person can be reached (their devices, buddies who said yes), read alongside the session.
  const { user, headers, value: extras } = await requireUserWith(args, (userId) => readReachExtras(deps, userId));
  // From the person's one read of their row (the quiet-hours columns are on it): no read of its own.
  const quiet = await quietHoursOnce(args, user.id);
  const rest = await breakOnce(args, user.id);
  const reach = await reachRowOnce(args, user.id);
  const media = mediaStatus(deps);
  const others = supportedTimeZones().filter((zone) => zone !== user.timezone);
  // The current zone first (spec 01 section 2), then every other zone.
  return data(
    {
      timezone: user.timezone,
      timeZones: [user.timezone, ...others],
      strategy: strategySettings(user, { reach: reachOf(reach, extras), media }),
      quiet,
      rest,
      // Where else a break can be started in words (ADR 098): the places this person really has.
      breakPlaces: {
        telegram: Boolean(reach.telegramChatId) && media.telegram.available,
        text: reach.phoneVerified && reach.smsOptedOutAt === null && media.sms.available,
        email: args.context.cloudflare.env.ASSISTANT_EMAIL || null,
      },
      analyticsConfigured: Boolean(args.context.cloudflare.env.POSTHOG_KEY),
      account: { name: user.name, email: user.email, hasPassword: await hasPasswordOnce(args, user.id) },
    },
    { headers },
  );
}

/** Saves the time zone with updateTimezone; nothing is sent when it is empty or unchanged. */
export async function action(args: ActionFunctionArgs) {
  assertSameOrigin(args);
  const { user, headers } = await requireUser(args);
  const form = await readForm(args.request);
  if (field(form, "intent") === "quiet-hours") return data(await saveQuietHours(args, user.id, form), { headers });
  if (field(form, "intent") === "break" || field(form, "intent") === "break-end") return data(await saveBreak(args, user.id, form), { headers });
  if (field(form, "intent") === "appearance") {
    const { result, status } = saveAppearance(form, headers);
    // Without JavaScript the page comes back by a new request, which carries the new cookie: this
    // response's own page would still be drawn in the old scheme.
    if (result.ok && isDocumentPost(args.request)) return redirect("/settings#appearance", { headers });
    return data(result, { headers, status });
  }
  if (field(form, "intent") === "name") return data(await saveName(args, user.id, form), { headers });
  if (field(form, "intent") === "email-change") return data(await askEmailChange(args, user.id, form), { headers });
  if (field(form, "intent") === "email-confirm") return data(await finishEmailChange(args, user.id, form), { headers });
  if (field(form, "intent") === "password") return savePassword(args, user.id, form, headers);
  if (field(form, "intent") === "delete-account") return removeAccount(args, user.id, form, headers);
  const timezone = field(form, "timezone");
  if (!timezone || timezone === user.timezone) return data({ ok: true, changed: false, message: null }, { headers });
  try {
    const updated = await updateTimezone(args.context.deps, user.id, user.id, { timezone });
    return data({ ok: true, changed: true, message: `Timezone saved. Reminders now follow ${updated.timezone} time.` }, { headers });
  } catch (error) {
    return data({ ok: false, changed: false, message: errorMessage(error, TIMEZONE_FAILED) }, { headers });
  }
}

/** The server unreachable or failing: the plain sentence, the page stays. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = formText(await submittedForm(request), "intent");
  return serverOr(serverAction<typeof action>, () => {
    if (intent === "quiet-hours") return { kind: "quiet-hours" as const, ok: false, message: QUIET_HOURS_FAILED };
    if (intent === "break" || intent === "break-end") return { kind: "break" as const, ok: false, message: BREAK_FAILED };
    if (intent === "appearance") return { kind: "appearance" as const, ok: false, message: APPEARANCE_FAILED };
    if (intent === "name") return { kind: "name" as const, ok: false, message: NAME_SAVE_FAILED };
    if (intent === "email-change" || intent === "email-confirm") return { kind: intent, ok: false, message: EMAIL_CHANGE_FAILED };
    if (intent === "password") return { kind: "password" as const, ok: false, message: PASSWORD_CHANGE_FAILED };
    if (intent === "delete-account") return { kind: "delete-account" as const, ok: false, message: ACCOUNT_DELETE_FAILED };
    return { ok: false, changed: false, message: TIMEZONE_FAILED };
  });
}

export default function Settings() {
  const { timezone, timeZones, strategy, quiet, rest, breakPlaces, analyticsConfigured, account } = useLoaderData<typeof loader>();
  // The time zone's own answer; a block's answer (it has a `kind`) is that block's to show (usePageAnswer).
  const answer = useActionData<typeof clientAction>();
  const result = answer && !("kind" in answer) ? answer : undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(timezone);
  // The device's zone in the list's spelling (Asia/Kolkata may be listed as Asia/Calcutta), offered
  // with one click when it differs from the saved one: travellers and Google sign-ups land here.
  const [deviceZone, setDeviceZone] = useState<string | null>(null);
  useEffect(() => setDeviceZone(matchListedTimeZone(browserTimeZone(), timeZones)), [timeZones]);
  const success = useExpiring(result?.ok && result.message ? result : null, SUCCESS_CLEAR_MS);
  const error = !busy && result && !result.ok ? result.message : null;
  const unchanged = !selected || selected === timezone;

  return (
    <div className="container page settings-page">
      <h1 className="page__title">Settings</h1>
      <SettingsContents />
      <section id="timezone" tabIndex={-1} className="card settings-section" aria-labelledby="timezone-heading">
        <h2 id="timezone-heading" className="settings-section__title">
          Timezone
        </h2>
        <p className="muted">
          Reminders are due at the times you pick, in this time zone. When you change it, repeating reminders stay at
          the same time of day (9:00 stays 9:00), and one-off reminders keep their moment.
        </p>
        {success ? <Alert tone="success">{success.message}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Form method="post" className="settings-form">
          <SelectField
            label="Timezone"
            name="timezone"
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
            hint={
              deviceZone && deviceZone !== selected ? (
                <>
                  This device is set to {deviceZone.replaceAll("_", " ")}.{" "}
                  <button type="button" className="link-button" onClick={() => setSelected(deviceZone)}>
                    Use this device&apos;s time zone
                  </button>
                </>
              ) : undefined
            }
          >
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={busy || (hydrated && unchanged)}>
            {busy ? "Saving..." : "Save"}
          </Button>
        </Form>
      </section>
      <StrategyBlock settings={strategy} />
      <BreakBlock rest={rest} places={breakPlaces} />
      <QuietHoursBlock quiet={quiet} />
      <section id="channels" tabIndex={-1} className="card settings-section" aria-labelledby="channels-heading">
        <h2 id="channels-heading" className="settings-section__title">
          Reminder channels and this device
        </h2>
        <p className="muted">
          Notifications on this device, Telegram, texts and calls, and the calendar feed are turned on and off on{" "}
          <Link to="/integrations">Reminder Channels</Link>.
        </p>
      </section>
      <AppearanceBlock />
      <AnalyticsSetting configured={analyticsConfigured} />
      <AccountBlock account={account} />
    </div>
  );
}
