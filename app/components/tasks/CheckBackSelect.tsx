import { SelectField } from "~/components/ui/SelectField";

/** The task's own check-back after an Acknowledge (issue 13), after the sequence's own (""). */
const CHECK_BACK_CHOICES: ReadonlyArray<readonly [string, string]> = [
  ["15", "Check back after 15 minutes"],
  ["30", "Check back after 30 minutes"],
  ["60", "Check back after 1 hour"],
  ["120", "Check back after 2 hours"],
  ["0", "Don't check back"],
];

/**
 * "If I acknowledge it but don't finish" (New Task and Edit Task): the person's sequence's own check-back
 * first ("" posts as "the sequence's"), then the task's own choices in minutes (0 = never).
 */
export function CheckBackSelect({ sequence, defaultValue }: { sequence: { option: string; hint: string }; defaultValue: string }) {
  // A value the list does not hold (set through the API, like 45) is still shown as it is.
  const custom = defaultValue !== "" && !CHECK_BACK_CHOICES.some(([value]) => value === defaultValue);
  return (
    <SelectField label="If I acknowledge it but don't finish" name="checkBackMinutes" defaultValue={defaultValue} hint={`Acknowledge means “I'm on it”. ${sequence.hint}`}>
      <option value="">{sequence.option}</option>
      {custom ? <option value={defaultValue}>Check back after {defaultValue} minutes</option> : null}
      {CHECK_BACK_CHOICES.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </SelectField>
  );
}
