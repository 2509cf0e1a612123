import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LINK_PAGE_HEADERS, LinkPage, linkPageMeta } from "~/components/links/LinkPage";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ANSWER_CONFIRM_LABELS, ANSWER_EFFECTS, ANSWER_QUESTIONS, OTHER_SNOOZE_MINUTES, SNOOZE_MINUTES } from "../../worker/services/answers";
import { SNOOZE_MORNING_LABEL, snoozeLabel } from "~/components/tasks/types";
import { SnoozeUntilRow } from "~/components/tasks/SnoozeUntilRow";
import { describeActionLink, redeemActionLink, reopenByLink, type ActionLinkOutcome, type ActionLinkView, type MoveDefaults } from "../../worker/services/tasks";
import { Alert } from "~/components/ui/Alert";
import { field, timeField } from "~/lib/forms.server";
import { Button, ButtonLink } from "~/components/ui/Button";

/**
 * /r/<token>/<answer>: the Done / Snooze / Acknowledge links of reminder emails and push
 * notifications (and /r/<token>, the shape sent before ADR 067, while such links last). GET only
 * shows what the link will do (mail scanners and link previews open every link); the button POSTs,
 * and only the POST acts, once (worker/services/tasks/action-links.ts).
 */
export const meta: MetaFunction = () => linkPageMeta("Your reminder · Nudge", "A reminder from Nudge: mark it done, acknowledge it, snooze it or move it to another day.");

export const headers: HeadersFunction = () => LINK_PAGE_HEADERS;

export async function loader({ params, context }: LoaderFunctionArgs) {
  return describeActionLink(context.deps, params.token ?? "", params.action);
}

export async function action({ params, context, request }: ActionFunctionArgs) {
  // The snooze page's other times post `minutes` (the service takes only the times it offers), its
  // Tomorrow morning posts `until=morning`, and its Until posts `until=time` with the field's `at`.
  const form = await request.formData().catch(() => null);
  // "Not done yet" under a Done made with this link takes it back (ADR 087).
  if (form?.get("intent") === "reopen" && params.action === "done") return reopenByLink(context.deps, params.token ?? "");
  // "Another day" on the snooze page moves the reminder to the day and time picked (ADR 092).
  if (form?.get("intent") === "move") {
    const move = { day: field(form, "day"), time: timeField(form, "time") };
    return { ...(await redeemActionLink(context.deps, params.token ?? "", params.action, { move })), intent: "move" as const };
  }
  const until = form?.get("until");
  if (until === "morning") return redeemActionLink(context.deps, params.token ?? "", params.action, { until: "morning" });
  if (until === "time") return redeemActionLink(context.deps, params.token ?? "", params.action, { until: form ? timeField(form, "at") : "" });
  const minutes = Number(form?.get("minutes"));
  return redeemActionLink(context.deps, params.token ?? "", params.action, Number.isInteger(minutes) && minutes > 0 ? { minutes } : {});
}

const STATUS_WORDS: Record<string, string> = {
  PENDING: "is still open",
  SNOOZED: "is snoozed",
  ACKNOWLEDGED: "is acknowledged: its reminders have stopped",
  COMPLETED: "is done",
};

/** Under Done's confirmation: a Done tapped by mistake can be taken back right here (ADR 083, 087). */
export const DONE_BY_MISTAKE = "Tapped Done by mistake?";
export const NOT_DONE_YET_LABEL = "Not done yet";

/** "Not done yet" for a Done made with this link: posts to the same link, which takes that Done back. */
function TakeBackDone() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <Form method="post" replace className="link-take-back">
      <p className="muted">{DONE_BY_MISTAKE}</p>
      <input type="hidden" name="intent" value="reopen" />
      <Button type="submit" variant="secondary" block disabled={busy} aria-disabled={busy}>
        {busy ? "Working..." : NOT_DONE_YET_LABEL}
      </Button>
    </Form>
  );
}

function Invalid() {
  return (
    <LinkPage title="This link doesn't work any more">
      <Alert tone="info">
        Reminder links work for a week. Nothing has changed: you can answer the reminder from your dashboard.
      </Alert>
      <ButtonLink to="/dashboard" size="lg" block>
        Open my reminders
      </ButtonLink>
    </LinkPage>
  );
}

function Result({ outcome }: { outcome: Exclude<ActionLinkOutcome, { state: "invalid" }> }) {
  if (outcome.state === "done") {
    return (
      <LinkPage title={outcome.action === "reopen" ? "Open again" : "All set"} lead={`Due ${outcome.task.dueLocal}.`}>
        <Alert tone="success">{outcome.message}</Alert>
        <ButtonLink to="/dashboard" size="lg" block>
          Open my reminders
        </ButtonLink>
        {outcome.action === "done" ? <TakeBackDone /> : null}
      </LinkPage>
    );
  }
  const message =
    outcome.state === "failed" ? outcome.message : `This link was already used. '${outcome.task.title}' ${STATUS_WORDS[outcome.task.status] ?? "is unchanged"}.`;
  // A Done link opened again later, its task still done: the Done can be taken back from here too.
  const doneHere = outcome.state === "used" && outcome.action === "done" && outcome.task.status === "COMPLETED";
  return (
    <LinkPage title={outcome.task.title} lead={`Due ${outcome.task.dueLocal}.`}>
      <Alert tone={outcome.state === "failed" ? "warning" : "info"}>{message}</Alert>
      <ButtonLink to="/dashboard" size="lg" block>
        Open my reminders
      </ButtonLink>
      {doneHere ? <TakeBackDone /> : null}
    </LinkPage>
  );
}

