/**
 * Your account (ADR 080): a new password after the current one, and deleting the account, both through
 * the API with the real services, D1 and the dev outbox. Creates no task due before 2100's reach of a
 * tick: its one task is due in 2099 and is deleted with the account.
 */
import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bugReports, emergencyContacts, feedback, tasks, users } from "../../db/schema";
import { MESSAGES } from "../../worker/services/auth";
import { jsonRequest, request, testDeps } from "./helpers";
import { bearer, cookiesFrom, GOOD_PASSWORD, latestEmail, registerUser, uniqueEmail, userRow } from "./auth-support";

const NEW_PASSWORD = "Fresh-Lantern-84";
const changePassword = (token: string, body: unknown, headers: Record<string, string> = {}) => jsonRequest("/v1/users/me/password", "PUT", body, { ...bearer(token), ...headers });
const deleteAccount = (token: string, body: unknown, headers: Record<string, string> = {}) => jsonRequest("/v1/users/me", "DELETE", body, { ...bearer(token), ...headers });
const login = (email: string, password: string) => jsonRequest("/v1/auth/login", "POST", { email, password });
const refresh = (refreshToken: string) => jsonRequest("/v1/auth/refresh", "POST", { refreshToken });

describe("PUT /v1/users/me/password", () => {
  it("asks for the current password, refuses a weak or unchanged new one, and changes nothing until both are right", async () => {
    const { input, body } = await registerUser();
    const wrong = await changePassword(body.accessToken, { currentPassword: "Not-The-One-1", newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: "That isn't your current password. Please try again.", code: "WRONG_PASSWORD" });
    const weak = await changePassword(body.accessToken, { currentPassword: GOOD_PASSWORD, newPassword: "alllowercase1" });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { message: string }).message).toBe(MESSAGES.passwordComplexity);
    const same = await changePassword(body.accessToken, { currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD });
    expect(await same.json()).toMatchObject({ message: "Your new password is the same as your current one. Please choose a different one.", code: "SAME_PASSWORD" });
    const missing = await changePassword(body.accessToken, { newPassword: NEW_PASSWORD });
    expect(await missing.json()).toMatchObject({ message: "Please enter your current password." });
    expect((await login(input.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("changes it: the new password signs in, the old does not, every other session ends, this one gets a new one, and the address is told", async () => {
    const { input, body } = await registerUser();
    const elsewhere = (await (await login(input.email, GOOD_PASSWORD)).json()) as { refreshToken: string };
    const response = await changePassword(body.accessToken, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { message: string; accessToken: string; refreshToken: string };
    expect(answer.message).toBe("Your password has been changed. Your other devices have been signed out.");
    expect(cookiesFrom(response)).toMatchObject({ refreshToken: answer.refreshToken });

    expect((await refresh(elsewhere.refreshToken)).status).toBe(401);
    expect((await refresh(body.refreshToken)).status).toBe(401);
    expect((await refresh(answer.refreshToken)).status).toBe(200);
    expect((await login(input.email, GOOD_PASSWORD)).status).toBe(401);
    expect((await login(input.email, NEW_PASSWORD)).status).toBe(200);
    const notice = await latestEmail(input.email);
    expect(notice?.subject).toBe("Your Nudge password was changed");
    expect(notice?.text).toContain("If it wasn't, choose a new password now with a reset code");
  });

  it("an account that signs in with Google only has no password to change; five wrong tries block the sixth, even a right one", async () => {
    const google = await registerUser();
    await testDeps().db.update(users).set({ passwordHash: null }).where(eq(users.id, google.body.user.id));
    const none = await changePassword(google.body.accessToken, { currentPassword: "anything", newPassword: NEW_PASSWORD });
    expect(await none.json()).toMatchObject({
      message: "Your account signs in with Google and has no password yet. To add one, use Forgot Password on the sign-in page.",
      code: "NO_PASSWORD",
    });

    const { input, body } = await registerUser();
    for (let i = 0; i < 5; i++) expect((await changePassword(body.accessToken, { currentPassword: `Wrong-Guess-${i}`, newPassword: NEW_PASSWORD })).status).toBe(400);
    const blocked = await changePassword(body.accessToken, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toBe("Too many wrong tries. Please wait 15 minutes and try again.");
    expect(blocked.headers.get("Retry-After")).toBe("900");
    expect((await login(input.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("needs a session and our own origin", async () => {
    const { body } = await registerUser();
    expect((await jsonRequest("/v1/users/me/password", "PUT", { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);
    expect((await changePassword(body.accessToken, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD }, { Origin: "https://evil.example" })).status).toBe(403);
  });
});

describe("GET /v1/users/me/export", () => {
  it("gives the person's profile, quiet hours, tasks, buddies and devices as a JSON file; never a secret, never another person's data", async () => {
    const { input, body } = await registerUser();
    const other = await registerUser();
    const db = testDeps().db;
    await db.insert(tasks).values({ id: crypto.randomUUID(), userId: body.user.id, title: "Water the plants", dueAt: Date.parse("2099-01-01T09:00:00Z"), strategyKey: "standard", status: "PENDING" });
    await db.insert(tasks).values({ id: crypto.randomUUID(), userId: other.body.user.id, title: "Not yours", dueAt: Date.parse("2099-01-01T09:00:00Z"), strategyKey: "standard", status: "PENDING" });
    await db.insert(emergencyContacts).values({ id: crypto.randomUUID(), userId: body.user.id, name: "Sam", type: "email", contact: "sam@example.com", order: 1 });

    const response = await request("/v1/users/me/export", { headers: bearer(body.accessToken) });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="nudge-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    const exported = JSON.parse(text) as { profile: { email: string; name: string }; tasks: Array<{ title: string }>; nudgeBuddies: Array<{ name: string; contact: string }>; devices: unknown[]; quietHours: { enabled: boolean }; break: { until: string | null } };
    expect(exported.profile).toMatchObject({ email: input.email, name: "Dana Tester" });
    expect(exported.tasks.map((t) => t.title)).toEqual(["Water the plants"]);
    expect(exported.nudgeBuddies).toMatchObject([{ name: "Sam", contact: "sam@example.com" }]);
    expect(exported.devices).toEqual([]);
    expect(exported.quietHours.enabled).toBe(false);
    expect(exported.break).toEqual({ until: null, remindersFrom: null, untilLocal: null, quietFollowsUntilLocal: null });
    for (const secret of ["passwordHash", "password_hash", "pbkdf2", body.refreshToken, "verificationCodeHash", "Not yours"]) expect(text).not.toContain(secret);
    expect((await request("/v1/users/me/export")).status).toBe(401);
  });
});

describe("POST /v1/users/me/email and /confirm", () => {
  const ask = (token: string, body: unknown) => jsonRequest("/v1/users/me/email", "POST", body, bearer(token));
  const confirm = (token: string, body: unknown) => jsonRequest("/v1/users/me/email/confirm", "POST", body, bearer(token));

  it("sends a code to the new address after the password; only that code moves the account, the old address is told", async () => {
    const { input, body } = await registerUser();
    const next = uniqueEmail("moved");
    const wrong = await ask(body.accessToken, { newEmail: next, password: "Not-The-One-1" });
    expect(await wrong.json()).toMatchObject({ message: "That isn't your password, so the email address stays as it is. Please try again.", code: "WRONG_PASSWORD" });
    expect(await latestEmail(next)).toBeNull();

    const sent = await ask(body.accessToken, { newEmail: ` ${next.toUpperCase()} `, password: GOOD_PASSWORD });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ message: `We sent a 6-digit code to ${next}. Enter it here to finish. It works for 15 minutes.` });
    const mail = await latestEmail(next);
    expect(mail?.subject).toBe("Confirm your new email address for Nudge");
    const code = /Your code: (\d{6})/.exec(mail!.text)![1]!;
    expect((await userRow(body.user.id))?.email).toBe(input.email);

    const bad = await confirm(body.accessToken, { newEmail: next, code: code === "000000" ? "111111" : "000000" });
    expect(await bad.json()).toMatchObject({ message: "That code isn't right. Please check the email and try again.", code: "INVALID_CODE" });
    // The code belongs to the address it was sent to.
    expect(await (await confirm(body.accessToken, { newEmail: uniqueEmail("other"), code })).json()).toMatchObject({ message: "There is no code for that address. Ask for a new one." });
    const done = await confirm(body.accessToken, { newEmail: next, code });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ email: next, isVerified: true });
    expect(await userRow(body.user.id)).toMatchObject({ email: next, isVerified: true });
    expect((await latestEmail(input.email))?.subject).toBe("Your Nudge email address was changed");
    expect((await login(next, GOOD_PASSWORD)).status).toBe(200);
    expect((await login(input.email, GOOD_PASSWORD)).status).toBe(401);
    // Used once.
    expect((await confirm(body.accessToken, { newEmail: next, code })).status).toBe(400);
  });

  it("fixes a mistyped address at registration: the unverified account is verified at the new one", async () => {
    const { body } = await registerUser();
    expect((await userRow(body.user.id))?.isVerified).toBe(false);
    const next = uniqueEmail("typo-fixed");
    expect((await ask(body.accessToken, { newEmail: next, password: GOOD_PASSWORD })).status).toBe(200);
    const code = /Your code: (\d{6})/.exec((await latestEmail(next))!.text)![1]!;
    expect((await confirm(body.accessToken, { newEmail: next, code })).status).toBe(200);
    expect(await userRow(body.user.id)).toMatchObject({ email: next, isVerified: true });
  });

  it("refuses the same address, one another account has, and a Google-only account proves it with its current address", async () => {
    const { input, body } = await registerUser();
    const taken = await registerUser();
    const same = await ask(body.accessToken, { newEmail: input.email, password: GOOD_PASSWORD });
    expect(await same.json()).toMatchObject({ message: "That is already your email address.", code: "SAME_EMAIL" });
    const clash = await ask(body.accessToken, { newEmail: taken.input.email, password: GOOD_PASSWORD });
    expect(clash.status).toBe(409);
    expect(await latestEmail(taken.input.email)).toMatchObject({ subject: "Verify your email for Nudge" });

    await testDeps().db.update(users).set({ passwordHash: null }).where(eq(users.id, body.user.id));
    const next = uniqueEmail("google");
    expect(await (await ask(body.accessToken, { newEmail: next, email: "someone@example.com" })).json()).toMatchObject({ code: "WRONG_EMAIL" });
    expect((await ask(body.accessToken, { newEmail: next, email: input.email })).status).toBe(200);
  });
});

describe("PUT /v1/users/me/name", () => {
  it("saves the name on one line; a blank or too long one is refused with the registration's sentences and changes nothing", async () => {
    const { body } = await registerUser();
    const rename = (name: unknown, headers: Record<string, string> = {}) => jsonRequest("/v1/users/me/name", "PUT", { name }, { ...bearer(body.accessToken), ...headers });
    const saved = await rename("  Robin\nWalker ");
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { name: string }).name).toBe("Robin Walker");
    expect((await userRow(body.user.id))?.name).toBe("Robin Walker");
    for (const [name, message] of [
      ["   ", MESSAGES.nameMissing],
      ["x".repeat(101), MESSAGES.nameTooLong],
      [42, MESSAGES.nameMissing],
    ] as const) {
      const refused = await rename(name);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(message);
    }
    expect((await rename("Mallory", { Origin: "https://evil.example" })).status).toBe(403);
    expect((await userRow(body.user.id))?.name).toBe("Robin Walker");
  });
});

describe("DELETE /v1/users/me", () => {
  it("a wrong password deletes nothing; the right one deletes the account with its tasks and buddies, clears the cookies and says goodbye", async () => {
    const { input, body } = await registerUser();
    const userId = body.user.id;
    const db = testDeps().db;
    await db.insert(tasks).values({ id: crypto.randomUUID(), userId, title: "Water the plants", dueAt: Date.parse("2099-01-01T09:00:00Z"), strategyKey: "standard", status: "PENDING" });
    await db.insert(emergencyContacts).values({ id: crypto.randomUUID(), userId, name: "Sam", type: "email", contact: uniqueEmail("buddy"), order: 1 });
    await db.insert(feedback).values({ id: crypto.randomUUID(), userId, name: "Dana Tester", email: input.email, message: "Lovely app" });
    // A bug report with a picture of the person's screen, and another person's report, whose picture stays.
    const screenshotOf = (id: string) => `bug-reports/${id}/screenshot.png`;
    const [ownReport, otherReport] = [crypto.randomUUID(), crypto.randomUUID()];
    const other = await registerUser();
    for (const [id, owner] of [[ownReport, userId], [otherReport, other.body.user.id]] as const) {
      await env.BUG_SCREENSHOTS.put(screenshotOf(id), new Uint8Array([137, 80, 78, 71]));
      await db.insert(bugReports).values({ id, userId: owner, name: "Dana Tester", email: input.email, message: "The button is grey", source: "widget", screenshotKey: screenshotOf(id), eventId: id.replaceAll("-", "") });
    }

    const wrong = await deleteAccount(body.accessToken, { password: "Not-The-One-1" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: "That isn't your password, so nothing was deleted. Please try again.", code: "WRONG_PASSWORD" });
    expect(await userRow(userId)).not.toBeNull();
    expect(await env.BUG_SCREENSHOTS.get(screenshotOf(ownReport))).not.toBeNull();
    const empty = await deleteAccount(body.accessToken, {});
    expect(((await empty.json()) as { message: string }).message).toBe("Please confirm with your password (or, if you sign in with Google only, your email address).");

    const response = await deleteAccount(body.accessToken, { password: GOOD_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Your account and all your reminders have been deleted." });
    expect(cookiesFrom(response)).toMatchObject({ accessToken: "", refreshToken: "" });
    expect(await userRow(userId)).toBeNull();
    expect(await db.select().from(tasks).where(eq(tasks.userId, userId))).toEqual([]);
    expect(await db.select().from(emergencyContacts).where(eq(emergencyContacts.userId, userId))).toEqual([]);
    // The report stays for the team, without who sent it.
    const [report] = await db.select().from(feedback).where(eq(feedback.message, "Lovely app"));
    expect(report).toMatchObject({ userId: null, name: null, email: null });
    const [bug] = await db.select().from(bugReports).where(eq(bugReports.id, ownReport));
    expect(bug).toMatchObject({ userId: null, name: "", email: "", screenshotKey: null, message: "The button is grey" });
    expect(await env.BUG_SCREENSHOTS.get(screenshotOf(ownReport))).toBeNull();
    expect(await env.BUG_SCREENSHOTS.get(screenshotOf(otherReport))).not.toBeNull();

    expect((await login(input.email, GOOD_PASSWORD)).status).toBe(401);
    expect((await refresh(body.refreshToken)).status).toBe(401);
    expect((await request("/v1/auth/profile", { headers: bearer(body.accessToken) })).status).not.toBe(200);
    expect((await latestEmail(input.email))?.subject).toBe("Your Nudge account was deleted");
  });

  it("an account without a password confirms with its email address, in any case", async () => {
    const { input, body } = await registerUser();
    await testDeps().db.update(users).set({ passwordHash: null }).where(eq(users.id, body.user.id));
    const wrong = await deleteAccount(body.accessToken, { email: "someone-else@example.com" });
    expect(await wrong.json()).toMatchObject({ message: "That isn't the email address of this account, so nothing was deleted. Please try again.", code: "WRONG_EMAIL" });
    // A password is no proof for an account that has none.
    expect((await deleteAccount(body.accessToken, { password: GOOD_PASSWORD })).status).toBe(400);
    expect(await userRow(body.user.id)).not.toBeNull();
    expect((await deleteAccount(body.accessToken, { email: ` ${input.email.toUpperCase()} ` })).status).toBe(200);
    expect(await userRow(body.user.id)).toBeNull();
  });

  it("needs a session and our own origin", async () => {
    const { body } = await registerUser();
    expect((await jsonRequest("/v1/users/me", "DELETE", { password: GOOD_PASSWORD })).status).toBe(401);
    expect((await deleteAccount(body.accessToken, { password: GOOD_PASSWORD }, { Origin: "https://evil.example" })).status).toBe(403);
    expect(await userRow(body.user.id)).not.toBeNull();
  });
});
