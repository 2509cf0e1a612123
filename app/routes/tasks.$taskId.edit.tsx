import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { safeZone } from "../../worker/services/time-zone";
import { DUE_DATE_REQUIRED, TITLE_MAX, TITLE_REQUIRED } from "../../worker/services/tasks";
import { KEEP_RULE } from "~/components/tasks/repeat-choice";
import { TaskFields, TaskFormEnd, useTaskFieldChecks, type TaskFieldErrors } from "~/components/tasks/TaskFormFields";
import { CloseButton } from "~/components/tasks/CloseButton";
import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";
import { serverOr } from "~/lib/client-fallback";
import { useHydrated } from "~/lib/hooks";
import { TASK_SAVE_FAILED } from "~/lib/messages";
import { useRedirectAfter } from "~/lib/redirect-after";
import { quietHoursOnce } from "~/lib/request-reads.server";
import { readForm } from "~/lib/forms.server";
import { assertSameOrigin, requireUser, requireUserWith } from "~/lib/session.server";
import { taskStrategyChoices } from "~/lib/strategy-settings.server";
import { editLoad, readOwnTask, updateTaskFromForm, type EditTaskResult } from "~/lib/task-edit.server";

export const meta: MetaFunction = () => [
  { title: "Edit Task · Nudge" },
  { name: "description", content: "Change a reminder's title, time or check-back." },
];

/** As after New Task: the dashboard follows the success message after 2 seconds. */
const REDIRECT_AFTER_MS = 2_000;

export async function loader(args: LoaderFunctionArgs) {
  // The task is read alongside the session's read of the person: one D1 wait (issue 8).
  const { user, headers, value: task } = await requireUserWith(args, (userId) => readOwnTask(args.context.deps, userId, args.params.taskId ?? ""));
  const edit = editLoad(task, user, args.context.deps.clock.now().getTime());
  const quiet = await quietHoursOnce(args, user.id);
  return data(
    {
      edit,
      timezone: safeZone(user.timezone),
      quiet,
      strategyChoices: taskStrategyChoices(user, { withDefault: false }),
      messages: { titleRequired: TITLE_REQUIRED, dueRequired: DUE_DATE_REQUIRED },
      titleMax: TITLE_MAX,
    },
    { headers, status: edit.found ? 200 : 404 },
  );
}

export async function action(args: ActionFunctionArgs) {
  assertSameOrigin(args);
  const { user, headers } = await requireUser(args);
  const form = await readForm(args.request);
  return data(await updateTaskFromForm(args.context.deps, user, args.params.taskId ?? "", form), { headers });
}

/** The server unreachable or failing: the form stays as typed, with a sentence. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return serverOr(serverAction<typeof action>, (): EditTaskResult => ({ ok: false, message: TASK_SAVE_FAILED }));
}

/**
 * Edit Task (ours; the spec has no edit screen, docs/spec-deviations.md): the New Task form filled with the
 * task, saved through PUT /v1/tasks/:id's service. A repeating task says that a new time moves the ones after
 * it; a done task has nothing to change; a task that is gone says so.
 */
export default function EditTask() {
  const { edit, timezone, quiet, strategyChoices, messages, titleMax } = useLoaderData<typeof loader>();
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hydrated = useHydrated();
  const { clientErrors, onSubmit, clear } = useTaskFieldChecks(messages);
  useRedirectAfter(result?.ok ? result : null, "/dashboard", REDIRECT_AFTER_MS);

  const serverErrors: TaskFieldErrors = result && !result.ok && result.field ? { [result.field]: result.message } : {};
  const errors: TaskFieldErrors = busy ? {} : { ...serverErrors, ...clientErrors };
  const generalError = !busy && result && !result.ok && !result.field ? result.message : null;

  return (
    <div className="container page task-creator">
      <section className="card task-creator__card" aria-labelledby="task-edit-title">
        <div className="task-creator__head">
          <h1 id="task-edit-title" className="page__title task-creator__title">
            Edit Task
          </h1>
          <CloseButton />
        </div>
        {!edit.found ? (
          <div className="task-creator__verify">
            <Alert tone="info" title="This task isn't here any more">
              It may have been deleted, here or in another place where you use Nudge.
            </Alert>
            <ButtonLink to="/dashboard">Back to your tasks</ButtonLink>
          </div>
        ) : edit.task.completed ? (
          <div className="task-creator__verify">
            <Alert tone="success" title={`"${edit.task.title}" is done`}>
              A finished task has nothing left to change.
            </Alert>
            <ButtonLink to="/dashboard">Back to your tasks</ButtonLink>
          </div>
        ) : (
          <Form method="post" noValidate onSubmit={onSubmit} className="task-creator__form">
            <input type="hidden" name="dueWas" value={edit.task.dueLocal} />
            <input type="hidden" name="repeatWas" value={edit.task.repeatChoice} />
            <input type="hidden" name="strategyWas" value={edit.task.strategy} />
            <TaskFields
              errors={errors}
              clear={clear}
              titleMax={titleMax}
              title={edit.task.title}
              due={edit.task.dueLocal}
              dueHint={
                edit.task.repeats
                  ? `In your time zone (${timezone.replaceAll("_", " ")}). It repeats ${edit.task.repeats}: a new time here moves this one and the ones after it.`
                  : `In your time zone (${timezone.replaceAll("_", " ")}). A new time starts its reminders again from there.`
              }
              checkBack={{ value: edit.task.checkBack }}
              strategy={{ choices: strategyChoices, value: edit.task.strategy, notes: edit.task.strategyNotes }}
              repeat={{ value: edit.task.repeatChoice, keep: edit.task.repeatChoice === KEEP_RULE ? `repeats ${edit.task.repeats}` : null, hint: edit.task.repeats ? "Counted from the due date. Doesn't repeat makes this one the last." : "Counted from the due date." }}
              quiet={quiet}
              ignoreQuietHours={edit.task.ignoreQuietHours}
              markQuietShown
            />
            <TaskFormEnd saved={result?.ok ? result.message : null} failure={generalError} hydrated={hydrated} busy={busy} label="Save Changes" busyLabel="Saving..." />
          </Form>
        )}
      </section>
    </div>
  );
}