/** "Or move it to another day": a day and a time (tomorrow at the reminder's own time to start), and Move (ADR 092). */
export const MOVE_LEGEND = "Or move it to another day";
export const MOVE_BUTTON = "Move";

function MoveToAnotherDay({ defaults, busy, error }: { defaults: MoveDefaults; busy: boolean; error?: string }) {
  return (
    <Form method="post" replace>
      <input type="hidden" name="intent" value="move" />
      <fieldset className="link-snooze-times link-move">
        <legend>{MOVE_LEGEND}</legend>
        {error ? (
          <Alert tone="error" id="move-error">
            {error}
          </Alert>
        ) : null}
        <div className="link-move__fields">
          {/* Each label stays with its field when the row wraps on a phone. */}
          <span className="link-move__field link-move__field--day">
            <label htmlFor="move-day" className="reminder-actions__until-label">
              Day
            </label>
            <input id="move-day" type="date" name="day" required min={defaults.today} defaultValue={defaults.day} className="input" disabled={busy} aria-describedby={error ? "move-error" : undefined} />
          </span>
          <span className="link-move__field">
            <label htmlFor="move-time" className="reminder-actions__until-label">
              Time
            </label>
            <input id="move-time" type="time" name="time" required defaultValue={defaults.time} className="input" disabled={busy} aria-describedby={error ? "move-error" : undefined} />
          </span>
          <Button type="submit" variant="secondary" disabled={busy} className="link-move__button">
            {MOVE_BUTTON}
            <span className="visually-hidden"> to the day and time chosen</span>
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}

function Confirm({ view, error, moveError }: { view: Extract<ActionLinkView, { state: "ready" }>; error?: string; moveError?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const minutes = view.minutes ?? SNOOZE_MINUTES;
  const finished = view.task.status === "COMPLETED";
  return (
    <LinkPage title={ANSWER_QUESTIONS[view.action](view.task.title, minutes)} lead={`It was due at ${view.task.dueLocal}.`}>
      {finished ? (
        <Alert tone="info">{`'${view.task.title}' is already done.`}</Alert>
      ) : (
        <p>{ANSWER_EFFECTS[view.action](minutes)}</p>
      )}
      <Form method="post" replace>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {/* Enter in the time field submits with the form's first button: this hidden one, the Until, not Snooze 30 minutes. */}
        {view.action === "snooze" && !finished ? <button type="submit" name="until" value="time" hidden tabIndex={-1} aria-hidden="true" disabled={busy} /> : null}
        <Button type="submit" size="lg" block disabled={busy} aria-disabled={busy} formNoValidate>
          {busy ? "Working..." : ANSWER_CONFIRM_LABELS[view.action](minutes)}
        </Button>
        {view.action === "snooze" && !finished ? (
          <fieldset className="link-snooze-times">
            <legend>Or snooze for</legend>
            <div className="reminder-actions__buttons reminder-actions__buttons--times">
              {OTHER_SNOOZE_MINUTES.filter((other) => other !== minutes).map((other) => (
                <Button key={other} type="submit" name="minutes" value={String(other)} variant="secondary" disabled={busy} formNoValidate>
                  {snoozeLabel(other)}
                </Button>
              ))}
              <Button type="submit" name="until" value="morning" variant="secondary" className="reminder-actions__morning" disabled={busy} formNoValidate>
                {SNOOZE_MORNING_LABEL}
              </Button>
            </div>
            <SnoozeUntilRow id="snooze-until-time" fieldName="at" button={{ name: "until", value: "time" }} busy={busy} />
          </fieldset>
        ) : null}
      </Form>
      {view.action === "snooze" && !finished && view.move ? <MoveToAnotherDay defaults={view.move} busy={busy} error={moveError} /> : null}
      <ButtonLink to="/dashboard" variant="ghost" block className="auth-card__action">
        Not now
      </ButtonLink>
    </LinkPage>
  );
}

export default function ReminderLink() {
  const view = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  if (outcome?.state === "refused" && view.state === "ready") {
    return "intent" in outcome ? <Confirm view={view} moveError={outcome.message} /> : <Confirm view={view} error={outcome.message} />;
  }
  if (outcome && outcome.state !== "refused") return outcome.state === "invalid" ? <Invalid /> : <Result outcome={outcome} />;
  if (view.state === "invalid") return <Invalid />;
  if (view.state === "used") return <Result outcome={{ state: "used", action: view.action, task: view.task }} />;
  return <Confirm view={view} />;
}
