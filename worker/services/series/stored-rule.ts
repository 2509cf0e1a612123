import type { Recurrence } from "../recurrence";

/**
 * A repeat rule as `tasks.recurrence` stores it: the rule, and, on an occurrence that was already due
 * when its owner changed time zone, `wallZone`: the zone its time of day was set in (follow-zone.ts).
 * The occurrence after it reads its time of day there and lands on the same time on the new clock.
 * `wallZone` never leaves the server: the API and the calendar feed see the rule alone.
 */
interface StoredRule {
  rule: Recurrence;
  wallZone: string | null;
}

export function readStoredRule(json: string): StoredRule {
  const { wallZone, ...rule } = JSON.parse(json) as Recurrence & { wallZone?: string };
  return { rule: rule as Recurrence, wallZone: wallZone ?? null };
}

/** The rule alone (no `wallZone`) when none is given. */
export function storedRuleJson(rule: Recurrence, wallZone: string | null = null): string {
  return JSON.stringify(wallZone ? { ...rule, wallZone } : rule);
}
