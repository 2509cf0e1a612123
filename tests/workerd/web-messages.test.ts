import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as messages from "../../app/lib/messages";
import { errorMessage } from "../../app/lib/action-errors.server";
import { createTaskFromForm, createTaskFromText } from "../../app/lib/task-create.server";
import { runTaskAction } from "../../app/lib/task-answers.server";
import { loadDashboardTasks, loadNextPage } from "../../app/lib/tasks.server";
import { updateDefaultStrategy } from "../../app/lib/strategy-settings.server";
import { answerCalendar } from "../../app/lib/calendar.server";
import { answerPhone } from "../../app/lib/phone.server";
import { answerTelegram } from "../../app/lib/telegram.server";
import { answerBuddies } from "../../app/lib/buddies.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { headerFlags } from "../../app/lib/header.server";
import { readAppearance, saveAppearance } from "../../app/lib/appearance.server";
import { checkVerificationCode, CODE_FAILURE_MESSAGES, CODE_INVALID, CODE_MISSING, CODE_USED_UP, resendVerification, VERIFIED } from "../../app/lib/verification.server";
import { users } from "../../db/schema";
import { getProfile, type PublicUser } from "../../worker/services/auth";
import { createCode, EMAIL_CODE_POLICY } from "../../worker/services/auth/codes";
import { fixedClock } from "../../worker/services/clock";
import { createDeps, type Deps } from "../../worker/services/deps";
import { AppError, tooManyRequests } from "../../worker/services/errors";

/**
 * The plain-language failures of the screens (spec 01 and 02 section 8), server side: each
 * app/lib/*.server.ts mapping is run against a database that fails, and must answer the spec's
 * sentence (never a raw error, never a throw). The browser side (the server unreachable) is in
 * tests/browser/web-messages.spec.ts.
 */
const clock = fixedClock("2044-06-01T09:00:00Z");
const deps = () => createDeps(env, { clock });

/** The same deps, but every database call fails as D1 does when it is down. */
function brokenDeps(error: unknown = new Error("D1_ERROR: database is unavailable")): Deps {
  const failing = new Proxy(
    {},
    {
      get() {
        throw error;
      },
    },
  );
  return { ...deps(), db: failing as Deps["db"] };
}

async function newUser(): Promise<PublicUser> {
  const id = crypto.randomUUID();
  await deps()
    .db.insert(users)
    .values({ id, name: "Mara Messages", email: `msg-${id.slice(0, 12)}@example.com`, isVerified: true, timezone: "Europe/Berlin", consent: true });
  return getProfile(deps(), id);
}

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // Unknown failures are logged as bugs; keep the test output readable and check they were logged.
  logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

describe("task screens when the database fails", () => {
  it("the list: 'Failed to load tasks', for the first page and the next ones", async () => {
    const user = await newUser();
    expect(await loadDashboardTasks(brokenDeps(), user)).toEqual({ tasks: [], page: 0, hasMore: false, error: "Failed to load tasks" });
    const next = await loadNextPage(brokenDeps(), user, new Request("http://localhost/resources/tasks?page=2&shift=0"));
    expect(next).toEqual({ tasks: [], page: 1, hasMore: true, error: "Failed to load tasks" });
    expect(logged).toHaveBeenCalled();
  });

  it("delete: 'Failed to delete task'; the other answers: a calm retry sentence", async () => {
    const user = await newUser();
    expect(await runTaskAction(brokenDeps(), user, "delete", crypto.randomUUID())).toMatchObject({ ok: false, message: "Failed to delete task" });
    for (const intent of ["acknowledge", "done", "snooze"] as const) {
      expect(await runTaskAction(brokenDeps(), user, intent, crypto.randomUUID())).toMatchObject({ ok: false, message: messages.TASK_UPDATE_FAILED });
    }
  });

  it("create: 'Failed to create task. Please try again.'; plain language: 'Failed to create reminder.' (shown 3.5 s)", async () => {
    const user = await newUser();
    expect(await createTaskFromForm(brokenDeps(), user, form({ title: "Pills", dueDate: "2044-06-02T09:00" }))).toEqual({
      intent: "create",
      ok: false,
      message: "Failed to create task. Please try again.",
    });
    expect(await createTaskFromText(brokenDeps(), user, form({ prompt: "remind me to call mum tomorrow at 6pm" }))).toEqual({
      intent: "nl",
      ok: false,
      message: "Failed to create reminder.",
      failed: true,
    });
  });

  it("create: a 401 from the service is the spec's 'Authentication failed. Please log in again.'", async () => {
    const user = await newUser();
    const gone = brokenDeps(new AppError(401, "UNAUTHORIZED", "Please sign in to continue."));
    expect(await createTaskFromForm(gone, user, form({ title: "Pills", dueDate: "2044-06-02T09:00" }))).toMatchObject({
      ok: false,
      message: "Authentication failed. Please log in again.",
    });
  });

  it("default strategy: 'Failed to update strategy. Please try again.'", async () => {
    const user = await newUser();
    expect(await updateDefaultStrategy(brokenDeps(), user, form({ strategy: "gentle" }))).toEqual({
      kind: "strategy",
      ok: false,
      message: "Failed to update strategy. Please try again.",
      current: "",
    });
  });

  it("the header: no Create Task button and no Get Started for an unverified user when the status cannot be read", async () => {
    const user = { ...(await newUser()), isVerified: false };
    const args = { request: new Request("http://localhost/dashboard"), context: { deps: brokenDeps() } as unknown as AppLoadContext };
    expect(await headerFlags(args, user)).toEqual({ createTaskButton: false, onboardingSkipped: false });
  });
});

