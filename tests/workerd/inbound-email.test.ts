/**
 * Reminders by email (issue 12): the Worker's email() handler and the service behind it, with real
 * MIME (postal-mime) and a real invitation parser (ical.js). Era 2090 (docs/testing.md).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createFakeResend } from "../fakes/resend";
import { fakeFetch } from "../fakes/fake";
import { expectConsoleError } from "./console-errors";
import { EMAIL_CONFIGURED } from "./helpers";
import { env } from "cloudflare:test";
import { tasks, users } from "../../db/schema";
import { email } from "../../worker/handlers";
import { composeDevMessage, INBOUND_TEXTS, type DevMessage } from "../../worker/services/inbound-email";
import { createDeps } from "../../worker/services/deps";
import { fixedClock } from "../../worker/services/clock";
import { depsAt, MINUTE, outboxTo, runStepByHand, stepsOf, taskRow, tasksOfUser, testEra } from "./escalation-helpers";
import { acknowledgeTask, completeTask, createTask, describeForgetLink, describeMoveLink, redeemForgetLink, redeemMoveLink, updateTask } from "../../worker/services/tasks";
import { DateTime } from "luxon";
import { BREAK_WORD_TEXTS } from "../../worker/services/quiet-hours";

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
    expect(reply!.text).toContain('Nudge will remind you then, and keep nudging until you answer. To change the time, reply "make it 8pm"; to take it back, reply "undo".');
    // A reply to it ("make it 8pm") reaches the assistant, not EMAIL_FROM's address, which nothing reads.
    expect(JSON.parse(reply!.meta ?? "{}")).toMatchObject({ replyTo: env.ASSISTANT_EMAIL });
  });

  it("asks for a sequence in its words: 'urgently' in the subject makes an urgent task, and the reply says so (ADR 112)", async () => {
    const u = await user({ timezone: "America/New_York" });
    await deliver({ from: u.email, subject: "Urgent: renew the parking permit tomorrow at 10am", body: "" });
    const [task] = await tasksOf(u.id);
    expect(task).toMatchObject({ title: "Renew the parking permit", strategyKey: "urgent" });
    const [reply] = await outboxTo(u.email, "email");
    expect(reply!.subject).toBe("Reminder set: Renew the parking permit");
    expect(reply!.text).toContain("Got it! I'll remind you to renew the parking permit on Thu, Mar 2 at 10:00 AM. Nudging: Urgent (call early). Nudge will remind you then");
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

  it("'What's on tomorrow?' is answered with tomorrow's reminders on the person's clock, and makes nothing", async () => {
    const u = await user({ timezone: "America/New_York" });
    await createTask(depsAt(NOW.getTime()).deps, u.id, { title: "Call the dentist", dueDate: "2090-03-02T15:00:00Z" });
    expect(await deliver({ from: u.email, subject: "What's on tomorrow?", body: "Thanks!\n\n-- \nRobin" })).toEqual([]);
    expect((await tasksOf(u.id)).map((t) => t.title)).toEqual(["Call the dentist"]);
    const [reply] = await outboxTo(u.email, "email");
    expect(reply!.subject).toBe("Your reminders in Nudge");
    expect(reply!.text).toContain("Tomorrow (Thu, Mar 2):\n• 10:00 AM — Call the dentist");
  });

  it("'What did I miss?' is answered with what still waits for an answer, and makes nothing (ADR 185)", async () => {
    const u = await user({ timezone: "America/New_York" });
    const early = depsAt(NOW.getTime() - 3 * 24 * 60 * MINUTE).deps;
    await createTask(early, u.id, { title: "Call the dentist", dueDate: new Date(NOW.getTime() - 90 * MINUTE).toISOString() });
    await createTask(early, u.id, { title: "Water the plants", dueDate: new Date(NOW.getTime() + 90 * MINUTE).toISOString() });
    expect(await deliver({ from: u.email, subject: "What did I miss?", body: "" })).toEqual([]);
    expect((await tasksOf(u.id)).map((t) => t.title).sort()).toEqual(["Call the dentist", "Water the plants"]);
    const [reply] = await outboxTo(u.email, "email");
    expect(reply!.subject).toBe("Your reminders in Nudge");
    expect(reply!.text).toContain("Still waiting for you:\n• ");
    expect(reply!.text).toContain(" — Call the dentist\nNothing is lost: each can still be done, snoozed or moved.");
    expect(reply!.text).not.toContain("Water the plants");
  });

  it("'make it 8pm' in a new mail (about no reminder) makes nothing and says where to change one (ADR 108)", async () => {
    const u = await user();
    expect(await deliver({ from: u.email, subject: "make it 8pm", body: "" })).toEqual([]);
    expect(await tasksOf(u.id)).toEqual([]);
    const [reply] = await outboxTo(u.email, "email");
    expect(reply!.subject).toBe(INBOUND_TEXTS.noTimeSubject);
    expect(reply!.text).toContain("To change when a reminder is due, press the pencil on its card on your dashboard.");
  });

  it("a reply the email provider fails to send is logged, not thrown: the sender's server would deliver the mail again and the reminder would be made twice", async () => {
    const u = await user({ timezone: "America/New_York" });
    const resend = createFakeResend({ apiKey: EMAIL_CONFIGURED.RESEND_API_KEY, origin: "https://resend.test" });
    resend.failNext({ status: 500, times: 10 });
    vi.stubGlobal("fetch", fakeFetch(resend));
    expectConsoleError(/inbound_email\.reply_failed/);
    const production = { ...env, ...EMAIL_CONFIGURED, DEV_OUTBOX: "false", EMAIL_FROM: "Nudge <reminders@nudge.example.com>", RESEND_API_BASE: "https://resend.test" };
    const mail = forwardable(composeDevMessage({ from: u.email, to: ASSISTANT, subject: "Call the dentist tomorrow at 10am", body: "", senderCheck: "pass" }));
    await expect(email(mail.message, production, createDeps(production, { clock: fixedClock(NOW) }))).resolves.toBeUndefined();
    vi.unstubAllGlobals();
    expect(mail.rejected).toEqual([]);
    expect((await tasksOf(u.id)).map((t) => t.title)).toEqual(["Call the dentist"]);
    expect(resend.sent).toEqual([]);
  });

  it("in production the answer goes through Resend with Reply-To the assistant, so a reply to it is read", async () => {
    const u = await user({ timezone: "America/New_York" });
    const resend = createFakeResend({ apiKey: EMAIL_CONFIGURED.RESEND_API_KEY, origin: "https://resend.test" });
    vi.stubGlobal("fetch", fakeFetch(resend));
    const production = { ...env, ...EMAIL_CONFIGURED, DEV_OUTBOX: "false", EMAIL_FROM: "Nudge <reminders@nudge.example.com>", RESEND_API_BASE: "https://resend.test" };
    const mail = forwardable(composeDevMessage({ from: u.email, to: ASSISTANT, subject: "Call mum next week", body: "", senderCheck: "pass" }));
    await email(mail.message, production, createDeps(production, { clock: fixedClock(NOW) }));
    vi.unstubAllGlobals();
    expect(resend.sent.map((sent) => [sent.subject, sent.replyTo])).toEqual([['Not set yet: "Call mum next week"', [env.ASSISTANT_EMAIL]]]);
  });

  it("without a readable time creates nothing and answers how to phrase it, naming the words so a reply can add the when (ADR 164)", async () => {
    const u = await user();
    expect(await deliver({ from: u.email, subject: "Hello there", body: "Just saying hi" })).toEqual([]);
    expect(await tasksOf(u.id)).toEqual([]);
    const [reply] = await outboxTo(u.email, "email");
    expect(reply!.subject).toBe('Not set yet: "Hello there Just saying hi"');
    expect(reply!.text).toContain("Reply to this email with just the day and time, or write the whole reminder again");
    expect(reply!.text).toContain('for example "Call the dentist tomorrow at 10am"');
  });

  it("words too long for a subject get the plain answer: nothing to reply to", async () => {
    const u = await user();
    const long = `Hello there ${"and some more words ".repeat(9)}`.trim();
    expect(long.length).toBeGreaterThan(150);
    await deliver({ from: u.email, subject: long });
    expect(await tasksOf(u.id)).toEqual([]);
    const [reply] = await outboxTo(u.email, "email");
    expect(reply!.subject).toBe(INBOUND_TEXTS.noTimeSubject);
    expect(reply!.text).toContain('for example "Call the dentist tomorrow at 10am"');
  });
});

describe("a reply to the assistant's question fills in the reminder (ADR 164)", () => {
  const ask = async (prompt: string) => {
    const u = await user({ timezone: "UTC" });
    await deliver({ from: u.email, subject: prompt });
    const [question] = await outboxTo(u.email, "email");
    return { u, question: question! };
  };
  const quoted = (answer: string, question: { text: string }) => `${answer}\n\nOn Wed, Mar 1, 2090 at 12:00 PM Nudge <reminders@nudge.example.com> wrote:\n> ${question.text.split("\n")[0]}`;

  it("'Call mum next week' asks which day; 'monday at 9' in the reply makes next week's Monday at 9", async () => {
    const { u, question } = await ask("Call mum next week");
    expect(await tasksOf(u.id)).toEqual([]);
    expect(question.subject).toBe('Not set yet: "Call mum next week"');
    expect(JSON.parse(question.meta ?? "{}")).toMatchObject({ replyTo: env.ASSISTANT_EMAIL });
    expect(question.text).toContain(`Which day next week? Add one, like "next week on monday at 9am" or "next week on friday at 6pm", and I'll nudge you then. Reply to this email with just the answer, or write the whole reminder again.`);

    expect(await deliver({ from: u.email, subject: `Re: ${question.subject}`, body: quoted("monday at 9", question) })).toEqual([]);
    const [task] = await tasksOf(u.id);
    expect(task).toMatchObject({ title: "Call mum", source: "email", dueAt: Date.parse("2090-03-06T09:00:00Z") });
    const answer = (await outboxTo(u.email, "email")).at(-1)!;
    expect(answer.subject).toBe("Reminder set: Call mum");
  });

  it("answers however much later they come: the question is read again from its words", async () => {
    const { u, question } = await ask("Call mum next week");
    const later = createDeps(env, { clock: fixedClock(new Date(NOW.getTime() + 2 * 60 * MINUTE)) });
    const raw = composeDevMessage({ from: u.email, to: ASSISTANT, subject: `RE: Re: ${question.subject}`, body: "friday 6pm", senderCheck: "pass" });
    await email(forwardable(raw).message, env, later);
    expect((await tasksOf(u.id)).map((t) => [t.title, new Date(t.dueAt).toISOString()])).toEqual([["Call mum", "2090-03-10T18:00:00.000Z"]]);
  });

  it("an answer that does not fit makes nothing and asks again, quoting both", async () => {
    const { u, question } = await ask("Call mum next week");
    await deliver({ from: u.email, subject: `Re: ${question.subject}`, body: quoted("at 9", question) });
    expect(await tasksOf(u.id)).toEqual([]);
    const again = (await outboxTo(u.email, "email")).at(-1)!;
    expect(again.subject).toBe('Not set yet: "Call mum next week"');
    expect(again.text).toContain('I couldn\'t fit "at 9" into "Call mum next week".');
  });

  it("a reply with no answer in it ('thanks') is read as before: no reminder, no question", async () => {
    const { u, question } = await ask("Call mum next week");
    await deliver({ from: u.email, subject: `Re: ${question.subject}`, body: quoted("Thanks!", question) });
    expect(await tasksOf(u.id)).toEqual([]);
    expect(await outboxTo(u.email, "email")).toHaveLength(1);
  });

  it("a whole new reminder written in the reply is made as written", async () => {
    const { u, question } = await ask("Call mum next week");
    await deliver({ from: u.email, subject: `Re: ${question.subject}`, body: quoted("Call mum on tuesday at 5pm", question) });
    expect((await tasksOf(u.id)).map((t) => [t.title, new Date(t.dueAt).toISOString()])).toEqual([["Call mum", "2090-03-07T17:00:00.000Z"]]);
  });
});

describe("a reply that answers a reminder", () => {
  /** A reminder already due (created an hour before NOW, due `minutesAgo` before it). */
  const dueTask = (userId: string, title: string, minutesAgo: number) =>
    createTask(depsAt(NOW.getTime() - 60 * MINUTE).deps, userId, { title, dueDate: new Date(NOW.getTime() - minutesAgo * MINUTE).toISOString(), strategy: "gentle" });

  it("the reminder email's Reply-To is the assistant; 'Done' in a reply answers the reminder it replies to", async () => {
    const u = await user({ timezone: "UTC" });
    const older = await dueTask(u.id, "Take pills", 30);
    const newer = await dueTask(u.id, "Feed the cat", 10);
    const [emailStep] = await stepsOf(newer.id);
    await runStepByHand(emailStep!.id, NOW.getTime() - MINUTE);
    const [reminder] = await outboxTo(u.email, "email");
    expect(reminder!.subject).toBe("Reminder: Feed the cat");
    expect(JSON.parse(reminder!.meta ?? "{}")).toMatchObject({ replyTo: env.ASSISTANT_EMAIL });
    expect(reminder!.text).toContain('You can also reply to this email: "done", "snooze until 7pm" or "move it to friday".');

    const quoted = `Done\n\nOn Sat, Mar 1, 2090 at 11:59 AM Nudge <reminders@nudge.example.com> wrote:\n> ${reminder!.text.split("\n")[0]}`;
    expect(await deliver({ from: u.email, subject: "Re: Reminder: Feed the cat", body: quoted })).toEqual([]);
    expect((await taskRow(newer.id))?.status).toBe("COMPLETED");
    expect((await taskRow(older.id))?.status).toBe("PENDING");
    const answer = (await outboxTo(u.email, "email")).at(-1)!;
    expect(answer.subject).toBe("Answered: Feed the cat");
    expect(answer.text).toContain('"Feed the cat" is done. Well done!');
    expect((await tasksOf(u.id)).map((t) => t.title).sort()).toEqual(["Feed the cat", "Take pills"]);
  });

  it("a new reminder in the subject is made even when the body says 'Done'", async () => {
    const u = await user({ timezone: "UTC" });
    const waiting = await dueTask(u.id, "Take pills", 5);
    await deliver({ from: u.email, subject: "Call the dentist tomorrow at 10am", body: "Done" });
    expect((await taskRow(waiting.id))?.status).toBe("PENDING");
    expect((await tasksOf(u.id)).map((t) => t.title).sort()).toEqual(["Call the dentist Done", "Take pills"]);
  });

  it("'Yes' to a check-in email ('Is it done yet?') is Done for that task, not for another that waits", async () => {
    const u = await user({ timezone: "UTC" });
    const taxes = await createTask(depsAt(NOW.getTime() - 300 * MINUTE).deps, u.id, { title: "File the taxes", dueDate: new Date(NOW.getTime() - 240 * MINUTE).toISOString(), strategy: "standard" });
    const pills = await dueTask(u.id, "Take pills", 10);
    await acknowledgeTask(depsAt(NOW.getTime() - 200 * MINUTE).deps, u.id, taxes.id);
    const [checkIn] = await stepsOf(taxes.id, { kind: "check_back" });
    await runStepByHand(checkIn!.id, checkIn!.dueAt);
    expect((await outboxTo(u.email, "email")).at(-1)!.subject).toBe("Checking in: File the taxes");
    await deliver({ from: u.email, subject: "Re: Checking in: File the taxes", body: "Yes!\n\nSent from my iPhone" });
    expect((await taskRow(taxes.id))?.status).toBe("COMPLETED");
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
    expect((await outboxTo(u.email, "email")).at(-1)!.subject).toBe(INBOUND_TEXTS.answeredSubject("File the taxes"));
  });

  it("'snooze 2 hours' with no reminder named answers the one waiting longest; 'ok' naming it acknowledges it; with none waiting, says so", async () => {
    const u = await user({ timezone: "UTC" });
    const task = await dueTask(u.id, "Water the plants", 15);
    await deliver({ from: u.email, subject: "", body: "snooze 2 hours" });
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: NOW.getTime() + 120 * MINUTE });
    expect((await outboxTo(u.email, "email")).at(-1)!.text).toContain('Snoozed. I\'ll remind you about "Water the plants" again at 2:00 PM.');
    // A reply naming it reaches it even while snoozed; acknowledged, it no longer waits, and nothing else does.
    await deliver({ from: u.email, subject: "Re: Reminder: Water the plants", body: "ok" });
    expect((await taskRow(task.id))?.status).toBe("ACKNOWLEDGED");
    await deliver({ from: u.email, subject: "", body: "Done." });
    const last = (await outboxTo(u.email, "email")).at(-1)!;
    expect(last.subject).toBe(INBOUND_TEXTS.nothingWaitingSubject);
    expect(last.text).toContain(INBOUND_TEXTS.nothingWaiting);
    expect((await taskRow(task.id))?.status).toBe("ACKNOWLEDGED");
  });

  it("'Snooze until 6pm' in a reply snoozes until 6:00 PM on the person's clock, not for the usual 30 minutes, and makes no reminder", async () => {
    // 12:00 UTC is 7:00 AM in New York.
    const u = await user({ timezone: "America/New_York" });
    const task = await dueTask(u.id, "Renew the passport", 15);
    await deliver({ from: u.email, subject: "Re: Reminder: Renew the passport", body: "Snooze until 6pm, thanks!\n\nOn Monday Nudge wrote:\n> Reminder" });
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: Date.parse("2090-03-01T23:00:00Z") });
    expect((await outboxTo(u.email, "email")).at(-1)!.text).toContain('Snoozed. I\'ll remind you about "Renew the passport" again at 6:00 PM.');
    expect(await tasksOfUser(u.id)).toHaveLength(1);
    // Another day is not a snooze: a move of the reminder the reply is about (ADR 091), at its own time of day.
    const other = await dueTask(u.id, "Book the vet", 5);
    await deliver({ from: u.email, subject: "Re: Reminder: Book the vet", body: "snooze until monday" });
    const last = (await outboxTo(u.email, "email")).at(-1)!;
    expect(last.subject).toBe("Moved: Book the vet");
    // Wednesday 1 March 2090, due 11:55 UTC = 6:55 AM in New York: Monday at 6:55 AM (11:55 UTC).
    expect(last.text).toContain('Moved "Book the vet" to 6:55 AM on Monday, 6 March (America/New_York). We\'ll remind you then.');
    expect(await taskRow(other.id)).toMatchObject({ status: "PENDING", snoozedUntil: null, dueAt: Date.parse("2090-03-06T11:55:00Z") });
    expect(await tasksOfUser(u.id)).toHaveLength(2);
  });

  it("'Move it to friday' in a reply moves the reminder its subject names; a time gone by answers 'Nothing changed'", async () => {
    const u = await user({ timezone: "UTC" });
    const named = await dueTask(u.id, "Pay the gas bill", 30);
    const last = await dueTask(u.id, "Water the plants", 10);
    await deliver({ from: u.email, subject: "Re: Reminder: Pay the gas bill", body: "Move it to friday at 10am, thanks\n\nOn Monday Nudge wrote:\n> Reminder" });
    const reply = (await outboxTo(u.email, "email")).at(-1)!;
    expect(reply.subject).toBe("Moved: Pay the gas bill");
    expect(reply.text).toContain('Moved "Pay the gas bill" to 10:00 AM on Friday, 3 March (UTC). We\'ll remind you then.');
    expect((await taskRow(named.id))?.dueAt).toBe(Date.parse("2090-03-03T10:00:00Z"));
    // Only a day and time, in a reply to the reminder email, moves it too (ADR 094); no reminder is made of it.
    const vet = await dueTask(u.id, "Call the vet", 20);
    await deliver({ from: u.email, subject: "Re: Reminder: Call the vet", body: "Tomorrow at 4pm\n\nOn Monday Nudge wrote:\n> Reminder" });
    expect((await outboxTo(u.email, "email")).at(-1)!.text).toContain('Moved "Call the vet" to 4:00 PM on Thursday, 2 March (UTC). We\'ll remind you then.');
    expect((await taskRow(vet.id))?.dueAt).toBe(Date.parse("2090-03-02T16:00:00Z"));
    await deliver({ from: u.email, subject: "Re: Reminder: Water the plants", body: "move it to today at 8am" });
    const refused = (await outboxTo(u.email, "email")).at(-1)!;
    expect(refused.subject).toBe("Nothing changed");
    expect(refused.text).toContain('That time has already passed, so "Water the plants" stays as it was.');
    expect(await taskRow(last.id)).toMatchObject({ status: "PENDING", dueAt: NOW.getTime() - 10 * MINUTE });
    expect(await tasksOfUser(u.id)).toHaveLength(3);
  });
});

