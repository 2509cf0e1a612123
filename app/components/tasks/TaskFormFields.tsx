import { Link } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { CheckBackSelect } from "./CheckBackSelect";
import { RepeatSelect } from "./RepeatSelect";
import { StrategySelect } from "./StrategySelect";
import type { TaskStrategyChoice } from "./types";

/**
 * The fields New Task and Edit Task share: Task Title, Due Date/Time on the person's clock, Repeat, "How hard
 * to nudge", "If I acknowledge it but don't finish", and "Remind me even during quiet hours" for people who have them.
 */
export type TaskFieldErrors = Partial<Record<"title" | "dueDate", string>>;

/** The form's own checks before it is sent: a blank title or due date is named under its field, which gets the focus. */
export function useTaskFieldChecks(messages: { titleRequired: string; dueRequired: string }) {
  const [clientErrors, setClientErrors] = useState<TaskFieldErrors>({});
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const next: TaskFieldErrors = {};
    if (String(form.get("title") ?? "").trim() === "") next.title = messages.titleRequired;
    if (String(form.get("dueDate") ?? "").trim() === "") next.dueDate = messages.dueRequired;
    setClientErrors(next);
    if (next.title || next.dueDate) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLInputElement>(next.title ? "[name=title]" : "[name=dueDate]")?.focus();
    }
  }
  const clear = (field: keyof TaskFieldErrors) => setClientErrors((errors) => ({ ...errors, [field]: undefined }));
  return { clientErrors, onSubmit, clear };
}

interface TaskFieldsProps {
  errors: TaskFieldErrors;
  clear: (field: keyof TaskFieldErrors) => void;
  titleMax: number;
  title?: string;
  due: string;
  dueHint: string;
  /** The task's own check-back ("" = its sequence's). */
  checkBack: { value: string };
  /**
   * "How hard to nudge": the choices (each with its check-back words) and the one shown first (ADR 111); Edit Task's
   * `notes` say what saving another one would do to reminders already going (ADR 113).
   */
  strategy: { choices: TaskStrategyChoice[]; value: string; notes?: Record<string, string> };
  /** The Repeat choice shown first, Edit Task's kept rule in words, and the field's hint. */
  repeat: { value: string; keep?: string | null; hint: string };
  quiet: { enabled: boolean; start: string | null; end: string | null };
  ignoreQuietHours?: boolean;
  /** Edit Task: say that the box was shown, so an unticked box is sent as "no" (a form sends nothing for it). */
  markQuietShown?: boolean;
}

export function TaskFields({ errors, clear, titleMax, title, due, dueHint, checkBack, strategy, repeat, quiet, ignoreQuietHours, markQuietShown }: TaskFieldsProps) {
  // The due date as typed so far: Repeat's choices are worded for it ("Every week on Friday").
  const [dueShown, setDueShown] = useState(due);
  // The sequence picked so far: the check-back's first choice says what that one does.
  const [strategyShown, setStrategyShown] = useState(strategy.value);
  // The catalogue is never empty, so there is always a first choice to fall back on.
  const sequence = (strategy.choices.find((choice) => choice.value === strategyShown) ?? strategy.choices[0]!).checkBack;
  return (
    <>
      <TextField
        label="Task Title"
        name="title"
        placeholder="Morning Medication"
        defaultValue={title}
        maxLength={titleMax}
        autoComplete="off"
        required
        error={errors.title}
        onChange={() => clear("title")}
      />
      <TextField
        label="Due Date/Time"
        name="dueDate"
        type="datetime-local"
        defaultValue={due}
        required
        hint={dueHint}
        error={errors.dueDate}
        onChange={(event) => {
          clear("dueDate");
          setDueShown(event.target.value);
        }}
      />
      <RepeatSelect due={dueShown} defaultValue={repeat.value} keep={repeat.keep} hint={repeat.hint} />
      <StrategySelect
        choices={strategy.choices}
        defaultValue={strategy.value}
        shown={strategyShown}
        onChange={setStrategyShown}
        // Only for another sequence at the same time: a new due time starts everything over, from the first step.
        note={strategyShown !== strategy.value && dueShown === due ? strategy.notes?.[strategyShown] : undefined}
      />
      <CheckBackSelect sequence={sequence} defaultValue={checkBack.value} />
      {quiet.enabled ? (
        <label className="checkbox">
          {markQuietShown ? <input type="hidden" name="quietShown" value="true" /> : null}
          <input type="checkbox" name="ignoreQuietHours" value="true" defaultChecked={ignoreQuietHours} />
          <span>
            Remind me even during quiet hours ({quiet.start}–{quiet.end}), for things like late medication
          </span>
        </label>
      ) : null}
    </>
  );
}

/**
 * The end of both forms: "Task created successfully!" / "Task updated successfully!" and then the dashboard
 * (a link until the page's script runs), or the sentence of a failure, and the submit button.
 */
export function TaskFormEnd({ saved, failure, hydrated, busy, label, busyLabel }: { saved: string | null; failure: string | null; hydrated: boolean; busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      <div aria-live="polite">
        {saved ? (
          <Alert tone="success">
            {saved} {hydrated ? <span>Taking you to your dashboard...</span> : <Link to="/dashboard">Go to your dashboard</Link>}
          </Alert>
        ) : null}
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Button type="submit" size="lg" block disabled={busy || saved !== null}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}
