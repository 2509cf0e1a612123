/**
 * The Resend email provider against the fake Resend (tests/fakes/resend.ts) where it can answer as
 * the real one would, and against a stubbed fetch for what no real Resend answers on purpose
 * (an upstream outage, a request still in progress, a request that hangs).
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { resendEmailChannel, ResendError } from "../../worker/channels/email";
import { PROVIDER_TIMEOUT_MS } from "../../worker/channels/types";
import { eq } from "drizzle-orm";
import { outboxMessages } from "../../db/schema";
import { ChannelUnavailableError, createChannels } from "../../worker/channels";
import { createDeps } from "../../worker/services/deps";

import { fakeFetch } from "../fakes/fake";
import { createFakeResend } from "../fakes/resend";

interface Captured {
  url: string;
  init: RequestInit;
}

function mockFetch(status: number, body: unknown) {
  const calls: Captured[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }) as typeof fetch;
  return { calls, fetchFn };
}

/** The fake Resend behind a fetch that also keeps what the channel handed to fetch (url and init). */
function fakeResendFetch(options: Parameters<typeof createFakeResend>[0]) {
  const resend = createFakeResend(options);
  const calls: Captured[] = [];
  const answer = fakeFetch(resend);
  const fetchFn: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer(input, init);
  };
  return { calls, fetchFn, resend };
}

const message = { to: "ana@example.com", subject: "Reminder: Take pills", text: "Take pills", html: "<p>Take pills</p>", idempotencyKey: "esc-1:0:email:ana@example.com" };