describe("moving a reminder by its name (ADR 099)", () => {
  const NY = "America/New_York";
  const lastReply = async (address: string) => (await outboxTo(address, "email")).at(-1)!;
  const linksIn = (text: string) => [...text.matchAll(/^(.+): http:\/\/localhost:8787\/move\/([A-Za-z0-9_-]+)$/gm)].map((m) => ({ label: m[1]!, token: m[2]! }));
  const at = (iso: string) => DateTime.fromISO(iso, { zone: NY }).toMillis();
  const dueOn = (userId: string, title: string, iso: string) => createTask(depsAt(NOW.getTime()).deps, userId, { title, dueDate: new Date(at(iso)).toISOString() });

  it("asks before it moves: one link, described on GET, moved once on POST at the reminder's own time; no reminder is made of the words", async () => {
    const u = await user({ timezone: NY });
    const dentist = await dueOn(u.id, "Call the dentist", "2090-03-08T10:00");
    await deliver({ from: u.email, subject: "Move the dentist to friday", body: "Thanks,\nRobin" });
    const asked = await lastReply(u.email);
    expect(asked.subject).toBe('Move "Call the dentist"?');
    // 1 March 2090 is a Wednesday: Friday is the 3rd, at the reminder's own 10:00 AM.
    expect(asked.text).toContain('Move "Call the dentist" from Wed, Mar 8 at 10:00 AM to Fri, Mar 3 at 10:00 AM? Open the link to move it; nothing changes until you do.');
    expect(asked.html).toContain(">Yes, move it<");
    expect((await tasksOfUser(u.id)).map((t) => t.title)).toEqual(["Call the dentist"]);
    expect((await taskRow(dentist.id))?.dueAt).toBe(at("2090-03-08T10:00"));

    const [link] = linksIn(asked.text);
    expect(link?.label).toBe("Yes, move it");
    const { deps } = depsAt(NOW.getTime());
    expect(await describeMoveLink(deps, link!.token)).toEqual({
      state: "ready",
      task: { title: "Call the dentist", fromLocal: "10:00 AM on Wednesday, 8 March (America/New_York)", toLocal: "10:00 AM on Friday, 3 March (America/New_York)" },
    });
    expect((await taskRow(dentist.id))?.dueAt).toBe(at("2090-03-08T10:00"));
    const moved = await redeemMoveLink(deps, link!.token);
    expect(moved).toMatchObject({ state: "moved", message: 'Moved "Call the dentist" to 10:00 AM on Friday, 3 March (America/New_York). We\'ll remind you then.' });
    expect((await taskRow(dentist.id))?.dueAt).toBe(at("2090-03-03T10:00"));
    expect(await redeemMoveLink(deps, link!.token)).toMatchObject({ state: "used" });
    expect(await describeMoveLink(deps, "not-a-token-at-all-really")).toEqual({ state: "invalid" });
  });

  it("several matches get a link each, saying where each would go; a link of a reminder changed since, or done, moves nothing and stays unused", async () => {
    const u = await user({ timezone: NY });
    const checkup = await dueOn(u.id, "Dentist checkup", "2090-03-07T09:00");
    const call = await dueOn(u.id, "Call the dentist", "2090-03-08T10:00");
    await deliver({ from: u.email, subject: "", body: "reschedule the dentist for monday at 4pm" });
    const asked = await lastReply(u.email);
    expect(asked.subject).toBe("Which reminder should move?");
    expect(asked.text).toContain('2 of your reminders match "dentist". Open the link of the one to move; nothing changes until you do.');
    const links = linksIn(asked.text);
    expect(links.map((l) => l.label)).toEqual(["Dentist checkup → Mon, Mar 6 at 4:00 PM", "Call the dentist → Mon, Mar 6 at 4:00 PM"]);
    const { deps } = depsAt(NOW.getTime());
    await updateTask(deps, u.id, checkup.id, { dueDate: new Date(at("2090-03-09T09:00")).toISOString() });
    expect(await redeemMoveLink(deps, links[0]!.token)).toMatchObject({
      state: "refused",
      message: '"Dentist checkup" has changed since this email: it is due at 9:00 AM on Thursday, 9 March (America/New_York) now. Nothing was moved.',
    });
    // Opened now, the page says so at once, with nothing to press; and the link is unused: back at the time the
    // email showed, it moves.
    expect(await describeMoveLink(deps, links[0]!.token)).toMatchObject({ state: "refused", message: expect.stringContaining("has changed since this email") });
    await updateTask(deps, u.id, checkup.id, { dueDate: new Date(at("2090-03-07T09:00")).toISOString() });
    expect((await describeMoveLink(deps, links[0]!.token)).state).toBe("ready");
    expect(await redeemMoveLink(deps, links[0]!.token)).toMatchObject({ state: "moved" });
    await completeTask(deps, u.id, call.id);
    expect(await redeemMoveLink(deps, links[1]!.token)).toMatchObject({ state: "refused", message: '"Call the dentist" is already done, so nothing moved.' });
    expect((await taskRow(checkup.id))?.dueAt).toBe(at("2090-03-06T16:00"));
    expect(await tasksOfUser(u.id)).toHaveLength(2);
  });

  it("a moment gone by says so and makes nothing; no match, or 'remind me to move ...', is a new reminder as before", async () => {
    const u = await user({ timezone: NY });
    await dueOn(u.id, "Call the dentist", "2090-03-08T10:00");
    await deliver({ from: u.email, subject: "Move the dentist to yesterday", body: "" });
    expect(await lastReply(u.email)).toMatchObject({ subject: "Nothing changed" });
    expect((await lastReply(u.email)).text).toContain('That time has already passed, so "Call the dentist" stays as it was.');
    await deliver({ from: u.email, subject: "Move the car to friday at 8am", body: "" });
    await deliver({ from: u.email, subject: "Remind me to move the dentist appointment on friday at 9am", body: "" });
    // The words are kept as written ("remind me to" is no part of the title), with a capital first letter.
    expect((await tasksOfUser(u.id)).map((t) => t.title).sort()).toEqual(["Call the dentist", "Move the car", "Move the dentist appointment"]);
  });
});

