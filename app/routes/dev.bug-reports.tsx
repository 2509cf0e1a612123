import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { isDevOutboxOn } from "../../worker/env";
import { listReports } from "../../worker/services/feedback";

export const meta: MetaFunction = () => [
  { title: "Dev bug reports · Nudge" },
  { name: "description", content: "Reports sent with Report a Bug while developing." },
  { name: "robots", content: "noindex" },
];

/** Beside the dev outbox: every report the widget sent (D1), with its screenshot (local R2). */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!isDevOutboxOn(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  const reports = await listReports(context.deps);
  return {
    reports: reports.map((report) => ({
      id: report.id,
      name: report.name,
      email: report.email,
      message: report.message,
      source: report.source,
      url: report.url,
      tags: report.tags,
      hasScreenshot: report.screenshotKey !== null,
      createdAt: new Date(report.createdAt).toISOString(),
    })),
  };
}

export default function DevBugReports() {
  const { reports } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <h1 className="page__title">Dev bug reports</h1>
      <p className="muted">
        Reports sent with Report a Bug, newest first. Only on in development (DEV_OUTBOX); the team&apos;s email is in the{" "}
        <a href="/dev/outbox">dev outbox</a>.
      </p>
      {reports.length === 0 ? (
        <p>No reports yet.</p>
      ) : (
        <ol className="outbox-list">
          {reports.map((report) => (
            <li key={report.id} className="card outbox-item" data-testid="bug-report">
              <p className="outbox-item__meta">
                <strong>{report.name || "No name"}</strong> {report.email ? `<${report.email}>` : ""} · <time dateTime={report.createdAt}>{report.createdAt}</time> · {report.source}
              </p>
              <p className="outbox-item__text">{report.message}</p>
              <p className="muted">
                Page: {report.url || "not given"} · Tags: {report.tags}
              </p>
              {report.hasScreenshot ? (
                <a href={`/dev/bug-reports/${report.id}/screenshot`}>
                  <img className="bug-report__screenshot" src={`/dev/bug-reports/${report.id}/screenshot`} alt={`Screenshot sent with the report of ${report.createdAt}`} />
                </a>
              ) : (
                <p className="muted">No screenshot.</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
