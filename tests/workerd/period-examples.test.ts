/**
 * ADR 165: the examples of "Which day <period>?" are days still to come in that period where the person lives, so
 * that sending one back (ADR 164) makes the reminder the person meant. Pure: the reader and the fitting alone.
 */
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { failureMessage, parseReminder } from "../../worker/services/nl/parse-reminder";
import { periodExamples, personsDay } from "../../worker/services/nl/period-examples";
import { fitAnswer, questionOfPrompt, questionText } from "../../worker/services/nl/question-answers";
import { readPrompt } from "../../worker/services/tasks/nl";

const NEW_YORK = "America/New_York";
const SYDNEY = "Australia/Sydney";
const on = (iso: string, zone = NEW_YORK) => DateTime.fromISO(`${iso}T10:10:00`, { zone });

describe("periodExamples counts from the person's day", () => {
  it.each<[string, string, string]>([
    // A month named: its 5th and 12th (24th and 28th when late) until today passes the first of them.
    ["in march", "2026-03-03", `"on mar 5 at 9am" or "on mar 12 at 10am"`],
    ["in march", "2026-03-10", `"on mar 11 at 9am" or "on mar 17 at 10am"`],
    ["in march", "2026-03-28", `"on mar 29 at 9am" or "on mar 31 at 10am"`],
    // On its last day the month named is next year's, as the reader reads "in march" then.
    ["in march", "2026-03-31", `"on mar 5 at 9am" or "on mar 12 at 10am"`],
    ["in march", "2026-11-25", `"on mar 5 at 9am" or "on mar 12 at 10am"`],
    ["late march", "2026-03-20", `"on mar 24 at 9am" or "on mar 28 at 10am"`],
    ["late march", "2026-03-26", `"on mar 27 at 9am" or "on mar 31 at 10am"`],
    // This month: its 21st and 28th, or its days still to come; on its last day, this evening.
    ["this month", "2026-11-03", `"on the 21st at 9am" or "on the 28th at 10am"`],
    ["this month", "2026-11-25", `"on the 26th at 9am" or "on the 30th at 10am"`],
    ["this month", "2026-11-30", `"on the 30th at 6pm" or "on the 30th at 8pm"`],
    ["late this month", "2026-11-10", `"on the 24th at 9am" or "on the 28th at 10am"`],
    ["late this month", "2026-11-27", `"on the 28th at 9am" or "on the 30th at 10am"`],
    // This week (Monday to Sunday): Friday while it is to come, then tomorrow, then today.
    ["this week", "2026-11-25", `"on friday at 6pm" or "tomorrow at 9am"`],
    ["this week", "2026-11-27", `"tomorrow at 9am" or "tomorrow at 6pm"`],
    ["this week", "2026-11-29", `"today at 6pm" or "today at 8pm"`],
    // This year: two weeks on and, at most, its last day.
    ["this year", "2026-06-01", `"on jun 15 at 9am" or "on jul 13 at 10am"`],
    ["this year", "2026-11-25", `"on dec 9 at 9am" or "on dec 31 at 10am"`],
    ["this year", "2026-12-31", `"on dec 31 at 6pm" or "on dec 31 at 8pm"`],
    // Seasons where the person lives: three and seven weeks in, or, once begun, a week and three weeks from today.
    ["this summer", "2026-11-25", `"on jul 12 at 9am" or "on aug 9 at 10am"`],
    ["this summer", "2026-07-20", `"on jul 27 at 9am" or "on aug 10 at 10am"`],
    ["in the spring", "2026-06-15", `"on jun 16 at 9am" or "on jun 20 at 10am"`],
    ["in winter", "2027-01-20", `"on jan 27 at 9am" or "on feb 10 at 10am"`],
    ["next autumn", "2026-04-01", `"on oct 14 at 9am" or "on nov 11 at 10am"`],
    ["in the fall", "2026-04-01", `"on oct 14 at 9am" or "on nov 11 at 10am"`],
    ["next summer", "2026-07-20", `"on jul 12 at 9am" or "on aug 9 at 10am"`],
  ])("%s on %s: %s", (period, day, examples) => {
    expect(periodExamples(period, on(day))).toBe(examples);
  });

  it("south of the equator the seasons are the other way round", () => {
    expect(periodExamples("this summer", on("2026-11-25", SYDNEY))).toBe(`"on jan 11 at 9am" or "on feb 8 at 10am"`);
    expect(periodExamples("this summer", on("2027-01-20", SYDNEY))).toBe(`"on jan 27 at 9am" or "on feb 10 at 10am"`);
    expect(periodExamples("in winter", on("2026-11-25", SYDNEY))).toBe(`"on jul 12 at 9am" or "on aug 9 at 10am"`);
  });

  it("without a day, the period's usual days, never one outside it ('this summer' was 'on march 21')", () => {
    expect(periodExamples("this summer")).toBe(`"on jul 12 at 9am" or "on aug 9 at 10am"`);
    expect(periodExamples("in spring")).toBe(`"on apr 11 at 9am" or "on may 9 at 10am"`);
    expect(periodExamples("this month")).toBe(`"on the 21st at 9am" or "on the 28th at 10am"`);
    expect(periodExamples("in january")).toBe(`"on jan 5 at 9am" or "on jan 12 at 10am"`);
  });

  it("the reader's answer and the question asked again say the same examples", () => {
    const now = new Date("2026-03-10T15:10:00Z");
    const read = readPrompt("call mum in march", now, NEW_YORK);
    expect(read).toMatchObject({ ok: false, message: `Which day in March? Add one, like "on mar 11 at 9am" or "on mar 17 at 10am", and I'll nudge you then.` });
    const asked = questionOfPrompt("call mum in march", now, NEW_YORK)!;
    expect(questionText(asked, now, NEW_YORK)).toBe(read.ok ? "" : read.message);
    expect(failureMessage("vague_time", "in march", undefined, personsDay(now, NEW_YORK))).toBe(read.ok ? "" : read.message);
  });
});

