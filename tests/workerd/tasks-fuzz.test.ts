/**
 * "Bad input never 500": junk thrown at every task endpoint. Every answer is below 500 and, when it
 * is an error, carries a human message; a 4xx (or an unreadable plain-language prompt) creates and
 * changes nothing. Inputs come from fixed lists plus a seeded pseudo-random mix, so a failure
 * reproduces. System time faked into 2044 (see escalation-helpers.ts for the eras).
 */
import { describe, expect, it } from "vitest";
import { api, stepsOf, tasksOfUser, testEra, type TestUser } from "./escalation-helpers";

const NOW = new Date("2044-05-02T10:00:00Z");
const { user } = testEra(NOW);

/** mulberry32: a tiny seeded PRNG, so the "random" inputs are the same on every run. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JUNK_STRINGS = [
  "",
  " ",
  "\u0000",
  "\t\n\r",
  "💊".repeat(150),
  "a".repeat(10_000),
  "'; drop table tasks; --",
  "<script>alert(1)</script>",
  "%",
  "%E0%A4%A",
  "\\",
  "\uD800",
  "\u202Eevil",
  "\u200B\u200B",
  "ß∂ƒ©˙∆",
  "١٢:٣٠",
  "null",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "0x10",
  "2044-13-45T99:99:99Z",
  "9999-12-31T23:59:59Z",
  "+275760-09-13T00:00:00Z",
  "-271821-04-20T00:00:00Z",
  "2044-05-02T10:00:00+99:00",
  "2044-W18-1",
  "2044-123",
  "2044-05-02T24:00",
  "2044-02-30",
  "T",
  "2044",
  "...",
  "!?!?",
  "12345678901234567890",
];

const JUNK_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  [1, "a"],
  {},
  { a: { b: { c: [] } } },
  ...JUNK_STRINGS,
];

const JUNK_RECURRENCES: unknown[] = [
  { freq: "weekly", days: [0, 8] },
  { freq: "weekly", days: "1" },
  { freq: "weekly", days: [1, 1] },
  { freq: "weekly", days: new Array(1000).fill(1) },
  { freq: "weekly", days: [1.5] },
  { freq: "monthly", dayOfMonth: 0 },
  { freq: "monthly", dayOfMonth: 32 },
  { freq: "monthly" },
  { freq: "daily", extra: 1 },
  { freq: null },
  { freq: "hourly" },
  { freq: "__proto__" },
  "daily",
  [],
  { daily: true },
];

/** Raw request bodies that are not even JSON objects. */
const RAW_BODIES = ["", " ", "null", "[]", '"text"', "1", "{", '{"title":', "{}}", "\u0000", "[".repeat(5000) + "]".repeat(5000), '{"__proto__":{"title":"x"}}'];

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function send(path: string, method: string, body: unknown, token: string): Promise<Answer> {
  const response = await api(path, method, body, token);
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { unparsed: text.slice(0, 200) };
  }
  return { status: response.status, body: parsed };
}

