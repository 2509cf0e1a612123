import { useLocation } from "@remix-run/react";
import { ANSWER_LABELS, ANSWER_PENDING_LABELS, OTHER_SNOOZE_TIMES_LABEL, type Answer } from "../../../worker/services/answers";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/hooks";
import {
  MORE_SNOOZE_MINUTES,
  SNOOZE_MORNING_INTENT,
  SNOOZE_MORNING_LABEL,
  SNOOZE_UNTIL_INTENT,
  snoozeLabel,
  taskAnswerAction,
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
  /** "Other snooze times" open and drawn from the start (the task's own snooze page); else drawn when opened. */
  moreOpen?: boolean;
  /** Where a plain form post (no JavaScript) comes back to; this page by default. */
  returnTo?: string;
}

/** The page that shows one task's other snooze times, for a browser without JavaScript (tasks.$taskId.snooze.tsx); it comes back to `back`. */
export const snoozeTimesPath = (taskId: string, back: string) => `/tasks/${taskId}/snooze?back=${encodeURIComponent(back)}`;
export const CHOOSE_SNOOZE_TIME = "Choose a snooze time";

/**
 * Acknowledge / Done / Snooze for one task, in the words of worker/services/answers.ts, through the resource route's action (the
 * same services as /v1/tasks). A real form: without JavaScript it posts and comes back here.
 * Success is a calm, polite toast; a failure stays next to the buttons until the next try.
 * "Other snooze times" folds away the card's other snoozes (10 min, 1 hour, 3 hours, tomorrow morning, until a time of
 * day), so the card keeps the spec's three buttons in view.
 */
export function ReminderActions({ task, onAnswered, showDone = true, moreOpen = false, returnTo }: ReminderActionsProps) {
  const { fetcher, busy, error } = useTaskAnswer(onAnswered);
  const location = useLocation();
  const untilId = useId();
  const hydrated = useHydrated();
  // The other times are drawn only once "Other snooze times" is opened (issue 8: on a dashboard of 20 cards
  // they were half of each card's markup and doubled the server's work per task). Before the page runs its
  // scripts, or without them, the fold holds a link to the task's own snooze page instead.
  const [drawn, setDrawn] = useState(moreOpen);
  const more = useRef<HTMLDetailsElement>(null);
  // Opened before the scripts ran (the link showed): draw the buttons once they can work.
  useEffect(() => {
    if (more.current?.open) setDrawn(true);
  }, []);
  const back = returnTo ?? `${location.pathname}${location.search}`;
  const busyIntent = fetcher.state === "submitting" ? fetcher.formData?.get("intent") : null;
  // One text node: the title between its quotes (JSX splits `&quot;{title}&quot;` into three, each with a marker in the HTML).
  const about = <span className="visually-hidden">{` "${task.title}"`}</span>;
  // The order on screen: Acknowledge (until acknowledged), Done (where offered), Snooze.
  const shown: Answer[] = [...(task.acknowledged ? [] : (["acknowledge"] as const)), ...(showDone ? (["done"] as const) : []), "snooze"];
  // The answers skip the time field's check, which is drawn with the other times; a folded card has no field, nor the prop.
  const skipCheck = drawn ? { formNoValidate: true } : undefined;
  // `disabled={false}` still costs React an attribute's work on the server; undefined is skipped.
  const off = busy || undefined;

  return (
    <fetcher.Form method="post" action={taskAnswerAction(task.id, back)} className="reminder-actions" aria-busy={off}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {/*
        The form's default button, first in it: Enter in the time field submits with the default button,
        which would otherwise be Acknowledge. Never seen or focused; the visible Snooze beside the field
        does the same. Only there with the field: a folded card has no field to press Enter in.
      */}
      {drawn ? <button type="submit" name="intent" value={SNOOZE_UNTIL_INTENT} hidden tabIndex={-1} aria-hidden="true" disabled={busy} /> : null}
      <div className="reminder-actions__buttons">
        {shown.map((answer) => (
          <Button key={answer} type="submit" name="intent" value={answer} variant={answer === "done" ? "primary" : "secondary"} disabled={off} {...skipCheck}>
            {busyIntent === answer ? ANSWER_PENDING_LABELS[answer] : ANSWER_LABELS[answer]}
            {about}
          </Button>
        ))}
      </div>
      <details ref={more} className="reminder-actions__more" open={moreOpen || undefined} onToggle={(event) => event.currentTarget.open && setDrawn(true)}>
        <summary>
          {OTHER_SNOOZE_TIMES_LABEL}
          {about}
        </summary>
        {drawn ? (
          <OtherSnoozeTimes untilId={untilId} busy={busy} busyIntent={busyIntent} about={about} />
        ) : hydrated ? null : (
          <p className="reminder-actions__later">
            <a href={snoozeTimesPath(task.id, back)}>
              {CHOOSE_SNOOZE_TIME}
              {about}
            </a>
          </p>
        )}
      </details>
    </fetcher.Form>
  );
}

/** 10 min, 1 hour, 3 hours, Tomorrow morning, and Until a time: the fold's buttons. */
function OtherSnoozeTimes({ untilId, busy, busyIntent, about }: { untilId: string; busy: boolean; busyIntent: FormDataEntryValue | null | undefined; about: ReactNode }) {
  return (
    <>
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
    </>
  );
}
