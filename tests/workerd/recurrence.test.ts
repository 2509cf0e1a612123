import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { describeRecurrence, nextOccurrence, nextOccurrenceAt, ordinal, type Recurrence } from "../../worker/services/recurrence";
import { recurrenceSchema } from "../../worker/services/recurrence-schema";

const NEW_YORK = "America/New_York";
const BERLIN = "Europe/Berlin";
const JERUSALEM = "Asia/Jerusalem";
const TOKYO = "Asia/Tokyo";
const LONDON = "Europe/London";

/** An instant from a local wall time in `zone`, e.g. at("2026-03-06 08:00", NEW_YORK). */
function at(local: string, zone: string): Date {
  const parsed = DateTime.fromFormat(local, "yyyy-LL-dd HH:mm", { zone });
  if (!parsed.isValid) throw new Error(`bad test time ${local}`);
  return parsed.toJSDate();
}

function localTime(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat("ccc yyyy-LL-dd HH:mm");
}

/** The next `count` occurrences after `anchor`, each one feeding the next call (as the escalation engine will). */
function series(rule: Recurrence, anchor: Date, zone: string, count: number): Date[] {
  const occurrences: Date[] = [];
  let after = anchor;
  for (let i = 0; i < count; i++) {
    after = nextOccurrence(rule, anchor, after, zone);
    occurrences.push(after);
  }
  return occurrences;
}

describe("nextOccurrence: daily across DST changes", () => {
  it("keeps 08:00 local in New York across the spring-forward day (2026-03-08)", () => {
    const anchor = at("2026-03-06 08:00", NEW_YORK);
    const next = series({ freq: "daily" }, anchor, NEW_YORK, 4);
    expect(next.map((d) => localTime(d, NEW_YORK))).toEqual([
      "Sat 2026-03-07 08:00",
      "Sun 2026-03-08 08:00",
      "Mon 2026-03-09 08:00",
      "Tue 2026-03-10 08:00",
    ]);
    // The UTC instant moves by an hour: EST is UTC-5, EDT UTC-4.
    expect(next.map((d) => d.toISOString())).toEqual([
      "2026-03-07T13:00:00.000Z",
      "2026-03-08T12:00:00.000Z",
      "2026-03-09T12:00:00.000Z",
      "2026-03-10T12:00:00.000Z",
    ]);
  });

  it("keeps 08:00 local in New York across the fall-back day (2026-11-01)", () => {
    const anchor = at("2026-10-31 08:00", NEW_YORK);
    const next = series({ freq: "daily" }, anchor, NEW_YORK, 2);
    expect(next.map((d) => d.toISOString())).toEqual(["2026-11-01T13:00:00.000Z", "2026-11-02T13:00:00.000Z"]);
    expect(anchor.toISOString()).toBe("2026-10-31T12:00:00.000Z");
  });

  it("keeps 07:30 local in Berlin across both 2026 changes", () => {
    const spring = series({ freq: "daily" }, at("2026-03-28 07:30", BERLIN), BERLIN, 2);
    expect(spring.map((d) => d.toISOString())).toEqual(["2026-03-29T05:30:00.000Z", "2026-03-30T05:30:00.000Z"]);
    const autumn = series({ freq: "daily" }, at("2026-10-24 07:30", BERLIN), BERLIN, 2);
    expect(autumn.map((d) => d.toISOString())).toEqual(["2026-10-25T06:30:00.000Z", "2026-10-26T06:30:00.000Z"]);
  });

  it("keeps 09:00 local in Jerusalem across its Friday spring-forward (2026-03-27)", () => {
    const next = series({ freq: "daily" }, at("2026-03-26 09:00", JERUSALEM), JERUSALEM, 2);
    expect(next.map((d) => localTime(d, JERUSALEM))).toEqual(["Fri 2026-03-27 09:00", "Sat 2026-03-28 09:00"]);
    expect(next.map((d) => d.toISOString())).toEqual(["2026-03-27T06:00:00.000Z", "2026-03-28T06:00:00.000Z"]);
  });

  it("moves a wall time that does not exist (02:30 on the spring-forward day) to the next valid instant, then returns to 02:30", () => {
    const next = series({ freq: "daily" }, at("2026-03-07 02:30", NEW_YORK), NEW_YORK, 2);
    expect(next.map((d) => localTime(d, NEW_YORK))).toEqual(["Sun 2026-03-08 03:30", "Mon 2026-03-09 02:30"]);
  });

  it("fires a repeated wall time (01:30 on the fall-back day) once, at the later instant", () => {
    const next = series({ freq: "daily" }, at("2026-10-31 01:30", NEW_YORK), NEW_YORK, 2);
    expect(next.map((d) => d.toISOString())).toEqual(["2026-11-01T06:30:00.000Z", "2026-11-02T06:30:00.000Z"]);
  });

  it("uses the local date, not the UTC one, when a late-evening instant is already tomorrow in UTC (or vice versa)", () => {
    // 23:00 UTC on Mar 2 is 08:00 on Mar 3 in Tokyo: today's 07:00 there has passed.
    const next = nextOccurrence({ freq: "daily" }, at("2026-03-01 07:00", TOKYO), new Date("2026-03-02T23:00:00Z"), TOKYO);
    expect(localTime(next, TOKYO)).toBe("Wed 2026-03-04 07:00");
    // 03:30 UTC on Mar 3 is still Mar 2 (22:30) in New York: today's 23:00 is ahead.
    const evening = nextOccurrence({ freq: "daily" }, at("2026-03-01 23:00", NEW_YORK), new Date("2026-03-03T03:30:00Z"), NEW_YORK);
    expect(localTime(evening, NEW_YORK)).toBe("Mon 2026-03-02 23:00");
  });
});

