/**
 * Tasks and their series, below both the task service and the escalation engine: the writes that
 * create a task with its escalation, and the next occurrence of a recurring task (ADR 023, ADR 028),
 * which the task service's answers and the engine's end of a chain both create.
 */
export { newTaskStatements, type NewTask, type TaskSource } from "./new-task";
export { nextOccurrenceDueAt, nextOccurrenceId, nextOccurrenceStatements, type OccurrenceSource } from "./next-occurrence";
export { readStoredRule, storedRuleJson } from "./stored-rule";
export { followZoneStatements, openRecurringQuery, type OpenRecurring } from "./follow-zone";
