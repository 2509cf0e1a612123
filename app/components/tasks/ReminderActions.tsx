import { useLocation } from "@remix-run/react";
import { ANSWER_LABELS, ANSWER_PENDING_LABELS, OTHER_SNOOZE_TIMES_LABEL, type Answer } from "../../../worker/services/answers";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { useId } from "react";
import {
  MORE_SNOOZE_MINUTES,
  SNOOZE_MORNING_INTENT,
  SNOOZE_MORNING_LABEL,
  SNOOZE_UNTIL_INTENT,
  snoozeLabel,
  TASKS_RESOURCE,
  type TaskActionResult,
  type TaskView,
} from "./types";
import { SnoozeUntilRow } from "./SnoozeUntilRow";
import { useTaskAnswer } from "./use-task-answer";

export interface ReminderActionsProps {
  task: Pick<TaskView, "id" | "title" | "acknowledged" | "completed">;
  /** Called once per answer with the server's result (also for failures). */
  onAnswered?: (result: TaskActionResult) => void;
  /** The dashboard offers Done as well; the reminder screen keeps to Acknowledge and Snooze. */
  showDone?: boolean;
}

/**
 * Acknowledge / Done / Snooze for one task, in the words of worker/services/answers.ts, through the resource route's action (the
 * same services as /v1/tasks). A real form: without JavaScript it posts and comes back here.
 * Success is a calm, polite toast; a failure stays next to the buttons until the next try.
 * "Other snooze times" folds away the card's other snoozes (10 min, 1 hour, 3 hours, tomorrow morning, until a time of
 * day), so the card keeps the spec's three buttons in view.
 */
export function ReminderActions({ task, onAnswered, showDone = true }: ReminderActionsProps) {
  const { fetcher, busy, error } = useTaskAnswer(onAnswered);
  const location = useLocation();
  const untilId = useId();
  const busyIntent = fetcher.state === "submitting" ? fetcher.formData?.get("intent") : null;
  const about = <span className="visually-hidden"> &quot;{task.title}&quot;</span>;
  // The order on screen: Acknowledge (until acknowledged), Done (where offered), Snooze.
  const shown: Answer[] = [...(task.acknowledged ? [] : (["acknowledge"] as const)), ...(showDone ? (["done"] as const) : []), "snooze"];

  return (
    <fetcher.Form method="post" action={TASKS_RESOURCE} className="reminder-actions" aria-busy={busy || undefined}>
      <input type="hidden" name="taskId" value={task.id} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {/*
        The form's default button, first in it: Enter in the time field submits with the default button,
        which would otherwise be Acknowledge. Never seen or focused; the visible Snooze beside the field
        does the same.
      */}
      <button type="submit" name="intent" value={SNOOZE_UNTIL_INTENT} hidden tabIndex={-1} aria-hidden="true" disabled={busy} />
      <div className="reminder-actions__buttons">
        {shown.map((answer) => (
          <Button key={answer} type="submit" name="intent" value={answer} variant={answer === "done" ? "primary" : "secondary"} disabled={busy} formNoValidate>
            {busyIntent === answer ? ANSWER_PENDING_LABELS[answer] : ANSWER_LABELS[answer]}
            {about}
          </Button>
        ))}
      </div>
      <details className="reminder-actions__more">
        <summary>
          {OTHER_SNOOZE_TIMES_LABEL}
          {about}
        </summary>
        <div className="reminder-actions__buttons reminder-actions__buttons--times">
          {MORE_SNOOZE_MINUTES.map((minutes) => (
            <Button key={minutes} type="submit" name="intent" value={`snooze:${minutes}`} variant="secondary" disabled={busy} formNoValidate>
              {busyIntent === `snooze:${minutes}` ? (
                ANSWER_PENDING_LABELS.snooze
              ) : (
                <>
                  {/* Under "Other snooze times" the time alone is enough to see; the name says the whole answer. */}
                  <span className="visually-hidden">Snooze </span>
                  {snoozeLabel(minutes)}
                </>
              )}
              {about}
            </Button>
          ))}
          <Button type="submit" name="intent" value={SNOOZE_MORNING_INTENT} variant="secondary" className="reminder-actions__morning" disabled={busy} formNoValidate>
            {busyIntent === SNOOZE_MORNING_INTENT ? (
              ANSWER_PENDING_LABELS.snooze
            ) : (
              <>
                <span className="visually-hidden">Snooze until </span>
                {SNOOZE_MORNING_LABEL}
              </>
            )}
            {about}
          </Button>
        </div>
        <SnoozeUntilRow
          id={untilId}
          fieldName="until"
          button={{ name: "intent", value: SNOOZE_UNTIL_INTENT }}
          busy={busy}
          pendingLabel={busyIntent === SNOOZE_UNTIL_INTENT ? ANSWER_PENDING_LABELS.snooze : null}
          about={about}
        />
      </details>
    </fetcher.Form>
  );
}
