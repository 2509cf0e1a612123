/**
 * The engine's pure core (worker/services/escalation/plan.ts and recipients.ts): what a taken step
 * comes to, given the step row, where the user can be reached, which media the server can use and
 * the clock. No D1 and no fetch: every input is a plain value.
 */
import { describe, expect, it } from "vitest";
import type { Medium } from "../../worker/channels/types";
import type { StepChannel } from "../../worker/services/escalation/catalogue";
import { deliveryKey, planStep, readsNeeded, type ClaimedStep, type PlanInput, type StepPlan } from "../../worker/services/escalation/plan";
import { buddyEmail, reminderEmail, smsMessage, telegramBuddyMessage } from "../../worker/services/escalation/messages";
import { unavailableNotes } from "../../worker/services/escalation/channel-notes";
import { missingChannels, unavailableChannels, type MediaStatus, type Reachability } from "../../worker/services/escalation/recipients";

const NOW = Date.parse("2027-03-01T09:00:00Z");
const MINUTE = 60_000;
const JOB = { stepId: "step-1", claimId: "tick-1" };
const TELEGRAM_OFF = "Telegram messages are not set up on this server (TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET are missing).";

function step(channels: StepChannel[], extra: Partial<ClaimedStep> = {}): ClaimedStep {
  return {
    escalationId: "esc-1",
    stepIndex: 0,
    channels: JSON.stringify(channels),
    round: NOW,
    taskId: "task-1",
    userId: "user-1",
    title: "Take pills",
    dueAt: NOW,
    status: "PENDING",
    snoozedUntil: null,
    recurrence: null,
    taskStrategy: "standard",
    seriesId: null,
    source: "web",
    escalationState: "running",
    escalationKind: "reminder",
    strategyKey: "standard",
    name: "Robin",
    email: "robin@example.com",
    timezone: "Europe/London",
    telegramChatId: null,
    phone: null,
    phoneVerified: false,
    lastIndex: 3,
    nextDueAt: null,
    ...extra,
  };
}

function reach(extra: Partial<Reachability> = {}): Reachability {
  return { email: "robin@example.com", telegramChatId: null, phone: null, phoneVerified: false, pushEndpoints: [], emailBuddies: [], ...extra };
}

/** Every medium available, except those given with the reason they are not. */
function media(unavailable: Partial<Record<Medium, string>> = {}): MediaStatus {
  const status = (medium: Medium) => ({ available: !(medium in unavailable), reason: unavailable[medium] ?? null });
  return { email: status("email"), sms: status("sms"), voice: status("voice"), telegram: status("telegram"), push: status("push") };
}

function plan(input: Partial<PlanInput> & { step: ClaimedStep }): StepPlan {
  return planStep({ job: JOB, reach: reach(), media: media(), now: NOW, ...input });
}

function sendPlan(input: Partial<PlanInput> & { step: ClaimedStep }) {
  const result = plan(input);
  if (result.decision !== "send") throw new Error(`expected a send, got ${result.decision}`);
  return result;
}

/** The deliveries as [medium, recipient, requested] for short assertions. */
function sends(result: ReturnType<typeof sendPlan>) {
  return result.deliveries.map((d) => [d.medium, d.recipient, d.requested]);
}

describe("cancel and defer", () => {
  it.each(["COMPLETED", "ACKNOWLEDGED"])("a %s task cancels the step and needs no reads", (status) => {
    const s = step(["telegram", "push", "buddies"], { status });
    expect(plan({ step: s })).toEqual({ decision: "cancel" });
    expect(readsNeeded(s, media(), NOW)).toEqual({ push: false, buddies: false, phone: false });
  });

  it("an escalation that is no longer running or paused cancels the step", () => {
    for (const escalationState of ["exhausted", "acknowledged", "completed", "cancelled"]) {
      expect(plan({ step: step(["email"], { escalationState }) })).toEqual({ decision: "cancel" });
    }
  });

  it("a snooze that runs past now defers the step to its end; one that has run out sends and ends the snooze", () => {
    const until = NOW + 30 * MINUTE;
    expect(plan({ step: step(["email"], { status: "SNOOZED", snoozedUntil: until }) })).toEqual({ decision: "defer", until });
    const over = sendPlan({ step: step(["email"], { status: "SNOOZED", snoozedUntil: NOW, escalationState: "paused" }) });
    expect(over.finish.endSnooze).toBe(true);
    expect(over.finish.chain.paused).toBe(true);
    expect(sendPlan({ step: step(["email"]) }).finish.endSnooze).toBe(false);
  });
});

