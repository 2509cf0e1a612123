import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { safeZone } from "../../worker/services/time-zone";
import { DUE_DATE_REQUIRED, PROMPT_REQUIRED, TITLE_MAX, TITLE_REQUIRED } from "../../worker/services/tasks";
import { CloseButton } from "~/components/tasks/CloseButton";
import { NlReminderBox } from "~/components/tasks/NlReminderBox";
import { datetimeLocalValue } from "~/components/tasks/task-format";
import type { CreateTaskResult, PromptResult, UndoPromptResult } from "~/components/tasks/types";
import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";
import { useHydrated } from "~/lib/hooks";
import { useRedirectAfter } from "~/lib/redirect-after";
import { isSignedOutAnswer } from "~/lib/signed-out";
import { field, readForm } from "~/lib/forms.server";
import { TaskFields, TaskFormEnd, useTaskFieldChecks, type TaskFieldErrors } from "~/components/tasks/TaskFormFields";
import { taskStrategyChoices } from "~/lib/strategy-settings.server";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { CREATE_AUTH_FAILED, CREATE_FAILED, NL_FAILED, UNDO_FAILED } from "~/lib/messages";
import { assertSameOrigin, clearedSessionHeaders, getOptionalUser, requireUser } from "~/lib/session.server";
import { quietHoursOnce } from "~/lib/request-reads.server";
import { loginUrlFor } from "~/lib/urls";
import { createTaskFromForm, createTaskFromText, undoTaskFromText } from "~/lib/task-create.server";

export const meta: MetaFunction = () => [
  { title: "New Task · Nudge" },
  { name: "description", content: "Create a reminder in Nudge: say what and when, and choose how gently it should nudge you." },
];

/** Spec 02 section 4: after 'Task created successfully!' the dashboard follows in 2 seconds. */
const REDIRECT_AFTER_MS = 2_000;

export async function loader(args: LoaderFunctionArgs) {
  const { user, headers } = await requireUser(args);
  // From the person's one read of their row (the quiet-hours columns are on it): no read of its own.
  const quiet = await quietHoursOnce(args, user.id);
  const zone = safeZone(user.timezone);
  return data(
    {
      verified: user.isVerified,
      timezone: zone,
      // "Now" on the user's clock, computed here so the server and the browser render the same value.
      defaultDue: datetimeLocalValue(args.context.deps.clock.now(), zone),
      messages: { titleRequired: TITLE_REQUIRED, dueRequired: DUE_DATE_REQUIRED, promptRequired: PROMPT_REQUIRED },
      titleMax: TITLE_MAX,
      // "Remind me even during quiet hours" is offered only to people who have them (issue 13).
      quiet,
      strategyChoices: taskStrategyChoices(user, { withDefault: true }),
    },
    { headers },
  );
}

/** After the session was found gone, the sign-in page follows this long after the message. */
const SIGN_IN_AFTER_MS = 3_000;

/**
 * intent=create: the form (createTask); intent=nl: 'Or just type it' (createTaskFromPrompt); intent=undo-nl: the
 * Undo under its confirmation (undoNewTask, ADR 109).
 * Without a session (expired and not refreshable, signed out in another tab) this is the spec's
 * 401: 'Authentication failed. Please log in again.', the session cookies cleared, and the page
 * then goes to sign-in (spec 02 section 8).
 */
export async function action(args: ActionFunctionArgs) {
  assertSameOrigin(args);
  const form = await readForm(args.request);
  const asked = field(form, "intent");
  const intent = asked === "nl" ? "nl" : "create";
  const { user, headers } = await getOptionalUser(args);
  // The Undo under the box's confirmation (ADR 109).
  if (asked === "undo-nl") {
    if (!user) {
      const signedOut: UndoPromptResult = { intent: "undo-nl", taskId: field(form, "taskId"), ok: false, message: CREATE_AUTH_FAILED, signedOut: true };
      return data(signedOut, { headers: clearedSessionHeaders(), status: 401 });
    }
    return data(await undoTaskFromText(args.context.deps, user, form), { headers });
  }
  if (!user) {
    const signedOut: CreateTaskResult | PromptResult =
      intent === "nl"
        ? { intent, ok: false, message: CREATE_AUTH_FAILED, failed: false, signedOut: true }
        : { intent, ok: false, message: CREATE_AUTH_FAILED, signedOut: true };
    return data(signedOut, { headers: clearedSessionHeaders(), status: 401 });
  }
  const result: CreateTaskResult | PromptResult =
    intent === "nl" ? await createTaskFromText(args.context.deps, user, form) : await createTaskFromForm(args.context.deps, user, form);
  return data(result, { headers });
}

