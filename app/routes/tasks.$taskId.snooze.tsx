import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { safeZone } from "../../worker/services/time-zone";
import { toTaskView } from "~/components/tasks/task-view";
import { resolveStrategyKey } from "../../worker/services/escalation";
import { ReminderActions } from "~/components/tasks/ReminderActions";
import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";
import { readOwnTask } from "~/lib/task-edit.server";
import { requireUserWith, safeRedirect } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Snooze a reminder · Nudge" },
  { name: "description", content: "Snooze one reminder for 10 minutes, an hour, three hours, until tomorrow morning or until a time you pick." },
];

/**
 * One task's snooze times, opened: where a card's "Other snooze times" leads in a browser without
 * JavaScript (the dashboard draws those buttons only when the fold is opened, issue 8). The buttons
 * post to the same resource as every card, and come back to the dashboard.
 */
export async function loader(args: LoaderFunctionArgs) {
  // The task is read alongside the session's read of the person: one D1 wait (issue 8).
  const { user, headers, value: task } = await requireUserWith(args, (userId) => readOwnTask(args.context.deps, userId, args.params.taskId ?? ""));
  headers.set("Cache-Control", "no-store");
  const view = task ? toTaskView(task, safeZone(user.timezone), args.context.deps.clock.now(), { defaultStrategy: resolveStrategyKey(null, user.defaultEscalationStrategy) }) : null;
  // Back where the card was (the dashboard's page two, say); only a path of ours.
  const back = safeRedirect(new URL(args.request.url).searchParams.get("back"));
  return data({ task: view, back }, { headers, status: view ? 200 : 404 });
}

export default function SnoozeTimes() {
  const { task, back } = useLoaderData<typeof loader>();
  if (!task) {
    return (
      <div className="container page snooze-times-page">
        <h1 className="page__title">We couldn&apos;t find that reminder</h1>
        <Alert tone="info">It may have been deleted. Your reminders are on the dashboard.</Alert>
        <ButtonLink to="/dashboard">Open my reminders</ButtonLink>
      </div>
    );
  }
  return (
    <div className="container page snooze-times-page">
      <h1 className="page__title">{`Snooze '${task.title}'`}</h1>
      <p className="muted">
        Due <time dateTime={task.dueDate}>{task.dueLabel}</time>
      </p>
      {task.completed ? (
        <Alert tone="info">{`'${task.title}' is already done.`}</Alert>
      ) : (
        <div className="card snooze-times-page__card">
          <ReminderActions task={task} moreOpen returnTo={back} />
        </div>
      )}
      <ButtonLink to={back} variant="ghost">
        Back to my reminders
      </ButtonLink>
    </div>
  );
}
