import { z } from "zod";
import { MAX_DAY_INTERVAL, MAX_MONTH_INTERVAL, MAX_WEEK_INTERVAL, MAX_YEAR_INTERVAL, MONTH_NAMES, type Recurrence } from "./recurrence";

/**
 * The repeat rules as the API and the task forms receive them (services/recurrence.ts holds the rules and their
 * arithmetic): each mistake answered with a sentence a person can act on.
 */

/** The most days each month can have (February in a leap year): a yearly rule's day must be one of them. */
const LONGEST_MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const weekdaySchema = z.literal([1, 2, 3, 4, 5, 6, 7], {
  error: "Each weekday must be a number from 1 (Monday) to 7 (Sunday).",
});

/** "Repeat every 1 to 365 days." An optional whole number; 1 is the same as none. */
function intervalSchema(max: number, unit: string) {
  const error = `The interval must be a whole number of ${unit} from 1 to ${max}.`;
  return z.number({ error }).int({ error }).min(1, { error }).max(max, { error }).optional();
}

/** A day of the month, 1 to 31, for a monthly or a yearly repeat. */
function dayOfMonthSchema(repeat: "monthly" | "yearly") {
  const error = "The day of the month must be a whole number from 1 to 31.";
  return z.number({ error: `A ${repeat} repeat needs the day of the month as a number.` }).int({ error }).min(1, { error }).max(31, { error });
}

const WEEK_ERROR = "The week must be 1, 2, 3 or 4 (the first to the fourth of the month), or -1 for the last.";

/**
 * A monthly or yearly repeat is on a day of the month or on a weekday's place in it ("the first Monday", "the fourth
 * Thursday of November"), never both, never neither.
 */
function dayRuleProblem(repeat: "monthly" | "yearly", rule: { dayOfMonth?: number; week?: number; weekday?: number }): string | null {
  const byWeekday = rule.week !== undefined || rule.weekday !== undefined;
  if (rule.dayOfMonth !== undefined && byWeekday) return `A ${repeat} repeat is on a day of the month or on a week and a weekday, not both.`;
  if (!byWeekday) return rule.dayOfMonth === undefined ? `A ${repeat} repeat needs the day of the month as a number.` : null;
  if (rule.week === undefined) return `A ${repeat} repeat on a weekday needs its week: 1, 2, 3 or 4, or -1 for the last.`;
  if (rule.weekday === undefined) return `A ${repeat} repeat on a weekday needs the weekday as a number from 1 (Monday) to 7 (Sunday).`;
  return null;
}

/** Reports dayRuleProblem's sentence on the field to fix: the day when nothing says which day, else the week. */
function checkDayRule(repeat: "monthly" | "yearly") {
  return (rule: { dayOfMonth?: number; week?: number; weekday?: number }, context: z.RefinementCtx) => {
    const message = dayRuleProblem(repeat, rule);
    if (message) context.addIssue({ code: "custom", message, path: [rule.dayOfMonth === undefined && rule.week === undefined && rule.weekday === undefined ? "dayOfMonth" : "week"] });
  };
}

const weekOfMonthSchema = z.literal([1, 2, 3, 4, -1], { error: WEEK_ERROR });

const MONTH_ERROR = "The month must be a whole number from 1 (January) to 12 (December).";
const monthSchema = z
  .number({ error: "A yearly repeat needs the month as a number from 1 (January) to 12 (December)." })
  .int({ error: MONTH_ERROR })
  .min(1, { error: MONTH_ERROR })
  .max(12, { error: MONTH_ERROR });

const isStrictlyAscending = (days: readonly number[]) => days.every((day, i) => i === 0 || day > (days[i - 1] ?? 0));

export const recurrenceSchema: z.ZodType<Recurrence> = z.discriminatedUnion(
  "freq",
  [
    z.object({ freq: z.literal("daily"), interval: intervalSchema(MAX_DAY_INTERVAL, "days") }),
    z.object({ freq: z.literal("weekdays") }),
    z.object({
      freq: z.literal("weekly"),
      interval: intervalSchema(MAX_WEEK_INTERVAL, "weeks"),
      days: z
        .array(weekdaySchema, { error: "A weekly repeat needs a list of weekdays." })
        .min(1, { error: "A weekly repeat needs at least one weekday." })
        .refine(isStrictlyAscending, { error: "List each weekday once, in order from Monday to Sunday." }),
    }),
    z
      .object({
        freq: z.literal("monthly"),
        interval: intervalSchema(MAX_MONTH_INTERVAL, "months"),
        dayOfMonth: dayOfMonthSchema("monthly").optional(),
        week: weekOfMonthSchema.optional(),
        weekday: weekdaySchema.optional(),
      })
      .superRefine(checkDayRule("monthly")),
    z
      .object({
        freq: z.literal("yearly"),
        interval: intervalSchema(MAX_YEAR_INTERVAL, "years"),
        month: monthSchema,
        dayOfMonth: dayOfMonthSchema("yearly").optional(),
        week: weekOfMonthSchema.optional(),
        weekday: weekdaySchema.optional(),
      })
      .superRefine(checkDayRule("yearly"))
      .refine((rule) => rule.dayOfMonth === undefined || rule.dayOfMonth <= (LONGEST_MONTH_DAYS[rule.month - 1] ?? 31), {
        error: (issue) => {
          const { month, dayOfMonth } = issue.input as { month: number; dayOfMonth: number };
          return `${MONTH_NAMES[month - 1]} has no day ${dayOfMonth}: choose a day from 1 to ${LONGEST_MONTH_DAYS[month - 1]}.`;
        },
        path: ["dayOfMonth"],
      }),
  ],
  { error: 'The repeat must be "daily", "weekdays", "weekly", "monthly" or "yearly".' },
  // A monthly or yearly rule is one of its two shapes once dayRuleProblem has found nothing wrong.
).transform((rule) => rule as Recurrence);