describe("channel and buddy panels when the database fails (spec 01 and 02 §8)", () => {
  it("calendar: each press its own sentence; the panel keeps its URL when even the read fails", async () => {
    const user = await newUser();
    expect(await answerCalendar(brokenDeps(), user.id, "enable")).toEqual({ ok: false, message: "Failed to enable calendar integration. Please try again." });
    expect(await answerCalendar(brokenDeps(), user.id, "regenerate")).toEqual({ ok: false, message: "Failed to regenerate calendar URL. Please try again." });
    expect(await answerCalendar(brokenDeps(), user.id, "disable")).toEqual({ ok: false, message: "Failed to disable calendar integration. Please try again." });
    // Working: enable, then regenerate with the spec's success sentence.
    expect(await answerCalendar(deps(), user.id, "enable")).toMatchObject({ ok: true, message: "Your calendar feed is on. Add the URL to your calendar app." });
    expect(await answerCalendar(deps(), user.id, "regenerate")).toMatchObject({
      ok: true,
      message: "Calendar feed URL regenerated! Update your calendar subscription with the new URL.",
      url: expect.stringContaining("/v1/tasks/ics/"),
    });
  });

  it("phone: 'Failed to add phone number', 'Failed to resend…', 'Phone verification failed…', 'Failed to remove phone number'", async () => {
    const user = await newUser();
    const answer = (intent: string) => answerPhone(brokenDeps(), user.id, { intent, number: "521234567", code: "123456" });
    expect((await answer("save")).message).toBe("Failed to add phone number");
    expect((await answer("send")).message).toBe("Failed to resend verification code. Please try again.");
    expect((await answer("verify")).message).toBe("Phone verification failed. Please try again.");
    expect((await answer("remove")).message).toBe("Failed to remove phone number");
  });

  it("telegram and buddies: each press's fallback when the server gives no sentence", async () => {
    const user = await newUser();
    expect(await answerTelegram(brokenDeps(), user.id, "generate")).toEqual({ ok: false, message: "Failed to generate linking code" });
    expect(await answerTelegram(brokenDeps(), user.id, "unlink")).toEqual({ ok: false, message: "Failed to unlink Telegram account" });
    const buddy = (intent: string) => answerBuddies(brokenDeps(), user.id, { intent, id: "b-1", name: "Sam", type: "email", order: "1", contact: "sam@example.com", code: "1234" });
    expect((await buddy("add")).message).toBe("Failed to create nudge buddy");
    expect((await buddy("edit")).message).toBe("Failed to update nudge buddy");
    expect((await buddy("delete")).message).toBe("Failed to delete nudge buddy");
    expect((await buddy("send")).message).toBe("Failed to send verification code");
    expect((await buddy("link")).message).toBe("Failed to get deep link");
    expect((await buddy("verify")).message).toBe("Failed to verify contact. Please try again.");
    expect((await buddy("optout")).message).toBe("Failed to opt out contact");
  });

  it("failureFor: the press's sentence, or the first for an unknown press", () => {
    expect(messages.failureFor(messages.CALENDAR_FAILED, "disable")).toBe("Failed to disable calendar integration. Please try again.");
    expect(messages.failureFor(messages.CALENDAR_FAILED, "bogus")).toBe("Failed to enable calendar integration. Please try again.");
  });
});

