/**
 * The fake Resend keeps to Resend's protocol (tests/fakes/resend.ts): the channel tests trust its
 * answers, so its rules are pinned here, each as Resend documents it.
 */
import { describe, expect, it } from "vitest";
import { fakeFetch } from "../fakes/fake";
import { createFakeResend } from "../fakes/resend";

const BASE = "https://resend.test";
const email = { from: "Nudge <reminders@nudge.example.com>", to: ["ana@example.com"], subject: "Reminder", text: "Take pills" };

function client(options: { now?: () => number } = {}) {
  const resend = createFakeResend({ apiKey: "re_key", origin: BASE, ...options });
  const fetch = fakeFetch(resend);
  async function send(body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${BASE}/emails`, {
      method: "POST",
      headers: { Authorization: "Bearer re_key", "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json<Record<string, unknown>>() };
  }
  return { resend, fetch, send };
}

describe("the fake Resend", () => {
  it("accepts an email with 200 { id } and records it", async () => {
    const { resend, send } = client();
    const answer = await send(email);
    expect(answer.status).toBe(200);
    expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(resend.sent).toEqual([expect.objectContaining({ id: answer.body.id, to: ["ana@example.com"], subject: "Reminder", idempotencyKey: null })]);
    expect(resend.received[0]).toMatchObject({ method: "POST", path: "/emails", body: email });
  });

  it("answers 401 without a key and 403 with a wrong one", async () => {
    const { fetch, send } = client();
    const missing = await fetch(`${BASE}/emails`, { method: "POST", body: JSON.stringify(email) });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ statusCode: 401, name: "missing_api_key" });
    expect(await send(email, { Authorization: "Bearer re_other" })).toMatchObject({ status: 403, body: { name: "invalid_api_key" } });
  });

  it("answers 422 on a bad `to` and on a missing field, and sends nothing", async () => {
    const { resend, send } = client();
    expect(await send({ ...email, to: ["not an address"] })).toMatchObject({ status: 422, body: { name: "validation_error" } });
    expect(await send({ from: email.from, to: email.to })).toMatchObject({ status: 422, body: { name: "missing_required_field" } });
    expect(resend.sent).toHaveLength(0);
  });

  it("keeps an Idempotency-Key for 24 hours: the same body gets the first answer, another body a 409", async () => {
    let now = Date.parse("2026-03-01T09:00:00Z");
    const { resend, send } = client({ now: () => now });
    const key = { "Idempotency-Key": "esc-1:0:email:ana@example.com" };
    const first = await send(email, key);
    expect(await send(email, key)).toEqual(first);
    expect(await send({ ...email, text: "Other words" }, key)).toMatchObject({ status: 409, body: { name: "invalid_idempotent_request" } });
    expect(resend.sent).toHaveLength(1);

    now += 24 * 60 * 60 * 1000;
    const later = await send(email, key);
    expect(later.status).toBe(200);
    expect(later.body.id).not.toBe(first.body.id);
    expect(resend.sent).toHaveLength(2);
  });

  it("answers 404 for another path and 405 for another method", async () => {
    const { fetch } = client();
    expect((await fetch(`${BASE}/domains`, { headers: { Authorization: "Bearer re_key" } })).status).toBe(404);
    expect((await fetch(`${BASE}/emails`, { headers: { Authorization: "Bearer re_key" } })).status).toBe(405);
  });

  it("throttles (429 rate_limit_exceeded with retry-after seconds) or fails (500 internal_server_error) on demand, then recovers", async () => {
    let at = 0;
    const { resend, fetch, send } = client({ now: () => at });
    resend.failNext({ status: 429, retryAfterSeconds: 3, times: 1 });
    const throttled = await fetch(`${BASE}/emails`, { method: "POST", headers: { Authorization: "Bearer re_key" }, body: JSON.stringify(email) });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("3");
    expect(await throttled.json()).toMatchObject({ statusCode: 429, name: "rate_limit_exceeded" });
    expect((await send(email)).status).toBe(200);

    resend.failNext({ status: 500, until: 60_000 });
    expect(await send(email)).toMatchObject({ status: 500, body: { name: "internal_server_error" } });
    at = 60_000;
    expect((await send(email)).status).toBe(200);
    expect(resend.sent).toHaveLength(2);
  });
});
