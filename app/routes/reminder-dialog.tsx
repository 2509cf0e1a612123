import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { ClockIcon } from "~/components/tasks/icons";
import { ReminderActions } from "~/components/tasks/ReminderActions";
import type { TaskView } from "~/components/tasks/types";
import { Alert } from "~/components/ui/Alert";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";
import { requireUserWith } from "~/lib/session.server";
import { loadActiveReminders, readActiveReminders } from "~/lib/tasks.server";

export const meta: MetaFunction = () => [
  { title: "Active Reminders · Nudge" },
  { name: "description", content: "Your active reminders in Nudge: acknowledge them or snooze them for a while." },
];

/**
 * The Reminder Management screen (spec 02 section 2). The spec's version shows local sample data;
 * this one shows the user's REAL active reminders (tasks not done or acknowledged whose due time
 * has passed, or that are snoozed) and answers them with the same services as everywhere else.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user, headers, value: read } = await requireUserWith(args, (userId) => readActiveReminders(args.context.deps, userId));
  headers.set("Cache-Control", "no-store");
  return data(await loadActiveReminders(args.context.deps, user, read), { headers });
}

const DISMISSED_KEY = "nudge:reminder-dismissed:";

function wasDismissed(id: string): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY + id) !== null;
  } catch {
    return false;
  }
}

function rememberDismissed(id: string): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY + id, "1");
  } catch {
    // Storage may be off (private mode): the modal then simply opens again next time.
  }
}

function ReminderRow({ reminder, onOpen }: { reminder: TaskView; onOpen: (id: string) => void }) {
  const titleId = useId();
  return (
    <li className={`card reminder-row task-card--${reminder.tone}`} data-task-id={reminder.id}>
      <div className="reminder-row__text">
        <h2 id={titleId} className="reminder-row__title">
          {reminder.title}
        </h2>
        <p className="task-card__due">
          <span className={`task-pill task-pill--${reminder.tone}`}>{reminder.snoozeLabel ? "Snoozed" : reminder.toneLabel}</span>
          <span>
            Due <time dateTime={reminder.dueDate}>{reminder.dueLabel}</time>
          </span>
        </p>
        <p className="task-card__meta">
          <ClockIcon />
          <span>{reminder.snoozeLabel ?? reminder.lastReminderLabel}</span>
        </p>
      </div>
      <div className="reminder-row__actions">
        <ReminderActions task={reminder} showDone={false} />
        <Button variant="ghost" onClick={() => onOpen(reminder.id)}>
          Open<span className="visually-hidden"> &quot;{reminder.title}&quot;</span>
        </Button>
      </div>
    </li>
  );
}

export default function ReminderDialog() {
  const { reminders, urgentId, error } = useLoaderData<typeof loader>();
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = useRef(false);

  // The 'Reminder' modal opens by itself once, for the most urgent reminder (after hydration, so
  // the server page and the first client render agree). Closed without an answer, it stays
  // closed for that reminder for the rest of the browser session: a calm screen, not a nag.
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (urgentId && !wasDismissed(urgentId)) setOpenId(urgentId);
  }, [urgentId]);

  const closeModal = () => {
    if (openId) rememberDismissed(openId);
    setOpenId(null);
  };

  const current = reminders.find((r) => r.id === openId) ?? null;

  return (
    <div className="container page reminders-page">
      <header className="page-header">
        <h1 className="page__title">Active Reminders</h1>
        <p className="muted page-header__lead">Reminders that are due and still waiting for an answer.</p>
      </header>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {reminders.length === 0 && !error ? (
        <section className="card task-empty" aria-labelledby="no-reminders-title">
          <h2 id="no-reminders-title" className="task-empty__title">
            No Active Reminders
          </h2>
          <p className="muted">You don&apos;t have any pending reminders at the moment.</p>
          <ButtonLink to="/task-creator">Create New Task</ButtonLink>
        </section>
      ) : (
        <ul className="reminder-list" aria-label="Active reminders">
          {reminders.map((reminder) => (
            <ReminderRow key={reminder.id} reminder={reminder} onOpen={setOpenId} />
          ))}
        </ul>
      )}
      <Modal open={current !== null} title="Reminder" onClose={closeModal}>
        {current ? (
          <div className="reminder-modal">
            <p className="reminder-modal__title">{current.title}</p>
            <p className="task-card__due">
              <span className={`task-pill task-pill--${current.tone}`}>{current.toneLabel}</span>
              <span>
                Due <time dateTime={current.dueDate}>{current.dueLabel}</time>
              </span>
            </p>
            <p className="muted">{current.snoozeLabel ?? current.lastReminderLabel}</p>
            <ReminderActions
              key={current.id}
              task={current}
              showDone={false}
              onAnswered={(result) => {
                if (result.ok) setOpenId(null);
              }}
            />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
