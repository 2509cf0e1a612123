import { SelectField } from "~/components/ui/SelectField";
import type { TaskStrategyChoice } from "./types";

/**
 * "How hard to nudge" (New Task and Edit Task, ADR 111): the sequence this task escalates by, with what the
 * chosen one does under it. The page's default is what POST /v1/tasks does without a strategy.
 */
export function StrategySelect({ choices, defaultValue, shown, onChange }: { choices: TaskStrategyChoice[]; defaultValue: string; shown: string; onChange: (value: string) => void }) {
  const chosen = choices.find((choice) => choice.value === shown) ?? choices[0];
  // Not controlled: a choice made before the page's script runs stays (ADR 075); the hint follows `shown`.
  return (
    <SelectField label="How hard to nudge" name="strategy" defaultValue={defaultValue} hint={chosen?.description} onChange={(event) => onChange(event.target.value)}>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  );
}