/** The server unreachable or failing: 'Failed to create task. Please try again.' / 'Failed to create reminder.' */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await submittedForm(request);
  return serverOr(serverAction<typeof action>, (): CreateTaskResult | PromptResult | UndoPromptResult => {
    const intent = formText(form, "intent");
    if (intent === "undo-nl") return { intent, taskId: formText(form, "taskId"), ok: false, message: UNDO_FAILED };
    return intent === "nl" ? { intent: "nl", ok: false, message: NL_FAILED, failed: true } : { intent: "create", ok: false, message: CREATE_FAILED };
  });
}

/** After a signed-out answer the loader would only redirect: keep the page so the message shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (isSignedOutAnswer(actionResult)) return false;
  return defaultShouldRevalidate;
};

export default function TaskCreator() {
  const { verified, timezone, defaultDue, messages, titleMax, quiet, strategyChoices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>();
  const result = actionData && actionData.intent === "create" ? actionData : undefined;
  const signedOut = Boolean(actionData && "signedOut" in actionData && actionData.signedOut);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const { clientErrors, onSubmit, clear } = useTaskFieldChecks(messages);
  const hydrated = useHydrated();

  useRedirectAfter(result?.ok ? result : null, "/dashboard", REDIRECT_AFTER_MS);
  useRedirectAfter(signedOut ? actionData : null, loginUrlFor("/task-creator"), SIGN_IN_AFTER_MS);

  const serverErrors: TaskFieldErrors = result && !result.ok && result.field ? { [result.field]: result.message } : {};
  const errors: TaskFieldErrors = busy ? {} : { ...serverErrors, ...clientErrors };
  const generalError = !busy && result && !result.ok && !result.field && !signedOut ? result.message : null;

  return (
    <div className="container page task-creator">
      <section className="card task-creator__card" aria-labelledby="task-creator-title">
        <div className="task-creator__head">
          <h1 id="task-creator-title" className="page__title task-creator__title">
            New Task
          </h1>
          <CloseButton />
        </div>
        {signedOut ? (
          <div className="task-creator__verify">
            <Alert tone="error" title={CREATE_AUTH_FAILED}>
              Your session has ended, so nothing was saved. Taking you to sign in…
            </Alert>
            <ButtonLink to={loginUrlFor("/task-creator")}>Sign in again</ButtonLink>
          </div>
        ) : !verified ? (
          <div className="task-creator__verify">
            <Alert tone="warning" title="Email Verification Required">
              You must verify your email address before creating tasks. It takes a minute: we send you a code.
            </Alert>
            <ButtonLink to="/auth/verify">Verify Email Address</ButtonLink>
          </div>
        ) : (
          <Form method="post" noValidate onSubmit={onSubmit} className="task-creator__form">
            <input type="hidden" name="intent" value="create" />
            <TaskFields
              errors={errors}
              clear={clear}
              titleMax={titleMax}
              due={defaultDue}
              dueHint={`In your time zone (${timezone.replaceAll("_", " ")}).`}
              checkBack={{ value: "" }}
              strategy={{ choices: strategyChoices, value: "" }}
              repeat={{ value: "", hint: 'Counted from the due date. For other repeats, like "every other Friday", type it in the box below.' }}
              quiet={quiet}
            />
            <TaskFormEnd saved={result?.ok ? result.message : null} failure={generalError} hydrated={hydrated} busy={busy} label="Create Task" busyLabel="Creating..." />
          </Form>
        )}
      </section>
      {verified && !signedOut ? <NlReminderBox action="/task-creator" promptRequired={messages.promptRequired} /> : null}
      <p className="task-creator__aside muted">
        Looking for reminders that are waiting for you? <Link to="/reminder-dialog">See active reminders</Link>.
      </p>
    </div>
  );
}
