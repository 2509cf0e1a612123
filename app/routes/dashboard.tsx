import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/Button";
import { requireUserWith } from "~/lib/session.server";
import { keepTaskListOnTaskAnswers } from "~/components/tasks/revalidate";
import { TaskList } from "~/components/tasks/TaskList";
import { BreakBanner } from "~/components/tasks/BreakBanner";
import { breakOnce } from "~/lib/request-reads.server";
import { dashboardPageParam, loadDashboardTasks, readDashboardTasks } from "~/lib/tasks.server";

export const meta: MetaFunction = () => [
  { title: "Reminders · Nudge" },
  { name: "description", content: "Your Nudge reminders: what is due, what is waiting for you, and what is done." },
];

// Tasks issue: answers on the cards update the list in place; don't reload page 1 after them.
export const shouldRevalidate = keepTaskListOnTaskAnswers;

/** The dashboard (login required): header, verification banner, and the task list (`?page=N&after=` is one page: the no-JavaScript "Load more"). */
export async function loader(args: LoaderFunctionArgs) {
  const at = dashboardPageParam(args.request);
  // The page of tasks is read while the person's row is: one D1 round trip, not two.
  const { user, headers, value: read } = await requireUserWith(args, (userId) => readDashboardTasks(args.context.deps, userId, at));
  // From the person's row, already read for the session: no read of its own.
  const rest = await breakOnce(args, user.id);
  const taskList = await loadDashboardTasks(args.context.deps, user, at, read, rest.until !== null);
  return data({ isVerified: user.isVerified, taskList, rest }, { headers });
}

export default function Dashboard() {
  const { isVerified, taskList, rest } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <header className="page-header">
        <h1 className="page__title">Reminders</h1>
        <p className="muted page-header__lead">Stay on top of your tasks.</p>
      </header>
      <BreakBanner rest={rest} />
      {isVerified ? null : (
        <section className="verify-banner" aria-labelledby="verify-banner-title">
          <div>
            <h2 id="verify-banner-title" className="verify-banner__title">
              Email Verification Required
            </h2>
            <p className="verify-banner__text">Verify your email address so Nudge can send your reminders and you can create tasks.</p>
          </div>
          <ButtonLink to="/integrations" className="verify-banner__button">
            Verify Email Address
          </ButtonLink>
        </section>
      )}
      <TaskList initial={taskList} />
    </div>
  );
}

