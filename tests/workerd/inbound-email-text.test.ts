/**
 * The text of a mail to the assistant address that a reminder is read from (mail-text.ts): the
 * subject without reply prefixes or our own answers' subjects, and the body's new text only.
 * Pure; the whole path is in inbound-email.test.ts.
 */
import { describe, expect, it } from "vitest";
import { askedPrompt, reminderLines, reminderSubject } from "../../worker/services/inbound-email/mail-text";

describe("reminderLines", () => {
  it.each<[string, string, string]>([
    ["plain text", "Call the dentist tomorrow at 10am", "Call the dentist tomorrow at 10am"],
    ["at most three lines, joined", "Call the dentist\ntomorrow\nat 10am\nand ask about the bill", "Call the dentist tomorrow at 10am"],
    ["Windows line ends", "Call the dentist\r\ntomorrow at 10am\r\n", "Call the dentist tomorrow at 10am"],
    ["a phone's signature after a blank line", "Call the dentist tomorrow at 10am\n\nSent from my iPhone", "Call the dentist tomorrow at 10am"],
    ["a phone's signature as the whole body", "Sent from my iPhone", ""],
    ["Outlook's app line", "Get Outlook for Android", ""],
    ["a sign-off and a name", "Call the dentist tomorrow at 10am\nThanks,\nRobin", "Call the dentist tomorrow at 10am"],
    ["a sign-off after a blank line", "tomorrow at 10am\n\nBest regards,\nRobin Example\nACME Ltd", "tomorrow at 10am"],
    ["a signature after '-- '", "Call the dentist tomorrow at 10am\n\n-- \nRobin\n+1 555 0100", "Call the dentist tomorrow at 10am"],
    ["a reply quoted with '>'", "at 5pm tomorrow\n\nOn Fri, Nov 27, 2026 at 9:00 AM Nudge <hello@nudge.example> wrote:\n> Reminder set: Call the dentist", "at 5pm tomorrow"],
    ["a quote header right under the text", "at 5pm tomorrow\nOn Fri, Nov 27, 2026 at 9:00 AM Nudge <hello@nudge.example> wrote:\n> Reminder set", "at 5pm tomorrow"],
    ["Outlook's reply block", "at 5pm tomorrow\n\nFrom: Nudge <hello@nudge.example>\nSent: Friday, November 27, 2026 9:00 AM\nSubject: Reminder set", "at 5pm tomorrow"],
    ["an original message line", "at 5pm tomorrow\n\n-----Original Message-----\nFrom: Nudge", "at 5pm tomorrow"],
    ["a French quote header", "demain à 17h\n\nLe ven. 27 nov. 2026 à 09:00, Nudge <hello@nudge.example> a écrit :\n> Reminder set", "demain à 17h"],
    ["a German quote header", "morgen um 10\n\nAm 27.11.2026 um 09:00 schrieb Nudge <hello@nudge.example>:\n> Reminder set", "morgen um 10"],
    ["Outlook's separator line", "at 5pm tomorrow\n________________________________\nFrom: Nudge", "at 5pm tomorrow"],
    ["a forwarded message", "Pay this by friday\n\n---------- Forwarded message ---------\nFrom: Billing <billing@example.com>", "Pay this by friday"],
    ["a first line that starts with 'From:' but is no header stays", "From: the store, pick up milk at 5pm", "From: the store, pick up milk at 5pm"],
    ["words that only start like a sign-off stay", "Best buy: pick up the TV tomorrow at 5pm", "Best buy: pick up the TV tomorrow at 5pm"],
    ["an empty body", "", ""],
  ])("%s", (_name, body, expected) => {
    expect(reminderLines(body)).toBe(expected);
  });
});

describe("reminderSubject", () => {
  it.each<[string, string]>([
    ["Call the dentist tomorrow at 10am", "Call the dentist tomorrow at 10am"],
    ["Re: Call the dentist tomorrow", "Call the dentist tomorrow"],
    ["RE: Fwd: FW: Call the dentist", "Call the dentist"],
    ["AW: WG: Zahnarzt morgen um 10", "Zahnarzt morgen um 10"],
    ["[External] Re: Call the dentist", "Call the dentist"],
    ["Re[2]: Call the dentist", "Call the dentist"],
    // Our own answers' subjects are not the person's words.
    ["Re: Reminder set: Call the dentist", ""],
    ["Re: We couldn't set that reminder", ""],
    ['Re: Not set yet: "Call mum next week"', ""],
    // Only whole prefixes go: a subject that starts with such letters stays.
    ["Return the library books on friday", "Return the library books on friday"],
    ["Review the report at 5pm", "Review the report at 5pm"],
    ["", ""],
  ])("%j → %j", (subject, expected) => {
    expect(reminderSubject(subject)).toBe(expected);
  });
});

describe("askedPrompt: the words our question was about, in the subject of a reply to it (ADR 164)", () => {
  it.each<[string, string | null]>([
    ['Not set yet: "Call mum next week"', "Call mum next week"],
    ['Re: Not set yet: "Call mum next week"', "Call mum next week"],
    ['RE: Re: Fwd: Not set yet: "Call mum next week"', "Call mum next week"],
    ['Re: Not set yet: "Meet at "the spot" next week"', 'Meet at "the spot" next week'],
    ['Re: Not set yet: ""', null],
    ['Re: Not set yet: "Call mum next week', null],
    ["Re: Reminder set: Call mum", null],
    ['Call mum "next week"', null],
    ["", null],
  ])("%j → %j", (subject, expected) => {
    expect(askedPrompt(subject)).toBe(expected);
  });
});
