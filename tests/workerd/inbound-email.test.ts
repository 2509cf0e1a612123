/**
 * Reminders by email (issue 12): the Worker's email() handler and the service behind it, with real
 * MIME (postal-mime) and a real invitation parser (ical.js). Era 2090 (docs/testing.md).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { tasks } from "../../db/schema";
import { email } from "../../worker/handlers";
import { composeDevMessage, INBOUND_TEXTS, type DevMessage } from "../../worker/services/inbound-email";
import { createDeps } from "../../worker/services/deps";
import { fixedClock } from "../../worker/services/clock";
import { outboxTo, testEra } from "./escalation-helpers";

const NOW = new Date("2090-03-01T12:00:00Z");
const { user } = testEra(NOW);
const ASSISTANT = "assistant@nudge.example.com";

/** What Cloudflare hands the Worker: the envelope, the raw stream and its size, and setReject. */
function forwardable(raw: string, size = new TextEncoder().encode(raw).length) {
  const rejected: string[] = [];
  const message = {
    from: "sender@example.com",
    to: ASSISTANT,
    headers: new Headers(),
    raw: new Response(raw).body!,
    rawSize: size,
    setReject: (reason: string) => void rejected.push(reason),
    forward: async () => ({}) as never,
    reply: async () => ({}) as never,
  } as unknown as ForwardableEmailMessage;
  return { message, rejected };
}

async function deliver(message: Partial<DevMessage> & { from: string }, size?: number) {
  const raw = composeDevMessage({ to: ASSISTANT, subject: "", body: "", senderCheck: "pass", ...message });
  const mail = forwardable(raw, size);
  await email(mail.message, env, createDeps(env, { clock: fixedClock(NOW) }));
  return mail.rejected;
}

const tasksOf = (userId: string) => createDeps(env).db.select().from(tasks).where(eq(tasks.userId, userId));

describe("a mail from a verified account", () => {
  it("in plain language becomes a task in the person's zone, and the confirmation says when", async () => {
    const u = await user({ timezone: "America/New_York" });
    expect(await deliver({ from: u.email, subject: "Call the dentist tomorrow at 10am", body: "Thanks!\n\n-- \nRobin" })).toEqual([]);
    const [task] = await tasksOf(u.id);
    expect(task).toMatchObject({ title: "Call the dentist", source: "email", dueAt: Date.parse("2090-03-02T15:00:00Z") });
    const [reply] = await outboxTo(u.email, "email");
    expect(reply!.subject).toBe("Reminder set: Call the dentist");
    expect(reply!.text).toContain("Nudge will remind you then, and keep nudging until you answer.");
  });

  it("a phone's signature, a sign-off, a quoted reply or the subject of our own answer stays out of the title", async () => {
    const u = await user({ timezone: "America/New_York" });
    await deliver({ from: u.email, subject: "Call the dentist tomorrow at 10am", body: "Sent from my iPhone" });
    await deliver({ from: u.email, subject: "Re: Reminder set: Call the dentist", body: "Water the plants tomorrow at 6pm\nThanks,\nRobin\n\nOn Sat, Mar 1, 2090 at 7:00 AM Nudge <hello@nudge.example> wrote:\n> Reminder set" });
    const titles = (await tasksOf(u.id)).map((t) => t.title).sort();
    expect(titles).toEqual(["Call the dentist", "Water the plants"]);
  });

  it("a meeting invitation becomes a task at its start with its summary (UTC, and a floating time on the person's clock)", async () => {
    const u = await user({ timezone: "Europe/Berlin" });
    await deliver({ from: u.email, subject: "Invitation: Team sync", invitation: { title: "Team sync", start: "2090-03-05T14:30:00Z" } });
    await deliver({ from: u.email, subject: "Invitation: Lunch", invitation: { title: "Lunch with Sam", start: "2090-03-06T12:00" } });
    const created = (await tasksOf(u.id)).map((t) => [t.title, new Date(t.dueAt).toISOString(), t.source]).sort();
    expect(created).toEqual([
      ["Lunch with Sam", "2090-03-06T11:00:00.000Z", "email"],
      ["Team sync", "2090-03-05T14:30:00.000Z", "email"],
    ]);
    expect((await outboxTo(u.email, "email")).map((m) => m.subject)).toEqual(["Reminder set: Team sync", "Reminder set: Lunch with Sam"]);
  });

  it("without a readable time creates nothing and answers how to phrase it", async () => {
    const u = await user();
    expect(await deliver({ from: u.email, subject: "Hello there", body: "Just saying hi" })).toEqual([]);
    expect(await tasksOf(u.id)).toEqual([]);
    const [reply] = await outboxTo(u.email, "email");
    expect(reply!.subject).toBe(INBOUND_TEXTS.noTimeSubject);
    expect(reply!.text).toContain('for example "Call the dentist tomorrow at 10am"');
  });
});

describe("anything else creates nothing and is refused at SMTP time (no reply to a possibly forged address)", () => {
  it("an unknown sender, and an account that is not verified", async () => {
    expect(await deliver({ from: "stranger@example.com", subject: "Call mum tomorrow at 5pm" })).toEqual([INBOUND_TEXTS.rejectUnknown]);
    expect(await outboxTo("stranger@example.com")).toEqual([]);
    const unverified = await user({ isVerified: false });
    expect(await deliver({ from: unverified.email, subject: "Call mum tomorrow at 5pm" })).toEqual([INBOUND_TEXTS.rejectUnknown]);
    expect(await tasksOf(unverified.id)).toEqual([]);
  });

  it("a spoofed sender: the checks failed, are missing, or a forged 'pass' sits below our server's 'fail'", async () => {
    const u = await user();
    expect(await deliver({ from: u.email, subject: "Call mum tomorrow at 5pm", senderCheck: "fail" })).toEqual([INBOUND_TEXTS.rejectSpoofed]);
    expect(await deliver({ from: u.email, subject: "Call mum tomorrow at 5pm", senderCheck: "missing" })).toEqual([INBOUND_TEXTS.rejectSpoofed]);
    const domain = u.email.split("@")[1];
    const forged = composeDevMessage({ from: u.email, to: ASSISTANT, subject: "Call mum tomorrow at 5pm", body: "", senderCheck: "fail" }).replace(
      /^(Authentication-Results:[^\r\n]*\r\n)/,
      `$1Authentication-Results: evil.example; dmarc=pass header.from=${domain}\r\n`,
    );
    const mail = forwardable(forged);
    await email(mail.message, env, createDeps(env, { clock: fixedClock(NOW) }));
    expect(mail.rejected).toEqual([INBOUND_TEXTS.rejectSpoofed]);
    expect(await tasksOf(u.id)).toEqual([]);
    expect(await outboxTo(u.email)).toEqual([]);
  });

  it("a huge message is refused before it is read", async () => {
    const u = await user();
    expect(await deliver({ from: u.email, subject: "Call mum tomorrow at 5pm" }, 5_000_000)).toEqual([INBOUND_TEXTS.rejectTooLarge]);
    expect(await tasksOf(u.id)).toEqual([]);
  });
});
