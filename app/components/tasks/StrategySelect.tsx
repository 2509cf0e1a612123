import { SelectField } from "~/components/ui/SelectField";
import type { TaskStrategyChoice } from "./types";

/**
 * "How hard to nudge" (New Task and Edit Task, ADR 111): the sequence this task escalates by, with what the
 * chosen one does under it, and on Edit Task what saving it would do to reminders already going (`note`, ADR 113).
 * The page's default is what POST /v1/tasks does without a strategy.
 */
export function StrategySelect({ choices, defaultValue, shown, onChange, note }: { choices: TaskStrategyChoice[]; defaultValue: string; shown: string; onChange: (value: string) => void; note?: string }) {
  const chosen = choices.find((choice) => choice.value === shown) ?? choices[0];
  // The note on a line of its own, in the same hint (read out with the select).
  const hint = note ? (
    <>
      {chosen?.description} <span className="field__hint-note">{note}</span>
    </>
  ) : (
    chosen?.description
  );
  // Not controlled: a choice made before the page's script runs stays (ADR 075); the hint follows `shown`.
  return (
    <SelectField label="How hard to nudge" name="strategy" defaultValue={defaultValue} hint={hint} onChange={(event) => onChange(event.target.value)}>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  );
}
