import { useLocation } from "@remix-run/react";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { CheckIcon } from "./icons";
import { taskAnswerAction, type TaskActionResult, type TaskView } from "./types";
import { useTaskAnswer } from "./use-task-answer";

export const NOT_DONE_YET_LABEL = "Not done yet";

/**
 * A done card's "Completed", and beside it "Not done yet" (ADR 083): a Done pressed by mistake is
 * taken back, the task is open again and its reminders start over, gently. A real form: without
 * JavaScript it posts and comes back here.
 */
export function NotDoneYet({ task, onAnswered }: { task: Pick<TaskView, "id" | "title">; onAnswered?: (result: TaskActionResult) => void }) {
  const { fetcher, busy, error } = useTaskAnswer(onAnswered);
  const location = useLocation();
  return (
    <fetcher.Form method="post" action={taskAnswerAction(task.id, `${location.pathname}${location.search}`)} className="task-card__completed" aria-busy={busy || undefined}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <span className="task-card__completed-mark">
        <CheckIcon />
        Completed
      </span>
      <Button type="submit" name="intent" value="reopen" variant="ghost" className="task-card__reopen" disabled={busy}>
        {busy ? "Opening it again..." : NOT_DONE_YET_LABEL}
        <span className="visually-hidden">{` "${task.title}"`}</span>
      </Button>
    </fetcher.Form>
  );
}
