/**
 * Helpers for the auth-*.test.ts files: unique accounts, a cookie jar, and reading the dev outbox
 * like a person reads their mailbox.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { outboxMessages, users } from "../../db/schema";
import { register, type PublicUser } from "../../worker/services/auth";
import { fixedClock } from "../../worker/services/clock";
import { jsonRequest, request, testDeps } from "./helpers";

export const ORIGIN = "http://localhost:8787";
export const GOOD_PASSWORD = "Correct-Horse-9";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 12)}@example.com`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return { name: "Dana Tester", email: uniqueEmail(), password: GOOD_PASSWORD, timezone: "Europe/Berlin", consent: true, ...overrides };
}

/** Arrange for the fixed-clock session tests: a clock at `iso`, services on it, and a new user's session (register's answer). */
export async function registeredSessionAt(iso: string) {
  const clock = fixedClock(iso);
  const deps = testDeps(clock);
  const session = await register(deps, registration(), { ip: null, userAgent: null });
  return { clock, deps, ...session };
}

export interface SessionAnswer {
  accessToken: string;
  refreshToken: string;
  user: PublicUser;
}

/** Registers through POST /v1/users and returns the answer (asserting it worked). */
export async function registerUser(overrides: Record<string, unknown> = {}) {
  const input = registration(overrides);
  const response = await jsonRequest("/v1/users", "POST", input);
  expect(response.status, await response.clone().text()).toBe(201);
  const body = await response.json<SessionAnswer>();
  return { input, response, body, cookies: cookiesFrom(response) };
}

/** name -> value of every Set-Cookie in a response ("" for a cleared cookie). */
export function cookiesFrom(response: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const index = pair!.indexOf("=");
    jar[pair!.slice(0, index).trim()] = decodeURIComponent(pair!.slice(index + 1).trim());
  }
  return jar;
}

/** The full Set-Cookie line for one cookie name. */
export function setCookieLine(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

export function cookieHeader(jar: Record<string, string>): string {
  return Object.entries(jar)
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("; ");
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

export function getWithToken(path: string, token: string) {
  return request(path, { headers: bearer(token) });
}

/** The newest email to an address (ties within a millisecond broken by insertion order). */
export async function latestEmail(to: string) {
  const deps = testDeps();
  const [row] = await deps.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to), eq(outboxMessages.channel, "email")))
    .orderBy(desc(outboxMessages.createdAt), desc(sql`rowid`))
    .limit(1);
  return row ?? null;
}

export async function emailCount(to: string): Promise<number> {
  const deps = testDeps();
  const rows = await deps.db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.to, to));
  return rows.length;
}

/** What a person would copy out of the verification or reset email. */
export function readEmail(text: string) {
  const code = /Your code: (\d+)/.exec(text)?.[1] ?? null;
  const magicLink = /(https?:\/\/\S+\/auth\/magic-link\?token=\S+)/.exec(text)?.[1] ?? null;
  const verifyLink = /(https?:\/\/\S+\/auth\/verify-email\?\S+)/.exec(text)?.[1] ?? null;
  const resetLink = /(https?:\/\/\S+\/auth\/reset-password\?\S+)/.exec(text)?.[1] ?? null;
  return {
    code,
    magicLink,
    magicToken: magicLink ? new URL(magicLink).searchParams.get("token") : null,
    verifyLink,
    resetLink,
  };
}

export async function latestCode(to: string): Promise<string> {
  const email = await latestEmail(to);
  const code = email ? readEmail(email.text).code : null;
  if (!code) throw new Error(`No code in the latest email to ${to}`);
  return code;
}

export async function userRow(id: string) {
  const [row] = await testDeps().db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function userByEmail(email: string) {
  const [row] = await testDeps().db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export function json(path: string, method: string, body: unknown, headers: Record<string, string> = {}) {
  return jsonRequest(path, method, body, headers);
}
