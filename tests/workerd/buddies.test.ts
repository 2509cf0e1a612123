/**
 * Nudge buddies (issue 11): the spec 02 §7 calls, consent by code, link and Telegram deep link, opt-out
 * both ways, the cap of 2, and every call scoped to its owner. Era: 2085 (docs/testing.md); no task here.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emergencyContacts, linkTokens } from "../../db/schema";
import { createBuddyUnsubscribeLink } from "../../worker/services/escalation/links";
import { BUDDY_MESSAGES, verifyBuddyCode } from "../../worker/services/buddies";
import { testDeps } from "./helpers";
import { BOT_TEXTS } from "../../worker/services/telegram/texts";
import { api, depsAt, outboxTo, runStepByHand, stepsOf, tasksOfUser, testEra } from "./escalation-helpers";
import { completeTask, createTask, getTask, reopenTask } from "../../worker/services/tasks";
import { botSettings } from "../../worker/channels/telegram";
import { telegramChannel } from "../../worker/channels/telegram/provider";
import type { Env } from "../../worker/env";
import { fakeTelegram, postUpdate, TELEGRAM_ENV, telegramApi, textUpdate } from "./telegram/support";

const ERA = new Date("2085-04-01T10:00:00Z");
const { user } = testEra(ERA);
afterEach(() => vi.unstubAllGlobals());

const buddyEmail = () => `buddy-${crypto.randomUUID().slice(0, 8)}@example.com`;
const add = (token: string, body: unknown) => api("/v1/emergency-contacts/", "POST", body, token);

async function rowOf(id: string) {
  const [row] = await testDeps().db.select().from(emergencyContacts).where(eq(emergencyContacts.id, id));
  return row!;
}

async function emailBuddy(token: string, order = 1) {
  const address = buddyEmail();
  const response = await add(token, { name: "Sam", type: "email", order, contact: address });
  expect(response.status, await response.clone().text()).toBe(201);
  const buddy = await response.json<{ id: string; verified: boolean }>();
  const [mail] = await outboxTo(address, "email");
  return { buddy, address, mail: mail!, code: /\b(\d{6})\b/.exec(mail!.text)![1]!, link: new URL(/https?:\/\/\S+\/verify-contact\S+/.exec(mail!.text)![0]) };
}

describe("adding and editing", () => {
  it("an email buddy is asked by email, naming who asked; the list is in order; the cap is 2", async () => {
    const u = await user({ name: "Robin Gray" });
    const { buddy, mail } = await emailBuddy(u.token, 2);
    expect(buddy.verified).toBe(false);
    expect(mail.subject).toBe("Robin asked you to be their nudge buddy");
    expect(mail.text).toContain("If one of Robin's reminders goes unanswered for a while");
    // Who exactly asked: a buddy who knows two Robins, or none, can tell.
    expect(mail.text).toContain(`This was sent for Robin Gray (${u.email}). If you don't know them, ignore this email.`);
    const tg = await add(u.token, { name: "Kim", type: "telegram_contact", order: 1 });
    expect(tg.status).toBe(201);
    expect((await tg.json<{ deepLink: string }>()).deepLink).toMatch(/^https:\/\/t\.me\/NudgeReminderBot\?start=buddy_[A-Za-z0-9_-]{22}$/);
    const list = await (await api("/v1/emergency-contacts/", "GET", undefined, u.token)).json<Array<{ name: string; order: number }>>();
    expect(list.map((b) => [b.order, b.name])).toEqual([
      [1, "Kim"],
      [2, "Sam"],
    ]);
    const third = await add(u.token, { name: "Lee", type: "email", order: 1, contact: buddyEmail() });
    expect(third.status).toBe(409);
    expect((await third.json<{ message: string }>()).message).toBe(BUDDY_MESSAGES.max);
  });

  it("two parallel adds for the same position: one wins, the other is refused", async () => {
    const u = await user();
    const [a, b] = await Promise.all([add(u.token, { name: "A", type: "telegram_contact", order: 1 }), add(u.token, { name: "B", type: "telegram_group", order: 1 })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await (await api("/v1/emergency-contacts", "GET", undefined, u.token)).json()).toHaveLength(1);
  });

  it("refuses bad input with a sentence and changes nothing; type and position are fixed after creation", async () => {
    const u = await user();
    const cases: Array<[unknown, string]> = [
      [{ type: "email", order: 1, contact: buddyEmail() }, BUDDY_MESSAGES.name],
      [{ name: "X", type: "pigeon", order: 1 }, BUDDY_MESSAGES.type],
      [{ name: "X", type: "email", order: 3, contact: buddyEmail() }, BUDDY_MESSAGES.order],
      [{ name: "X", type: "email", order: 1, contact: "not-an-email" }, BUDDY_MESSAGES.email],
      [{ name: "X", type: "telegram_group", order: 1, contact: "-1001234" }, BUDDY_MESSAGES.noContactForTelegram],
    ];
    for (const [body, message] of cases) {
      const response = await add(u.token, body);
      expect(response.status).toBe(400);
      expect((await response.json<{ message: string }>()).message).toBe(message);
    }
    expect(await (await api("/v1/emergency-contacts/", "GET", undefined, u.token)).json()).toEqual([]);
    const { buddy } = await emailBuddy(u.token);
    expect((await api(`/v1/emergency-contacts/${buddy.id}`, "PATCH", { type: "telegram_contact" }, u.token)).status).toBe(400);
    expect((await api(`/v1/emergency-contacts/${buddy.id}`, "PATCH", { order: 2 }, u.token)).status).toBe(400);
    const renamed = await api(`/v1/emergency-contacts/${buddy.id}`, "PATCH", { name: "Samantha" }, u.token);
    expect(await renamed.json()).toMatchObject({ name: "Samantha", order: 1, type: "email" });
  });
});

describe("consent", () => {
  it("the owner types the buddy's code: wrong is false, right is true and clears the code; 5 wrong tries end it", async () => {
    const u = await user();
    const { buddy, code } = await emailBuddy(u.token);
    const wrong = code === "123456" ? "654321" : "123456";
    const verify = (c: string, id = buddy.id) => api(`/v1/emergency-contacts/${id}/verify`, "PATCH", { code: c }, u.token);
    expect(await (await verify(wrong)).json()).toEqual({ verified: false });
    expect(await (await verify(code)).json()).toEqual({ verified: true });
    expect(await rowOf(buddy.id)).toMatchObject({ verified: true, verificationCodeHash: null, verificationExpiresAt: null });

    const other = await emailBuddy(u.token, 2);
    for (let i = 0; i < 5; i++) await verify(wrong, other.buddy.id);
    expect(await (await verify(other.code, other.buddy.id)).json()).toEqual({ verified: false });
  });

  it("the buddy's link verifies once (public), and the code expires after 24 hours", async () => {
    const u = await user();
    const { buddy, link, code } = await emailBuddy(u.token);
    const call = `/v1/emergency-contacts/verify?code=${link.searchParams.get("code")}&contact_id=${buddy.id}`;
    expect(await (await api(call)).json()).toEqual({ verified: true });
    expect(await (await api(call)).json()).toEqual({ verified: false });
    expect((await rowOf(buddy.id)).verified).toBe(true);
    const late = await emailBuddy(u.token, 2);
    // A day and an hour later (the service on a later clock: the test's access token would have expired).
    expect(await verifyBuddyCode(depsAt(ERA.getTime() + 25 * 3_600_000).deps, u.id, late.buddy.id, late.code)).toEqual({ verified: false });
    expect(code).toMatch(/^\d{6}$/);
  });

  it("a Telegram contact verifies by opening the deep link: the bot thanks them in that chat", async () => {
    const bot = fakeTelegram();
    const u = await user({ name: "Robin" });
    const created = await telegramApi("/v1/emergency-contacts/", "POST", u.token, { name: "Kim", type: "telegram_contact", order: 1 });
    const { id, deepLink } = await created.json<{ id: string; deepLink: string }>();
    const chat = 808_000_000 + Math.floor(Math.random() * 1_000_000);
    await postUpdate(textUpdate(chat, `/start ${new URL(deepLink).searchParams.get("start")}`));
    expect(await rowOf(id)).toMatchObject({ verified: true, telegramChatId: String(chat) });
    expect(String(bot.callsOf("sendMessage")[0]!.payload.text)).toMatch(/^Thank you, Kim! This chat is now Robin's nudge buddy\./);
    await postUpdate(textUpdate(chat, `/start ${new URL(deepLink).searchParams.get("start")}`));
    expect(String(bot.callsOf("sendMessage")[1]!.payload.text)).toMatch(/^That nudge buddy link has expired or was already used/);
    const group = await telegramApi("/v1/emergency-contacts/", "POST", u.token, { name: "Family", type: "telegram_group", order: 2 });
    const family = await group.json<{ id: string; deepLink: string }>();
    expect(family.deepLink).toMatch(/\?startgroup=buddy_/);
    const groupToken = new URL(family.deepLink).searchParams.get("startgroup")!;
    // Opened in a private chat, a group's link verifies nothing and stays usable for the group.
    await postUpdate(textUpdate(chat, `/start ${groupToken}`));
    expect(String(bot.callsOf("sendMessage")[2]!.payload.text)).toBe(BOT_TEXTS.buddyLinkNeedsGroup);
    expect(await rowOf(family.id)).toMatchObject({ verified: false, telegramChatId: null });
    // In the group (Telegram sends "/start@Bot <payload>" there): verified in that group.
    const groupChat = -(1_000_000_000_000 + Math.floor(Math.random() * 1_000_000));
    await postUpdate(textUpdate(groupChat, `/start@${TELEGRAM_ENV.TELEGRAM_BOT_USERNAME} ${groupToken}`));
    expect(await rowOf(family.id)).toMatchObject({ verified: true, telegramChatId: String(groupChat) });
    expect(String(bot.callsOf("sendMessage")[3]!.payload.text)).toMatch(/^Thank you, Family! This chat is now Robin's nudge buddy\./);
    expect(bot.callsOf("sendMessage")[3]!.payload.chat_id).toBe(groupChat);
  });

  it("a buddy writing to the bot is thanked as Robin's buddy, not offered to sign up; once opted out, as anyone (ADR 180)", async () => {
    const bot = fakeTelegram();
    const u = await user({ name: "Robin Quinn" });
    const created = await telegramApi("/v1/emergency-contacts/", "POST", u.token, { name: "Kim", type: "telegram_contact", order: 1 });
    const { id, deepLink } = await created.json<{ id: string; deepLink: string }>();
    const chat = 808_000_000 + Math.floor(Math.random() * 1_000_000);
    // Before the link is opened, the chat is a stranger's.
    await postUpdate(textUpdate(chat, "hi"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe(BOT_TEXTS.notLinked);
    await postUpdate(textUpdate(chat, `/start ${new URL(deepLink).searchParams.get("start")}`));
    // Often an answer to an alert: it got the sign-up offer, with its buttons.
    await postUpdate(textUpdate(chat, "on it, I'll call her"));
    const reply = bot.callsOf("sendMessage").at(-1)!.payload;
    expect(reply.text).toBe("Thank you for being Robin's nudge buddy. I don't pass messages on, so to check in, reach Robin directly. Each note I send here has a link to stop them.");
    expect(reply.reply_markup).toBeUndefined();
    expect(await tasksOfUser(u.id)).toEqual([]);
    await api(`/v1/emergency-contacts/${id}/opt-out`, "PATCH", undefined, u.token);
    await postUpdate(textUpdate(chat, "on it"));
    expect(bot.callsOf("sendMessage").at(-1)!.payload.text).toBe(BOT_TEXTS.notLinked);
  });

  it("a contact's link opened in a group verifies nothing there", async () => {
    const bot = fakeTelegram();
    const u = await user({ name: "Robin" });
    const created = await telegramApi("/v1/emergency-contacts/", "POST", u.token, { name: "Kim", type: "telegram_contact", order: 1 });
    const { id, deepLink } = await created.json<{ id: string; deepLink: string }>();
    await postUpdate(textUpdate(-4_000_123, `/start ${new URL(deepLink).searchParams.get("start")}`));
    expect(String(bot.callsOf("sendMessage")[0]!.payload.text)).toBe(BOT_TEXTS.buddyLinkNeedsPrivate);
    expect(await rowOf(id)).toMatchObject({ verified: false, telegramChatId: null });
  });
});

describe("opting out", () => {
  it("by the owner, and by the buddy through the alert's token; a made-up token is refused", async () => {
    const u = await user();
    const { buddy, code } = await emailBuddy(u.token);
    await api(`/v1/emergency-contacts/${buddy.id}/verify`, "PATCH", { code }, u.token);
    const out = await api(`/v1/emergency-contacts/${buddy.id}/opt-out`, "PATCH", undefined, u.token);
    expect(await out.json()).toMatchObject({ verified: false, optedOut: true });
    const deps = testDeps();
    const link = await createBuddyUnsubscribeLink(deps.env, { userId: u.id, contactId: buddy.id, now: ERA.getTime(), deliveryKey: crypto.randomUUID() });
    await deps.db.insert(linkTokens).values(link.tokens);
    await deps.db.update(emergencyContacts).set({ verified: true, optedOutAt: null }).where(eq(emergencyContacts.id, buddy.id));
    const token = new URL(link.url).searchParams.get("token");
    expect(await (await api(`/v1/emergency-contacts/opt-out-by-token?token=${token}`, "POST")).json()).toEqual({ success: true });
    expect((await rowOf(buddy.id)).verified).toBe(false);
    expect(await (await api(`/v1/emergency-contacts/opt-out-by-token?token=${"x".repeat(43)}`, "POST")).json()).toEqual({ success: false });
  });
});

it("another owner's buddy is not found on every call, and nothing changes", async () => {
  const owner = await user();
  const stranger = await user();
  const { buddy } = await emailBuddy(owner.token);
  const calls: Array<[string, string, unknown?]> = [
    [`/v1/emergency-contacts/${buddy.id}`, "GET"],
    [`/v1/emergency-contacts/${buddy.id}`, "PATCH", { name: "Mine" }],
    [`/v1/emergency-contacts/${buddy.id}`, "DELETE"],
    [`/v1/emergency-contacts/${buddy.id}/send-verification`, "POST"],
    [`/v1/emergency-contacts/${buddy.id}/deeplink`, "GET"],
    [`/v1/emergency-contacts/${buddy.id}/verify`, "PATCH", { code: "123456" }],
    [`/v1/emergency-contacts/${buddy.id}/opt-out`, "PATCH"],
  ];
  for (const [path, method, body] of calls) expect((await api(path, method, body, stranger.token)).status, `${method} ${path}`).toBe(404);
  expect(await rowOf(buddy.id)).toMatchObject({ name: "Sam", verified: false, optedOutAt: null });
});

describe("the buddies step", () => {
  it("with no buddy the alert comes to the owner, and a done task sends the owner no 'sorted' note", async () => {
    const u = await user({ name: "Robin" });
    const now = ERA.getTime();
    const task = await createTask(depsAt(ERA).deps, u.id, { title: "Water the plants", dueDate: new Date(now + 3_600_000).toISOString(), strategy: "urgent" });
    const buddiesStep = (await stepsOf(task.id))[3]!;
    await runStepByHand(buddiesStep.id, buddiesStep.dueAt);
    const toOwner = () => outboxTo(u.email, "email");
    const alert = (await toOwner()).at(-1)!;
    expect(alert.text).toContain("You have no verified nudge buddy with an email address yet, so the alert that would have gone to your buddies came to you.");
    const before = (await toOwner()).length;
    const done = await completeTask(depsAt(buddiesStep.dueAt + 60_000).deps, u.id, task.id);
    expect(done.status).toBe("COMPLETED");
    expect(await toOwner()).toHaveLength(before);
  });


  it("alerts each verified Telegram buddy in their chat with the unsubscribe link; an opted-out one gets nothing", async () => {
    const bot = fakeTelegram();
    const u = await user({ name: "Robin" });
    const deps = testDeps();
    const now = ERA.getTime();
    const kimChat = String(809_000_000 + Math.floor(Math.random() * 1_000_000));
    const [kim, lee] = [crypto.randomUUID(), crypto.randomUUID()];
    await deps.db.insert(emergencyContacts).values([
      { id: kim, userId: u.id, name: "Kim", type: "telegram_contact", order: 1, verified: true, telegramChatId: kimChat, createdAt: now },
      { id: lee, userId: u.id, name: "Lee", type: "telegram_group", order: 2, verified: false, optedOutAt: now, telegramChatId: "-100999", createdAt: now },
    ]);
    const task = await createTask(depsAt(ERA).deps, u.id, { title: "Take the pills", dueDate: new Date(now + 3_600_000).toISOString(), strategy: "urgent" });
    const buddiesStep = (await stepsOf(task.id))[3]!;
    const telegram = telegramChannel(botSettings({ ...deps.env, ...TELEGRAM_ENV } as Env)!, depsAt(buddiesStep.dueAt).deps);
    expect((await getTask(depsAt(buddiesStep.dueAt).deps, u.id, task.id)).buddiesAlertedAt).toBeUndefined();
    await runStepByHand(buddiesStep.id, buddiesStep.dueAt, { telegram });
    expect(bot.sent.map((m) => m.chatId)).toEqual([kimChat]);
    // The card's "Your nudge buddies were alerted": when the alert really went out.
    expect((await getTask(depsAt(buddiesStep.dueAt).deps, u.id, task.id)).buddiesAlertedAt).toBe(new Date(buddiesStep.dueAt).toISOString());
    expect(bot.sent[0]!.text).toMatch(/^Hi Kim, Robin may need a nudge: "Take the pills" was due at /);
    // Done by the owner: the alerted buddy hears "sorted", once, even when done is pressed twice.
    await completeTask(depsAt(buddiesStep.dueAt + 60_000).deps, u.id, task.id);
    await completeTask(depsAt(buddiesStep.dueAt + 120_000).deps, u.id, task.id);
    // (The answer runs with the local channels here, so the note is in the dev outbox's Telegram.)
    const thanks = (await outboxTo(kimChat, "telegram")).map((m) => m.text);
    expect(thanks).toEqual(['✅ Good news: Robin has "Take the pills" in hand now, so there\'s no need to check in. Thank you for being there.']);
    expect(await outboxTo("-100999", "telegram")).toEqual([]);
    // "Not done yet": the new chain alerts Kim again, and the next Done thanks her again (not left worrying).
    await reopenTask(depsAt(buddiesStep.dueAt + 180_000).deps, u.id, task.id);
    const again = (await stepsOf(task.id)).filter((step) => step.stepIndex === 3 && step.id !== buddiesStep.id);
    expect(again).toHaveLength(1);
    await runStepByHand(again[0]!.id, again[0]!.dueAt, { telegram });
    expect(bot.sent.map((m) => m.chatId)).toEqual([kimChat, kimChat]);
    await completeTask(depsAt(again[0]!.dueAt + 60_000).deps, u.id, task.id);
    await completeTask(depsAt(again[0]!.dueAt + 120_000).deps, u.id, task.id);
    expect((await outboxTo(kimChat, "telegram")).map((m) => m.text)).toEqual([thanks[0], thanks[0]]);
    const unsubscribe = /http\S+\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(bot.sent[0]!.text)!;
    expect(await (await api(`/v1/emergency-contacts/opt-out-by-token?token=${unsubscribe[1]}`, "POST")).json()).toEqual({ success: true });
    expect((await rowOf(kim)).verified).toBe(false);
  });
});
