import { findDateTime, type DateTimeHints } from "./date-time-phrases";
import { cleanTitle } from "./title";
import { startsWithAVerb } from "./verbs";

/**
 * "buy milk tomorrow, call mum at 5", "call mum at 5 and pick up the kids at 6": two things to do, each with its own
 * when. Read as one, they were one reminder at one of the two times, titled "buy milk call mum" (the call a day late,
 * or the kids half an hour early). A reminder holds one thing and one time, so the person is asked to send each as its
 * own (messages.ts); the two parts as typed, or null.
 *
 * Only when both parts start with what to do and each says when: "call mum and dad at 5", "pick up and drop off at 5"
 * and "buy bread and milk tomorrow" are one thing; "call mum at 5 and tell her about friday" says when once (the day
 * after "about" is what the call is about). "remind me" after the joint is the asking of the first part (fact-then-ask.ts).
 */
export function twoTasks(text: string, now: Date, zone: string): { first: string; second: string } | null {
  for (const joint of text.matchAll(JOINT)) {
    const first = text.slice(0, joint.index).trim();
    const second = text.slice((joint.index ?? 0) + joint[0].length).trim();
    if (ASKING_NEXT.test(second) || !startsWithAVerb(cleanTitle(first)) || !startsWithAVerb(second)) continue;
    // Said back without the asking ("remind me to buy milk tomorrow": "buy milk tomorrow").
    if (saysWhen(first, now, zone) && saysWhen(second, now, zone)) return { first: cleanTitle(first), second: cleanTitle(second) };
  }
  return null;
}

/** Between the two: a comma or semicolon, "and", "then", "and then". */
const JOINT = /\s*[,;]\s*(?:(?:and\s+)?then\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+/gi;
const ASKING_NEXT = /^(?:(?:so|and|please|pls)\s+)*(?:remind|tell|ping|nudge)\s+me\b/i;

/** A day or a clock time of the part's own, not one it is about ("tell her about friday"). */
function saysWhen(part: string, now: Date, zone: string): boolean {
  const hints: DateTimeHints = findDateTime(part, now, zone);
  if (!(hints.time || hints.instant || hints.date || hints.weekday)) return false;
  return hints.spans.some((span) => !ABOUT_BEFORE.test(part.slice(0, span.start)));
}

const ABOUT_BEFORE = /\b(?:about|of|re|regarding|from|since|than)\s+(?:(?:the|this|next)\s+)?$/i;
