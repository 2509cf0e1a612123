import type { Recurrence, Weekday } from "../recurrence";
import { COMMON_VERB } from "./verbs";
import { DAY_LIST, weekdayOfWord, type RecurrenceMatch } from "./recurrence-phrases";
import type { Span } from "./types";

/**
 * Days left out of a repeat: "every morning at 7 except weekends", "every day but not sundays",
 * "weekdays apart from friday". Without this, "every morning at 7 except weekends" became a reminder
 * every Saturday and Sunday (the word "weekends" read as the repeat, "except" left in the title), the
 * very days the person had asked to skip; and "every day except sunday" included Sundays.
 */
const EXCEPT = new RegExp(
  // "every day but sunday" (ADR 139; it was every day, titled "but walk"): "but" right after the repeat's word.
  `\\b(?:except(?:\\s+for)?|but\\s+not|(?<=\\b(?:day|days|daily|weekday|weekdays|night|nights|morning|mornings|evening|evenings|week)\\s+)but|apart\\s+from|excluding|other\\s+than|besides|not\\s+on)\\s+(?:on\\s+)?(?:the\\s+)?(week\\s*ends?|week\\s*days?|${DAY_LIST})`,
  "i",
);

/** Any other exception to a repeat ("except in december", "but not when it rains"): no rule holds one. */
// A clause is named whole, up to a word of time or a mark ("except when i'm on holiday" was named "except when i'm on").
const OTHER_EXCEPTION = new RegExp(
  String.raw`\b(?:except(?:\s+for)?|but\s+not|apart\s+from|excluding)\s+(?:(?:on\s+)?(?:bank|public|school|national|federal)\s+holidays?|(?:when|if|while|during|in|on)\s+[^\s,.;!?]+(?:\s+(?!(?:at|every|each|from|until|till|and|then|remind|please|${COMMON_VERB})\b)[^\s,.;!?]+){0,3}|\S+)`,
  "i",
);

/** An exception no rule can hold, as typed, in a prompt that repeats; null if none. */
export function unholdableException(text: string): string | null {
  return OTHER_EXCEPTION.exec(text)?.[0] ?? null;
}

export interface ExceptMatch {
  span: Span;
  /** The phrase as typed, for the refusal when no rule can hold it. */
  phrase: string;
  days: Weekday[];
}

const ALL_DAYS: Weekday[] = [1, 2, 3, 4, 5, 6, 7];
const WEEKDAYS: Weekday[] = [1, 2, 3, 4, 5];

export function findExcept(text: string): ExceptMatch | null {
  const match = EXCEPT.exec(text);
  if (!match) return null;
  const named = (match[1] ?? "").toLowerCase();
  const days = /^week\s*ends?$/.test(named)
    ? ([6, 7] as Weekday[])
    : /^week\s*days?$/.test(named)
      ? WEEKDAYS
      : (named.match(/[a-z]+/g) ?? []).map((word) => weekdayOfWord(word)).filter((day): day is Weekday => day !== undefined);
  return { span: { start: match.index, end: match.index + match[0].length }, phrase: match[0], days };
}

/**
 * The repeat without the days left out, as the simplest rule that holds the rest (every day, every
 * weekday, or the days of a weekly rule); null when no rule can: a repeat counted in months or every
 * few days or weeks, one that takes its day from the first date, or nothing left.
 */
export function withoutDays(repeat: RecurrenceMatch, except: ExceptMatch): RecurrenceMatch | null {
  const days = daysOf(repeat.rule)?.filter((day) => !except.days.includes(day));
  if (!days || days.length === 0) return null;
  const rule: Recurrence =
    days.length === 7 ? { freq: "daily" } : days.join() === WEEKDAYS.join() ? { freq: "weekdays" } : { freq: "weekly", days };
  return { ...repeat, rule };
}

function daysOf(rule: RecurrenceMatch["rule"]): Weekday[] | null {
  if (typeof rule === "string") return null;
  if ("interval" in rule && rule.interval !== undefined && rule.interval > 1) return null;
  if (rule.freq === "daily") return ALL_DAYS;
  if (rule.freq === "weekdays") return WEEKDAYS;
  if (rule.freq === "weekly") return rule.days;
  return null;
}
