/**
 * The HTTP toolkit (worker/http, ADR 037): one JSON body reader (size limit 413, content type 415,
 * a sentence for bad JSON), one origin check, one requestMeta, the validation envelope with
 * `fields`, and the logger that carries the request id. Through the real /v1 routes where the
 * behaviour is a contract, and directly where it is a helper.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { addressFromQuery, BAD_JSON_MESSAGE, BODY_LIMIT_BYTES, BODY_TOO_LARGE_MESSAGE, isSameOrigin, NOT_JSON_MESSAGE, readJsonBody, requestMeta } from "../../worker/http";
import { isAppError } from "../../worker/services/errors";
import { createLogger } from "../../worker/services/log";
import { registerUser } from "./auth-support";
import { api, testEra } from "./escalation-helpers";
import { request } from "./helpers";

const APP = "http://localhost:8787";
const { user } = testEra(new Date("2041-06-01T10:00:00Z"));

interface ErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
  requestId?: string;
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  request(path, { method: "POST", headers: { Origin: APP, ...headers }, body });

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected the reader to refuse the body");
}

afterEach(() => vi.restoreAllMocks());

describe("the JSON body reader", () => {
  it("answers 413 with a sentence past the limit, from the declared length or the bytes read", async () => {
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(BODY_LIMIT_BYTES) });
    const response = await post("/v1/auth/login", big, { "Content-Type": "application/json" });
    expect(response.status).toBe(413);
    expect(await response.json<ErrorBody>()).toEqual({ message: BODY_TOO_LARGE_MESSAGE, code: "PAYLOAD_TOO_LARGE" });

    // A client that sends no Content-Length (a stream) is cut off while reading.
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > BODY_LIMIT_BYTES * 2) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = new Request(`${APP}/v1/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: stream, duplex: "half" } as RequestInit);
    expect(await failure(readJsonBody(streamed))).toEqual({ status: 413, code: "PAYLOAD_TOO_LARGE", message: BODY_TOO_LARGE_MESSAGE });
  });

  it("answers 415 with a sentence when a body is not declared as JSON", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      const headers: Record<string, string> = type ? { "Content-Type": type } : {};
      const response = await post("/v1/auth/login", JSON.stringify({ email: "a@example.com", password: "whatever-1" }), headers);
      expect(response.status, type || "no Content-Type").toBe(415);
      expect(await response.json<ErrorBody>()).toEqual({ message: NOT_JSON_MESSAGE, code: "UNSUPPORTED_MEDIA_TYPE" });
    }
    // JSON with parameters, and the +json types, are JSON.
    const typed = await readJsonBody(new Request(APP, { method: "POST", headers: { "Content-Type": "application/merge-patch+json; charset=utf-8" }, body: "{\"a\":1}" }));
    expect(typed).toEqual({ a: 1 });
  });

  it("answers 400 with the same sentence for JSON it cannot parse, on every route", async () => {
    const u = await user({ isVerified: true });
    for (const [path, token] of [
      ["/v1/auth/login", undefined],
      ["/v1/tasks", u.token],
      [`/v1/tasks/00000000-0000-4000-8000-000000000000/snooze`, u.token],
    ] as const) {
      const response = await api(path, "POST", "{not json", token);
      expect(response.status, path).toBe(400);
      expect((await response.json<ErrorBody>()).message, path).toBe(BAD_JSON_MESSAGE);
    }
  });

  it("reads an empty body as {} unless one is required", async () => {
    expect(await readJsonBody(new Request(APP, { method: "POST" }))).toEqual({});
    expect(await failure(readJsonBody(new Request(APP, { method: "POST" }), { required: true }))).toMatchObject({ status: 400, code: "BAD_REQUEST" });
  });
});

describe("validation errors name their fields", () => {
  it("adds `fields` to the envelope of the task routes, keeping `message`", async () => {
    const u = await user({ isVerified: true });
    const response = await api("/v1/tasks", "POST", { title: "Water the plants" }, u.token);
    expect(response.status).toBe(400);
    const body = await response.json<ErrorBody>();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.message).toBe("Due date is required.");
    expect(body.fields).toEqual({ dueDate: "Due date is required." });
  });

  it("keeps spec 01's account answers exactly { message, code }", async () => {
    const response = await post("/v1/auth/login", JSON.stringify({ email: "not-an-email" }), { "Content-Type": "application/json" });
    expect(response.status).toBe(400);
    const body = await response.json<ErrorBody>();
    expect(Object.keys(body).sort()).toEqual(["code", "message"]);
  });
});

describe("the origin check", () => {
  const write = (headers: Record<string, string>) => new Request(`${APP}/v1/tasks`, { method: "POST", headers });

  it("accepts our own origin, APP_URL's, same-origin fetches and clients that send neither header", () => {
    expect(isSameOrigin(write({ Origin: APP }), APP)).toBe(true);
    expect(isSameOrigin(write({ Origin: "https://nudge.example" }), "https://nudge.example/")).toBe(true);
    expect(isSameOrigin(write({ "Sec-Fetch-Site": "same-origin" }), APP)).toBe(true);
    expect(isSameOrigin(write({}), APP)).toBe(true);
  });

  it("refuses another site, Origin: null and a cross-site fetch", () => {
    expect(isSameOrigin(write({ Origin: "https://evil.example" }), APP)).toBe(false);
    expect(isSameOrigin(write({ Origin: "null" }), APP)).toBe(false);
    expect(isSameOrigin(write({ "Sec-Fetch-Site": "cross-site" }), APP)).toBe(false);
  });

  it("blocks a cookie-authenticated /v1 write from another site with a sentence, and lets the Bearer one through", async () => {
    const { body } = await registerUser();
    const cookie = { Cookie: `accessToken=${body.accessToken}`, "Content-Type": "application/json" };
    const blocked = await request("/v1/auth/otp", { method: "POST", headers: { ...cookie, Origin: "https://evil.example" }, body: JSON.stringify({ userId: body.user.id }) });
    expect(blocked.status).toBe(403);
    expect(await blocked.json<ErrorBody>()).toEqual({ message: "This request came from another site and was blocked.", code: "CSRF_REJECTED" });
  });
});

describe("request metadata and the logger", () => {
  it("reads the IP from CF-Connecting-IP only, the user agent, and the request id", () => {
    const meta = requestMeta(new Request(APP, { headers: { "CF-Connecting-IP": " 198.51.100.7 ", "X-Forwarded-For": "203.0.113.9", "User-Agent": "UA", "cf-ray": "ray-1" } }));
    expect(meta).toEqual({ ip: "198.51.100.7", userAgent: "UA", requestId: "ray-1" });
    expect(requestMeta(new Request(APP), "given-id").requestId).toBe("given-id");
  });

  it("answers every /v1 request with its id, and writes one JSON line per event carrying it", async () => {
    const response = await request("/v1/health");
    expect(response.headers.get("X-Request-Id")).toBeTruthy();

    const lines: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: unknown) => void lines.push(String(line)));
    createLogger({ requestId: "req-1" }).with({ userId: "u-1" }).warn("something_odd", { reason: "test" });
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([{ level: "warn", event: "something_odd", requestId: "req-1", userId: "u-1", reason: "test" }]);
  });
});

describe("an address typed into a query (addressFromQuery)", () => {
  it("gives a hand-typed '+' back (it arrives as a space) and leaves every other value as typed", () => {
    const typed = (query: string) => addressFromQuery(new URL(`${APP}/dev/phone?${query}`).searchParams.get("number"));
    expect(typed("number=+972501234567")).toBe("+972501234567");
    expect(typed("number=%2B972501234567")).toBe("+972501234567");
    expect(typed("number=%20%20someone%40example.com%20")).toBe("someone@example.com");
    expect(typed("number=+someone")).toBe("someone");
    expect(typed("number=")).toBe("");
    expect(typed("other=1")).toBe("");
  });
});
