import { SelectField } from "~/components/ui/SelectField";
import { KEEP_RULE, repeatOptions } from "./repeat-choice";

/**
 * "Repeat" (New Task and Edit Task): worded for the due date the form shows ("Every week on Friday"), so
 * the person sees what they pick. `keep` is Edit Task's rule that no simple choice says ("Repeats every
 * other Friday"), kept unless the person picks another.
 */
export function RepeatSelect({ due, defaultValue, keep, hint }: { due: string; defaultValue: string; keep?: string | null; hint: string }) {
  return (
    <SelectField label="Repeat" name="repeat" defaultValue={defaultValue} hint={hint}>
      {keep ? <option value={KEEP_RULE}>{`Keep: ${keep}`}</option> : null}
      {repeatOptions(due).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
