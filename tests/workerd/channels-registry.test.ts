/**
 * The channels registry (worker/channels): every medium's status with the dev outbox on and off,
 * unavailable media that store nothing, /v1/health reporting the channels, the start log line, the
 * auth emails failing loudly without email, and the dev outbox's per-medium view (issue 16, issue 7
 * item 1, ADR 036).
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { outboxMessages } from "../../db/schema";
import { ChannelUnavailableError, createChannels, MEDIA } from "../../worker/channels";
import { REGISTRY } from "../../worker/channels/registry";
import { createConfigProblemLog } from "../../worker/channels/report";
import type { Env } from "../../worker/env";
import { requestPasswordReset, sendVerificationEmail } from "../../worker/services/auth";
import { createDeps } from "../../worker/services/deps";
import { listOutbox } from "../../worker/services/outbox";
import { bearer, registerUser, uniqueEmail } from "./auth-support";
import { request, testDeps } from "./helpers";

/** Production as wrangler.toml ships it, with no secret set (every provider setting cleared). */
const PRODUCTION: Partial<Env> = {
  DEV_OUTBOX: "false",
  EMAIL_PROVIDER: "resend",
  EMAIL_FROM: "Nudge <reminders@nudge.example.com>",
  RESEND_API_KEY: "",
  TWILIO_ACCOUNT_SID: "",
  TWILIO_AUTH_TOKEN: "",
  TWILIO_FROM_NUMBER: "",
  TELEGRAM_BOT_TOKEN: "",
  TELEGRAM_WEBHOOK_SECRET: "",
  VAPID_PUBLIC_KEY: "",
  VAPID_PRIVATE_KEY: "",
};
/** Production with every provider setting given. */
const CONFIGURED: Partial<Env> = {
  ...PRODUCTION,
  RESEND_API_KEY: "re_live",
  RESEND_API_BASE: "https://resend.test",
  TWILIO_ACCOUNT_SID: "AC123",
  TWILIO_AUTH_TOKEN: "twilio-token",
  TWILIO_FROM_NUMBER: "+15005550006",
  TELEGRAM_BOT_TOKEN: "123:abc",
  TELEGRAM_WEBHOOK_SECRET: "hook-secret",
  VAPID_PUBLIC_KEY: "public",
  VAPID_PRIVATE_KEY: "private",
};

const EMAIL_MISSING = "Email is not set up on this server (RESEND_API_KEY is missing).";
const NOT_SET_UP = {
  sms: "Text messages are not set up on this server (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are missing).",
  voice: "Phone calls are not set up on this server (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are missing).",
  telegram: "Telegram messages are not set up on this server (TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET are missing).",
  push: "Push notifications are not set up on this server (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are missing).",
};

function channelsFor(overrides: Partial<Env>) {
  const deps = testDeps();
  return createChannels({ ...env, ...overrides }, deps.db, deps.clock);
}