describe("deleting a reminder by its name (ADR 100)", () => {
  const NY = "America/New_York";
  const lastReply = async (address: string) => (await outboxTo(address, "email")).at(-1)!;
  const linksIn = (text: string) => [...text.matchAll(/^(.+): http:\/\/localhost:8787\/delete\/([A-Za-z0-9_-]+)$/gm)].map((m) => ({ label: m[1]!, token: m[2]! }));
  const at = (iso: string) => DateTime.fromISO(iso, { zone: NY }).toMillis();

  it("asks with a link, deletes once on POST; a repeating one offers 'Skip this one' and 'Stop repeating'", async () => {
    const u = await user({ timezone: NY });
    const { deps } = depsAt(NOW.getTime());
    const dentist = await createTask(deps, u.id, { title: "Call the dentist", dueDate: new Date(at("2090-03-08T10:00")).toISOString() });
    await deliver({ from: u.email, subject: "Cancel the dentist", body: "Thanks,\nRobin" });
    const asked = await lastReply(u.email);
    expect(asked.subject).toBe('Delete "Call the dentist"?');
    expect(asked.text).toContain('Delete "Call the dentist" (Wed, Mar 8 at 10:00 AM)? Open the link to delete it; nothing changes until you do.');
    const [yes] = linksIn(asked.text);
    expect(yes?.label).toBe("Yes, delete it");
    expect(await describeForgetLink(deps, yes!.token)).toMatchObject({ state: "ready", kind: "delete", task: { title: "Call the dentist", repeats: null } });
    expect(await taskRow(dentist.id)).toBeTruthy();
    expect(await redeemForgetLink(deps, yes!.token)).toMatchObject({ state: "deleted", message: 'Deleted "Call the dentist". It won\'t remind you any more.' });
    expect(await taskRow(dentist.id)).toBeFalsy();
    // Gone with its task: the link says it doesn't work any more.
    expect(await redeemForgetLink(deps, yes!.token)).toEqual({ state: "invalid" });

    const pills = await createTask(deps, u.id, { title: "Take pills", dueDate: new Date(at("2090-03-02T09:00")).toISOString(), recurrence: { freq: "daily" } });
    await deliver({ from: u.email, subject: "", body: "stop reminding me about the pills" });
    const repeating = await lastReply(u.email);
    expect(repeating.text).toContain('"Take pills" repeats every day; the next one is Thu, Mar 2 at 9:00 AM. Skip just that one, or stop it for good?');
    const [skip, stop] = linksIn(repeating.text);
    expect([skip?.label, stop?.label]).toEqual(["Skip this one", "Stop repeating"]);
    expect(await redeemForgetLink(deps, skip!.token)).toMatchObject({ state: "deleted", message: 'Skipped this time: "Take pills". The next one is at 9:00 AM on Friday, 3 March (America/New_York).' });
    expect(await taskRow(pills.id)).toBeFalsy();
    // The stop link was for the occurrence now gone; the next one is asked about afresh.
    expect(await describeForgetLink(deps, stop!.token)).toEqual({ state: "invalid" });
    expect((await tasksOfUser(u.id)).map((t) => t.title)).toEqual(["Take pills"]);
  });

  it("a link of a reminder moved or done since deletes nothing and stays unused; several matches get a link each; none says so; 'cancel netflix on friday' is a reminder", async () => {
    const u = await user({ timezone: NY });
    const { deps } = depsAt(NOW.getTime());
    const gym = await createTask(deps, u.id, { title: "Gym session", dueDate: new Date(at("2090-03-04T18:00")).toISOString() });
    const gymBag = await createTask(deps, u.id, { title: "Pack the gym bag", dueDate: new Date(at("2090-03-04T08:00")).toISOString() });
    await deliver({ from: u.email, subject: "delete gym", body: "" });
    const asked = await lastReply(u.email);
    expect(asked.subject).toBe("Which reminder should go?");
    const links = linksIn(asked.text);
    expect(links.map((l) => l.label)).toEqual(["Pack the gym bag (Sat, Mar 4 at 8:00 AM)", "Gym session (Sat, Mar 4 at 6:00 PM)"]);
    await updateTask(deps, u.id, gymBag.id, { dueDate: new Date(at("2090-03-05T08:00")).toISOString() });
    expect(await redeemForgetLink(deps, links[0]!.token)).toMatchObject({ state: "refused", message: '"Pack the gym bag" has changed since this email: it is due at 8:00 AM on Sunday, 5 March (America/New_York) now. Nothing was deleted.' });
    await completeTask(deps, u.id, gym.id);
    expect(await redeemForgetLink(deps, links[1]!.token)).toMatchObject({ state: "refused", message: '"Gym session" is already done, so nothing was deleted.' });
    expect(await describeForgetLink(deps, links[0]!.token)).toMatchObject({ state: "refused", message: expect.stringContaining("has changed since this email") });
    expect(await describeForgetLink(deps, links[1]!.token)).toMatchObject({ state: "refused", message: '"Gym session" is already done, so nothing was deleted.' });
    expect(await tasksOfUser(u.id)).toHaveLength(2);

    // "cancel it" in a reply to a reminder email is about that reminder.
    for (const body of ["cancel it\n\nOn Wed, Mar 1, 2090 Nudge wrote:\n> Reminder", "Please delete this"]) {
      await deliver({ from: u.email, subject: "Re: Reminder: Pack the gym bag", body });
      expect(await lastReply(u.email), body).toMatchObject({ subject: 'Delete "Pack the gym bag"?' });
    }
    await deliver({ from: u.email, subject: "Cancel the piano lesson", body: "" });
    expect((await lastReply(u.email)).text).toContain('I couldn\'t find an open reminder called "piano lesson", so nothing changed.');
    await deliver({ from: u.email, subject: "Cancel netflix on friday at 9am", body: "" });
    expect((await tasksOfUser(u.id)).map((t) => t.title).sort()).toEqual(["Cancel netflix", "Gym session", "Pack the gym bag"]);
  });
});