describe("fallbacks", () => {
  it("channels the user lacks fall back to ONE email, which names them; the row records the channel asked for", () => {
    const result = sendPlan({ step: step(["telegram", "push", "sms", "voice", "email"]) });
    expect(sends(result)).toEqual([["email", "robin@example.com", "telegram"]]);
    const [email] = result.deliveries;
    expect(email!.fallbacks.map((f) => [f.channel, f.cause])).toEqual([
      ["telegram", "missing"],
      ["push", "missing"],
      ["sms", "missing"],
      ["voice", "missing"],
    ]);
    expect(missingChannels(email!.fallbacks)).toEqual(["telegram", "push", "sms", "voice"]);
    expect(email!.row).toMatchObject({ channel: "email", requestedChannel: "telegram", recipient: "robin@example.com", status: "pending", createdAt: NOW });
    expect(result.unavailable).toEqual([]);
  });

  it("channels the user has are used: a verified phone for sms and voice, every push device, the Telegram chat", () => {
    const devices = ["https://push.example.com/a", "https://push.example.com/b"];
    const result = sendPlan({
      step: step(["telegram", "push", "sms", "voice"]),
      reach: reach({ telegramChatId: "42", phone: "+447700900123", phoneVerified: true, pushEndpoints: devices }),
    });
    expect(sends(result)).toEqual([
      ["telegram", "42", "telegram"],
      ["push", devices[0], "push"],
      ["push", devices[1], "push"],
      ["sms", "+447700900123", "sms"],
      ["voice", "+447700900123", "voice"],
    ]);
    expect(result.deliveries.every((d) => d.fallbacks.length === 0 && d.row.requestedChannel === null)).toBe(true);
  });

  it("an unverified phone is a phone the user lacks", () => {
    const result = sendPlan({ step: step(["sms"]), reach: reach({ phone: "+447700900123", phoneVerified: false }) });
    expect(sends(result)).toEqual([["email", "robin@example.com", "sms"]]);
    expect(result.deliveries[0]!.fallbacks).toEqual([{ channel: "sms", cause: "missing", reason: "The user has no verified phone number." }]);
  });

  it("a medium this server cannot use is treated like one the user lacks, and the fallback carries the server's reason", () => {
    const result = sendPlan({
      step: step(["telegram", "email"]),
      reach: reach({ telegramChatId: "42" }),
      media: media({ telegram: TELEGRAM_OFF }),
    });
    expect(sends(result)).toEqual([["email", "robin@example.com", "telegram"]]);
    const fallback = { channel: "telegram", cause: "unavailable", reason: TELEGRAM_OFF };
    expect(result.deliveries[0]!.fallbacks).toEqual([fallback]);
    expect(result.unavailable).toEqual([fallback]);
    // The email explains only what the user can change: Telegram is not theirs to fix here.
    expect(missingChannels(result.deliveries[0]!.fallbacks)).toEqual([]);
  });

  it("the server is asked first: a medium the user lacks AND the server cannot use falls back as unavailable", () => {
    const result = sendPlan({ step: step(["push", "sms"]), media: media({ push: "Push notifications are not set up on this server." }) });
    expect(result.deliveries[0]!.fallbacks.map((f) => [f.channel, f.cause])).toEqual([
      ["push", "unavailable"],
      ["sms", "missing"],
    ]);
  });

  it("push subscriptions are read only when the step asks for push and the server can push", () => {
    const s = step(["telegram", "push", "buddies"]);
    expect(readsNeeded(s, media(), NOW)).toMatchObject({ push: true, buddies: true });
    expect(readsNeeded(s, media({ push: "off" }), NOW)).toMatchObject({ push: false, buddies: true });
    expect(readsNeeded(step(["email"]), media(), NOW)).toEqual({ push: false, buddies: false, phone: false });
  });

  it("email is the floor: an unavailable email is still planned (its send fails and the step is retried)", () => {
    const result = sendPlan({ step: step(["email", "telegram"]), media: media({ email: "Email is not set up on this server." }) });
    expect(sends(result)).toEqual([["email", "robin@example.com", "email"]]);
    expect(result.deliveries[0]!.fallbacks).toEqual([{ channel: "telegram", cause: "missing", reason: "The user has not connected Telegram." }]);
  });
});