describe("the Resend email channel", () => {
  it("POSTs {from, to, subject, html, text} to /emails with the bearer key and the idempotency key", async () => {
    const { calls, fetchFn } = fakeResendFetch({ apiKey: "re_test_123", origin: "https://resend.test", newId: () => "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
    const channel = resendEmailChannel({ apiKey: "re_test_123", apiBase: "https://resend.test/", from: "Nudge <reminders@nudge.example.com>", fetch: fetchFn });
    const result = await channel.send(message);
    expect(result).toEqual({ providerMessageId: "resend:49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://resend.test/emails");
    expect(calls[0]!.init.method).toBe("POST");
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer re_test_123");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers["Idempotency-Key"]).toBe("esc-1:0:email:ana@example.com");
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      from: "Nudge <reminders@nudge.example.com>",
      to: ["ana@example.com"],
      subject: "Reminder: Take pills",
      html: "<p>Take pills</p>",
      text: "Take pills",
    });
  });

  it("sends a Reply-To as Resend's reply_to, which the fake checks like Resend", async () => {
    const { calls, fetchFn, resend } = fakeResendFetch({ apiKey: "re_test_123", origin: "https://resend.test" });
    const channel = resendEmailChannel({ apiKey: "re_test_123", apiBase: "https://resend.test/", from: "Nudge <reminders@nudge.example.com>", fetch: fetchFn });
    await channel.send({ ...message, replyTo: "assistant@nudge.example.com" });
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ reply_to: "assistant@nudge.example.com" });
    expect(resend.sent[0]!.replyTo).toEqual(["assistant@nudge.example.com"]);
    await expect(channel.send({ ...message, idempotencyKey: "other", replyTo: "not an address" })).rejects.toMatchObject({ status: 422, kind: "permanent" });
  });

  it("throws on a non-2xx answer with the provider's message, so the queue retries", async () => {
    const { fetchFn } = mockFetch(422, { statusCode: 422, name: "validation_error", message: "Invalid `to` field." });
    const channel = resendEmailChannel({ apiKey: "re_test_123", from: "a@b.c", fetch: fetchFn });
    const error = await channel.send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResendError);
    expect((error as ResendError).status).toBe(422);
    expect((error as Error).message).toBe("Resend answered 422: Invalid `to` field.");

    const down = resendEmailChannel({ apiKey: "k", from: "a@b.c", fetch: mockFetch(503, "upstream unavailable").fetchFn });
    await expect(down.send(message)).rejects.toThrow("Resend answered 503: upstream unavailable");
  });

  it("counts a 409 invalid_idempotent_request (the key was already sent) as sent", async () => {
    const { fetchFn } = fakeResendFetch({ apiKey: "k" });
    const channel = resendEmailChannel({ apiKey: "k", from: "a@b.c", fetch: fetchFn });
    // The same key was first sent with another body: Resend answers 409 invalid_idempotent_request.
    await channel.send({ ...message, text: "Take pills (first wording)" });
    expect(await channel.send(message)).toEqual({ providerMessageId: "resend:idempotent:esc-1:0:email:ana@example.com" });
    const busy = resendEmailChannel({ apiKey: "k", from: "a@b.c", fetch: mockFetch(409, { name: "concurrent_idempotent_requests", message: "In progress." }).fetchFn });
    await expect(busy.send(message)).rejects.toThrow("Resend answered 409: In progress.");
  });

  it("gives up on a request that hangs (after 20 seconds by default), so a send never outlives the step's lease", async () => {
    const { calls, fetchFn } = fakeResendFetch({ apiKey: "k" });
    await resendEmailChannel({ apiKey: "k", from: "a@b.c", fetch: fetchFn }).send(message);
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
    expect(PROVIDER_TIMEOUT_MS).toBe(20_000);

    // A provider that never answers: the request is aborted after the timeout and the send fails (the queue retries).
    const hung = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      })) as typeof fetch;
    const channel = resendEmailChannel({ apiKey: "k", from: "a@b.c", fetch: hung, timeoutMs: 30 });
    const error = await channel.send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResendError);
    expect((error as Error).message).toBe("Resend did not answer within 0.03 seconds.");
  });

  it("is chosen only when EMAIL_PROVIDER=resend with a key and the dev outbox off; without them in production email is unavailable", async () => {
    const deps = createDeps(env);
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ id: "from-spy" }));
    try {
      const live = createChannels({ ...env, EMAIL_PROVIDER: "resend", RESEND_API_KEY: "re_live", RESEND_API_BASE: "https://resend.test", DEV_OUTBOX: "false" }, deps.db, deps.clock);
      expect(await live.email.send({ ...message, to: "resend-route@example.com" })).toEqual({ providerMessageId: "resend:from-spy" });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(String(spy.mock.calls[0]![0])).toBe("https://resend.test/emails");

      const dev = createChannels({ ...env, EMAIL_PROVIDER: "resend", RESEND_API_KEY: "re_live", DEV_OUTBOX: "true" }, deps.db, deps.clock);
      expect((await dev.email.send({ ...message, to: "outbox-route@example.com" })).providerMessageId).toMatch(/^outbox:/);

      // Issue 7: with the dev outbox off, email without a configured provider is unavailable (it
      // used to fall back to the outbox, storing the message in D1 and sending nothing).
      for (const [vars, missing] of [
        [{ EMAIL_PROVIDER: "outbox", RESEND_API_KEY: "re_live", DEV_OUTBOX: "false" }, 'EMAIL_PROVIDER is "outbox"'],
        [{ EMAIL_PROVIDER: "resend", RESEND_API_KEY: "", DEV_OUTBOX: "false" }, "RESEND_API_KEY is missing"],
      ] as const) {
        const channels = createChannels({ ...env, ...vars }, deps.db, deps.clock);
        expect(channels.email.status).toMatchObject({ available: false, provider: "none" });
        expect(channels.email.status.reason).toContain(missing);
        const to = `unavailable-${crypto.randomUUID()}@example.com`;
        const error = await channels.email.send({ ...message, to }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ChannelUnavailableError);
        expect((error as Error).message).toContain(missing);
        expect(await deps.db.select().from(outboxMessages).where(eq(outboxMessages.to, to))).toEqual([]);
      }
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
