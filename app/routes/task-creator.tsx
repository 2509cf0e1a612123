import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent, type MouseEvent } from "react";
import { DUE_DATE_REQUIRED, PROMPT_REQUIRED, TITLE_MAX, TITLE_REQUIRED } from "../../worker/services/tasks/schemas";
import { CloseIcon } from "../components/tasks/icons";
import { NlReminderBox } from "../components/tasks/NlReminderBox";
import { safeZone } from "../components/tasks/task-colour";
import { datetimeLocalValue } from "../components/tasks/task-format";
import type { CreateTaskResult, PromptResult } from "../components/tasks/types";
import { Alert } from "../components/ui/Alert";
import { Button, ButtonLink } from "../components/ui/Button";
import { TextField } from "../components/ui/Field";
import { useHydrated } from "../lib/hooks";
import { field } from "../lib/messages.server";
import { assertSameOrigin, requireUser } from "../lib/session.server";
import { createTaskFromForm, createTaskFromText } from "../lib/tasks.server";

export const meta: MetaFunction = () => [{ title: "New Task · Nudge" }];

/** Spec 02 section 4: after 'Task created successfully!' the dashboard follows in 2 seconds. */
const REDIRECT_AFTER_MS = 2_000;

export async function loader(args: LoaderFunctionArgs) {
  const { user, headers } = await requireUser(args);
  const zone = safeZone(user.timezone);
  return data(
    {
      verified: user.isVerified,
      timezone: zone,
      // "Now" on the user's clock, computed here so the server and the browser render the same value.
      defaultDue: datetimeLocalValue(args.context.deps.clock.now(), zone),
      messages: { titleRequired: TITLE_REQUIRED, dueRequired: DUE_DATE_REQUIRED, promptRequired: PROMPT_REQUIRED },
      titleMax: TITLE_MAX,
    },
    { headers },
  );
}

/** intent=create: the form (createTask); intent=nl: 'Or just type it' (createTaskFromPrompt). */
export async function action(args: ActionFunctionArgs) {
  assertSameOrigin(args);
  const { user, headers } = await requireUser(args);
  const form = await args.request.formData();
  const result: CreateTaskResult | PromptResult =
    field(form, "intent") === "nl" ? await createTaskFromText(args.context.deps, user, form) : await createTaskFromForm(args.context.deps, user, form);
  return data(result, { headers });
}

type FieldErrors = Partial<Record<"title" | "dueDate", string>>;

/** The close button: back where the user came from, or the dashboard when there is no history. */
function CloseButton() {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const state = window.history.state as { idx?: number } | null;
    if (state && typeof state.idx === "number" && state.idx > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <Link to="/dashboard" className="btn btn--ghost btn--icon" aria-label="Close" onClick={onClick}>
      <CloseIcon />
    </Link>
  );
}

export default function TaskCreator() {
  const { verified, timezone, defaultDue, messages, titleMax } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData && actionData.intent === "create" ? actionData : undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const hydrated = useHydrated();

  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => navigate("/dashboard"), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  const serverErrors: FieldErrors = result && !result.ok && result.field ? { [result.field]: result.message } : {};
  const errors: FieldErrors = busy ? {} : { ...serverErrors, ...clientErrors };
  const generalError = !busy && result && !result.ok && !result.field ? result.message : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const next: FieldErrors = {};
    if (String(form.get("title") ?? "").trim() === "") next.title = messages.titleRequired;
    if (String(form.get("dueDate") ?? "").trim() === "") next.dueDate = messages.dueRequired;
    setClientErrors(next);
    if (next.title || next.dueDate) {
      event.preventDefault();
      const first = event.currentTarget.querySelector<HTMLInputElement>(next.title ? "[name=title]" : "[name=dueDate]");
      first?.focus();
    }
  }

  return (
    <div className="container page task-creator">
      <section className="card task-creator__card" aria-labelledby="task-creator-title">
        <div className="task-creator__head">
          <h1 id="task-creator-title" className="page__title task-creator__title">
            New Task
          </h1>
          <CloseButton />
        </div>
        {!verified ? (
          <div className="task-creator__verify">
            <Alert tone="warning" title="Email Verification Required">
              Please verify your email address before creating tasks. It takes a minute: we send you a code.
            </Alert>
            <ButtonLink to="/auth/verify">Verify Email Address</ButtonLink>
          </div>
        ) : (
          <Form method="post" noValidate onSubmit={onSubmit} className="task-creator__form">
            <input type="hidden" name="intent" value="create" />
            <TextField
              label="Task Title"
              name="title"
              placeholder="Morning Medication"
              maxLength={titleMax}
              autoComplete="off"
              required
              error={errors.title}
              onChange={() => setClientErrors((e) => ({ ...e, title: undefined }))}
            />
            <TextField
              label="Due Date/Time"
              name="dueDate"
              type="datetime-local"
              defaultValue={defaultDue}
              required
              hint={`In your time zone (${timezone.replaceAll("_", " ")}).`}
              error={errors.dueDate}
              onChange={() => setClientErrors((e) => ({ ...e, dueDate: undefined }))}
            />
            <div aria-live="polite">
              {result?.ok ? (
                <Alert tone="success">
                  {result.message}{" "}
                  {hydrated ? <span>Taking you to your dashboard...</span> : <Link to="/dashboard">Go to your dashboard</Link>}
                </Alert>
              ) : null}
            </div>
            {generalError ? <Alert tone="error">{generalError}</Alert> : null}
            <Button type="submit" size="lg" block disabled={busy || result?.ok}>
              {busy ? "Creating..." : "Create Task"}
            </Button>
          </Form>
        )}
      </section>
      {verified ? <NlReminderBox action="/task-creator" promptRequired={messages.promptRequired} /> : null}
      <p className="task-creator__aside muted">
        Looking for reminders that are waiting for you? <Link to="/reminder-dialog">See active reminders</Link>.
      </p>
    </div>
  );
}
