import type { Recurrence, Weekday } from "../../../worker/services/recurrence";

/**
 * "Repeat" on New Task and Edit Task: the repeats most reminders need (pills every day, the bins every
 * week, a birthday every year), read from the due date the person picked, so the form needs no second date. Richer rules ("every
 * other Friday") are made in plain words; Edit Task keeps such a rule unless the person picks another.
 * Pure and without a date library: it runs in the browser for the labels, and on the server for the rule.
 */
export type RepeatChoice = "" | "daily" | "weekdays" | "weekly" | "monthly" | "yearly";
/** Edit Task's value for "keep the rule this task has", when no simple choice says it. */
export const KEEP_RULE = "keep";

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** The wall date of a datetime-local value ("2026-11-27T09:00"), or null when it is not one. */
function wallDate(dueLocal: string): { weekday: Weekday; day: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T/.exec(dueLocal);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return null;
  return { weekday: (((date.getUTCDay() + 6) % 7) + 1) as Weekday, day, month };
}

function ordinal(day: number): string {
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th";
  return `${day}${suffix}`;
}

/** The select's choices, worded for the due date shown ("Every week on Friday"). */
export function repeatOptions(dueLocal: string): Array<{ value: RepeatChoice; label: string }> {
  const wall = wallDate(dueLocal);
  const weekly = wall ? `Every week on ${WEEKDAY_NAMES[wall.weekday - 1]}` : "Every week, on the due date's day";
  const monthly = wall ? `Every month on the ${ordinal(wall.day)}${wall.day > 28 ? " (or the month's last day)" : ""}` : "Every month, on the due date";
  const leapDay = wall?.month === 2 && wall.day === 29;
  const yearly = wall ? `Every year on ${MONTH_NAMES[wall.month - 1]} ${wall.day}${leapDay ? " (February 28 in other years)" : ""}` : "Every year, on the due date";
  return [
    { value: "", label: "Doesn't repeat" },
    { value: "daily", label: "Every day" },
    { value: "weekdays", label: "Every weekday (Monday to Friday)" },
    { value: "weekly", label: weekly },
    { value: "monthly", label: monthly },
    { value: "yearly", label: yearly },
  ];
}

/** The rule a choice stands for at this due date; null for "Doesn't repeat" (or a due date that is not one). */
export function recurrenceFor(choice: string, dueLocal: string): Recurrence | null {
  const wall = wallDate(dueLocal);
  switch (choice) {
    case "daily":
      return { freq: "daily" };
    case "weekdays":
      return { freq: "weekdays" };
    case "weekly":
      return wall ? { freq: "weekly", days: [wall.weekday] } : null;
    case "monthly":
      return wall ? { freq: "monthly", dayOfMonth: wall.day } : null;
    case "yearly":
      return wall ? { freq: "yearly", month: wall.month, dayOfMonth: wall.day } : null;
    default:
      return null;
  }
}

/** Which choice a task's rule is at its due date, or KEEP_RULE when none says it ("every other Friday"). */
export function choiceOf(rule: Recurrence | null | undefined, dueLocal: string): RepeatChoice | typeof KEEP_RULE {
  if (!rule) return "";
  const simple = (["daily", "weekdays", "weekly", "monthly", "yearly"] as const).find((choice) => {
    const made = recurrenceFor(choice, dueLocal);
    return made !== null && sameRule(made, rule);
  });
  return simple ?? KEEP_RULE;
}

/** Two rules that repeat alike (an interval of 1 is the same as none). */
function sameRule(a: Recurrence, b: Recurrence): boolean {
  const interval = (rule: Recurrence) => ("interval" in rule && rule.interval !== undefined ? rule.interval : 1);
  if (a.freq !== b.freq || interval(a) !== interval(b)) return false;
  if (a.freq === "weekly" && b.freq === "weekly") return a.days.join() === b.days.join();
  if (a.freq === "monthly" && b.freq === "monthly") return "dayOfMonth" in a && "dayOfMonth" in b && a.dayOfMonth === b.dayOfMonth;
  if (a.freq === "yearly" && b.freq === "yearly") return "dayOfMonth" in a && "dayOfMonth" in b && a.month === b.month && a.dayOfMonth === b.dayOfMonth;
  return true;
}

/** Whether the choice is read from the due date, so a new due date changes the rule too. */
export const followsDueDate = (choice: string) => choice === "weekly" || choice === "monthly" || choice === "yearly";