describe("nextOccurrence: general rules", () => {
  it("is strictly after `after`: an occurrence exactly at `after` is skipped", () => {
    const anchor = at("2026-03-02 08:00", NEW_YORK);
    expect(localTime(nextOccurrence({ freq: "daily" }, anchor, anchor, NEW_YORK), NEW_YORK)).toBe("Tue 2026-03-03 08:00");
    const justBefore = new Date(anchor.getTime() - 1);
    expect(nextOccurrence({ freq: "daily" }, anchor, justBefore, NEW_YORK).getTime()).toBe(anchor.getTime());
  });

  it("keeps the anchor's time of day, not the time of `after`", () => {
    const next = nextOccurrence({ freq: "daily" }, at("2026-01-05 17:45", BERLIN), at("2026-03-02 18:10", BERLIN), BERLIN);
    expect(localTime(next, BERLIN)).toBe("Tue 2026-03-03 17:45");
  });

  it("weekdays skips the weekend", () => {
    const anchor = at("2026-03-02 09:00", NEW_YORK);
    const next = series({ freq: "weekdays" }, at("2026-03-05 09:00", NEW_YORK), NEW_YORK, 3);
    expect(next.map((d) => localTime(d, NEW_YORK))).toEqual(["Fri 2026-03-06 09:00", "Mon 2026-03-09 09:00", "Tue 2026-03-10 09:00"]);
    const fromSaturday = nextOccurrence({ freq: "weekdays" }, anchor, at("2026-03-07 12:00", NEW_YORK), NEW_YORK);
    expect(localTime(fromSaturday, NEW_YORK)).toBe("Mon 2026-03-09 09:00");
  });

  it("weekly with several days visits each day in turn", () => {
    const rule: Recurrence = { freq: "weekly", days: [1, 4, 6] };
    const next = series(rule, at("2026-03-02 19:00", NEW_YORK), NEW_YORK, 5);
    expect(next.map((d) => localTime(d, NEW_YORK))).toEqual([
      "Thu 2026-03-05 19:00",
      "Sat 2026-03-07 19:00",
      "Mon 2026-03-09 19:00",
      "Thu 2026-03-12 19:00",
      "Sat 2026-03-14 19:00",
    ]);
  });

  it("weekly on one day: today if its time is still ahead, otherwise a full week later", () => {
    const rule: Recurrence = { freq: "weekly", days: [7] };
    const anchor = at("2026-03-01 10:00", NEW_YORK); // a Sunday
    expect(localTime(nextOccurrence(rule, anchor, at("2026-03-08 09:59", NEW_YORK), NEW_YORK), NEW_YORK)).toBe("Sun 2026-03-08 10:00");
    expect(localTime(nextOccurrence(rule, anchor, at("2026-03-08 10:00", NEW_YORK), NEW_YORK), NEW_YORK)).toBe("Sun 2026-03-15 10:00");
  });

  it("monthly on the 31st uses the last day of shorter months, then returns to the 31st", () => {
    const next = series({ freq: "monthly", dayOfMonth: 31 }, at("2026-01-31 09:00", NEW_YORK), NEW_YORK, 5);
    expect(next.map((d) => localTime(d, NEW_YORK))).toEqual([
      "Sat 2026-02-28 09:00",
      "Tue 2026-03-31 09:00", // across the DST change: still 09:00
      "Thu 2026-04-30 09:00",
      "Sun 2026-05-31 09:00",
      "Tue 2026-06-30 09:00",
    ]);
  });

  it("monthly on the 30th uses Feb 29 in a leap year", () => {
    const next = series({ freq: "monthly", dayOfMonth: 30 }, at("2028-01-30 08:15", BERLIN), BERLIN, 2);
    expect(next.map((d) => localTime(d, BERLIN))).toEqual(["Tue 2028-02-29 08:15", "Thu 2028-03-30 08:15"]);
  });

  it("monthly: this month's day if still ahead, otherwise next month's", () => {
    const rule: Recurrence = { freq: "monthly", dayOfMonth: 15 };
    const anchor = at("2026-01-15 12:00", TOKYO);
    expect(localTime(nextOccurrence(rule, anchor, at("2026-03-15 11:59", TOKYO), TOKYO), TOKYO)).toBe("Sun 2026-03-15 12:00");
    expect(localTime(nextOccurrence(rule, anchor, at("2026-03-15 12:00", TOKYO), TOKYO), TOKYO)).toBe("Wed 2026-04-15 12:00");
  });

  it("nextOccurrenceAt takes the wall time directly", () => {
    const next = nextOccurrenceAt({ freq: "weekly", days: [5] }, { hour: 14, minute: 30 }, at("2026-03-02 09:00", JERUSALEM), JERUSALEM);
    expect(localTime(next, JERUSALEM)).toBe("Fri 2026-03-06 14:30");
  });

  it("rejects an unknown time zone instead of returning an Invalid Date", () => {
    expect(() => nextOccurrence({ freq: "daily" }, new Date(), new Date(), "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

/** As the engine runs a series: each occurrence is the anchor and the `after` of the next (series/next-occurrence.ts). */
function chain(rule: Recurrence, first: Date, zone: string, count: number): string[] {
  const occurrences = [first];
  while (occurrences.length < count) {
    const previous = occurrences[occurrences.length - 1]!;
    occurrences.push(nextOccurrence(rule, previous, previous, zone));
  }
  return occurrences.map((d) => localTime(d, zone));
}

describe("nextOccurrence: every few days or weeks", () => {
  it("every other day at 08:00 in New York, across the spring-forward day", () => {
    expect(chain({ freq: "daily", interval: 2 }, at("2026-03-05 08:00", NEW_YORK), NEW_YORK, 4)).toEqual([
      "Thu 2026-03-05 08:00",
      "Sat 2026-03-07 08:00",
      "Mon 2026-03-09 08:00",
      "Wed 2026-03-11 08:00",
    ]);
  });

  it("every 3 days counts from the anchor's day, whatever `after` is", () => {
    const anchor = at("2026-03-02 09:00", BERLIN);
    // Late answers: the next one is the first day on the grid after `after`, never off it.
    expect(localTime(nextOccurrence({ freq: "daily", interval: 3 }, anchor, at("2026-03-02 10:00", BERLIN), BERLIN), BERLIN)).toBe("Thu 2026-03-05 09:00");
    expect(localTime(nextOccurrence({ freq: "daily", interval: 3 }, anchor, at("2026-03-06 12:00", BERLIN), BERLIN), BERLIN)).toBe("Sun 2026-03-08 09:00");
    expect(localTime(nextOccurrence({ freq: "daily", interval: 3 }, anchor, at("2026-03-08 08:59", BERLIN), BERLIN), BERLIN)).toBe("Sun 2026-03-08 09:00");
    expect(localTime(nextOccurrence({ freq: "daily", interval: 3 }, anchor, at("2026-03-08 09:00", BERLIN), BERLIN), BERLIN)).toBe("Wed 2026-03-11 09:00");
  });

  it("every other Monday and Thursday: both days of one week, then a week off", () => {
    expect(chain({ freq: "weekly", days: [1, 4], interval: 2 }, at("2026-03-02 19:00", JERUSALEM), JERUSALEM, 5)).toEqual([
      "Mon 2026-03-02 19:00",
      "Thu 2026-03-05 19:00",
      "Mon 2026-03-16 19:00",
      "Thu 2026-03-19 19:00",
      "Mon 2026-03-30 19:00",
    ]);
  });

  it("every 3 weeks on Sunday (the anchor's week runs Monday to Sunday), across Europe's spring-forward", () => {
    expect(chain({ freq: "weekly", days: [7], interval: 3 }, at("2026-03-15 10:00", BERLIN), BERLIN, 3)).toEqual([
      "Sun 2026-03-15 10:00",
      "Sun 2026-04-05 10:00",
      "Sun 2026-04-26 10:00",
    ]);
  });

  it("every 3 months on the 31st: the last day of shorter months, then the 31st again, counted from the anchor's month", () => {
    expect(chain({ freq: "monthly", dayOfMonth: 31, interval: 3 }, at("2026-01-31 09:00", NEW_YORK), NEW_YORK, 5)).toEqual([
      "Sat 2026-01-31 09:00",
      "Thu 2026-04-30 09:00",
      "Fri 2026-07-31 09:00",
      "Sat 2026-10-31 09:00",
      "Sun 2027-01-31 09:00",
    ]);
    // A late answer lands on the grid: from the April occurrence, answered in June, the next is July.
    expect(localTime(nextOccurrence({ freq: "monthly", dayOfMonth: 31, interval: 3 }, at("2026-04-30 09:00", NEW_YORK), at("2026-06-20 12:00", NEW_YORK), NEW_YORK), NEW_YORK)).toBe("Fri 2026-07-31 09:00");
  });

  it("every other month on the 15th, across the fall-back change", () => {
    expect(chain({ freq: "monthly", dayOfMonth: 15, interval: 2 }, at("2026-09-15 07:30", BERLIN), BERLIN, 3)).toEqual([
      "Tue 2026-09-15 07:30",
      "Sun 2026-11-15 07:30",
      "Fri 2027-01-15 07:30",
    ]);
  });

  it("the first Monday and the last Friday of every month, across the DST change; nextOccurrenceAt finds this month's or next", () => {
    expect(chain({ freq: "monthly", week: 1, weekday: 1 }, at("2026-02-02 19:00", NEW_YORK), NEW_YORK, 4)).toEqual([
      "Mon 2026-02-02 19:00",
      "Mon 2026-03-02 19:00",
      "Mon 2026-04-06 19:00",
      "Mon 2026-05-04 19:00",
    ]);
    expect(chain({ freq: "monthly", week: -1, weekday: 5 }, at("2026-01-30 18:00", BERLIN), BERLIN, 4)).toEqual([
      "Fri 2026-01-30 18:00",
      "Fri 2026-02-27 18:00",
      "Fri 2026-03-27 18:00",
      "Fri 2026-04-24 18:00",
    ]);
    const firstMonday: Recurrence = { freq: "monthly", week: 1, weekday: 1 };
    expect(localTime(nextOccurrenceAt(firstMonday, { hour: 9, minute: 0 }, at("2026-03-02 08:00", NEW_YORK), NEW_YORK), NEW_YORK)).toBe("Mon 2026-03-02 09:00");
    expect(localTime(nextOccurrenceAt(firstMonday, { hour: 9, minute: 0 }, at("2026-03-02 09:00", NEW_YORK), NEW_YORK), NEW_YORK)).toBe("Mon 2026-04-06 09:00");
  });

  it("every 3 months on the second Tuesday counts from the anchor's month; a late answer lands on the grid", () => {
    const rule: Recurrence = { freq: "monthly", week: 2, weekday: 2, interval: 3 };
    expect(chain(rule, at("2026-01-13 10:00", TOKYO), TOKYO, 3)).toEqual(["Tue 2026-01-13 10:00", "Tue 2026-04-14 10:00", "Tue 2026-07-14 10:00"]);
    // The April occurrence answered in June: the next is July's, not June's.
    expect(localTime(nextOccurrence(rule, at("2026-04-14 10:00", TOKYO), at("2026-06-20 12:00", TOKYO), TOKYO), TOKYO)).toBe("Tue 2026-07-14 10:00");
  });

  it("every year on March 3: this year's if still ahead, else next year's, at the anchor's time across DST", () => {
    const rule: Recurrence = { freq: "yearly", month: 3, dayOfMonth: 3 };
    expect(chain(rule, at("2026-03-03 19:30", NEW_YORK), NEW_YORK, 3)).toEqual(["Tue 2026-03-03 19:30", "Wed 2027-03-03 19:30", "Fri 2028-03-03 19:30"]);
    // Without an anchor: the next March 3 after `after`, whatever day of the year it is said.
    expect(localTime(nextOccurrenceAt(rule, { hour: 9, minute: 0 }, at("2026-03-03 08:59", BERLIN), BERLIN), BERLIN)).toBe("Tue 2026-03-03 09:00");
    expect(localTime(nextOccurrenceAt(rule, { hour: 9, minute: 0 }, at("2026-03-03 09:00", BERLIN), BERLIN), BERLIN)).toBe("Wed 2027-03-03 09:00");
    expect(localTime(nextOccurrenceAt(rule, { hour: 9, minute: 0 }, at("2026-11-25 15:10", BERLIN), BERLIN), BERLIN)).toBe("Wed 2027-03-03 09:00");
  });

  it("every year on February 29: the 28th in the years without it, the 29th in leap years", () => {
    expect(chain({ freq: "yearly", month: 2, dayOfMonth: 29 }, at("2028-02-29 08:00", BERLIN), BERLIN, 5)).toEqual([
      "Tue 2028-02-29 08:00",
      "Wed 2029-02-28 08:00",
      "Thu 2030-02-28 08:00",
      "Fri 2031-02-28 08:00",
      "Sun 2032-02-29 08:00",
    ]);
  });

  it("every year on the fourth Thursday of November (ADR 127): that weekday in each year's month, not one date", () => {
    const thanksgiving: Recurrence = { freq: "yearly", month: 11, week: 4, weekday: 4 };
    expect(chain(thanksgiving, at("2026-11-26 16:00", NEW_YORK), NEW_YORK, 3)).toEqual(["Thu 2026-11-26 16:00", "Thu 2027-11-25 16:00", "Thu 2028-11-23 16:00"]);
    expect(localTime(nextOccurrenceAt(thanksgiving, { hour: 9, minute: 0 }, at("2026-11-26 08:59", NEW_YORK), NEW_YORK), NEW_YORK)).toBe("Thu 2026-11-26 09:00");
    expect(localTime(nextOccurrenceAt(thanksgiving, { hour: 9, minute: 0 }, at("2026-11-26 09:00", NEW_YORK), NEW_YORK), NEW_YORK)).toBe("Thu 2027-11-25 09:00");
  });

  it("every other year on the last Monday of May counts from the anchor's year; a late answer lands on the grid", () => {
    const rule: Recurrence = { freq: "yearly", month: 5, week: -1, weekday: 1, interval: 2 };
    expect(chain(rule, at("2026-05-25 12:00", LONDON), LONDON, 3)).toEqual(["Mon 2026-05-25 12:00", "Mon 2028-05-29 12:00", "Mon 2030-05-27 12:00"]);
    // The 2028 occurrence answered in 2029, after that year's last Monday of May: the next is 2030's.
    expect(localTime(nextOccurrence(rule, at("2028-05-29 12:00", LONDON), at("2029-06-01 12:00", LONDON), LONDON), LONDON)).toBe("Mon 2030-05-27 12:00");
  });

  it("every 3 years counts from the anchor's year; a late answer lands on the grid", () => {
    const rule: Recurrence = { freq: "yearly", month: 6, dayOfMonth: 5, interval: 3 };
    expect(chain(rule, at("2026-06-05 10:00", TOKYO), TOKYO, 3)).toEqual(["Fri 2026-06-05 10:00", "Tue 2029-06-05 10:00", "Sat 2032-06-05 10:00"]);
    // The 2029 occurrence answered in 2031: the next is 2032, not 2031 or 2034.
    expect(localTime(nextOccurrence(rule, at("2029-06-05 10:00", TOKYO), at("2031-01-10 12:00", TOKYO), TOKYO), TOKYO)).toBe("Sat 2032-06-05 10:00");
    // nextOccurrenceAt (no anchor) ignores the interval: the first June 5 starts the series.
    expect(localTime(nextOccurrenceAt(rule, { hour: 10, minute: 0 }, at("2026-11-25 12:00", TOKYO), TOKYO), TOKYO)).toBe("Sat 2027-06-05 10:00");
  });

  it("an interval of 1 is the plain rule, and nextOccurrenceAt (no anchor) ignores the interval", () => {
    const anchor = at("2026-03-02 08:00", TOKYO);
    expect(nextOccurrence({ freq: "daily", interval: 1 }, anchor, anchor, TOKYO)).toEqual(nextOccurrence({ freq: "daily" }, anchor, anchor, TOKYO));
    expect(localTime(nextOccurrenceAt({ freq: "daily", interval: 5 }, { hour: 8, minute: 0 }, anchor, TOKYO), TOKYO)).toBe("Tue 2026-03-03 08:00");
  });
});

describe("recurrenceSchema", () => {
  const firstMessage = (input: unknown) => {
    const result = recurrenceSchema.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it.each<[string, Recurrence]>([
    ["daily", { freq: "daily" }],
    ["weekdays", { freq: "weekdays" }],
    ["weekly", { freq: "weekly", days: [1, 4, 7] }],
    ["monthly", { freq: "monthly", dayOfMonth: 31 }],
    ["every other day", { freq: "daily", interval: 2 }],
    ["every 365 days", { freq: "daily", interval: 365 }],
    ["every other Friday", { freq: "weekly", days: [5], interval: 2 }],
    ["every 52 weeks", { freq: "weekly", days: [1], interval: 52 }],
    ["every 3 months", { freq: "monthly", dayOfMonth: 15, interval: 3 }],
    ["monthly on the first Monday", { freq: "monthly", week: 1, weekday: 1 }],
    ["every 3 months on the last Friday", { freq: "monthly", week: -1, weekday: 5, interval: 3 }],
    ["yearly", { freq: "yearly", month: 3, dayOfMonth: 3 }],
    ["yearly on February 29", { freq: "yearly", month: 2, dayOfMonth: 29 }],
    ["every 10 years", { freq: "yearly", month: 6, dayOfMonth: 5, interval: 10 }],
    ["yearly on the fourth Thursday of November", { freq: "yearly", month: 11, week: 4, weekday: 4 }],
    ["every other year on the last Monday of May", { freq: "yearly", month: 5, week: -1, weekday: 1, interval: 2 }],
  ])("accepts %s", (_name, rule) => {
    expect(recurrenceSchema.parse(rule)).toEqual(rule);
  });

  it.each<[string, unknown, string]>([
    ["an unknown freq", { freq: "hourly" }, 'The repeat must be "daily", "weekdays", "weekly", "monthly" or "yearly".'],
    ["a missing freq", {}, 'The repeat must be "daily", "weekdays", "weekly", "monthly" or "yearly".'],
    ["weekly without days", { freq: "weekly" }, "A weekly repeat needs a list of weekdays."],
    ["weekly with no days", { freq: "weekly", days: [] }, "A weekly repeat needs at least one weekday."],
    ["weekly with day 0", { freq: "weekly", days: [0] }, "Each weekday must be a number from 1 (Monday) to 7 (Sunday)."],
    ["weekly with day 8", { freq: "weekly", days: [1, 8] }, "Each weekday must be a number from 1 (Monday) to 7 (Sunday)."],
    ["weekly with unsorted days", { freq: "weekly", days: [4, 1] }, "List each weekday once, in order from Monday to Sunday."],
    ["weekly with a repeated day", { freq: "weekly", days: [1, 1] }, "List each weekday once, in order from Monday to Sunday."],
    ["monthly on day 0", { freq: "monthly", dayOfMonth: 0 }, "The day of the month must be a whole number from 1 to 31."],
    ["monthly on day 32", { freq: "monthly", dayOfMonth: 32 }, "The day of the month must be a whole number from 1 to 31."],
    ["monthly on day 1.5", { freq: "monthly", dayOfMonth: 1.5 }, "The day of the month must be a whole number from 1 to 31."],
    ["monthly with a string day", { freq: "monthly", dayOfMonth: "1" }, "A monthly repeat needs the day of the month as a number."],
    ["an interval of 0 days", { freq: "daily", interval: 0 }, "The interval must be a whole number of days from 1 to 365."],
    ["an interval of 366 days", { freq: "daily", interval: 366 }, "The interval must be a whole number of days from 1 to 365."],
    ["an interval of 1.5 days", { freq: "daily", interval: 1.5 }, "The interval must be a whole number of days from 1 to 365."],
    ["an interval of 53 weeks", { freq: "weekly", days: [1], interval: 53 }, "The interval must be a whole number of weeks from 1 to 52."],
    ["an interval as text", { freq: "weekly", days: [1], interval: "2" }, "The interval must be a whole number of weeks from 1 to 52."],
    ["an interval of 13 months", { freq: "monthly", dayOfMonth: 1, interval: 13 }, "The interval must be a whole number of months from 1 to 12."],
    ["monthly with neither a day nor a weekday", { freq: "monthly" }, "A monthly repeat needs the day of the month as a number."],
    ["monthly with a day and a weekday", { freq: "monthly", dayOfMonth: 3, week: 1, weekday: 1 }, "A monthly repeat is on a day of the month or on a week and a weekday, not both."],
    ["monthly on a weekday without its week", { freq: "monthly", weekday: 1 }, "A monthly repeat on a weekday needs its week: 1, 2, 3 or 4, or -1 for the last."],
    ["monthly on a week without its weekday", { freq: "monthly", week: 2 }, "A monthly repeat on a weekday needs the weekday as a number from 1 (Monday) to 7 (Sunday)."],
    ["monthly in week 5", { freq: "monthly", week: 5, weekday: 1 }, "The week must be 1, 2, 3 or 4 (the first to the fourth of the month), or -1 for the last."],
    ["monthly on weekday 8", { freq: "monthly", week: 1, weekday: 8 }, "Each weekday must be a number from 1 (Monday) to 7 (Sunday)."],
    ["yearly without a month", { freq: "yearly", dayOfMonth: 3 }, "A yearly repeat needs the month as a number from 1 (January) to 12 (December)."],
    ["yearly in month 13", { freq: "yearly", month: 13, dayOfMonth: 3 }, "The month must be a whole number from 1 (January) to 12 (December)."],
    ["yearly in month 0", { freq: "yearly", month: 0, dayOfMonth: 3 }, "The month must be a whole number from 1 (January) to 12 (December)."],
    ["yearly without a day", { freq: "yearly", month: 3 }, "A yearly repeat needs the day of the month as a number."],
    ["yearly on day 32", { freq: "yearly", month: 1, dayOfMonth: 32 }, "The day of the month must be a whole number from 1 to 31."],
    ["yearly on April 31", { freq: "yearly", month: 4, dayOfMonth: 31 }, "April has no day 31: choose a day from 1 to 30."],
    ["yearly on February 30", { freq: "yearly", month: 2, dayOfMonth: 30 }, "February has no day 30: choose a day from 1 to 29."],
    ["an interval of 11 years", { freq: "yearly", month: 6, dayOfMonth: 5, interval: 11 }, "The interval must be a whole number of years from 1 to 10."],
    ["yearly with a day and a weekday", { freq: "yearly", month: 11, dayOfMonth: 26, week: 4, weekday: 4 }, "A yearly repeat is on a day of the month or on a week and a weekday, not both."],
    ["yearly on a weekday without its week", { freq: "yearly", month: 11, weekday: 4 }, "A yearly repeat on a weekday needs its week: 1, 2, 3 or 4, or -1 for the last."],
    ["yearly on a week without its weekday", { freq: "yearly", month: 11, week: 4 }, "A yearly repeat on a weekday needs the weekday as a number from 1 (Monday) to 7 (Sunday)."],
    ["yearly in week 5", { freq: "yearly", month: 11, week: 5, weekday: 4 }, "The week must be 1, 2, 3 or 4 (the first to the fourth of the month), or -1 for the last."],
    ["yearly on a weekday without a month", { freq: "yearly", week: 4, weekday: 4 }, "A yearly repeat needs the month as a number from 1 (January) to 12 (December)."],
  ])("rejects %s with a sentence", (_name, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });
});

describe("describeRecurrence", () => {
  it.each<[Recurrence, string]>([
    [{ freq: "daily" }, "every day"],
    [{ freq: "weekdays" }, "every weekday"],
    [{ freq: "weekly", days: [3] }, "every Wednesday"],
    [{ freq: "weekly", days: [1, 4] }, "every Monday and Thursday"],
    [{ freq: "weekly", days: [1, 3, 5] }, "every Monday, Wednesday and Friday"],
    [{ freq: "weekly", days: [6, 7] }, "every Saturday and Sunday"],
    [{ freq: "monthly", dayOfMonth: 1 }, "every month on the 1st"],
    [{ freq: "monthly", dayOfMonth: 22 }, "every month on the 22nd"],
    [{ freq: "monthly", dayOfMonth: 31 }, "every month on the 31st"],
    [{ freq: "daily", interval: 2 }, "every other day"],
    [{ freq: "daily", interval: 3 }, "every 3 days"],
    [{ freq: "daily", interval: 1 }, "every day"],
    [{ freq: "weekly", days: [5], interval: 2 }, "every other Friday"],
    [{ freq: "weekly", days: [1, 4], interval: 3 }, "every 3 weeks on Monday and Thursday"],
    [{ freq: "monthly", dayOfMonth: 15, interval: 2 }, "every other month on the 15th"],
    [{ freq: "monthly", dayOfMonth: 1, interval: 3 }, "every 3 months on the 1st"],
    [{ freq: "monthly", week: 1, weekday: 1 }, "every month on the first Monday"],
    [{ freq: "monthly", week: -1, weekday: 5, interval: 2 }, "every other month on the last Friday"],
    [{ freq: "monthly", week: 2, weekday: 2, interval: 3 }, "every 3 months on the second Tuesday"],
    [{ freq: "yearly", month: 3, dayOfMonth: 3 }, "every year on March 3"],
    [{ freq: "yearly", month: 2, dayOfMonth: 29, interval: 2 }, "every other year on February 29"],
    [{ freq: "yearly", month: 12, dayOfMonth: 25, interval: 5 }, "every 5 years on December 25"],
    [{ freq: "yearly", month: 11, week: 4, weekday: 4 }, "every year on the fourth Thursday of November"],
    [{ freq: "yearly", month: 5, week: -1, weekday: 1, interval: 2 }, "every other year on the last Monday of May"],
  ])("%j → %s", (rule, phrase) => {
    expect(describeRecurrence(rule)).toBe(phrase);
  });

  it("writes ordinals, including the teens", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 30, 31].map(ordinal)).toEqual([
      "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "30th", "31st",
    ]);
  });
});