/** The quoted examples of a question ("on mar 11 at 9am", "on mar 17 at 10am"). */
const examplesIn = (question: string) => [...question.matchAll(/"([^"]+)"/g)].map((match) => match[1]!).filter((quoted) => /\bat \d/.test(quoted));

describe("every example, sent back as the answer, makes a reminder still to come within the period", () => {
  /** Which days count as within the period, said on `today`. */
  const PERIODS: [string, (due: DateTime, today: DateTime) => boolean][] = [
    ["in march", (due) => due.month === 3],
    ["late march", (due) => due.month === 3 && due.day >= 20],
    ["this month", (due, today) => due.hasSame(today, "month")],
    ["late this month", (due, today) => due.hasSame(today, "month")],
    ["this week", (due, today) => due.hasSame(today, "week")],
    ["this year", (due, today) => due.hasSame(today, "year")],
    ["this summer", (due) => [6, 7, 8, 9].includes(due.month)],
    ["in winter", (due) => [12, 1, 2, 3].includes(due.month)],
  ];

  /** South of the equator the seasons are the other way round. */
  const SOUTH: [string, (due: DateTime, today: DateTime) => boolean][] = [
    ["this summer", (due) => [12, 1, 2, 3].includes(due.month)],
    ["in winter", (due) => [6, 7, 8, 9].includes(due.month)],
  ];
  const cases = [...PERIODS.map(([period, within]) => [period, NEW_YORK, within] as const), ...SOUTH.map(([period, within]) => [period, SYDNEY, within] as const)];

  it.each(cases)("%s in %s, said on every fifth day of two years", (period, zone, within) => {
    const misses: string[] = [];
    const on = (iso: string) => DateTime.fromISO(`${iso}T10:10:00`, { zone });
    for (let day = on("2026-01-01"); day < on("2028-01-01"); day = day.plus({ days: 5 })) {
      const now = day.toJSDate();
      const prompt = `call mum ${period}`;
      const asked = questionOfPrompt(prompt, now, zone);
      if (!asked) {
        misses.push(`${day.toISODate()}: "${prompt}" asked nothing`);
        continue;
      }
      const examples = examplesIn(questionText(asked, now, zone));
      if (examples.length !== 2) misses.push(`${day.toISODate()}: examples ${JSON.stringify(examples)}`);
      for (const example of examples) {
        const fit = fitAnswer(asked, example, now, zone);
        const parsed = fit.kind === "fits" ? parseReminder(fit.prompt, now, zone) : null;
        const due = parsed?.ok ? DateTime.fromJSDate(parsed.reminder.dueAt, { zone }) : null;
        if (!due || due <= day || !within(due, day) || parsed?.ok !== true || parsed.reminder.title !== "call mum") {
          misses.push(`${day.toISODate()}: "${example}" → ${fit.kind} ${due?.toISO() ?? ""} ${parsed?.ok ? parsed.reminder.title : ""}`);
        }
      }
    }
    expect(misses).toEqual([]);
  });
});

describe("fitting an answer into a period's question keeps the period out of the title and its day in the period", () => {
  const now = new Date("2026-11-25T15:10:00Z");
  const fit = (prompt: string, answer: string) => fitAnswer(questionOfPrompt(prompt, now, NEW_YORK)!, answer, now, NEW_YORK);
  const made = (prompt: string, answer: string) => {
    const fitted = fit(prompt, answer);
    const parsed = fitted.kind === "fits" ? parseReminder(fitted.prompt, now, NEW_YORK) : null;
    return parsed?.ok ? [parsed.reminder.title, parsed.reminder.dueAt.toISOString()] : fitted.kind;
  };

  it("'late this month' + 'on the 28th at 9am' is 'call mum' on the 28th (was titled 'call mum late')", () => {
    expect(made("call mum late this month", "on the 28th at 9am")).toEqual(["call mum", "2026-11-28T14:00:00.000Z"]);
  });

  it("'tomorrow' answers 'this week' (tomorrow is in it) but not 'next week' (it was a day of next week)", () => {
    expect(made("call mum this week", "tomorrow at 9am")).toEqual(["call mum", "2026-11-26T14:00:00.000Z"]);
    expect(made("call mum next week", "tomorrow at 9")).toBe("does_not_fit");
    expect(made("call mum next week", "monday at 9")).toEqual(["call mum", "2026-11-30T14:00:00.000Z"]);
  });
});