describe("a break by email (ADR 098)", () => {
  const breakUntilOf = async (userId: string) => (await createDeps(env).db.select({ until: users.breakUntil }).from(users).where(eq(users.id, userId)))[0]?.until;
  const lastReply = async (address: string) => (await outboxTo(address, "email")).at(-1)!;

  it("'Pause until monday' starts a break and makes no reminder; 'pause' alone says how; 'I'm back' in a reply to our answer ends it", async () => {
    const u = await user({ timezone: "America/New_York" });
    await deliver({ from: u.email, subject: "Pause", body: "" });
    expect(await lastReply(u.email)).toMatchObject({ subject: "Your break" });
    expect((await lastReply(u.email)).text).toContain(BREAK_WORD_TEXTS.how.email);
    expect(await breakUntilOf(u.id)).toBeNull();

    // 1 March 2090 is a Wednesday: Monday is the 6th, at 9:00 AM in New York.
    await deliver({ from: u.email, subject: "Pause until monday", body: "Thanks,\nRobin" });
    expect(await breakUntilOf(u.id)).toBe(Date.parse("2090-03-06T14:00:00Z"));
    const started = await lastReply(u.email);
    expect(started.subject).toBe("Your break");
    expect(started.text).toContain("You're on a break until 9:00 AM on Monday, 6 March. Reminders wait and arrive as one message when it ends. Write \"resume\" to end it early.");

    // A reply to that answer: its subject is ours, so only the words count.
    await deliver({ from: u.email, subject: "Re: Your break", body: "I'm back\n\nOn Wed, Mar 1, 2090 Nudge wrote:\n> You're on a break" });
    expect(await breakUntilOf(u.id)).toBeNull();
    expect((await lastReply(u.email)).text).toContain("Your break is over. Anything that waited arrives now, as one message.");
    expect(await tasksOfUser(u.id)).toHaveLength(0);
  });

  it("a break that cannot start changes nothing and says why; 'take a break at 3pm' stays a reminder", async () => {
    const u = await user({ timezone: "UTC" });
    await deliver({ from: u.email, subject: "", body: "pause for 45 days" });
    expect((await lastReply(u.email)).text).toContain("A break lasts at most 30 days. For longer, pause or delete the reminders themselves.");
    await deliver({ from: u.email, subject: "pause until yesterday", body: "" });
    expect((await lastReply(u.email)).text).toContain(BREAK_WORD_TEXTS.past);
    expect(await breakUntilOf(u.id)).toBeNull();
    await deliver({ from: u.email, subject: "Take a break at 3pm", body: "" });
    expect(await breakUntilOf(u.id)).toBeNull();
    expect((await tasksOfUser(u.id)).map((t) => t.title)).toEqual(["Take a break"]);
  });
});