/** Below 500, and an error answer says what went wrong in a sentence. */
function expectHandled(answer: Answer, what: string) {
  expect(answer.status, `${what} -> ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(typeof answer.body.message, what).toBe("string");
    expect((answer.body.message as string).length, what).toBeGreaterThan(5);
  }
}

async function taskCount(u: TestUser) {
  return (await tasksOfUser(u.id)).length;
}

const describeInput = (value: unknown) => {
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

describe("POST /v1/tasks with junk", () => {
  it("never answers 500, and creates nothing on a 4xx", { timeout: 120_000 }, async () => {
    const u = await user();
    const rand = prng(20440502);
    const bodies: unknown[] = [...RAW_BODIES];
    for (const value of JUNK_VALUES) {
      bodies.push({ title: value, dueDate: "2044-05-03T08:00:00Z" });
      bodies.push({ title: "Take pills", dueDate: value });
      bodies.push({ title: "Take pills", dueDate: "2044-05-03T08:00:00Z", strategy: value });
      bodies.push({ title: "Take pills", dueDate: "2044-05-03T08:00:00Z", recurrence: value });
    }
    for (const recurrence of JUNK_RECURRENCES) bodies.push({ title: "Take pills", dueDate: "2044-05-03T08:00:00Z", recurrence });
    for (let i = 0; i < 120; i++) {
      bodies.push({ title: pick(rand, JUNK_VALUES), dueDate: pick(rand, JUNK_VALUES), strategy: pick(rand, JUNK_VALUES), recurrence: pick(rand, JUNK_RECURRENCES) });
    }
    let created = 0;
    for (const body of bodies) {
      const before = await taskCount(u);
      const answer = await send("/v1/tasks", "POST", body, u.token);
      expectHandled(answer, describeInput(body));
      const after = await taskCount(u);
      if (answer.status === 201) {
        created += 1;
        expect(after, describeInput(body)).toBe(before + 1);
      } else {
        expect(after, describeInput(body)).toBe(before);
      }
    }
    // The junk includes a few valid bodies (e.g. a junk strategy of null); most are refused.
    expect(created).toBeLessThan(bodies.length / 4);
  });
});

const PROMPTS = [
  "x".repeat(500),
  "x".repeat(501),
  "remind me to ".repeat(38),
  "💊💊💊 at 💊",
  "💊 tomorrow at 9am",
  "🕐",
  "!!!",
  "?!.,;:-_()[]{}",
  "...",
  "123",
  "99999999999999999999",
  "0",
  "-5",
  "3.14159",
  "in 99999999999 minutes check the oven",
  "in 99999999999999999999 years call mom",
  "in -5 minutes call mom",
  "in 0 minutes call mom",
  "at 25:99 call mom",
  "at 99 call mom",
  "on the 31st of february call mom",
  "on the 0th of every month pay rent",
  "on the 99th of every month pay rent",
  "every 0 days take pills",
  "every day at 8 every day at 9 take pills",
  "at 8 at 9 at 10 take pills",
  "every monday tuesday wednesday thursday friday saturday sunday at 7pm stretch",
  "tomorrow tomorrow tomorrow at 5pm",
  "remind me",
  "remind me to",
  "remind me to at",
  "every",
  "every day",
  "in",
  "at",
  "at noon",
  "midnight",
  "year 3000 launch",
  "on 2101-01-01 at 9 launch",
  "on 1999-12-31 at 9 party",
  "ß∂ƒ©˙∆ tomorrow at 5pm",
  "明天下午五点给妈妈打电话",
  "غدا في الخامسة مساء اتصل بأمي",
  "\u202Eremind me tomorrow at 5pm",
  "\u0000 tomorrow at 5pm",
  "remind me to call mom tomorrow at 5pm\u200B",
  "   \u00A0 tomorrow at 5pm \u00A0  ",
];

const WORDS = ["remind", "me", "to", "at", "every", "tomorrow", "today", "in", "minutes", "hours", "days", "5pm", "8", "17:30", "monday", "the", "1st", "31st", "of", "month", "weekday", "noon", "midnight", "💊", "!!!", "february", "2044", "99999", "-3", "am", "pm", ":", "next", "week", "call", "mom", "on", "and"];

describe("POST /v1/tasks/nl with junk", () => {
  it("never answers 500; an unreadable prompt or a 4xx creates nothing", { timeout: 120_000 }, async () => {
    const rand = prng(7);
    const prompts: unknown[] = [...PROMPTS, ...JUNK_VALUES];
    for (let i = 0; i < 150; i++) {
      const length = 1 + Math.floor(rand() * 12);
      prompts.push(Array.from({ length }, () => pick(rand, WORDS)).join(rand() < 0.8 ? " " : ""));
    }
    for (const zone of ["UTC", "Pacific/Kiritimati", "America/St_Johns"]) {
      const u = await user({ timezone: zone });
      for (const prompt of prompts) {
        const before = await taskCount(u);
        const answer = await send("/v1/tasks/nl", "POST", { prompt }, u.token);
        const what = `[${zone}] ${describeInput(prompt)}`;
        expectHandled(answer, what);
        expect(typeof answer.body.message, what).toBe("string");
        const after = await taskCount(u);
        // Several times in one prompt make one each (ADR 181), all listed in `tasks`.
        const made = Array.isArray(answer.body.tasks) ? answer.body.tasks.length : 1;
        expect(after, what).toBe(answer.status === 201 && answer.body.success === true ? before + made : before);
      }
      for (const raw of RAW_BODIES) {
        const answer = await send("/v1/tasks/nl", "POST", raw, u.token);
        expectHandled(answer, `raw ${describeInput(raw)}`);
        expect(answer.status).toBe(400);
      }
    }
  });
});

const JUNK_IDS = ["x", "%20", "a".repeat(3000), encodeURIComponent("💊"), "..%2F..", "%E0%A4%A", "%", "null", "0", "-1", "escalation-sequences%00", crypto.randomUUID()];

describe("PUT /v1/tasks/:id and POST /v1/tasks/:id/snooze with junk", () => {
  it("never answers 500, and a 4xx changes nothing", { timeout: 120_000 }, async () => {
    const u = await user();
    const created = await send("/v1/tasks", "POST", { title: "Take pills", dueDate: "2044-05-03T08:00:00Z" }, u.token);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const rand = prng(99);

    for (const junkId of JUNK_IDS) {
      for (const [method, suffix, body] of [
        ["PUT", "", { title: "Mine" }],
        ["GET", "", undefined],
        ["DELETE", "", undefined],
        ["POST", "/snooze", { minutes: 10 }],
        ["POST", "/done", undefined],
        ["POST", "/acknowledge", undefined],
      ] as const) {
        const answer = await send(`/v1/tasks/${junkId}${suffix}`, method, body, u.token);
        expectHandled(answer, `${method} ${junkId.slice(0, 40)}${suffix}`);
        expect(answer.status, `${method} ${junkId.slice(0, 40)}${suffix}`).toBeGreaterThanOrEqual(400);
      }
    }

    const putBodies: unknown[] = [...RAW_BODIES];
    for (const value of JUNK_VALUES) {
      putBodies.push({ title: value }, { dueDate: value }, { strategy: value }, { recurrence: value });
    }
    for (const recurrence of JUNK_RECURRENCES) putBodies.push({ recurrence });
    for (let i = 0; i < 80; i++) putBodies.push({ title: pick(rand, JUNK_VALUES), dueDate: pick(rand, JUNK_VALUES), strategy: pick(rand, JUNK_VALUES) });

    for (const body of putBodies) {
      const before = await send(`/v1/tasks/${id}`, "GET", undefined, u.token);
      const stepsBefore = await stepsOf(id);
      const answer = await send(`/v1/tasks/${id}`, "PUT", body, u.token);
      expectHandled(answer, `PUT ${describeInput(body)}`);
      if (answer.status >= 400) {
        expect((await send(`/v1/tasks/${id}`, "GET", undefined, u.token)).body, describeInput(body)).toEqual(before.body);
        expect(await stepsOf(id), describeInput(body)).toEqual(stepsBefore);
      }
    }
    expect(await taskCount(u)).toBe(1);

    const snoozeBodies: unknown[] = [...RAW_BODIES.filter((b) => b.trim() !== ""), ...JUNK_VALUES.map((minutes) => ({ minutes })), ...JUNK_VALUES];
    for (const body of snoozeBodies) {
      const before = await send(`/v1/tasks/${id}`, "GET", undefined, u.token);
      const stepsBefore = await stepsOf(id);
      const answer = await send(`/v1/tasks/${id}/snooze`, "POST", body, u.token);
      expectHandled(answer, `snooze ${describeInput(body)}`);
      if (answer.status >= 400) {
        expect((await send(`/v1/tasks/${id}`, "GET", undefined, u.token)).body, describeInput(body)).toEqual(before.body);
        expect(await stepsOf(id), describeInput(body)).toEqual(stepsBefore);
      }
    }
    expect(await taskCount(u)).toBe(1);
  });
});

describe("GET /v1/tasks?page=&limit= with junk", () => {
  it("never answers 500", { timeout: 60_000 }, async () => {
    const u = await user();
    const values = ["", " ", "0", "-1", "1.5", "1e309", "1e3", "0x10", "NaN", "Infinity", "-Infinity", "%00", "%E0%A4%A", "💊", "99999999999", "1000000", "100.0", "  5 ", "a".repeat(2000), "[]", "{}", "null", "true"];
    const queries = [
      ...values.map((v) => `page=${v}`),
      ...values.map((v) => `limit=${v}`),
      ...values.map((v) => `page=${v}&limit=${v}`),
      "page=1&page=2",
      "page[]=1",
      "limit=5&limit=500",
      "page",
      "limit",
      "&&&",
      "=",
      "page==1",
      "page=1000000&limit=100",
    ];
    for (const query of queries) {
      for (const path of [`/v1/tasks?${query}`, `/v1/tasks/?${query}`]) {
        const answer = await send(path, "GET", undefined, u.token);
        expectHandled(answer, path.slice(0, 80));
        if (answer.status === 200) expect(Array.isArray(answer.body.tasks), path.slice(0, 80)).toBe(true);
      }
    }
  });
});

describe("POST /v1/tasks/nl beyond the form's range", () => {
  it("refuses a date after 2100 like the form does, as an unreadable prompt (200, success false), creating nothing", async () => {
    const u = await user();
    const message = 'I can only set reminders up to the end of 2100. Try a nearer date, like "call mom tomorrow at 5pm".';
    for (const prompt of ["call mom on 12/31/2101 at 5pm", "call mom on 1 january 2150 at 9am", "12/31 99999 5pm pay rent"]) {
      expect(await send("/v1/tasks/nl", "POST", { prompt }, u.token), prompt).toEqual({ status: 200, body: { success: false, message } });
    }
    expect(await taskCount(u)).toBe(0);
    const last = await send("/v1/tasks/nl", "POST", { prompt: "pay rent on december 31 2100 at 11pm" }, u.token);
    expect(last.status).toBe(201);
    expect(await taskCount(u)).toBe(1);
  });
});
