import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages, refreshSessions, verificationCodes } from "../../db/schema";
import { request, testDeps } from "./helpers";
import { bearer, ORIGIN, registerUser, userRow } from "./auth-support";

/**
 * Bad input never changes anything and never gets a 500: every /v1 accounts endpoint answers these
 * bodies with 400 and a sentence.
 */
const HUGE = "x".repeat(200_000);
const RAW_BODIES: Array<[string, string]> = [
  ["not JSON", "this is not json"],
  ["broken JSON", '{"email": "a@example.com",'],
  ["an empty body", ""],
  ["null", "null"],
  ["an array", '[{"email":"a@example.com"}]'],
  ["a number", "42"],
  ["a string", '"hello"'],
  ["true", "true"],
];

function valueBodies(fields: string[]): Array<[string, Record<string, unknown>]> {
  const all = (value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));
  return [
    ["an empty object", {}],
    ["numbers", all(12345678)],
    ["booleans", all(true)],
    ["nulls", all(null)],
    ["objects", all({ nested: "x" })],
    ["arrays", all(["a"])],
    ["huge strings", all(HUGE)],
    ["a prototype-pollution attempt", JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}') as Record<string, unknown>],
  ];
}

interface Target {
  method: string;
  path: (userId: string) => string;
  fields: string[];
  auth: boolean;
}

const TARGETS: Target[] = [
  { method: "POST", path: () => "/v1/users", fields: ["name", "email", "password", "timezone", "consent", "platformId", "platformCode"], auth: false },
  { method: "POST", path: () => "/v1/auth/login", fields: ["email", "password"], auth: false },
  { method: "POST", path: () => "/v1/auth/refresh", fields: ["refreshToken"], auth: false },
  { method: "POST", path: () => "/v1/auth/forgot-password", fields: ["email"], auth: false },
  { method: "POST", path: () => "/v1/auth/reset-password", fields: ["email", "code", "newPassword"], auth: false },
  { method: "POST", path: () => "/v1/auth/verify-email", fields: ["email", "code"], auth: false },
  { method: "POST", path: () => "/v1/auth/otp", fields: ["userId"], auth: true },
  { method: "POST", path: () => "/v1/auth/otp/verify", fields: ["userId", "otp"], auth: true },
  { method: "POST", path: () => "/v1/auth/magic-link", fields: ["userId"], auth: true },
  { method: "PUT", path: (id) => `/v1/users/${id}`, fields: ["timezone"], auth: true },
];

/** Well-typed but odd strings: any answer but a 500 is fine (e.g. 401 for an unknown refresh token), and nothing changes. */
const ODD_STRINGS = ["\u0000\u0007\u001b", "'; DROP TABLE users; --", "💩".repeat(40), " ", "\u202e\u200b"];

/** Everything about the victim account that a bad request must not change. */
async function snapshot(userId: string, email: string) {
  const { db } = testDeps();
  return {
    user: await userRow(userId),
    sessions: await db.select().from(refreshSessions).where(eq(refreshSessions.userId, userId)),
    codes: await db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId)),
    emails: (await db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.to, email))).length,
  };
}

async function expectSentence400(response: Response, what: string) {
  const text = await response.text();
  expect(response.status, `${what}: ${text.slice(0, 200)}`).toBe(400);
  const body = JSON.parse(text) as { message: unknown; code: unknown };
  expect(typeof body.message, what).toBe("string");
  expect((body.message as string).length, what).toBeGreaterThan(10);
  expect(body.message, what).not.toMatch(/Invalid input|expected|undefined|\[object/i);
  expect(text.length, `${what}: the answer must not echo huge input`).toBeLessThan(1000);
}

describe("fuzzed bodies get 400 with a sentence and change nothing", () => {
  for (const target of TARGETS) {
    it(`${target.method} ${target.path(":id")}`, async () => {
      const victim = await registerUser();
      const userId = victim.body.user.id;
      const before = await snapshot(userId, victim.input.email);
      const headers = { "Content-Type": "application/json", Origin: ORIGIN, ...(target.auth ? bearer(victim.body.accessToken) : {}) };
      const cases: Array<[string, string]> = [
        ...RAW_BODIES,
        ...valueBodies(target.fields).map(([what, body]) => [what, JSON.stringify(body)] as [string, string]),
        // The victim's own id with wrong-typed siblings: still nothing changes.
        ...(target.fields.includes("otp") ? [["the right userId and a huge code", JSON.stringify({ userId, otp: HUGE })] as [string, string]] : []),
      ];
      for (const [what, body] of cases) {
        const response = await request(target.path(userId), { method: target.method, headers, body });
        await expectSentence400(response, `${target.method} ${target.path(":id")} with ${what}`);
      }
      for (const odd of ODD_STRINGS) {
        const body = JSON.stringify(Object.fromEntries(target.fields.map((field) => [field, odd])));
        const response = await request(target.path(userId), { method: target.method, headers, body });
        expect(response.status, `${target.path(":id")} with ${JSON.stringify(odd)}`).toBeLessThan(500);
        if (response.status >= 400) expect(typeof (await response.json<{ message: unknown }>()).message).toBe("string");
      }
      const textPlain = await request(target.path(userId), { method: target.method, headers: { ...headers, "Content-Type": "text/plain" }, body: "nonsense" });
      expect([400, 415]).toContain(textPlain.status);
      expect(await snapshot(userId, victim.input.email)).toEqual(before);
    });
  }

  it("GET /v1/auth/magic-link/verify with odd tokens answers false or 400, never 500", async () => {
    for (const token of ["%00", "%F0%9F%92%A9", "a".repeat(10_000), "'; DROP TABLE users; --", "AAAA"]) {
      const response = await request(`/v1/auth/magic-link/verify?token=${token}`);
      expect([200, 400]).toContain(response.status);
      if (response.status === 200) expect(await response.json()).toBe(false);
    }
  });
});
