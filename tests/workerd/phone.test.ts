/**
 * Phone (issue 10): the number and its code, the Twilio channels against the fake Twilio, and the
 * signed webhooks that answer by text and keypad. Era: 2075 (docs/testing.md); no tick runs here.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deliveries, escalationSteps, users } from "../../db/schema";
import { ProviderError } from "../../worker/channels/errors";
import type { Channel } from "../../worker/channels/types";
import { SUPERSEDED } from "../../worker/services/escalation/run-plan";
import { PHONE_CAP_NOTE } from "../../worker/services/escalation/channel-notes";
import type { Env } from "../../worker/env";
import { twilioSignature } from "../../worker/channels/twilio/signature";
import { twilioSmsChannel } from "../../worker/channels/sms/twilio";
import { twilioVoiceChannel } from "../../worker/channels/voice/twilio";
import { PHONE_EMAIL_FIRST, PHONE_INVALID, PHONE_LOCKED, PHONE_TAKEN, SMS_TEXTS, NO_PHONE } from "../../worker/services/phone";
import { tapbackIn } from "../../worker/services/phone/tapbacks";
import { acknowledgeTask, createTask, describeForgetLink, redeemForgetLink, redeemMoveLink } from "../../worker/services/tasks";
import { BREAK_WORD_TEXTS } from "../../worker/services/quiet-hours";
import { fakeFetch } from "../fakes/fake";
import { createFakeTwilio } from "../fakes/twilio";
import { phonePanelOf } from "../../app/lib/phone.server";
import { EMAIL_CONFIGURED, request, testDeps } from "./helpers";
import { api, depsAt, MINUTE, outboxTo, runStepByHand, runStepsByHand, stepsOf, taskRow, tasksOfUser, testEra } from "./escalation-helpers";

const ERA = new Date("2075-02-03T10:00:00Z");
const { user } = testEra(ERA);
afterEach(() => vi.unstubAllGlobals());

const TWILIO: Partial<Env> = { TWILIO_ACCOUNT_SID: "ACtest", TWILIO_AUTH_TOKEN: "twilio-test-auth-token", TWILIO_FROM_NUMBER: "+15005550006", TWILIO_API_BASE: "https://api.twilio.fake" };
let numberSeq = 50_000_000 + Math.floor(Math.random() * 40_000_000);
const newNumber = () => `+9725${++numberSeq}`;

async function phoneOf(userId: string) {
  const [row] = await testDeps().db.select({ phone: users.phone, verified: users.phoneVerified, stopped: users.smsOptedOutAt }).from(users).where(eq(users.id, userId));
  return row!;
}

async function verifiedPhoneUser(options: { strategy?: string } = {}) {
  const phone = newNumber();
  const u = await user({ phone, phoneVerified: true, defaultEscalationStrategy: options.strategy ?? "standard" });
  return { ...u, phone };
}

const put = (u: { id: string; token: string }, phone: unknown) => api(`/v1/users/${u.id}`, "PUT", { phone }, u.token);

describe("the phone number", () => {
  it("accepts +972 and 8 or 9 digits, stored in E.164, and refuses anything else with the spec's sentence", async () => {
    const u = await user();
    for (const bad of ["0501234567", "+97250123", "+9725012345678", "+1 555 123 4567", "+972abcdefgh", 12]) {
      const response = await put(u, bad);
      expect(response.status).toBe(400);
      expect((await response.json<{ message: string }>()).message).toBe(PHONE_INVALID);
    }
    expect((await phoneOf(u.id)).phone).toBeNull();
    const saved = await put(u, " +972 50-123 4567 ");
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ phone: "+972501234567", phoneVerified: false });
    expect((await put(u, "+97221234567")).status).toBe(200);
    // The same number written with the trunk 0 after the country code, or with 00 for +.
    for (const [written, stored] of [
      ["+972 (0)50-123 4567", "+972501234567"],
      ["+9720501234567", "+972501234567"],
      ["00972 50 123 4567", "+972501234567"],
      ["+972 02-123-4567", "+97221234567"],
    ] as const) {
      const response = await put(u, written);
      expect(response.status, written).toBe(200);
      expect(await response.json(), written).toMatchObject({ phone: stored });
    }
    // A trunk 0 does not make a short number long enough, nor a long one valid.
    for (const bad of ["+9720501234", "+97205012345678"]) expect((await put(u, bad)).status, bad).toBe(400);
    const removed = await put(u, "");
    expect(await removed.json()).toMatchObject({ phone: null, phoneVerified: false });
  });

  it("needs a verified email, and a number verified on another account is refused", async () => {
    const unverified = await user({ isVerified: false });
    const response = await put(unverified, "+972501112233");
    expect(response.status).toBe(403);
    expect((await response.json<{ message: string }>()).message).toBe(PHONE_EMAIL_FIRST);
    const owner = await verifiedPhoneUser();
    const other = await user();
    const taken = await put(other, owner.phone);
    expect(taken.status).toBe(409);
    expect((await taken.json<{ message: string }>()).message).toBe(PHONE_TAKEN);
  });
});

describe("the phone's code", () => {
  const send = (u: { token: string }) => api("/v1/auth/phone/send-code", "POST", {}, u.token);
  const verify = (u: { token: string }, code: unknown) => api("/v1/auth/phone/verify", "POST", { code }, u.token);
  const codeIn = async (phone: string) => /\b(\d{6})\b/.exec((await outboxTo(phone, "sms")).at(-1)!.text)![1]!;

  it("is sent by text, verifies the phone once, and a resend within a minute waits", async () => {
    const u = await user();
    expect((await send(u)).status).toBe(400);
    const phone = newNumber();
    await put(u, phone);
    const sent = await send(u);
    expect(sent.status).toBe(200);
    const code = await codeIn(phone);
    expect((await outboxTo(phone, "sms"))[0]!.text).toBe(`Your Nudge code is ${code}. It expires in 10 minutes. If you didn't ask for it, ignore this message.`);
    const again = await send(u);
    expect(again.status).toBe(429);
    expect((await again.json<{ message: string }>()).message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);
    expect(await (await verify(u, "000000")).json()).toBe(code === "000000");
    expect(await (await verify(u, code)).json()).toBe(true);
    expect((await phoneOf(u.id)).verified).toBe(true);
    expect((await verify(u, "1234567")).status).toBe(400);
  });

  it("expires after 10 minutes, and 5 wrong tries lock it for 15 minutes, even with the right code", async () => {
    const u = await user();
    const phone = newNumber();
    await put(u, phone);
    await send(u);
    vi.setSystemTime(ERA.getTime() + 11 * MINUTE);
    const late = await verify(u, await codeIn(phone));
    expect(late.status).toBe(410);
    vi.setSystemTime(ERA.getTime() + 12 * MINUTE);
    await send(u);
    const code = await codeIn(phone);
    const wrong = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 5; i++) expect(await (await verify(u, wrong)).json()).toBe(false);
    const locked = await verify(u, code);
    expect(locked.status).toBe(429);
    expect((await locked.json<{ message: string }>()).message).toBe(PHONE_LOCKED);
    expect((await phoneOf(u.id)).verified).toBe(false);
    expect(NO_PHONE).toBeTruthy();
  });
});

describe("the Twilio channels against the fake Twilio", () => {
  const setup = () => {
    const twilio = createFakeTwilio({ accountSid: "ACtest", authToken: "twilio-test-auth-token" });
    vi.stubGlobal("fetch", fakeFetch(twilio));
    const { deps } = depsAt(ERA);
    const settings = { accountSid: "ACtest", authToken: "twilio-test-auth-token", fromNumber: "+15005550006", apiBase: twilio.origin };
    return { twilio, deps, settings };
  };

  it("texts with basic auth and the form Twilio expects; STOP at Twilio marks the number and refuses for good", async () => {
    const { twilio, deps, settings } = setup();
    const u = await verifiedPhoneUser();
    const sms = twilioSmsChannel(settings, deps);
    expect((await sms.send({ to: u.phone, text: "Hello" })).providerMessageId).toMatch(/^twilio:SM/);
    expect(twilio.messages[0]).toMatchObject({ to: u.phone, from: "+15005550006", body: "Hello" });
    twilio.unsubscribed.add(u.phone);
    await expect(sms.send({ to: u.phone, text: "Hello again" })).rejects.toMatchObject({ kind: "permanent" });
    expect((await phoneOf(u.id)).stopped).toBe(ERA.getTime());
    twilio.failNext(429);
    await expect(twilioSmsChannel(settings, deps).send({ to: "+972501234567", text: "x" })).rejects.toMatchObject({ kind: "transient" });
    twilio.failNext(503);
    await expect(twilioSmsChannel(settings, deps).send({ to: "+972501234567", text: "x" })).rejects.toMatchObject({ kind: "transient" });
    await expect(twilioSmsChannel({ ...settings, authToken: "wrong" }, deps).send({ to: "+972501234567", text: "x" })).rejects.toMatchObject({ kind: "permanent" });
  });

  it("calls with TwiML that speaks the reminder and gathers one digit for the task", async () => {
    const { twilio, deps, settings } = setup();
    const u = await verifiedPhoneUser();
    const task = await createTask(deps, u.id, { title: "Call the clinic", dueDate: new Date(ERA.getTime() + 60 * MINUTE).toISOString() });
    const [, , voiceStep] = await stepsOf(task.id);
    const voice = twilioVoiceChannel({ ...deps.env, APP_URL: "https://nudge.example.com" }, settings, deps);
    await runStepByHand(voiceStep!.id, voiceStep!.dueAt, { voice });
    const [call] = twilio.calls;
    expect(call?.to).toBe(u.phone);
    expect(call?.twiml).toContain("<Say voice=\"Polly.Joanna\">Hello Robin, this is Nudge with a reminder: Call the clinic, due at 11:00 AM.</Say>");
    expect(call?.twiml).toContain(`<Gather input="dtmf" numDigits="1" timeout="8" action="https://nudge.example.com/twilio/voice?task=${task.id}" method="POST">`);
    expect(call?.twiml).toContain("Press 1 if it&apos;s done. Press 2 to snooze for 30 minutes. Press 3 to stop the reminders.");
  });
});

describe("answers by text and keypad (signed webhooks)", () => {
  const APP = "http://localhost:8787";
  async function post(path: string, params: Record<string, string>, options: { signature?: string | null; signedFor?: string } = {}) {
    const signature = options.signature === undefined ? await twilioSignature("twilio-test-auth-token", options.signedFor ?? `${APP}${path}`, params) : options.signature;
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
    if (signature !== null) headers["X-Twilio-Signature"] = signature;
    return request(path, { method: "POST", headers, body: new URLSearchParams(params).toString() }, { ...TWILIO, APP_URL: APP });
  }
  let sid = 0;
  const text = (from: string, body: string) => post("/twilio/sms", { From: from, To: "+15005550006", Body: body, MessageSid: `SMtest${++sid}${Date.now()}` });
  const messageOf = async (response: Response) => /<Message>(.*)<\/Message>/s.exec(await response.text())?.[1];
  const dueTask = async (userId: string, title: string, minutesAgo = 5) =>
    createTask(depsAt(ERA.getTime() - 60 * MINUTE).deps, userId, { title, dueDate: new Date(ERA.getTime() - minutesAgo * MINUTE).toISOString() });

  it("refuses a missing, wrong or replayed signature with 403 and changes nothing", async () => {
    const u = await verifiedPhoneUser();
    const task = await dueTask(u.id, "Stretch");
    const params = { From: u.phone, To: "+15005550006", Body: "DONE", MessageSid: "SMforged" };
    expect((await post("/twilio/sms", params, { signature: null })).status).toBe(403);
    expect((await post("/twilio/sms", params, { signature: "bm9wZQ==" })).status).toBe(403);
    expect((await post("/twilio/sms", params, { signedFor: `${APP}/twilio/voice` })).status).toBe(403);
    expect((await taskRow(task.id))?.status).toBe("PENDING");
  });

  it("DONE completes the most urgent reminder; twice says it is done; SNOOZE 10 and OK act; anything else gets the help", async () => {
    const u = await verifiedPhoneUser();
    const first = await dueTask(u.id, "Take pills", 30);
    const second = await dueTask(u.id, "Feed the cat", 5);
    const done = await text(u.phone, " done ");
    expect(await messageOf(done)).toBe("&quot;Take pills&quot; is done. Well done!");
    expect((await taskRow(first.id))?.status).toBe("COMPLETED");
    const snoozed = await text(u.phone, "Snooze 10");
    expect(await messageOf(snoozed)).toBe("Snoozed. I&apos;ll remind you about &quot;Feed the cat&quot; again at 10:10 AM.");
    expect((await taskRow(second.id))?.snoozedUntil).toBe(ERA.getTime() + 10 * MINUTE);
    // The snoozed one is not waiting any more: OK answers the next one that is.
    await dueTask(u.id, "Post the letter", 1);
    const ok = await text(u.phone, "OK");
    expect(await messageOf(ok)).toMatch(/^Got it\. The reminders for &quot;Post the letter&quot; have stopped/);
    expect(await messageOf(await text(u.phone, "OK"))).toBe(SMS_TEXTS.nothingOpen);
    expect(await messageOf(await text(u.phone, "what?"))).toBe(SMS_TEXTS.help.replace(/'/g, "&apos;"));
    // It names the snooze until a time (ADR 086) and stays one segment of plain GSM-7 characters.
    expect(SMS_TEXTS.help).toContain("SNOOZE UNTIL 7PM");
    expect(SMS_TEXTS.help).toContain("MOVE FRI for another day");
    expect(SMS_TEXTS.help.length).toBeLessThanOrEqual(160);
    expect(SMS_TEXTS.help).toMatch(/^[A-Za-z0-9 .,'()]+$/);
    // As phones and people write them: a full stop after the word, the snooze in hours.
    const third = await dueTask(u.id, "Call the pharmacy", 3);
    expect(await messageOf(await text(u.phone, "Snooze 2 hours"))).toBe("Snoozed. I&apos;ll remind you about &quot;Call the pharmacy&quot; again at 12:00 PM.");
    expect((await taskRow(third.id))?.snoozedUntil).toBe(ERA.getTime() + 120 * MINUTE);
    // Until the next morning: 9:00 AM on the person's clock, with its day.
    const morning = await dueTask(u.id, "Ring the garage", 3);
    const reply = await messageOf(await text(u.phone, "Snooze until tomorrow"));
    expect(reply).toBe("Snoozed. I&apos;ll remind you about &quot;Ring the garage&quot; again at 9:00 AM tomorrow.");
    expect(await taskRow(morning.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: Date.parse("2075-02-04T09:00:00Z") });
    // Until a time of day: "until 7" said without AM or PM at 10:00 AM is 7:00 PM; "7:30" with its colon is a time, not 730 minutes.
    const evening = await dueTask(u.id, "Book the dentist", 3);
    expect(await messageOf(await text(u.phone, "SNOOZE UNTIL 7"))).toBe("Snoozed. I&apos;ll remind you about &quot;Book the dentist&quot; again at 7:00 PM.");
    expect((await taskRow(evening.id))?.snoozedUntil).toBe(Date.parse("2075-02-03T19:00:00Z"));
    const halfPast = await dueTask(u.id, "Charge the bike", 3);
    expect(await messageOf(await text(u.phone, "snooze 7:30"))).toBe("Snoozed. I&apos;ll remind you about &quot;Charge the bike&quot; again at 7:30 PM.");
    expect((await taskRow(halfPast.id))?.snoozedUntil).toBe(Date.parse("2075-02-03T19:30:00Z"));
    // Another day is not a snooze but a move (ADR 091): to Friday at the reminder's own time, its reminders starting over then.
    const friday = await dueTask(u.id, "Renew the permit", 3);
    expect(await messageOf(await text(u.phone, "snooze until friday"))).toBe(
      "Moved &quot;Renew the permit&quot; to 9:57 AM on Friday, 8 February (UTC). We&apos;ll remind you then.",
    );
    expect(await taskRow(friday.id)).toMatchObject({ status: "PENDING", snoozedUntil: null, dueAt: Date.parse("2075-02-08T09:57:00Z") });
    const fourth = await dueTask(u.id, "Water the plants", 2);
    expect(await messageOf(await text(u.phone, "Done."))).toBe("&quot;Water the plants&quot; is done. Well done!");
    expect((await taskRow(fourth.id))?.status).toBe("COMPLETED");
    expect(await messageOf(await text(newNumber(), "DONE"))).toMatch(/^This number isn&apos;t linked to a Nudge account/);
  });

  it("'snooze it until 7pm' and 'snooze till lunch' by text snooze until that time, not the usual 30 minutes (ADR 171)", async () => {
    const u = await verifiedPhoneUser();
    const form = await dueTask(u.id, "Sign the form", 3);
    expect(await messageOf(await text(u.phone, "snooze it until 7pm"))).toBe("Snoozed. I&apos;ll remind you about &quot;Sign the form&quot; again at 7:00 PM.");
    expect((await taskRow(form.id))?.snoozedUntil).toBe(Date.parse("2075-02-03T19:00:00Z"));
    const bank = await dueTask(u.id, "Call the bank", 2);
    expect(await messageOf(await text(u.phone, "Snooze till lunch"))).toBe("Snoozed. I&apos;ll remind you about &quot;Call the bank&quot; again at 12:00 PM.");
    expect((await taskRow(bank.id))?.snoozedUntil).toBe(Date.parse("2075-02-03T12:00:00Z"));
  });

  it("answers said as people say them: 'I did it' is DONE, 'not now' SNOOZE, 'on it' OK (ADR 106)", async () => {
    const u = await verifiedPhoneUser();
    const pills = await dueTask(u.id, "Take pills", 3);
    expect(await messageOf(await text(u.phone, "I did it!"))).toBe("&quot;Take pills&quot; is done. Well done!");
    expect((await taskRow(pills.id))?.status).toBe("COMPLETED");
    const cat = await dueTask(u.id, "Feed the cat", 3);
    expect(await messageOf(await text(u.phone, "Not now"))).toBe("Snoozed. I&apos;ll remind you about &quot;Feed the cat&quot; again at 10:30 AM.");
    expect((await taskRow(cat.id))?.status).toBe("SNOOZED");
    const letter = await dueTask(u.id, "Post the letter", 3);
    expect(await messageOf(await text(u.phone, "on it"))).toMatch(/^Got it\. The reminders for &quot;Post the letter&quot; have stopped/);
    expect((await taskRow(letter.id))?.status).toBe("ACKNOWLEDGED");
  });

  it("DON'T CALL ME or MAKE IT URGENT changes how the reminder texted last nudges, in one short text; with none waiting it says so (ADR 112)", async () => {
    const u = await verifiedPhoneUser();
    expect(await messageOf(await text(u.phone, "make it urgent"))).toBe(SMS_TEXTS.nothingOpen.replace(/'/g, "&apos;"));
    const pills = await dueTask(u.id, "Take pills", 3);
    expect(await messageOf(await text(u.phone, "Don't call me"))).toBe("Changed: &quot;Take pills&quot; is now Gentle (pings only). Next nudge in 30 minutes.");
    expect((await taskRow(pills.id))?.strategyKey).toBe("gentle");
    expect(await messageOf(await text(u.phone, "GENTLY"))).toBe("&quot;Take pills&quot; is already Gentle (pings only), so nothing changed.");
    // Still waiting for an answer: the change made no task and answered nothing.
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
    expect(await tasksOfUser(u.id)).toHaveLength(1);
  });

  it("SKIP asks about the reminder texted last with its delete link; with none waiting it says so; CANCEL alone stays the opt-out (ADR 106)", async () => {
    const u = await verifiedPhoneUser();
    const said = async (body: string) => (await messageOf(await text(u.phone, body)))?.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    expect(await said("skip")).toBe(SMS_TEXTS.nothingOpen);
    const pills = await dueTask(u.id, "Take pills", 3);
    const asked = await said("Skip this one");
    expect(asked).toMatch(/^Delete "Take pills" \(Sun, Feb 3 at 9:57 AM\)\? Open this link to delete it: http:\/\/localhost:8787\/delete\/[\w-]+$/);
    expect(await taskRow(pills.id)).toBeTruthy();
    const token = /\/delete\/([\w-]+)$/.exec(asked ?? "")![1]!;
    expect(await redeemForgetLink(depsAt(ERA).deps, token)).toMatchObject({ state: "deleted" });
    expect(await taskRow(pills.id)).toBeFalsy();
    expect((await phoneOf(u.id)).stopped).toBeNull();
  });

  it("thanks alone get no text back; a text that reads as a new reminder says where to make one (ADR 106)", async () => {
    const u = await verifiedPhoneUser();
    const pills = await dueTask(u.id, "Take pills", 3);
    const thanks = await text(u.phone, "Thank you!");
    expect(await thanks.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const reminder = await messageOf(await text(u.phone, "remind me to call mom at 5pm"));
    expect(reminder).toBe(`Texts only answer reminders. To make a new one, use the Nudge website or Telegram, or email it to ${env.ASSISTANT_EMAIL}`);
    // One plain GSM-7 segment, like the help.
    expect(reminder!.length).toBeLessThanOrEqual(160);
    expect(reminder).toMatch(/^[A-Za-z0-9 .,'@-]+$/);
    expect(await messageOf(await text(u.phone, "what?"))).toBe(SMS_TEXTS.help.replace(/'/g, "&apos;"));
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
  });

  it("MOVE moves the reminder to another day or time, its reminders starting over then; a time gone by or a done task changes nothing", async () => {
    const u = await verifiedPhoneUser();
    // ERA is Sunday 3 February 2075, 10:00 UTC (the person's zone). A day written short, at the reminder's own time.
    const pills = await dueTask(u.id, "Take pills", 30);
    expect(await messageOf(await text(u.phone, "MOVE FRI"))).toBe("Moved &quot;Take pills&quot; to 9:30 AM on Friday, 8 February (UTC). We&apos;ll remind you then.");
    expect(await taskRow(pills.id)).toMatchObject({ status: "PENDING", dueAt: Date.parse("2075-02-08T09:30:00Z") });
    // The old chain is cancelled and a new one waits for Friday.
    const steps = await stepsOf(pills.id);
    expect(steps.filter((step) => step.state !== "cancelled").map((step) => step.dueAt)[0]).toBe(Date.parse("2075-02-08T09:30:00Z"));
    expect(steps.filter((step) => step.state === "pending" && step.dueAt < ERA.getTime())).toEqual([]);
    // A time today, and a day with its time.
    const bank = await dueTask(u.id, "Call the bank", 10);
    expect(await messageOf(await text(u.phone, "move it to 3pm"))).toBe("Moved &quot;Call the bank&quot; to 3:00 PM on Sunday, 3 February (UTC). We&apos;ll remind you then.");
    expect(await taskRow(bank.id)).toMatchObject({ status: "PENDING", dueAt: Date.parse("2075-02-03T15:00:00Z") });
    const cat = await dueTask(u.id, "Feed the cat", 5);
    expect(await messageOf(await text(u.phone, "Reschedule to tomorrow at 8am please"))).toBe("Moved &quot;Feed the cat&quot; to 8:00 AM on Monday, 4 February (UTC). We&apos;ll remind you then.");
    expect((await taskRow(cat.id))?.dueAt).toBe(Date.parse("2075-02-04T08:00:00Z"));
    // A date gone by this morning: said so, nothing changed.
    const plants = await dueTask(u.id, "Water the plants", 5);
    expect(await messageOf(await text(u.phone, "move it to today at 7am"))).toBe(
      "That time has already passed, so &quot;Water the plants&quot; stays as it was. Name a day or time still to come, like &quot;move it to friday&quot;.",
    );
    expect(await taskRow(plants.id)).toMatchObject({ status: "PENDING", dueAt: ERA.getTime() - 5 * MINUTE });
    await text(u.phone, "done");
    // Only a day or a time answers the reminder texted last (ADR 094): a length or a time today snoozes, another day moves.
    const gas = await dueTask(u.id, "Pay the gas bill", 4);
    expect(await messageOf(await text(u.phone, "in 2 hours"))).toBe("Snoozed. I&apos;ll remind you about &quot;Pay the gas bill&quot; again at 12:00 PM.");
    expect(await taskRow(gas.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: ERA.getTime() + 120 * MINUTE });
    const keys = await dueTask(u.id, "Copy the keys", 4);
    expect(await messageOf(await text(u.phone, "Wednesday"))).toBe("Moved &quot;Copy the keys&quot; to 9:56 AM on Wednesday, 6 February (UTC). We&apos;ll remind you then.");
    expect((await taskRow(keys.id))?.dueAt).toBe(Date.parse("2075-02-06T09:56:00Z"));
    // A correction of its time moves the reminder texted last; it made a reminder called "Make it" nowhere, and
    // was told where reminders are made (it read as one).
    const dog = await dueTask(u.id, "Walk the dog", 3);
    expect(await messageOf(await text(u.phone, "make it 6pm"))).toBe("Moved &quot;Walk the dog&quot; to 6:00 PM on Sunday, 3 February (UTC). We&apos;ll remind you then.");
    expect((await taskRow(dog.id))?.dueAt).toBe(Date.parse("2075-02-03T18:00:00Z"));
    const post = await dueTask(u.id, "Post the letter", 2);
    expect(await messageOf(await text(u.phone, "actually tomorrow at 7pm"))).toBe("Moved &quot;Post the letter&quot; to 7:00 PM on Monday, 4 February (UTC). We&apos;ll remind you then.");
    expect((await taskRow(post.id))?.dueAt).toBe(Date.parse("2075-02-04T19:00:00Z"));
    expect((await tasksOfUser(u.id)).filter((t) => /make it|actually/i.test(t.title))).toEqual([]);
    // A bare number is no time (minutes? an hour?): the help, nothing changed.
    expect(await messageOf(await text(u.phone, "10"))).toBe(SMS_TEXTS.help.replaceAll("'", "&apos;"));
    // Nothing waiting: nothing moved, and "move" alone is no move (the help).
    expect(await messageOf(await text(u.phone, "move it to friday"))).toBe(SMS_TEXTS.nothingOpen);
    expect(await messageOf(await text(u.phone, "move"))).toBe(SMS_TEXTS.help.replaceAll("'", "&apos;"));
  });

  it("a reply answers the reminder texted last, not the one waiting longest; then the next one", async () => {
    const u = await verifiedPhoneUser();
    const older = await dueTask(u.id, "Take pills", 30);
    const newer = await createTask(depsAt(ERA.getTime() - 60 * MINUTE).deps, u.id, { title: "Feed the cat", dueDate: new Date(ERA.getTime() - 10 * MINUTE).toISOString(), strategy: "standard" });
    const [, smsStep] = await stepsOf(newer.id);
    await runStepByHand(smsStep!.id, ERA.getTime() - MINUTE);
    expect((await outboxTo(u.phone, "sms")).map((m) => m.text)).toEqual([expect.stringContaining('"Feed the cat" was due at')]);
    expect(await messageOf(await text(u.phone, "DONE"))).toBe("&quot;Feed the cat&quot; is done. Well done!");
    expect((await taskRow(older.id))?.status).toBe("PENDING");
    // The texted one is answered: the next reply goes to the one waiting longest.
    expect(await messageOf(await text(u.phone, "DONE"))).toBe("&quot;Take pills&quot; is done. Well done!");
  });

  it("a reply to a text about a reminder acknowledged since answers that one, not another that waits; YES is Done only after a check-in", async () => {
    const u = await verifiedPhoneUser();
    const letter = await createTask(depsAt(ERA.getTime() - 60 * MINUTE).deps, u.id, { title: "Post the letter", dueDate: new Date(ERA.getTime() - 30 * MINUTE).toISOString(), strategy: "standard" });
    const [, smsStep] = await stepsOf(letter.id);
    await runStepByHand(smsStep!.id, ERA.getTime() - 15 * MINUTE);
    await acknowledgeTask(depsAt(ERA.getTime() - 10 * MINUTE).deps, u.id, letter.id);
    const pills = await dueTask(u.id, "Take pills", 5);
    // The text was about the letter (since acknowledged): YES is no answer to it (it asked no question),
    // and, the number not being opted out, no opt-in either: the help.
    expect(await messageOf(await text(u.phone, "Yes"))).toBe(SMS_TEXTS.help.replace(/'/g, "&apos;"));
    // DONE answers the letter. Before, the letter was not "waiting", so the pills were marked taken.
    expect(await messageOf(await text(u.phone, "DONE"))).toBe("&quot;Post the letter&quot; is done. Well done!");
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
  });

  it("an iPhone's tapback on a reminder's text answers the reminder it quotes (ADR 120): Liked is OK, 😴 snooze, 💯 done; ❤, a removal or another text get nothing back", async () => {
    const u = await verifiedPhoneUser();
    const texted = async (title: string, minutesAgo: number) => {
      const task = await createTask(depsAt(ERA.getTime() - 60 * MINUTE).deps, u.id, { title, dueDate: new Date(ERA.getTime() - minutesAgo * MINUTE).toISOString(), strategy: "standard" });
      const [, smsStep] = await stepsOf(task.id);
      await runStepByHand(smsStep!.id, ERA.getTime() - minutesAgo * MINUTE + MINUTE);
      return { task, sms: (await outboxTo(u.phone, "sms")).at(-1)!.text };
    };
    const pills = await texted("Take pills", 30);
    const cat = await texted("Feed the cat", 10);
    const nothingBack = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
    const status = async (task: { id: string }) => (await taskRow(task.id))?.status;

    // The pills' text is liked, though the cat's came last: the tapback quotes which.
    expect(await messageOf(await text(u.phone, `Liked “${pills.sms}”`))).toMatch(/Take pills/);
    expect([await status(pills.task), await status(cat.task)]).toEqual(["ACKNOWLEDGED", "PENDING"]);
    expect(await (await text(u.phone, `Loved “${cat.sms}”`)).text()).toBe(nothingBack);
    expect(await (await text(u.phone, `Removed a like from “${pills.sms}”`)).text()).toBe(nothingBack);
    expect([await status(pills.task), await status(cat.task)]).toEqual(["ACKNOWLEDGED", "PENDING"]);

    expect(await messageOf(await text(u.phone, `Reacted 😴 to “${cat.sms}”`))).toMatch(/^Snoozed\. I&apos;ll remind you about &quot;Feed the cat&quot; again at /);
    expect(await status(cat.task)).toBe("SNOOZED");
    expect(await messageOf(await text(u.phone, `Reacted 💯 to "${pills.sms}"`))).toBe("&quot;Take pills&quot; is done. Well done!");
    expect(await status(pills.task)).toBe("COMPLETED");
    // Done already, or a text that is no reminder: nothing changes and nothing is texted back.
    expect(await (await text(u.phone, `Liked “${pills.sms}”`)).text()).toBe(nothingBack);
    expect(await (await text(u.phone, "Liked “Your Nudge code is 123456.”")).text()).toBe(nothingBack);
    expect([await status(pills.task), await status(cat.task)]).toEqual(["COMPLETED", "SNOOZED"]);
  });

  it("reads a tapback as iOS words it: the kind, the emoji (skin tone aside), and the reminder's title from the quoted text", () => {
    const reminder = 'Nudge: "Call "Dad"" was due at 9:00 AM. Reply DONE when it\'s finished, SNOOZE for 30 more minutes, or OK to stop the reminders.';
    const checkBack = 'Nudge: checking in on "File taxes". You acknowledged it earlier. Is it done yet? Reply DONE when it is.';
    expect(tapbackIn(`Liked “${reminder}”`)).toEqual({ answer: "acknowledge", title: 'Call "Dad"' });
    expect(tapbackIn(`Reacted 👍🏽 to “${checkBack}”`)).toEqual({ answer: "acknowledge", title: "File taxes" });
    expect(tapbackIn(`Reacted 🏆 to "${checkBack}"`)).toEqual({ answer: "done", title: "File taxes" });
    for (const kind of ["Loved", "Laughed at", "Emphasized", "Questioned", "Disliked", "Reacted 🔥 to", "Removed a heart from", "Removed a like from"]) {
      expect(tapbackIn(`${kind} “${reminder}”`), kind).toEqual({ answer: null, title: 'Call "Dad"' });
    }
    expect(tapbackIn("Liked “Your Nudge code is 123456.”")).toEqual({ answer: "acknowledge", title: null });
    // Ordinary texts are no tapbacks.
    for (const body of ["Liked it", "DONE", "I liked “the reminder”", "liked"]) expect(tapbackIn(body), body).toBeNull();
  });

  it("YES after a check-in text is Done; from a number that opted out, YES still turns texts back on", async () => {
    const u = await verifiedPhoneUser();
    const taxes = await dueTask(u.id, "File the taxes", 30);
    await acknowledgeTask(depsAt(ERA.getTime() - 20 * MINUTE).deps, u.id, taxes.id);
    // A check-in by text (the catalogue's check-ins use the first, gentlest channels; a text stands in here).
    const deps = depsAt(ERA.getTime() - 5 * MINUTE).deps;
    await deps.db.insert(deliveries).values({ id: crypto.randomUUID(), idempotencyKey: `check-in-${taxes.id}`, userId: u.id, taskId: taxes.id, channel: "sms", recipient: u.phone, status: "sent", attempts: 1, createdAt: ERA.getTime() - 5 * MINUTE, sentAt: ERA.getTime() - 5 * MINUTE });
    expect(await messageOf(await text(u.phone, "Yes!"))).toBe("&quot;File the taxes&quot; is done. Well done!");
    expect((await taskRow(taxes.id))?.status).toBe("COMPLETED");
    await text(u.phone, "STOP");
    expect(await messageOf(await text(u.phone, "yes"))).toBe(SMS_TEXTS.started);
  });

  it("STOP turns texts off, so a text step goes to email instead; START turns them back on", async () => {
    const u = await verifiedPhoneUser();
    expect(await messageOf(await text(u.phone, "STOP"))).toBe(SMS_TEXTS.stopped.replace(/'/g, "&apos;"));
    expect((await phoneOf(u.id)).stopped).not.toBeNull();
    const task = await createTask(depsAt(ERA).deps, u.id, { title: "Water plants", dueDate: new Date(ERA.getTime() + DAY).toISOString(), strategy: "standard" });
    const [, smsStep] = await stepsOf(task.id);
    await runStepByHand(smsStep!.id, smsStep!.dueAt);
    expect(await outboxTo(u.phone, "sms")).toEqual([]);
    expect((await outboxTo(u.email, "email")).length).toBe(1);
    await text(u.phone, "start");
    expect((await phoneOf(u.id)).stopped).toBeNull();
  });

  it("PAUSE FOR 2 HOURS starts a break for every reminder, PAUSE alone says how, END THE BREAK ends it without turning texts off (ADR 098)", async () => {
    const u = await verifiedPhoneUser();
    const said = async (body: string) => (await messageOf(await text(u.phone, body)))?.replace(/&apos;/g, "'").replace(/&quot;/g, '"');
    const breakUntil = async () => (await testDeps().db.select({ until: users.breakUntil }).from(users).where(eq(users.id, u.id)))[0]?.until;
    expect(await said("Pause")).toBe(BREAK_WORD_TEXTS.how.sms);
    expect(await breakUntil()).toBeNull();
    expect(await said("pause for 2 hours")).toBe("You're on a break until 12:00 PM. Reminders wait and arrive as one message when it ends. Text RESUME to end it early.");
    expect(await breakUntil()).toBe(ERA.getTime() + 2 * 60 * MINUTE);
    // Asked again while it runs: until when, and how to end it.
    expect(await said("PAUSE")).toBe("You're on a break until 12:00 PM. Reminders wait and arrive as one message when it ends. Text RESUME to end it early.");
    // "END" alone turns texts off; "end the break" is about the break.
    expect(await said("End the break")).toBe("Your break is over. Anything that waited arrives now, as one message.");
    expect(await breakUntil()).toBeNull();
    expect((await phoneOf(u.id)).stopped).toBeNull();
    expect(await said("resume")).toBe("You're not on a break.");
    // Refusals change nothing: a time gone by, longer than 30 days.
    expect(await said("pause until yesterday")).toBe(BREAK_WORD_TEXTS.past);
    expect(await said("pause for 40 days")).toBe("A break lasts at most 30 days. For longer, pause or delete the reminders themselves.");
    expect(await breakUntil()).toBeNull();
    // A reminder about a break is no break: "take a break at 3pm" is not read as one (it is a new reminder, which texts
    // cannot make: they say where to, ADR 106).
    expect(await said("take a break at 3pm")).toBe(SMS_TEXTS.makeElsewhere(env.ASSISTANT_EMAIL));
    expect(await breakUntil()).toBeNull();
    // Its examples fit a text and read as they say.
    expect(BREAK_WORD_TEXTS.how.sms.length).toBeLessThanOrEqual(160);
  });

  it("'stop reminders for today' is a break until the morning, not an opt-out of every text; 'bye' gets no text back (ADR 176)", async () => {
    const u = await verifiedPhoneUser();
    const said = async (body: string) => (await messageOf(await text(u.phone, body)))?.replace(/&apos;/g, "'").replace(/&quot;/g, '"');
    const breakUntil = async () => (await testDeps().db.select({ until: users.breakUntil }).from(users).where(eq(users.id, u.id)))[0]?.until;
    // Its first word is STOP, so it turned every text off.
    expect(await said("stop reminders for today")).toBe("You're on a break until 9:00 AM tomorrow. Reminders wait and arrive as one message when it ends. Text RESUME to end it early.");
    expect(await breakUntil()).toBe(Date.parse("2075-02-04T09:00:00Z"));
    expect((await phoneOf(u.id)).stopped).toBeNull();
    expect(await (await text(u.phone, "Bye!")).text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  it("'cancel the dentist' and 'move the dentist to friday' by text answer with a link to confirm; CANCEL naming nothing, STOP and 'cancel it' still turn texts off (ADR 101)", async () => {
    const u = await verifiedPhoneUser();
    const said = async (body: string) => (await messageOf(await text(u.phone, body)))?.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    const { deps } = depsAt(ERA);
    const dentist = await createTask(deps, u.id, { title: "Call the dentist", dueDate: new Date(ERA.getTime() + 2 * DAY).toISOString() });
    // 3 February 2075 is a Sunday: the dentist is on Tuesday at 10:00 AM (UTC).
    const asked = await said("Cancel the dentist");
    expect(asked).toMatch(/^Delete "Call the dentist" \(Tue, Feb 5 at 10:00 AM\)\? Open this link to delete it: http:\/\/localhost:8787\/delete\/[\w-]+$/);
    expect((await phoneOf(u.id)).stopped).toBeNull();
    expect(await taskRow(dentist.id)).toBeTruthy();
    const deleteToken = /\/delete\/([\w-]+)$/.exec(asked ?? "")![1]!;
    expect(await describeForgetLink(deps, deleteToken)).toMatchObject({ state: "ready", task: { title: "Call the dentist" } });

    const moved = await said("move the dentist to friday");
    expect(moved).toMatch(/^Move "Call the dentist" from Tue, Feb 5 at 10:00 AM to Fri, Feb 8 at 10:00 AM\? Open this link to move it: http:\/\/localhost:8787\/move\/[\w-]+$/);
    const moveToken = /\/move\/([\w-]+)$/.exec(moved ?? "")![1]!;
    expect(await redeemMoveLink(deps, moveToken)).toMatchObject({ state: "moved" });
    expect((await taskRow(dentist.id))?.dueAt).toBe(Date.parse("2075-02-08T10:00:00Z"));
    // The delete link was asked about the old time: refused, nothing deleted.
    expect(await redeemForgetLink(deps, deleteToken)).toMatchObject({ state: "refused" });
    expect(await taskRow(dentist.id)).toBeTruthy();

    // Naming no open reminder, "it", or starting with STOP: the opt-out it always was.
    expect(await said("stop reminding me about the dentist")).toBe(SMS_TEXTS.stopped);
    expect((await phoneOf(u.id)).stopped).not.toBeNull();
    await text(u.phone, "START");
    expect(await said("cancel it")).toBe(SMS_TEXTS.stopped);
    await text(u.phone, "START");
    expect(await said("cancel the piano lesson")).toBe(SMS_TEXTS.stopped);
    await text(u.phone, "START");
    expect((await phoneOf(u.id)).stopped).toBeNull();
  });

  it("the keypad: 1 done, 2 snooze, 3 acknowledge, for the call's own task; the same press retried acts once", async () => {
    const u = await verifiedPhoneUser();
    const keypad = (taskId: string, digit: string, callSid: string) => post(`/twilio/voice?task=${taskId}`, { To: u.phone, From: "+15005550006", Digits: digit, CallSid: callSid });
    const said = async (response: Response) => /<Say[^>]*>(.*)<\/Say>/s.exec(await response.text())?.[1];
    const a = await dueTask(u.id, "Stretch");
    expect(await said(await keypad(a.id, "2", "CA1"))).toMatch(/^Snoozed\. I&apos;ll remind you about &quot;Stretch&quot; again at 10:30 AM\. Goodbye\.$/);
    expect((await taskRow(a.id))?.status).toBe("SNOOZED");
    const b = await dueTask(u.id, "Drink water");
    expect(await said(await keypad(b.id, "1", "CA2"))).toBe("&quot;Drink water&quot; is done. Well done! Goodbye.");
    expect(await said(await keypad(b.id, "1", "CA2"))).toBe("Got it. Goodbye.");
    const c = await dueTask(u.id, "Walk");
    await keypad(c.id, "3", "CA3");
    expect((await taskRow(c.id))?.status).toBe("ACKNOWLEDGED");
    const stranger = await verifiedPhoneUser();
    const theirs = await dueTask(stranger.id, "Theirs");
    expect(await said(await keypad(theirs.id, "1", "CA4"))).toMatch(/^I can&apos;t find that reminder any more/);
    expect((await taskRow(theirs.id))?.status).toBe("PENDING");
  });
});

const DAY = 24 * 60 * MINUTE;

describe("the daily cap on texts and calls", () => {
  it("beyond 12 in a day, a text step goes to email and says why, once; older sends do not count", async () => {
    const u = await verifiedPhoneUser();
    const { deps } = depsAt(ERA);
    const sent = (at: number) => ({ id: crypto.randomUUID(), idempotencyKey: crypto.randomUUID(), userId: u.id, channel: "sms", recipient: u.phone, status: "sent", createdAt: at });
    await deps.db.insert(deliveries).values([sent(ERA.getTime() - 25 * 60 * MINUTE), ...Array.from({ length: 11 }, () => sent(ERA.getTime() - 60 * MINUTE))]);
    const first = await createTask(deps, u.id, { title: "Pay rent", dueDate: new Date(ERA.getTime() - 20 * MINUTE).toISOString(), strategy: "standard" });
    const [, smsStep] = await stepsOf(first.id);
    await runStepByHand(smsStep!.id, ERA.getTime());
    expect(await outboxTo(u.phone, "sms")).toHaveLength(1);
    const second = await createTask(deps, u.id, { title: "Call mum", dueDate: new Date(ERA.getTime() - 20 * MINUTE).toISOString(), strategy: "standard" });
    const [, smsStep2] = await stepsOf(second.id);
    await runStepByHand(smsStep2!.id, ERA.getTime());
    expect(await outboxTo(u.phone, "sms")).toHaveLength(1);
    const emails = (await outboxTo(u.email, "email")).filter((m) => m.subject?.includes("Call mum"));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(PHONE_CAP_NOTE);
    // Told once: the next capped step of the day goes by email without the note.
    const third = await createTask(deps, u.id, { title: "Water plants", dueDate: new Date(ERA.getTime() - 20 * MINUTE).toISOString(), strategy: "standard" });
    const [, smsStep3] = await stepsOf(third.id);
    await runStepByHand(smsStep3!.id, ERA.getTime());
    const later = (await outboxTo(u.email, "email")).filter((m) => m.subject?.includes("Water plants"));
    expect(later).toHaveLength(1);
    expect(later[0]!.text).not.toContain(PHONE_CAP_NOTE);
  });

  /** A text channel that fails once for a moment (Twilio's 503), as the provider-trouble tests do. */
  const failingOnce = (real: Channel): Channel => ({ medium: real.medium, status: real.status, send: async () => Promise.reject(new ProviderError("transient", "Twilio answered 503")) });
  const rowsOf = async (taskId: string) => testDeps().db.select({ channel: deliveries.channel, status: deliveries.status, error: deliveries.error }).from(deliveries).where(eq(deliveries.taskId, taskId));
  const stepRow = async (stepId: string) => (await testDeps().db.select().from(escalationSteps).where(eq(escalationSteps.id, stepId)))[0]!;
  const sentTexts = (userId: string, phone: string, count: number, at: number) =>
    Array.from({ length: count }, () => ({ id: crypto.randomUUID(), idempotencyKey: crypto.randomUUID(), userId, channel: "sms", recipient: phone, status: "sent", createdAt: at }));

  it("a call is recorded the moment the provider took it, not when the rest of its batch's chunk is done (ADR 065)", async () => {
    const caller = await verifiedPhoneUser();
    const other = await verifiedPhoneUser();
    const { deps } = depsAt(ERA);
    const callTask = await createTask(deps, caller.id, { title: "Call the dentist", dueDate: new Date(ERA.getTime() - 40 * MINUTE).toISOString(), strategy: "standard" });
    const [, , callStep] = await stepsOf(callTask.id);
    const emailTask = await createTask(deps, other.id, { title: "Slow email", dueDate: new Date(ERA.getTime() - 1 * MINUTE).toISOString(), strategy: "standard" });
    const [firstStep] = await stepsOf(emailTask.id);
    // The other person's email (the first step's fallback) is sent in the same chunk as the call, and
    // holds its send until it sees the call's row recorded as sent (or gives up after 2 s).
    let seen: string | undefined;
    const slowEmail: Channel = {
      medium: "email",
      status: deps.channels.email.status,
      send: async (message) => {
        if (message.to === other.email) {
          for (let i = 0; i < 40 && seen !== "sent"; i++) {
            seen = (await rowsOf(callTask.id)).find((row) => row.channel === "voice")?.status;
            if (seen !== "sent") await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        return deps.channels.email.send(message);
      },
    };
    await runStepsByHand([callStep!.id, firstStep!.id], ERA.getTime(), { email: slowEmail });
    expect(seen).toBe("sent");
    expect((await outboxTo(caller.phone, "voice")).filter((m) => m.text.includes("Call the dentist"))).toHaveLength(1);
    expect((await outboxTo(other.email, "email")).filter((m) => m.subject?.includes("Slow email"))).toHaveLength(1);
    expect((await stepRow(callStep!.id)).state).toBe("sent");
    expect((await stepRow(firstStep!.id)).state).toBe("sent");
  });

  it("the retry of the day's 12th text that failed for a moment is the same text, not one more: it goes as a text", async () => {
    const u = await verifiedPhoneUser();
    const { deps } = depsAt(ERA);
    await deps.db.insert(deliveries).values(sentTexts(u.id, u.phone, 11, ERA.getTime() - 60 * MINUTE));
    const task = await createTask(deps, u.id, { title: "Refill prescription", dueDate: new Date(ERA.getTime() - 20 * MINUTE).toISOString(), strategy: "standard" });
    const [, smsStep] = await stepsOf(task.id);
    await runStepByHand(smsStep!.id, ERA.getTime(), { sms: failingOnce(deps.channels.sms) });
    // The step's email went; its text failed for a moment and waits for the retry.
    expect(await rowsOf(task.id)).toEqual(expect.arrayContaining([{ channel: "sms", status: "failed", error: "Twilio answered 503" }, { channel: "email", status: "sent", error: null }]));
    const retry = await stepRow(smsStep!.id);
    expect(retry.state).toBe("pending");

    await runStepByHand(smsStep!.id, retry.dueAt);
    const rows = await rowsOf(task.id);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(expect.arrayContaining([{ channel: "sms", status: "sent", error: null }, { channel: "email", status: "sent", error: null }]));
    expect((await outboxTo(u.phone, "sms")).filter((m) => m.text.includes("Refill prescription"))).toHaveLength(1);
    const emails = (await outboxTo(u.email, "email")).filter((m) => m.subject?.includes("Refill prescription"));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).not.toContain(PHONE_CAP_NOTE);
    expect((await stepRow(smsStep!.id)).state).toBe("sent");
  });

  it("a text whose retry finds the cap reached by other texts goes by email; its failed row is closed with the reason", async () => {
    const u = await verifiedPhoneUser();
    const { deps } = depsAt(ERA);
    await deps.db.insert(deliveries).values(sentTexts(u.id, u.phone, 10, ERA.getTime() - 60 * MINUTE));
    const task = await createTask(deps, u.id, { title: "Book the vet", dueDate: new Date(ERA.getTime() - 20 * MINUTE).toISOString(), strategy: "standard" });
    const [, smsStep] = await stepsOf(task.id);
    await runStepByHand(smsStep!.id, ERA.getTime(), { sms: failingOnce(deps.channels.sms) });
    // Meanwhile two other texts of the day went out: the 12 are used up.
    await deps.db.insert(deliveries).values(sentTexts(u.id, u.phone, 2, ERA.getTime()));
    await runStepByHand(smsStep!.id, (await stepRow(smsStep!.id)).dueAt);

    const rows = await rowsOf(task.id);
    expect(rows).toContainEqual({ channel: "email", status: "sent", error: null });
    expect(rows).toContainEqual({ channel: "sms", status: "dead", error: SUPERSEDED });
    expect(rows).toHaveLength(2);
    expect((await outboxTo(u.phone, "sms")).filter((m) => m.text.includes("Book the vet"))).toHaveLength(0);
    expect((await stepRow(smsStep!.id)).state).toBe("sent");
  });
});

describe("the phone panel's way to the dev phone (devPhoneLink)", () => {
  const profile = { phone: "+972501112233", phoneVerified: false, isVerified: true };

  it("with the dev outbox on and a number saved: the dev phone playing that number", () => {
    expect(phonePanelOf(testDeps(undefined, { DEV_OUTBOX: "true" }), profile).devPhoneLink).toBe("/dev/phone?number=%2B972501112233");
  });

  it("no number saved, or no dev outbox (production): no link", () => {
    expect(phonePanelOf(testDeps(undefined, { DEV_OUTBOX: "true" }), { ...profile, phone: null }).devPhoneLink).toBeNull();
    expect(phonePanelOf(testDeps(undefined, { DEV_OUTBOX: "false", ...EMAIL_CONFIGURED }), profile).devPhoneLink).toBeNull();
  });
});
