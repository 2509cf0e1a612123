import { Link } from "@remix-run/react";
import { useId } from "react";
import { ClockIcon, MoonIcon, PencilIcon, PeopleIcon, TrashIcon } from "./icons";
import { NotDoneYet } from "./NotDoneYet";
import { ReminderActions } from "./ReminderActions";
import type { TaskActionResult, TaskView } from "./types";

export interface TaskCardProps {
  task: TaskView;
  onRequestDelete: (task: TaskView) => void;
  onAnswered: (result: TaskActionResult) => void;
}

/**
 * One task: title, a coloured label saying how soon it is due (the colour is never the only
 * signal), the due time and the last reminder on the user's clock, and the answers while open.
 * An open task can be edited (pencil: /tasks/:id/edit) and any task deleted (bin, after a question);
 * a done one can be opened again ("Not done yet").
 */
export function TaskCard({ task, onRequestDelete, onAnswered }: TaskCardProps) {
  const titleId = useId();
  return (
    <article className={`card task-card task-card--${task.tone}`} aria-labelledby={titleId}>
      <div className="task-card__head">
        <h4 id={titleId} className="task-card__title">
          {task.title}
        </h4>
        <div className="task-card__tools">
          {task.completed ? null : (
            <Link to={`/tasks/${task.id}/edit`} className="btn btn--ghost btn--icon task-card__edit" aria-label={`Edit task "${task.title}"`}>
              <PencilIcon />
            </Link>
          )}
          <button
            type="button"
            className="btn btn--ghost btn--icon task-card__delete"
            aria-label={`Delete task "${task.title}"`}
            onClick={() => onRequestDelete(task)}
          >
            <TrashIcon />
          </button>
        </div>
      </div>
      <p className="task-card__due">
        <span className={`task-pill task-pill--${task.tone}`}>{task.toneLabel}</span>
        <span>
          Due <time dateTime={task.dueDate}>{task.dueLabel}</time>
        </span>
      </p>
      <p className="task-card__meta">
        <ClockIcon />
        <span>{task.lastReminderLabel}</span>
      </p>
      {task.repeatsLabel ? <p className="task-card__meta task-card__repeats">{task.repeatsLabel}</p> : null}
      {task.snoozeLabel ? <p className="task-card__meta task-card__snooze">{task.snoozeLabel}</p> : null}
      {task.checkBackLabel ? <p className="task-card__meta task-card__snooze">{task.checkBackLabel}</p> : null}
      {task.quietLabel ? (
        <p className="task-card__meta task-card__quiet">
          <MoonIcon />
          <span>{task.quietLabel}</span>
        </p>
      ) : null}
      {task.ignoresQuiet ? <p className="task-card__meta">Reminds you even in quiet hours</p> : null}
      {task.strategyLabel ? <p className="task-card__meta task-card__strategy">{task.strategyLabel}</p> : null}
      {task.buddiesLabel ? (
        <p className="task-card__meta task-card__buddies">
          <PeopleIcon />
          <span>{task.buddiesLabel}</span>
        </p>
      ) : null}
      {task.completed ? (
        <NotDoneYet task={task} onAnswered={onAnswered} />
      ) : (
        <ReminderActions task={task} onAnswered={onAnswered} />
      )}
    </article>
  );
}
