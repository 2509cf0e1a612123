import { env } from "cloudflare:test";
import { createEnvelope, serializeEnvelope } from "@sentry/core";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bugReports } from "../../db/schema";
import { NOT_ENVELOPE_MESSAGE, NOT_PNG_MESSAGE, NO_FEEDBACK_MESSAGE, TOO_LARGE_MESSAGE } from "../../worker/services/feedback/envelope";
import { FEEDBACK_LIMIT_MESSAGE } from "../../worker/services/feedback";
import { fakeFetch } from "../fakes/fake";
import { fakeSentry } from "../fakes/sentry";
import { bearer, latestEmail, registerUser } from "./auth-support";
import { request, testDeps } from "./helpers";

// A 1x1 PNG, as the widget's screenshot editor would send (much larger in real life).
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

const eventId = () => crypto.randomUUID().replace(/-/g, "");

/** The envelope the Sentry feedback widget posts to its tunnel (items as @sentry/core builds them). */
function feedbackEnvelope(options: { message?: unknown; attachment?: { bytes: Uint8Array; filename?: string; type?: string } | null; id?: string } = {}) {
  const id = options.id ?? eventId();
  const event = {
    event_id: id,
    type: "feedback",
    tags: { release: "web" },
    contexts: { feedback: { message: options.message ?? "The Save button does nothing.", name: "Dana", contact_email: "dana@example.com", source: "widget", url: "http://localhost:8787/settings" } },
  };
  const items: unknown[] = [[{ type: "feedback" }, event]];
  const attachment = options.attachment === undefined ? { bytes: PNG } : options.attachment;
  if (attachment) {
    items.push([{ type: "attachment", length: attachment.bytes.length, filename: attachment.filename ?? "screenshot.png", content_type: attachment.type ?? "image/png" }, attachment.bytes]);
  }
  return serializeEnvelope(createEnvelope({ event_id: id, dsn: "https://public@nudge.invalid/1" } as never, items as never) as never) as BodyInit;
}

const post = (token: string, body: BodyInit, overrides = {}) =>
  request("/v1/feedback/tunnel", { method: "POST", headers: { "Content-Type": "text/plain;charset=UTF-8", ...bearer(token) }, body }, overrides);

async function reportsOf(userId: string) {
  return testDeps().db.select().from(bugReports).where(eq(bugReports.userId, userId));
}

async function signedIn() {
  const { body } = await registerUser();
  return { token: body.accessToken, user: body.user };
}

afterEach(() => vi.unstubAllGlobals());

describe("POST /v1/feedback/tunnel", () => {
  it("stores the report in D1, the screenshot in R2, and emails the team at SUPPORT_EMAIL", async () => {
    const { token, user } = await signedIn();
    const response = await post(token, feedbackEnvelope());
    expect(response.status).toBe(200);
    const [row] = await reportsOf(user.id);
    expect(row).toMatchObject({ name: "Dana", email: "dana@example.com", message: "The Save button does nothing.", source: "widget", url: "http://localhost:8787/settings" });
    expect(JSON.parse(row!.tags)).toEqual({ release: "web" });
    const object = await env.BUG_SCREENSHOTS.get(row!.screenshotKey!);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG);
    expect(object!.httpMetadata?.contentType).toBe("image/png");
    const email = await latestEmail(env.SUPPORT_EMAIL);
    expect(email?.subject).toBe("Bug report from Dana <dana@example.com>");
    expect(email?.text).toContain("The Save button does nothing.");
    expect(email?.text).toContain(`Report id: ${row!.id}`);
  });

  it("forwards the feedback and its screenshot to Sentry when SENTRY_DSN is set", async () => {
    const sentry = fakeSentry();
    vi.stubGlobal("fetch", fakeFetch(sentry));
    const { token } = await signedIn();
    const id = eventId();
    expect((await post(token, feedbackEnvelope({ id }), { SENTRY_DSN: sentry.dsn })).status).toBe(200);
    const [feedback] = sentry.itemsOf("feedback");
    expect((feedback![1] as { event_id: string }).event_id).toBe(id);
    expect((feedback![1] as { contexts: { feedback: { source: string } } }).contexts.feedback.source).toBe("widget");
    const [attachment] = sentry.itemsOf("attachment");
    expect(attachment![0]).toMatchObject({ filename: "screenshot.png", content_type: "image/png" });
    expect(attachment![1]).toEqual(PNG);
  });

  it("takes the screenshot as the widget labels it (application/png)", async () => {
    const { token, user } = await signedIn();
    expect((await post(token, feedbackEnvelope({ attachment: { bytes: PNG, type: "application/png" } }))).status).toBe(200);
    const [row] = await reportsOf(user.id);
    expect(await env.BUG_SCREENSHOTS.get(row!.screenshotKey!)).not.toBeNull();
  });

  it("sends nothing to Sentry without SENTRY_DSN, and a report without a screenshot has none", async () => {
    const sentry = fakeSentry();
    vi.stubGlobal("fetch", fakeFetch(sentry));
    const { token, user } = await signedIn();
    expect((await post(token, feedbackEnvelope({ attachment: null }))).status).toBe(200);
    expect(sentry.envelopes).toHaveLength(0);
    expect((await reportsOf(user.id))[0]!.screenshotKey).toBeNull();
  });

  it("refuses a signed-out sender", async () => {
    const response = await request("/v1/feedback/tunnel", { method: "POST", body: feedbackEnvelope() });
    expect(response.status).toBe(401);
  });

  it.each([
    ["a body that is not an envelope", () => "hello", 400, NOT_ENVELOPE_MESSAGE],
    ["an empty body", () => "", 400, NOT_ENVELOPE_MESSAGE],
    ["a message of the wrong type", () => feedbackEnvelope({ message: 42 }), 400, NOT_ENVELOPE_MESSAGE],
    ["a blank message", () => feedbackEnvelope({ message: "   " }), 400, NO_FEEDBACK_MESSAGE],
    ["a JPEG named screenshot.png", () => feedbackEnvelope({ attachment: { bytes: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]) } }), 415, NOT_PNG_MESSAGE],
    ["a PNG declared as text", () => feedbackEnvelope({ attachment: { bytes: PNG, type: "text/plain" } }), 415, NOT_PNG_MESSAGE],
    ["a body over 5 MB", () => new Uint8Array(5 * 1024 * 1024 + 1), 413, TOO_LARGE_MESSAGE],
  ])("answers %s with a clear 4xx and stores nothing", async (_, body, status, message) => {
    const { token, user } = await signedIn();
    const response = await post(token, body() as BodyInit);
    expect(response.status).toBe(status);
    expect((await response.json<{ message: string }>()).message).toBe(message);
    expect(await reportsOf(user.id)).toHaveLength(0);
  });

  it("allows five reports an hour per person, then answers 429 with Retry-After", async () => {
    const { token, user } = await signedIn();
    for (let i = 0; i < 5; i++) expect((await post(token, feedbackEnvelope({ attachment: null }))).status).toBe(200);
    const refused = await post(token, feedbackEnvelope({ attachment: null }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await refused.json<{ message: string }>()).message).toBe(FEEDBACK_LIMIT_MESSAGE);
    expect(await reportsOf(user.id)).toHaveLength(5);
  });
});
