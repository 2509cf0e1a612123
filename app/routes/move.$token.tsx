import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LINK_PAGE_HEADERS, LinkEnded, LinkPage, linkPageMeta } from "~/components/links/LinkPage";
import { Button, ButtonLink } from "~/components/ui/Button";
import { describeMoveLink, redeemMoveLink, type MoveLinkTask } from "../../worker/services/tasks";

/**
 * /move/<token>: a "Move it" link of the email that asked 'Move "Call the dentist" from ... to ...?' (ADR 099).
 * GET only says what the link will do (mail scanners and link previews open every link); the button POSTs, and
 * only the POST moves the reminder, once (worker/services/tasks/move-links.ts).
 */
export const meta: MetaFunction = () => linkPageMeta("Move a reminder · Nudge", "Move one of your Nudge reminders to the day and time the email named.");

export const headers: HeadersFunction = () => LINK_PAGE_HEADERS;

export async function loader({ params, context }: LoaderFunctionArgs) {
  return describeMoveLink(context.deps, params.token ?? "");
}

export async function action({ params, context }: ActionFunctionArgs) {
  return redeemMoveLink(context.deps, params.token ?? "");
}

/** " (Europe/London)" at the end of a time on the person's clock (formatLocalDue). */
const ZONE_SUFFIX = / \([^()]+\)$/;

export const MOVE_LINK_PAGE = {
  question: (title: string) => `Move "${title}"?`,
  // Both on the person's clock: its zone is said once, at the end ("From 10:00 AM on Thursday, 3 December to ... (Europe/London).").
  lead: (from: string, to: string) => `From ${from.replace(ZONE_SUFFIX, "")} to ${to}. Its reminders start over from the new time.`,
  confirm: "Move it",
  notNow: "Not now",
  moved: "Moved",
  used: (title: string) => `This link was already used. You can change "${title}" on your dashboard.`,
  invalidTitle: "This link doesn't work any more",
  invalid: "Move links work for a week. Nothing has changed: you can change the reminder on your dashboard.",
} as const;

function Confirm({ task }: { task: MoveLinkTask }) {
  const busy = useNavigation().state !== "idle";
  return (
    <LinkPage title={MOVE_LINK_PAGE.question(task.title)} lead={MOVE_LINK_PAGE.lead(task.fromLocal, task.toLocal)}>
      <Form method="post" replace>
        <Button type="submit" size="lg" block disabled={busy} aria-disabled={busy}>
          {busy ? "Working..." : MOVE_LINK_PAGE.confirm}
        </Button>
      </Form>
      <ButtonLink to="/dashboard" variant="ghost" block className="auth-card__action">
        {MOVE_LINK_PAGE.notNow}
      </ButtonLink>
    </LinkPage>
  );
}

export default function MoveLink() {
  const view = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const result = outcome ?? view;
  if (result.state === "invalid") return <LinkEnded title={MOVE_LINK_PAGE.invalidTitle} tone="info" message={MOVE_LINK_PAGE.invalid} />;
  if (result.state === "moved") return <LinkEnded title={MOVE_LINK_PAGE.moved} tone="success" message={result.message} />;
  if (result.state === "refused") return <LinkEnded title={result.task.title} tone="warning" message={result.message} />;
  if (result.state === "used") return <LinkEnded title={result.task.title} tone="info" message={MOVE_LINK_PAGE.used(result.task.title)} />;
  return <Confirm task={result.task} />;
}