/** console.error, silenced and recorded, for the tests where an error line is the point. */
function captureErrors() {
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  return { lines: () => spy.mock.calls.map((call) => call.map(String).join(" ")) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

// First in the file: the isolate's reporter logs once, at the first production-config start.
describe("the start log", () => {
  it("says once per isolate, as one JSON line, that email is unavailable", () => {
    const errors = captureErrors();
    createDeps({ ...env, ...PRODUCTION });
    createDeps({ ...env, ...PRODUCTION });
    const lines = errors.lines().filter((line) => line.includes("config.email_unavailable"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({ level: "error", event: "config.email_unavailable", medium: "email", reason: EMAIL_MISSING });
  });

  it("says nothing when email works (dev outbox, or Resend configured), even with other media unavailable", () => {
    const lines: string[] = [];
    const report = createConfigProblemLog((line) => lines.push(line));
    report(channelsFor({}));
    report(channelsFor(CONFIGURED));
    report(channelsFor({ ...PRODUCTION, RESEND_API_KEY: "re_live" }));
    expect(lines).toEqual([]);
    report(channelsFor({ ...PRODUCTION, EMAIL_PROVIDER: "outbox" }));
    report(channelsFor(PRODUCTION));
    expect(lines.map((line) => JSON.parse(line) as { event: string })).toEqual([expect.objectContaining({ event: "config.email_unavailable" })]);
  });
});

describe("the registry", () => {
  it("lists every medium with its folder's face", () => {
    expect(Object.keys(REGISTRY).sort()).toEqual([...MEDIA].sort());
    for (const medium of MEDIA) expect(REGISTRY[medium].medium).toBe(medium);
    expect(MEDIA.filter((medium) => REGISTRY[medium].required)).toEqual(["email"]);
  });
});

describe("each medium's status", () => {
  it("with the dev outbox on: every medium is the outbox, available, whatever the provider settings", () => {
    for (const overrides of [{}, { ...PRODUCTION, DEV_OUTBOX: "true" }, { ...CONFIGURED, DEV_OUTBOX: "1" }]) {
      const channels = channelsFor(overrides);
      for (const medium of MEDIA) {
        expect(channels[medium].medium).toBe(medium);
        expect(channels[medium].status).toEqual({ available: true, provider: "outbox", reason: null });
      }
    }
  });

  it("in production with nothing set: every medium unavailable, each saying which settings are missing", () => {
    const channels = channelsFor(PRODUCTION);
    expect(channels.email.status).toEqual({ available: false, provider: "none", reason: EMAIL_MISSING });
    for (const medium of ["sms", "voice", "telegram", "push"] as const) {
      expect(channels[medium].status).toEqual({ available: false, provider: "none", reason: NOT_SET_UP[medium] });
    }
  });

  it("in production with every setting: email is Resend, push is web push, Telegram is the bot, texts and calls are Twilio", () => {
    const channels = channelsFor(CONFIGURED);
    expect(channels.email.status).toEqual({ available: true, provider: "resend", reason: null });
    expect(channels.sms.status).toEqual({ available: true, provider: "twilio", reason: null });
    expect(channels.voice.status).toEqual({ available: true, provider: "twilio", reason: null });
    expect(channels.telegram.status).toEqual({ available: true, provider: "telegram", reason: null });
    expect(channels.push.status).toEqual({ available: true, provider: "web-push", reason: null });
  });

  it("names exactly what is missing, and why an email provider is not one", () => {
    const partial = channelsFor({ ...PRODUCTION, TWILIO_ACCOUNT_SID: "AC123", VAPID_PUBLIC_KEY: "public" });
    expect(partial.sms.status.reason).toBe("Text messages are not set up on this server (TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are missing).");
    expect(partial.push.status.reason).toBe("Push notifications are not set up on this server (VAPID_PRIVATE_KEY is missing).");

    const reasons = (overrides: Partial<Env>) => channelsFor({ ...CONFIGURED, ...overrides }).email.status.reason;
    expect(reasons({ EMAIL_PROVIDER: "outbox" })).toBe(
      'Email is not set up on this server (EMAIL_PROVIDER is "outbox", which only works with DEV_OUTBOX on: set EMAIL_PROVIDER to "resend" and RESEND_API_KEY to a Resend API key).',
    );
    expect(reasons({ EMAIL_PROVIDER: "" })).toBe(
      'Email is not set up on this server (EMAIL_PROVIDER is missing: set EMAIL_PROVIDER to "resend" and RESEND_API_KEY to a Resend API key).',
    );
    expect(reasons({ EMAIL_PROVIDER: "sendgrid" })).toContain('EMAIL_PROVIDER "sendgrid" is not a provider this server knows');
    expect(reasons({ RESEND_API_KEY: " ", EMAIL_FROM: "" })).toBe("Email is not set up on this server (RESEND_API_KEY and EMAIL_FROM are missing).");
  });
});

describe("a request's channels", () => {
  it("are made when first used, once, and each request's own (issue 8: most requests send nothing)", () => {
    const made = vi.spyOn(REGISTRY.telegram, "provider");
    const channels = channelsFor(CONFIGURED);
    expect(made).not.toHaveBeenCalled();
    const telegram = channels.telegram;
    expect(telegram.status).toEqual({ available: true, provider: "telegram", reason: null });
    expect(channels.telegram).toBe(telegram);
    expect(made).toHaveBeenCalledTimes(1);
    expect(channelsFor(CONFIGURED).telegram).not.toBe(telegram);
    expect(made).toHaveBeenCalledTimes(2);
  });

  it("still list every medium, as a record, and copy whole", () => {
    const channels = channelsFor(CONFIGURED);
    expect(Object.keys(channels).sort()).toEqual([...MEDIA].sort());
    const copy = { ...channels };
    for (const medium of MEDIA) expect(copy[medium]).toBe(channels[medium]);
  });

  it("the start log makes only the required media's channels", () => {
    const made = MEDIA.filter((medium) => !REGISTRY[medium].required).map((medium) => vi.spyOn(REGISTRY[medium], "provider"));
    const lines: string[] = [];
    createConfigProblemLog((line) => lines.push(line))(channelsFor(CONFIGURED));
    expect(lines).toEqual([]);
    for (const spy of made) expect(spy).not.toHaveBeenCalled();
  });
});

describe("an unavailable medium", () => {
  it("throws ChannelUnavailableError with the reason and stores nothing in the outbox", async () => {
    const deps = testDeps();
    const channels = channelsFor(PRODUCTION);
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    for (const medium of MEDIA) {
      const to = `unavailable-${medium}-${crypto.randomUUID()}`;
      const error = await channels[medium].send({ to, subject: "Hello", text: "Hello" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChannelUnavailableError);
      expect((error as ChannelUnavailableError).medium).toBe(medium);
      expect((error as ChannelUnavailableError).reason).toBe(channels[medium].status.reason);
      expect((error as Error).message).toBe(`Nothing was sent by ${medium}: ${channels[medium].status.reason}`);
      expect(await deps.db.select().from(outboxMessages).where(eq(outboxMessages.to, to))).toEqual([]);
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("GET /v1/health", () => {
  interface Health {
    status: string;
    database: string;
    channels: Record<string, { available: boolean; provider: string; reason: string | null }>;
    problems?: string[];
  }

  it("reports every channel: all the outbox in development", async () => {
    const response = await request("/v1/health");
    expect(response.status).toBe(200);
    const body = await response.json<Health>();
    expect(body.status).toBe("ok");
    expect(body.problems).toBeUndefined();
    expect(Object.keys(body.channels).sort()).toEqual([...MEDIA].sort());
    for (const medium of MEDIA) expect(body.channels[medium]).toEqual({ available: true, provider: "outbox", reason: null });
  });

  it("answers 503 degraded in production without email, with the reason", async () => {
    captureErrors(); // the start log, if this isolate has not said it yet
    const response = await request("/v1/health", {}, PRODUCTION);
    expect(response.status).toBe(503);
    const body = await response.json<Health>();
    expect(body).toMatchObject({ status: "degraded", database: "ok", problems: [EMAIL_MISSING] });
    expect(body.channels.email).toEqual({ available: false, provider: "none", reason: EMAIL_MISSING });
    expect(body.channels.sms).toEqual({ available: false, provider: "none", reason: NOT_SET_UP.sms });
  });

  it("answers 200 ok in production with email, other media reported unavailable", async () => {
    const response = await request("/v1/health", {}, { ...PRODUCTION, RESEND_API_KEY: "re_live" });
    expect(response.status).toBe(200);
    const body = await response.json<Health>();
    expect(body.status).toBe("ok");
    expect(body.channels.email).toEqual({ available: true, provider: "resend", reason: null });
    expect(body.channels.telegram).toEqual({ available: false, provider: "none", reason: NOT_SET_UP.telegram });
  });
});

describe("the auth emails without email", () => {
  it("POST /v1/auth/otp fails with a logged 500 naming the missing setting, and stores nothing", async () => {
    const { body, input } = await registerUser();
    const errors = captureErrors();
    const before = await testDeps().db.select().from(outboxMessages).where(eq(outboxMessages.to, input.email));
    const response = await request(
      "/v1/auth/otp",
      { method: "POST", headers: { "Content-Type": "application/json", Origin: "http://localhost:8787", ...bearer(body.accessToken) }, body: JSON.stringify({ userId: body.user.id }) },
      PRODUCTION,
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ code: "INTERNAL_ERROR" });
    expect(errors.lines().some((line) => line.includes("ChannelUnavailableError") && line.includes("RESEND_API_KEY is missing"))).toBe(true);
    const after = await testDeps().db.select().from(outboxMessages).where(eq(outboxMessages.to, input.email));
    expect(after).toHaveLength(before.length);
  });

  it("the services throw ChannelUnavailableError; registration and the deferred reset email log it", async () => {
    const { body, input } = await registerUser();
    const production = testDeps(undefined, PRODUCTION);
    captureErrors();
    await expect(sendVerificationEmail(production, body.user.id)).rejects.toBeInstanceOf(ChannelUnavailableError);
    await expect(requestPasswordReset(production, input.email)).rejects.toBeInstanceOf(ChannelUnavailableError);

    vi.restoreAllMocks();
    const errors = captureErrors();
    const deferred: Promise<void>[] = [];
    await requestPasswordReset(production, input.email, { defer: (work) => deferred.push(work) });
    await Promise.all(deferred);
    const email = uniqueEmail("no-email");
    const registered = await request(
      "/v1/users",
      { method: "POST", headers: { "Content-Type": "application/json", Origin: "http://localhost:8787" }, body: JSON.stringify({ name: "Ana", email, password: "Correct-Horse-9", timezone: "UTC", consent: true }) },
      PRODUCTION,
    );
    expect(registered.status).toBe(201);
    const events = errors.lines().map((line) => JSON.parse(line) as { event: string; error: string });
    expect(events).toEqual([
      expect.objectContaining({ event: "password_reset_email_failed", error: expect.stringContaining("ChannelUnavailableError") }),
      expect.objectContaining({ event: "verification_email_failed", error: expect.stringContaining("RESEND_API_KEY is missing") }),
    ]);
    expect(await production.db.select().from(outboxMessages).where(eq(outboxMessages.to, email))).toEqual([]);
  });
});

describe("the dev outbox's view of each medium", () => {
  it("comes from the medium's dev side: an email offers its HTML, a text message is plain, an unknown row shows its raw name", async () => {
    const deps = testDeps();
    const to = `view-${crypto.randomUUID()}`;
    await deps.channels.email.send({ to, subject: "Reminder: Take pills", text: "Take pills", html: "<p>Take pills</p>" });
    await deps.channels.email.send({ to, subject: "Plain", text: "No HTML part" });
    await deps.channels.email.send({ to, subject: "Reminder set: Feed the cat", text: "Set", replyTo: "assistant@nudge.example.com" });
    await deps.channels.sms.send({ to, text: "Take pills" });
    await deps.db.insert(outboxMessages).values({ id: crypto.randomUUID(), channel: "pigeon", to, text: "Coo", createdAt: deps.clock.now().getTime() });
    const views = (await listOutbox(deps)).filter((entry) => entry.to === to).map((entry) => [entry.channel, entry.view]);
    expect(views).toEqual(
      expect.arrayContaining([
        ["email", { label: "Email", preview: { summary: "Show the email as it looks", title: "Email: Reminder: Take pills" } }],
        ["email", { label: "Email", preview: null }],
        // One the assistant reads replies to: replied to from the dev mail page, as a mail app's Reply would.
        ["email", { label: "Email", preview: null, links: [{ label: "Reply to it", url: `/dev/inbound-email?from=${encodeURIComponent(to)}&subject=Re%3A+Reminder+set%3A+Feed+the+cat` }] }],
        ["sms", { label: "Text message", preview: null }],
        ["pigeon", { label: "pigeon", preview: null }],
      ]),
    );
    expect(views).toHaveLength(5);

    const json = await (await request("/dev/outbox.json")).json<Array<Record<string, unknown>>>();
    expect(Object.keys(json.find((entry) => entry.to === to)!).sort()).toEqual(["channel", "createdAt", "html", "id", "meta", "subject", "text", "to"]);
  });
});
