import { DateTime } from "luxon";
import { z } from "zod";
import { SNOOZE_MINUTES } from "../answers";
import { strategyKeySchema } from "../escalation/catalogue";
import { recurrenceSchema } from "../recurrence-schema";
import { oneLine } from "../one-line";
import { requiredText } from "../validation";
import { parseTimeOfDay } from "./time-of-day";

/**
 * The zod schemas of the task API, shared by the Hono routes and the Remix actions. Every message
 * is a sentence a person can act on; the spec's exact texts where it gives them (spec 02 section 5).
 */
export const TITLE_MAX = 200;
export const SNOOZE_MIN_MINUTES = 1;
export const SNOOZE_MAX_MINUTES = 1440;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const PROMPT_MAX = 500;

export const DUE_DATE_REQUIRED = "Due date is required.";
export const DUE_DATE_INVALID = "Due date is not a valid date and time. Send it as ISO 8601, for example 2026-03-01T09:00:00Z.";
export const DUE_DATE_RANGE = "Due date must be between the years 2000 and 2100.";
export const TITLE_REQUIRED = "Task title is required.";
export const TITLE_TOO_LONG = `Task title must be ${TITLE_MAX} characters or fewer.`;

/** One line (services/one-line.ts): no control characters or line breaks reach a subject or an SMS. */
const titleSchema = z
  .string({ error: TITLE_REQUIRED })
  .overwrite(oneLine)
  .min(1, { error: TITLE_REQUIRED })
  .max(TITLE_MAX, { error: TITLE_TOO_LONG });

/**
 * The instant a due date stands for. A date-time with an offset or "Z" is exact; one without an
 * offset ("2026-03-01T09:00") is read on the user's own clock (their IANA zone), like the web form.
 */
export function dueDateToInstant(value: string, zone: string): number | null {
  const parsed = DateTime.fromISO(value.trim(), { zone, setZone: false });
  return parsed.isValid ? parsed.toMillis() : null;
}

const dueDateSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? DUE_DATE_REQUIRED : DUE_DATE_INVALID) })
  .trim()
  .min(1, { error: DUE_DATE_REQUIRED })
  .superRefine((value, ctx) => {
    const instant = dueDateToInstant(value, "UTC");
    if (instant === null) ctx.addIssue({ code: "custom", message: DUE_DATE_INVALID });
    else {
      const year = new Date(instant).getUTCFullYear();
      if (year < 2000 || year > 2100) ctx.addIssue({ code: "custom", message: DUE_DATE_RANGE });
    }
  });

const taskStrategySchema = strategyKeySchema.nullable().optional();
const taskRecurrenceSchema = recurrenceSchema.nullable().optional();
/** "Remind me even during quiet hours" (issue 13). */
const ignoreQuietHoursSchema = z.boolean({ error: "ignoreQuietHours must be true or false." }).optional();
export const CHECK_BACK_MINUTES_MAX = 1440;
export const CHECK_BACK_INVALID = `checkBackMinutes must be a whole number of minutes from 5 to ${CHECK_BACK_MINUTES_MAX}, 0 for never, or null for the sequence's own.`;
/** A task's own check-back after an Acknowledge (issue 13): null = the sequence's, 0 = never, 5-1440 minutes. */
const checkBackMinutesSchema = z
  .number({ error: CHECK_BACK_INVALID })
  .int({ error: CHECK_BACK_INVALID })
  .refine((minutes) => minutes === 0 || (minutes >= 5 && minutes <= CHECK_BACK_MINUTES_MAX), { error: CHECK_BACK_INVALID })
  .nullable()
  .optional();

