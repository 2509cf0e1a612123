import { createExecutionContext, env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FORM_UNREADABLE, readForm } from "../../app/lib/forms.server";
import { requestMeta } from "../../worker/http";
import { createApp, CROSS_SITE_MESSAGE, type PageHandler } from "../../worker/app";

/**
 * The guards in front of the Remix pages (worker/app.ts) and of every Remix action (readForm):
 * a cross-site write is a 403 before Remix runs, and a "form" post that is not a form is a 400.
 * The page handler is a stub that records what reached it.
 */
const APP = "http://localhost:8787";

function appWithStub() {
  const reached: Request[] = [];
  const pages: PageHandler = async (request) => {
    reached.push(request);
    return new Response("page", { status: 200 });
  };
  const app = createApp({ pages });
  const send = (path: string, init: RequestInit = {}) => app.request(`${APP}${path}`, init, env, createExecutionContext());
  return { reached, send };
}

const form = () => new URLSearchParams({ email: "a@example.com", password: "x" });

describe("cross-site writes to pages", () => {
  it("answers a foreign Origin with a 403 page and never runs Remix", async () => {
    const { reached, send } = appWithStub();
    const response = await send("/auth/login", { method: "POST", body: form(), headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain("Request blocked");
    expect(html).toContain(CROSS_SITE_MESSAGE);
    expect(html).not.toContain("<script");
    expect(reached).toHaveLength(0);
  });

  it("answers a single-fetch .data post and a JSON client with JSON", async () => {
    const { reached, send } = appWithStub();
    const data = await send("/settings.data", { method: "POST", body: form(), headers: { Origin: "https://evil.example" } });
    expect(data.status).toBe(403);
    expect(await data.json()).toEqual({ message: CROSS_SITE_MESSAGE, code: "CSRF_REJECTED" });
    const json = await send("/task-creator", {
      method: "POST",
      body: form(),
      headers: { Origin: "https://evil.example", Accept: "application/json" },
    });
    expect(json.status).toBe(403);
    expect(((await json.json()) as { code: string }).code).toBe("CSRF_REJECTED");
    expect(reached).toHaveLength(0);
  });

  it("refuses Origin: null and a cross-site Sec-Fetch-Site without Origin, for every unsafe method", async () => {
    const { reached, send } = appWithStub();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect((await send("/auth/logout", { method, headers: { Origin: "null" } })).status).toBe(403);
      expect((await send("/auth/logout", { method, headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(403);
      expect((await send("/auth/logout", { method, headers: { "Sec-Fetch-Site": "same-site" } })).status).toBe(403);
    }
    expect(reached).toHaveLength(0);
  });

  it("lets our own posts, GETs from anywhere and header-less clients through", async () => {
    const { reached, send } = appWithStub();
    expect((await send("/auth/login", { method: "POST", body: form(), headers: { Origin: APP } })).status).toBe(200);
    expect((await send("/auth/login", { method: "POST", body: form(), headers: { Origin: env.APP_URL } })).status).toBe(200);
    expect((await send("/auth/login", { method: "POST", body: form(), headers: { "Sec-Fetch-Site": "same-origin" } })).status).toBe(200);
    // A link from another site is a GET: it only shows a page.
    expect((await send("/dashboard", { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } })).status).toBe(200);
    expect((await send("/dashboard", { method: "HEAD", headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(200);
    // No Origin and no Sec-Fetch-Site: not a browser's cross-site request (curl, a server).
    expect((await send("/auth/login", { method: "POST", body: form() })).status).toBe(200);
    expect(reached.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      "POST /auth/login",
      "POST /auth/login",
      "POST /auth/login",
      "GET /dashboard",
      "HEAD /dashboard",
      "POST /auth/login",
    ]);
  });

  it("leaves the API's own checks to the API: /v1 is not behind the page guard", async () => {
    const { reached, send } = appWithStub();
    const response = await send("/v1/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: "nobody@example.com", password: "Whatever-123" }),
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).not.toBe(undefined);
    expect(reached).toHaveLength(0);
  });
});

describe("readForm: a page action's body", () => {
  const post = (body: BodyInit | null, type?: string) =>
    new Request(`${APP}/auth/login`, { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

  async function rejection(request: Request) {
    try {
      await readForm(request);
    } catch (thrown) {
      return thrown;
    }
    throw new Error("readForm accepted a body it should refuse");
  }

  it("reads url-encoded and multipart forms", async () => {
    const encoded = await readForm(post(new URLSearchParams({ email: "a@example.com" }), "application/x-www-form-urlencoded;charset=UTF-8"));
    expect(encoded.get("email")).toBe("a@example.com");
    const multipart = new FormData();
    multipart.set("title", "Pills");
    const parsed = await readForm(new Request(`${APP}/task-creator`, { method: "POST", body: multipart }));
    expect(parsed.get("title")).toBe("Pills");
  });

  it("answers a JSON body, a text body, no Content-Type and a broken multipart body with a 400 and a sentence", async () => {
    const cases = [
      post(JSON.stringify({ email: "a@example.com", password: "x" }), "application/json"),
      post("email=a@example.com", "text/plain"),
      post("email=a@example.com"),
      post(null),
      post("--nope\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nunterminated", "multipart/form-data; boundary=nope"),
    ];
    for (const request of cases) {
      const thrown = await rejection(request);
      // A thrown Response: Remix makes it route error data, rendered by the root ErrorBoundary.
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
      expect(await (thrown as Response).json()).toEqual({ message: FORM_UNREADABLE });
    }
  });
});

describe("request metadata", () => {
  it("takes the client address from CF-Connecting-IP only, never from X-Forwarded-For", () => {
    const spoofed = new Request(`${APP}/auth/login`, { headers: { "X-Forwarded-For": "203.0.113.9", "User-Agent": "UA" } });
    expect(requestMeta(spoofed)).toEqual({ ip: null, userAgent: "UA" });
    const real = new Request(`${APP}/auth/login`, { headers: { "CF-Connecting-IP": "198.51.100.7", "X-Forwarded-For": "203.0.113.9" } });
    expect(requestMeta(real).ip).toBe("198.51.100.7");
  });
});

describe("a page's D1 cost in Server-Timing, as /v1 reports it", () => {
  it("counts the queries its loaders ran, and leaves a response with fixed headers as it is", async () => {
    const pages: PageHandler = async (request, { deps }) => {
      if (new URL(request.url).pathname === "/moved") return Response.redirect(`${APP}/elsewhere`, 302);
      await deps.db.run(sql`select 1`);
      await deps.db.run(sql`select 2`);
      return new Response("page", { status: 200 });
    };
    const app = createApp({ pages });
    const page = await app.request(`${APP}/dashboard`, {}, env, createExecutionContext());
    expect(page.status).toBe(200);
    expect(page.headers.get("Server-Timing")).toMatch(/^total;dur=[\d.]+, d1;dur=[\d.]+;desc="2 queries", d1-round-trips;desc="2", d1-rows-read;desc="\d+", d1-rows-written;desc="0"$/);
    const moved = await app.request(`${APP}/moved`, {}, env, createExecutionContext());
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`${APP}/elsewhere`);
  });
});