describe("email verification answers", () => {
  it("resend: 'Failed to resend email code. Please try again.'; verify: 'Email verification failed. Please try again.'", async () => {
    const user = await newUser();
    expect(await resendVerification(brokenDeps(), user)).toEqual({ ok: false, message: "Failed to resend email code. Please try again." });
    expect(await checkVerificationCode(brokenDeps(), user.id, "123456")).toEqual({ ok: false, message: "Email verification failed. Please try again." });
  });

  it("a wrong code, no code, and the service's own sentences", async () => {
    const user = await newUser();
    expect(await checkVerificationCode(deps(), user.id, "000000")).toEqual({ ok: false, message: CODE_INVALID });
    expect(CODE_INVALID).toBe("Invalid email verification code. Please check and try again.");
    expect(await checkVerificationCode(deps(), user.id, "")).toEqual({ ok: false, message: CODE_MISSING });
    // A 429 keeps the server's sentence: it says how long to wait.
    const throttled = brokenDeps(tooManyRequests("Too many verification attempts. Please wait 10 minutes and try again, or ask for a new email.", 600));
    expect(await checkVerificationCode(throttled, user.id, "123456")).toEqual({
      ok: false,
      message: "Too many verification attempts. Please wait 10 minutes and try again, or ask for a new email.",
    });
    expect(VERIFIED).toBe("Your email address is verified. Thank you!");
  });

  it("maps each reason: wrong -> the spec's sentence; expired or too many tries -> ask for a new code", () => {
    expect(CODE_FAILURE_MESSAGES).toEqual({ wrong: CODE_INVALID, expired: CODE_USED_UP, too_many_tries: CODE_USED_UP, no_code: CODE_INVALID });
    expect(CODE_USED_UP).toBe("This code has expired or had too many tries. Press Resend code for a new one.");
  });

  /** An unverified user with a fresh email code, on a clock of its own. */
  async function userWithCode() {
    const codeClock = fixedClock("2044-06-01T09:00:00Z");
    const codeDeps = createDeps(env, { clock: codeClock });
    const id = crypto.randomUUID();
    const email = `msg-code-${id.slice(0, 12)}@example.com`;
    await codeDeps.db.insert(users).values({ id, name: "Mara Messages", email, isVerified: false, timezone: "Europe/Berlin", consent: true });
    const code = await createCode(codeDeps, id, "email_verify", email, EMAIL_CODE_POLICY);
    const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    return { id, code, wrong, codeClock, codeDeps };
  }

  it("an expired code (fixed clock): 'This code has expired or had too many tries…'", async () => {
    const { id, code, codeClock, codeDeps } = await userWithCode();
    codeClock.advance(EMAIL_CODE_POLICY.ttlMs);
    expect(await checkVerificationCode(codeDeps, id, code)).toEqual({ ok: false, message: CODE_USED_UP });
  });

  it("a code whose 5 tries are used up: wrong 5 times, then the used-up sentence even for the right code", async () => {
    const { id, code, wrong, codeDeps } = await userWithCode();
    for (let i = 0; i < 5; i++) expect(await checkVerificationCode(codeDeps, id, wrong)).toEqual({ ok: false, message: CODE_INVALID });
    expect(await checkVerificationCode(codeDeps, id, code)).toEqual({ ok: false, message: CODE_USED_UP });
  });

  it("the right code verifies", async () => {
    const { id, code, codeDeps } = await userWithCode();
    expect(await checkVerificationCode(codeDeps, id, code)).toEqual({ ok: true, message: VERIFIED });
  });
});

describe("errorMessage (the screens' rule: the server's sentence first)", () => {
  it("shows a 429's sentence on the login page, a status text when the server gave none, else the fallback", () => {
    const blocked = tooManyRequests("Too many sign-in attempts. Please wait 10 minutes and try again.", 600, "LOGIN_THROTTLED");
    expect(errorMessage(blocked, messages.LOGIN_FAILED)).toBe("Too many sign-in attempts. Please wait 10 minutes and try again.");
    expect(errorMessage(new AppError(401, "X", ""), messages.LOGIN_FAILED, { 401: "Invalid email or password. Please check your credentials." })).toBe(
      "Invalid email or password. Please check your credentials.",
    );
    expect(errorMessage(new TypeError("fetch failed at worker/x.ts:1"), messages.LOGIN_FAILED)).toBe("Login failed. Please try again.");
    expect(messages.REGISTRATION_FAILED).toBe("Registration failed. Please try again.");
  });
});

describe("Settings, Appearance (ADR 084)", () => {
  const form = (value: string | null) => {
    const data = new FormData();
    data.set("intent", "appearance");
    if (value !== null) data.set("appearance", value);
    return data;
  };
  const request = (cookie?: string) => new Request("http://localhost/settings", { headers: cookie ? { Cookie: cookie } : {} });

  it("saves each choice in a year-long cookie on this device; Match this device clears it", () => {
    for (const [choice, message] of [
      ["light", "Saved. Nudge stays light on this device."],
      ["dark", "Saved. Nudge stays dark on this device."],
    ] as const) {
      const headers = new Headers();
      expect(saveAppearance(form(choice), headers)).toEqual({ status: 200, result: { kind: "appearance", ok: true, message } });
      const cookie = headers.get("Set-Cookie") ?? "";
      expect(cookie).toMatch(new RegExp(`^appearance=${choice}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax$`));
      expect(readAppearance(request(`appearance=${choice}`))).toBe(choice);
    }
    const headers = new Headers();
    expect(saveAppearance(form("device"), headers).result.message).toBe("Saved. Nudge follows this device's light or dark setting.");
    expect(headers.get("Set-Cookie")).toMatch(/^appearance=; Max-Age=0;/);
  });

  it("refuses a made-up or missing choice with a sentence and sets nothing; an unknown cookie means the device's setting", () => {
    for (const value of ["purple", "", "Dark", null]) {
      const headers = new Headers();
      expect(saveAppearance(form(value), headers)).toEqual({ status: 400, result: { kind: "appearance", ok: false, message: "Choose how Nudge looks: Match this device, Light or Dark." } });
      expect(headers.get("Set-Cookie")).toBeNull();
    }
    expect(readAppearance(request())).toBe("device");
    expect(readAppearance(request("appearance=purple"))).toBe("device");
    expect(readAppearance(request("appearance=device"))).toBe("device");
  });
});