/** POST /v1/tasks: {title, dueDate} plus an optional strategy key and recurrence rule. */
export const createTaskSchema = z.object(
  {
    title: titleSchema,
    dueDate: dueDateSchema,
    strategy: taskStrategySchema,
    recurrence: taskRecurrenceSchema,
    ignoreQuietHours: ignoreQuietHoursSchema,
    checkBackMinutes: checkBackMinutesSchema,
  },
  { error: "Send the task as a JSON object with a title and a dueDate." },
);
export type CreateTaskInput = z.infer<typeof createTaskSchema>;

/** PUT /v1/tasks/:id: any of title, dueDate, strategy, recurrence (other fields are ignored). */
export const updateTaskSchema = z
  .object(
    {
      title: titleSchema.optional(),
      dueDate: dueDateSchema.optional(),
      strategy: taskStrategySchema,
      recurrence: taskRecurrenceSchema,
      ignoreQuietHours: ignoreQuietHoursSchema,
      checkBackMinutes: checkBackMinutesSchema,
    },
    { error: "Send the changes as a JSON object." },
  )
  .refine((v) => [v.title, v.dueDate, v.strategy, v.recurrence, v.ignoreQuietHours, v.checkBackMinutes].some((field) => field !== undefined), {
    error: "Send at least one of title, dueDate, strategy, recurrence, ignoreQuietHours or checkBackMinutes to change.",
  });
export type UpdateTaskInput = z.infer<typeof updateTaskSchema>;

const PAGE_MESSAGE = "page must be a whole number of 1 or more.";
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}.`;

/** GET /v1/tasks?page=1&limit=20 (query strings). */
export const listTasksQuerySchema = z.object({
  page: z.coerce.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }).min(1, { error: PAGE_MESSAGE }).max(1_000_000, { error: PAGE_MESSAGE }).default(1),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(PAGE_SIZE_MAX, { error: LIMIT_MESSAGE })
    .default(PAGE_SIZE_DEFAULT),
  /** The `nextCursor` of the page before (keyset paging); checked by the list service. */
  after: z.string({ error: "after must be the nextCursor of the page before." }).max(200, { error: "after must be the nextCursor of the page before." }).optional(),
});

const SNOOZE_MESSAGE = `Snooze minutes must be a whole number from ${SNOOZE_MIN_MINUTES} to ${SNOOZE_MAX_MINUTES}.`;
export const SNOOZE_UNTIL_MESSAGE = 'Snooze until must be "morning" (9:00 AM on your clock, the next morning) or a time of day on a 24-hour clock, like "19:00" (the next time your clock shows it).';

/** POST /v1/tasks/:id/snooze {minutes} (1..1440; 30 when left out). */
export const snoozeSchema = z.object(
  {
    minutes: z
      .number({ error: SNOOZE_MESSAGE })
      .int({ error: SNOOZE_MESSAGE })
      .min(SNOOZE_MIN_MINUTES, { error: SNOOZE_MESSAGE })
      .max(SNOOZE_MAX_MINUTES, { error: SNOOZE_MESSAGE })
      .default(SNOOZE_MINUTES),
    /**
     * Instead of `minutes`: "morning", until the next morning on the person's clock (morning.ts), or
     * "HH:MM", until the next time their clock shows it (time-of-day.ts, ADR 086).
     */
    until: z
      .string({ error: SNOOZE_UNTIL_MESSAGE })
      .refine((until) => until === "morning" || parseTimeOfDay(until) !== null, { error: SNOOZE_UNTIL_MESSAGE })
      .optional(),
  },
  { error: "Send the snooze as a JSON object, for example {\"minutes\": 30}." },
);

export const PROMPT_REQUIRED = 'Please type what you want to be reminded of, for example "Take pills tomorrow at 9am".';

/** POST /v1/tasks/nl {prompt}: non-empty after trimming (spec 02 section 5). */
export const nlPromptSchema = z.object(
  {
    prompt: requiredText(PROMPT_REQUIRED)
      .max(PROMPT_MAX, { error: `Please keep the reminder under ${PROMPT_MAX} characters.` }),
  },
  { error: PROMPT_REQUIRED },
);