describe("buddies", () => {
  const buddies = [
    { id: "b1", name: "Sam", email: "sam@example.com" },
    { id: "b2", name: "Alex", email: "alex@example.com" },
  ];

  it("each verified email buddy gets one alert, apart from the user's own email", () => {
    const result = sendPlan({ step: step(["voice", "email", "buddies"]), reach: reach({ emailBuddies: buddies }) });
    expect(sends(result)).toEqual([
      ["email", "robin@example.com", "voice"],
      ["email", "sam@example.com", "buddies"],
      ["email", "alex@example.com", "buddies"],
    ]);
    expect(result.deliveries.slice(1).map((d) => [d.kind, d.buddy])).toEqual([
      ["buddy", { id: "b1", name: "Sam" }],
      ["buddy", { id: "b2", name: "Alex" }],
    ]);
  });

  it("with no buddy the alert comes to the user's own email, in the same one email of the step", () => {
    const result = sendPlan({ step: step(["email", "buddies"]) });
    expect(sends(result)).toEqual([["email", "robin@example.com", "email"]]);
    expect(missingChannels(result.deliveries[0]!.fallbacks)).toEqual(["buddies"]);
  });
});

describe("keys, message context and the chain", () => {
  it("each delivery's key names the escalation, the step, its round, the medium and the recipient", () => {
    const result = sendPlan({ step: step(["telegram", "email"], { stepIndex: 2, round: NOW + 5 }), reach: reach({ telegramChatId: "42" }) });
    expect(result.deliveries.map((d) => d.key)).toEqual([`esc-1:2@${NOW + 5}:telegram:42`, `esc-1:2@${NOW + 5}:email:robin@example.com`]);
    expect(result.deliveries.map((d) => d.row.idempotencyKey)).toEqual(result.deliveries.map((d) => d.key));
    expect(deliveryKey({ escalationId: "e", stepIndex: 0, round: 1, medium: "sms", recipient: "+1" })).toBe("e:0@1:sms:+1");
    expect(result.deliveries.every((d) => d.row.escalationStepId === "step-1" && d.row.taskId === "task-1" && d.row.userId === "user-1")).toBe(true);
  });

  it("the message context names the task, the user, the step of the chain and the strategy", () => {
    const result = sendPlan({ step: step(["email"], { stepIndex: 1 }) });
    expect(result.context).toEqual({
      task: { id: "task-1", title: "Take pills", dueAt: NOW },
      user: { name: "Robin", email: "robin@example.com", timezone: "Europe/London" },
      stepIndex: 1,
      stepCount: 4,
      strategyName: "Standard",
    });
    expect(result.userId).toBe("user-1");
  });

  it("a buddy's alert says how late the task is (issue 11)", () => {
    const { context } = sendPlan({ step: step(["buddies"]) });
    const at = (minutes: number) => buddyEmail(context, "Sam", "https://x/u", NOW + minutes * 60_000).text;
    expect(at(45)).toMatch(/at 9:00 AM on .+ \(45 minutes ago\), and hasn't responded/);
    expect(at(60)).toContain("(1 hour ago)");
    expect(at(100)).toContain("(about 2 hours ago)");
    expect(at(3 * 24 * 60 + 5)).toContain("(3 days ago)");
    expect(telegramBuddyMessage(context, "Sam", "42", "https://x/u", NOW + 90 * 60_000).text).toContain("(about 2 hours ago), and they haven't answered");
  });

  it("a check-back text asks whether it is done, instead of repeating the due time (issue 13)", () => {
    const { context } = sendPlan({ step: step(["sms"]) });
    expect(smsMessage(context, "+15550100").text).toMatch(/^Nudge: "Take pills" was due at /);
    expect(smsMessage({ ...context, checkBack: true }, "+15550100").text).toBe(
      'Nudge: checking in on "Take pills". You acknowledged it earlier. Is it done yet? Reply DONE when it is, SNOOZE for 30 more minutes, or OK and we won\'t ask again.',
    );
  });

  it("a reminder email names the typed answers only when a reply reaches the assistant (its Reply-To)", () => {
    const { context } = sendPlan({ step: step(["email"]) });
    const urls = { done: "https://x/done", snooze: "https://x/snooze", acknowledge: "https://x/ack" };
    expect(reminderEmail(context, urls, [], { replyable: true }).text).toContain('You can also reply to this email: "done", "snooze until 7pm" or "move it to friday".');
    expect(reminderEmail(context, urls, [], { replyable: true }).html).toContain("You can also reply to this email");
    expect(reminderEmail(context, urls, []).text).not.toContain("reply to this email");
  });

  it("a title or name written before titles were cleaned still reaches the messages as one line (ADR 043)", () => {
    const result = sendPlan({ step: step(["email", "sms"], { title: "Pay rent\r\nBcc: x@evil.test", name: "Robin\u0000\u2028Hood" }) });
    expect(result.context.task.title).toBe("Pay rent Bcc: x@evil.test");
    expect(result.context.user.name).toBe("Robin Hood");
    const email = reminderEmail(result.context, { done: "https://x/done", snooze: "https://x/snooze", acknowledge: "https://x/ack" }, []);
    expect(email.subject).toBe("Reminder: Pay rent Bcc: x@evil.test");
    expect(smsMessage(result.context, "+15550100").text).not.toMatch(/[\r\n]/);
    expect(buddyEmail(result.context, "Sam\r\nBcc: y@evil.test", "https://x/unsubscribe", NOW + 45 * 60_000).text).toContain("Hi Sam Bcc: y@evil.test, Robin Hood asked");
  });

  it("the chain moves on under this claim; a recurring task's last step carries its series", () => {
    const plain = sendPlan({ step: step(["email"]) });
    expect(plain.finish.chain).toEqual({
      escalationId: "esc-1",
      stepIndex: 0,
      lastIndex: 3,
      taskId: "task-1",
      stepId: "step-1",
      claimId: "tick-1",
      finishedState: "sent",
      now: NOW,
      paused: false,
      series: null,
    });
    const recurrence = JSON.stringify({ freq: "daily" });
    const last = sendPlan({ step: step(["buddies"], { stepIndex: 3, recurrence, seriesId: "series-1" }) });
    expect(last.finish.chain.series).toEqual({
      task: { id: "task-1", userId: "user-1", title: "Take pills", dueAt: NOW, strategyKey: "standard", recurrence, seriesId: "series-1", source: "web", ignoreQuietHours: false, checkBackMinutes: null },
      timezone: "Europe/London",
    });
  });

  it("a step with no channels sends nothing and still moves the chain on", () => {
    const result = sendPlan({ step: step([]) });
    expect(result.deliveries).toEqual([]);
    expect(result.finish.chain.finishedState).toBe("sent");
  });
});

describe("what a reminder email says about a medium the server cannot use", () => {
  const ctx = {
    task: { id: "task-1", title: "Take pills", dueAt: NOW },
    user: { name: "Robin", email: "robin@example.com", timezone: "UTC" },
    stepIndex: 0,
    stepCount: 3,
    strategyName: "Standard",
  };
  const urls = { done: "https://x/done", snooze: "https://x/snooze", acknowledge: "https://x/ack" };

  it("names the media in one sentence, and leaves the user's own fixes to the other note", () => {
    expect(unavailableNotes(["sms", "voice"])).toEqual(["Text messages and phone calls aren't available on Nudge right now, so this reminder came by email."]);
    expect(unavailableNotes(["telegram"])).toEqual(["Telegram messages aren't available on Nudge right now, so this reminder came by email."]);
    expect(unavailableNotes(["email", "buddies"])).toEqual([]);

    const fallbacks = [
      { channel: "telegram" as const, cause: "unavailable" as const, reason: TELEGRAM_OFF },
      { channel: "push" as const, cause: "missing" as const, reason: "no device" },
    ];
    const email = reminderEmail(ctx, urls, missingChannels(fallbacks), { unavailable: unavailableChannels(fallbacks) });
    expect(email.text).toContain("This reminder came by email because no device has Nudge notifications turned on yet.");
    expect(email.text).toContain("Telegram messages aren't available on Nudge right now, so this reminder came by email.");
    expect(email.text).not.toContain("Telegram isn't connected");
  });
});