describe("a reply about one reminder answers that one or none (ADR 105)", () => {
  /** A reminder already due (created an hour before NOW, due `minutesAgo` before it). */
  const dueTask = (userId: string, title: string, minutesAgo: number) =>
    createTask(depsAt(NOW.getTime() - 60 * MINUTE).deps, userId, { title, dueDate: new Date(NOW.getTime() - minutesAgo * MINUTE).toISOString(), strategy: "gentle" });
  const lastReply = async (to: string) => (await outboxTo(to, "email")).at(-1)!;

  it("'make it 8pm' or 'actually friday' in a reply to 'Reminder set' moves that reminder; nothing is made of the words", async () => {
    const u = await user({ timezone: "America/New_York" });
    await deliver({ from: u.email, subject: "Call bob tomorrow at 7pm", body: "" });
    const set = await lastReply(u.email);
    expect(set.subject).toBe("Reminder set: Call bob");
    const waiting = await dueTask(u.id, "Take pills", 5);
    await deliver({ from: u.email, subject: `Re: ${set.subject}`, body: "make it 8pm\n\nOn Thu, Mar 1 Nudge wrote:\n> Got it!" });
    const [bob] = (await tasksOf(u.id)).filter((t) => t.title === "Call bob");
    // Tomorrow (its own day, still to come) at 8 PM New York: 2090-03-03 01:00 UTC.
    expect(new Date(bob!.dueAt).toISOString()).toBe("2090-03-03T01:00:00.000Z");
    expect(await lastReply(u.email)).toMatchObject({ subject: "Moved: Call bob" });
    await deliver({ from: u.email, subject: "Re: Moved: Call bob", body: "actually friday" });
    expect(DateTime.fromMillis((await taskRow(bob!.id))!.dueAt, { zone: "America/New_York" }).toFormat("ccc HH:mm")).toBe("Fri 20:00");
    expect((await taskRow(waiting.id))?.status).toBe("PENDING");
    expect((await tasksOf(u.id)).map((t) => t.title).sort()).toEqual(["Call bob", "Take pills"]);
  });

  it("'make it urgent' in a reply to 'Reminder set' changes that reminder's sequence; a done one, or the same sequence, changes nothing (ADR 112)", async () => {
    const u = await user({ timezone: "America/New_York" });
    await deliver({ from: u.email, subject: "Call bob tomorrow at 7pm", body: "" });
    const set = await lastReply(u.email);
    const [bob] = await tasksOf(u.id);
    expect(bob!.strategyKey).toBe("standard");
    await deliver({ from: u.email, subject: `Re: ${set.subject}`, body: "make it urgent please\n\nOn Thu, Mar 1 Nudge wrote:\n> Got it!" });
    expect((await taskRow(bob!.id))!.strategyKey).toBe("urgent");
    expect(await lastReply(u.email)).toMatchObject({ subject: "Changed: Call bob" });
    expect((await lastReply(u.email)).text).toContain(
      'Changed it: "Call bob" is now Urgent (call early). A ping and a text at the due time, a call and an email after 5 minutes, another call after 15, your buddies after 30.',
    );
    await deliver({ from: u.email, subject: `Re: ${set.subject}`, body: "urgently" });
    expect(await lastReply(u.email)).toMatchObject({ subject: "Nothing changed" });
    expect((await lastReply(u.email)).text).toContain('"Call bob" is already Urgent (call early), so nothing changed.');
    await deliver({ from: u.email, subject: `Re: ${set.subject}`, body: "don't tell my buddy" });
    expect((await taskRow(bob!.id))!.strategyKey).toBe("no_buddies");
    // Nothing was made of the words.
    expect((await tasksOf(u.id)).map((t) => t.title)).toEqual(["Call bob"]);
  });

  it("'make it urgent' in a reply to the 'Reminder set' of several made from one mail changes each of them (ADR 187)", async () => {
    const u = await user({ timezone: "America/New_York" });
    await deliver({ from: u.email, subject: "Take meds at 8am and 8pm every day", body: "" });
    const set = await lastReply(u.email);
    expect(set.subject).toBe("Reminder set: Take meds");
    expect((await tasksOf(u.id)).map((t) => t.strategyKey)).toEqual(["standard", "standard"]);
    await deliver({ from: u.email, subject: `Re: ${set.subject}`, body: "make it urgent" });
    expect((await tasksOf(u.id)).map((t) => t.strategyKey)).toEqual(["urgent", "urgent"]);
    expect(await lastReply(u.email)).toMatchObject({ subject: "Changed: Take meds" });
    expect((await lastReply(u.email)).text).toContain('Changed them: the 2 "Take meds" reminders are now Urgent (call early). A ping and a text at the due time,');
  });

  it("a new time in a reply to the 'Reminder set' of several made from one mail asks which, a link each named by its time; nothing moves until one is opened (ADR 190)", async () => {
    const u = await user({ timezone: "America/New_York" });
    await deliver({ from: u.email, subject: "Call the pharmacy at 9am and 6pm", body: "" });
    const set = await lastReply(u.email);
    const [morning, evening] = (await tasksOf(u.id)).sort((a, b) => a.dueAt - b.dueAt);
    await deliver({ from: u.email, subject: `Re: ${set.subject}`, body: "make it 7pm\n\nOn Wed, Nudge wrote:\n> Got it!" });
    // It moved the one the subject's title found first.
    const asked = await lastReply(u.email);
    expect(asked.subject).toBe("Which reminder should move?");
    expect(asked.text).toContain('That message made 2 "Call the pharmacy" reminders, so nothing moved yet. Open the link of the one to move; nothing changes until you do.');
    const links = [...asked.text.matchAll(/^(.+): http:\/\/localhost:8787\/move\/([A-Za-z0-9_-]+)$/gm)].map((m) => ({ label: m[1]!, token: m[2]! }));
    expect(links.map((link) => link.label)).toEqual(["Wed, Mar 1 at 9:00 AM → Wed, Mar 1 at 7:00 PM", "Wed, Mar 1 at 6:00 PM → Wed, Mar 1 at 7:00 PM"]);
    expect((await tasksOf(u.id)).map((task) => task.dueAt).sort()).toEqual([morning!.dueAt, evening!.dueAt]);
    const { deps } = depsAt(NOW.getTime());
    expect(await redeemMoveLink(deps, links[1]!.token)).toMatchObject({ state: "moved" });
    expect((await taskRow(evening!.id))?.dueAt).toBe(evening!.dueAt + 60 * MINUTE);
    expect((await taskRow(morning!.id))?.dueAt).toBe(morning!.dueAt);
    // With one of them left open, a new time is about that one, as before.
    await completeTask(deps, u.id, morning!.id);
    await deliver({ from: u.email, subject: `Re: ${set.subject}`, body: "make it 8pm" });
    expect(await lastReply(u.email)).toMatchObject({ subject: "Moved: Call the pharmacy" });
    expect((await taskRow(evening!.id))?.dueAt).toBe(evening!.dueAt + 120 * MINUTE);
  });

  it("'make it every day' in a reply to 'Reminder set' makes that reminder repeat, or each of several made from one mail (ADR 177, 187)", async () => {
    const u = await user({ timezone: "America/New_York" });
    await deliver({ from: u.email, subject: "Call bob tomorrow at 7pm", body: "" });
    await deliver({ from: u.email, subject: "Re: Reminder set: Call bob", body: "make it every day\n\nOn Wed, Nudge wrote:\n> Got it!" });
    expect(await lastReply(u.email)).toMatchObject({ subject: "Changed: Call bob" });
    expect((await lastReply(u.email)).text).toMatch(/\nNow it repeats: I'll remind you to call bob every day at 7:00 PM, starting /);
    await deliver({ from: u.email, subject: "Re: Reminder set: Call bob", body: "repeat it every day" });
    expect(await lastReply(u.email)).toMatchObject({ subject: "Nothing changed" });
    expect((await lastReply(u.email)).text).toContain('"Call bob" already repeats every day, so nothing changed.');

    await deliver({ from: u.email, subject: "Take meds at 8am and 8pm", body: "" });
    await deliver({ from: u.email, subject: "Re: Reminder set: Take meds", body: "make it every day" });
    expect((await lastReply(u.email)).text).toMatch(/\nNow they repeat: I'll remind you to take meds every day at 8:00 AM and 8:00 PM, starting .*That's 2 reminders, one for each time\./);
    const all = await tasksOf(u.id);
    expect(all).toHaveLength(3);
    expect(all.every((task) => task.recurrence !== null)).toBe(true);
  });

  it("'done' in a reply to 'Reminder set' completes that reminder, not the one that waits; a reminder gone since answers nothing", async () => {
    const u = await user({ timezone: "UTC" });
    const pills = await dueTask(u.id, "Take pills", 5);
    await deliver({ from: u.email, subject: "Call bob tomorrow at 7pm", body: "" });
    const [bob] = (await tasksOf(u.id)).filter((t) => t.title === "Call bob");
    await deliver({ from: u.email, subject: "Re: Reminder set: Call bob", body: "Done" });
    expect((await taskRow(bob!.id))?.status).toBe("COMPLETED");
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
    expect(await lastReply(u.email)).toMatchObject({ subject: "Answered: Call bob" });
    // Done already: "done" again to the same thread changes no other reminder.
    await deliver({ from: u.email, subject: "Re: Reminder set: Call bob", body: "Done" });
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
    expect(await lastReply(u.email)).toMatchObject({ subject: INBOUND_TEXTS.nothingWaitingSubject });
    // The same for a reminder email whose reminder was answered elsewhere since: "Reminder: Water the plants".
    await deliver({ from: u.email, subject: "Re: Reminder: Water the plants", body: "done" });
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
  });

  it("'undo' in a reply to 'Reminder set' asks with a delete link; the link deletes it", async () => {
    const u = await user({ timezone: "UTC" });
    await deliver({ from: u.email, subject: "Call bob tomorrow at 7pm", body: "" });
    const [bob] = await tasksOf(u.id);
    await deliver({ from: u.email, subject: "Re: Reminder set: Call bob", body: "Oops, undo" });
    const asked = await lastReply(u.email);
    expect(asked.subject).toBe('Delete "Call bob"?');
    expect(await taskRow(bob!.id)).toBeTruthy();
    const token = /\/delete\/([\w-]+)$/m.exec(asked.text)?.[1] ?? "";
    expect((await redeemForgetLink(depsAt(NOW.getTime()).deps, token)).state).toBe("deleted");
    expect(await taskRow(bob!.id)).toBeFalsy();
  });

  it("two reminders of one title: 'done' to 'Reminder: Take pills' answers the one emailed last", async () => {
    const u = await user({ timezone: "UTC" });
    const morning = await dueTask(u.id, "Take pills", 240);
    const evening = await dueTask(u.id, "Take pills", 10);
    const [emailStep] = await stepsOf(evening.id);
    await runStepByHand(emailStep!.id, NOW.getTime() - MINUTE);
    expect((await lastReply(u.email)).subject).toBe("Reminder: Take pills");
    await deliver({ from: u.email, subject: "Re: Reminder: Take pills", body: "done" });
    expect((await taskRow(evening.id))?.status).toBe("COMPLETED");
    expect((await taskRow(morning.id))?.status).toBe("PENDING");
  });

  it("'skip' or 'cancel' alone in a reply to a reminder email asks about that reminder with a link", async () => {
    const u = await user({ timezone: "UTC" });
    const pills = await dueTask(u.id, "Take pills", 5);
    await deliver({ from: u.email, subject: "Re: Reminder: Take pills", body: "Skip" });
    expect(await lastReply(u.email)).toMatchObject({ subject: 'Delete "Take pills"?' });
    await deliver({ from: u.email, subject: "Re: Still to do: Take pills", body: "cancel" });
    expect(await lastReply(u.email)).toMatchObject({ subject: 'Delete "Take pills"?' });
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
  });

  it("thanks or a farewell alone get no reply; 'unsubscribe' or 'stop' says how to quiet the reminders and turns nothing off", async () => {
    const u = await user();
    const pills = await dueTask(u.id, "Take pills", 5);
    await deliver({ from: u.email, subject: "Thanks!", body: "" });
    await deliver({ from: u.email, subject: "Re: Reminder: Take pills", body: "Thank you 🙏" });
    await deliver({ from: u.email, subject: "Re: Answered: Take pills", body: "Thanks!\n\nOn Mon, Nudge wrote:\n> done" });
    // A farewell neither (ADR 176): "Good night" was a reminder titled "Good" at 9 PM.
    await deliver({ from: u.email, subject: "Re: Answered: Take pills", body: "Good night!\n\nOn Mon, Nudge wrote:\n> done" });
    expect(await outboxTo(u.email, "email")).toEqual([]);
    await deliver({ from: u.email, subject: "Unsubscribe", body: "" });
    await deliver({ from: u.email, subject: "", body: "stop" });
    const replies = await outboxTo(u.email, "email");
    expect(replies.map((r) => r.subject)).toEqual(["About these reminder emails", "About these reminder emails"]);
    expect(replies[0]!.text).toContain("These emails are the reminders you made, so nothing was turned off.");
    expect(replies[0]!.text).toContain('To hold every reminder for a while, reply "pause until monday" or "pause for 3 hours".');
    expect((await taskRow(pills.id))?.status).toBe("PENDING");
    expect(await tasksOf(u.id)).toHaveLength(1);
  });

  it("a forwarded mail with 'remind me about this on friday' is titled by its subject", async () => {
    const u = await user({ timezone: "UTC" });
    await deliver({ from: u.email, subject: "Fwd: Team offsite", body: "Remind me about this on friday at 9am\n\n---------- Forwarded message ----------\nFrom: Dana <dana@example.com>" });
    expect((await tasksOf(u.id)).map((t) => t.title)).toEqual(["Team offsite"]);
  });

  it("'help' gets what the address does, and makes nothing", async () => {
    const u = await user();
    await deliver({ from: u.email, subject: "Help", body: "" });
    await deliver({ from: u.email, subject: "", body: "What can you do?" });
    await deliver({ from: u.email, subject: "Hi", body: "" });
    const replies = await outboxTo(u.email, "email");
    expect(replies.map((r) => r.subject)).toEqual(["How to use this address", "How to use this address", "How to use this address"]);
    expect(replies[0]!.text).toContain('Reply to "Reminder set" with "make it 8pm" to change its time, or "undo" to delete it.');
    expect(replies[0]!.text).toContain(`Add "urgently" to be called early, "gently" for pings only, or "don't tell my buddy" to leave your buddies out.`);
    expect(await tasksOf(u.id)).toEqual([]);
  });
});

describe("a reply to one of the assistant's own answers", () => {
  it("reads only its lines: 'snooze 10' in a reply to 'Answered: ...' snoozes the reminder and makes no reminder of the subject", async () => {
    const u = await user({ timezone: "UTC" });
    const task = await createTask(depsAt(NOW.getTime() - 60 * MINUTE).deps, u.id, { title: "Feed the cat", dueDate: new Date(NOW.getTime() - 10 * MINUTE).toISOString(), strategy: "gentle" });
    await deliver({ from: u.email, subject: "Re: Answered: Feed the cat", body: "snooze 10\n\nOn Wed, Mar 1, 2090 Nudge wrote:\n> done" });
    expect(await taskRow(task.id)).toMatchObject({ status: "SNOOZED", snoozedUntil: NOW.getTime() + 10 * MINUTE });
    expect(await tasksOfUser(u.id)).toHaveLength(1);
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
