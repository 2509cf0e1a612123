import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LINK_PAGE_HEADERS, LinkEnded, LinkPage, linkPageMeta } from "~/components/links/LinkPage";
import { Button, ButtonLink } from "~/components/ui/Button";
import { describeForgetLink, redeemForgetLink, type ForgetKind, type ForgetLinkTask } from "../../worker/services/tasks";

/**
 * /delete/<token>: a link of the email that asked 'Delete "Call the dentist"?' (ADR 100). GET only says what the
 * link will do (mail scanners and link previews open every link); the button POSTs, and only the POST deletes,
 * once (worker/services/tasks/forget-links.ts).
 */
export const meta: MetaFunction = () => linkPageMeta("Delete a reminder · Nudge", "Delete one of your Nudge reminders, or stop it repeating, as the email asked.");

export const headers: HeadersFunction = () => LINK_PAGE_HEADERS;

export async function loader({ params, context }: LoaderFunctionArgs) {
  return describeForgetLink(context.deps, params.token ?? "");
}

export async function action({ params, context }: ActionFunctionArgs) {
  return redeemForgetLink(context.deps, params.token ?? "");
}

export const DELETE_LINK_PAGE = {
  question: (kind: ForgetKind, task: ForgetLinkTask) =>
    kind === "series" ? `Stop "${task.title}"?` : task.repeats ? `Skip "${task.title}" this time?` : `Delete "${task.title}"?`,
  lead: (kind: ForgetKind, task: ForgetLinkTask) =>
    kind === "series"
      ? `It repeats ${task.repeats}. None of it will remind you any more.`
      : task.repeats
        ? `It repeats ${task.repeats}; this one is due at ${task.dueLocal}. The next one stays.`
        : `It is due at ${task.dueLocal}. It won't remind you any more.`,
  confirm: (kind: ForgetKind, task: ForgetLinkTask) => (kind === "series" ? "Stop repeating" : task.repeats ? "Skip this one" : "Delete it"),
  done: (kind: ForgetKind, task: ForgetLinkTask) => (kind === "series" ? "Stopped" : task.repeats ? "Skipped" : "Deleted"),
  used: (title: string) => `This link was already used. "${title}" is on your dashboard if it is still there.`,
  invalidTitle: "This link doesn't work any more",
  invalid: "Delete links work for a week, until the reminder is gone. Nothing has changed: you can delete reminders on your dashboard.",
  notNow: "Not now",
} as const;

function Confirm({ kind, task }: { kind: ForgetKind; task: ForgetLinkTask }) {
  const busy = useNavigation().state !== "idle";
  return (
    <LinkPage title={DELETE_LINK_PAGE.question(kind, task)} lead={DELETE_LINK_PAGE.lead(kind, task)}>
      <Form method="post" replace>
        <Button type="submit" variant="danger" size="lg" block disabled={busy} aria-disabled={busy}>
          {busy ? "Working..." : DELETE_LINK_PAGE.confirm(kind, task)}
        </Button>
      </Form>
      <ButtonLink to="/dashboard" variant="ghost" block className="auth-card__action">
        {DELETE_LINK_PAGE.notNow}
      </ButtonLink>
    </LinkPage>
  );
}

export default function DeleteLink() {
  const view = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const result = outcome ?? view;
  if (result.state === "invalid") return <LinkEnded title={DELETE_LINK_PAGE.invalidTitle} tone="info" message={DELETE_LINK_PAGE.invalid} />;
  if (result.state === "deleted") return <LinkEnded title={DELETE_LINK_PAGE.done(result.kind, result.task)} tone="success" message={result.message} />;
  if (result.state === "refused") return <LinkEnded title={result.task.title} tone="warning" message={result.message} />;
  if (result.state === "used") return <LinkEnded title={result.task.title} tone="info" message={DELETE_LINK_PAGE.used(result.task.title)} />;
  return <Confirm kind={result.kind} task={result.task} />;
}
