import type { StrategyKey } from "../escalation/catalogue";
import type { Span } from "./types";

/**
 * How hard to nudge, said in the reminder's own words (ADR 112): "pay rent friday at 5, urgently",
 * "remind me gently to stretch at 3", "take pills at 9, don't tell my buddy". The web's form has a
 * select for it (ADR 111); the chat, an email and the box read these words instead of leaving the
 * task on the person's default.
 *
 * Each phrase asks for one thing: to be called early (Urgent), not to be called at all (Gentle: pings
 * only, which also leaves buddies out), or to leave the buddies out (Standard without buddies). The
 * wishes are put together into the one sequence that grants them all; when none does ("urgently" and
 * "don't tell my buddy": every early-calling sequence ends with the buddies) the reader says so
 * rather than drop one of them.
 *
 * Narrow on purpose, since the words may belong to the task: "send the urgent report" keeps its
 * "urgent" (an adjective before a noun is the task's), and so does "call my buddy Tom". Only an adverb
 * ("urgently", "gently"), a label ("urgent:", "(urgent)", ", urgent" at the end, "it's urgent") or a
 * wish about calls and buddies addressed to the assistant ("don't call me", "no buddies") is read.
 */

type Wish = "early" | "no_calls" | "no_buddies";

const NOT_WORD_BEFORE = String.raw`(?<![\w'])`;
const NOT_WORD_AFTER = String.raw`(?![\w'])`;
const DONT = String.raw`(?:don'?t|do\s+not|never|please\s+don'?t)`;
const BUDDIES = String.raw`(?:my\s+|any\s+(?:of\s+my\s+)?|the\s+)?(?:nudge\s+)?budd(?:y|ies)`;

/** A wish as whole words, with the "and" that joined it to the reminder ("... at 9 and don't tell my buddy"). */
const phrase = (source: string) => new RegExp(`${NOT_WORD_BEFORE}(?:(?:and|but)\\s+)?(?:${source})${NOT_WORD_AFTER}`, "gi");

const PHRASES: ReadonlyArray<{ wish: Wish; pattern: RegExp }> = [
  // Urgent: the adverb anywhere; "urgent" only as a label or said of the reminder itself.
  // "to gently stretch", "to urgently call the bank": an adverb inside the task's own infinitive is the task's.
  { wish: "early", pattern: phrase(String.raw`(?<!\bto\s+)urgently`) },
  { wish: "early", pattern: phrase(String.raw`(?:it'?s|it\s+is|this\s+is|that'?s|is|very|really|super)\s+urgent`) },
  { wish: "early", pattern: /^\s*urgent\s*(?:[:!\-–—,]+|(?=\s+(?:remind|tell)\s+me))/gi },
  { wish: "early", pattern: /\(\s*urgent\s*!*\s*\)/gi },
  // "urgent" closing the message is the wish, unless it closes the task's own words ("the email marked urgent").
  { wish: "early", pattern: /(?<!\b(?:marked|flagged|labell?ed|tagged|as|an|the|not|non|less|most|semi)[\s-]*)(?:^|[\s,\-–—])urgent\s*[!.]*\s*$/gi },
  { wish: "early", pattern: phrase(String.raw`urgent\s*!+`) },
  { wish: "early", pattern: phrase(String.raw`call\s+me\s+(?:early|quickly|fast|right\s+away|straight\s+away)`) },
  // "call me at 6 to leave", "ring me tomorrow at 7 about the bins": a call asked for, as the first words. Not "call me
  // back", "call me a taxi" (what the task is), nor "call mum".
  { wish: "early", pattern: /^\s*(?:(?:please|pls|plz)\s+)?(?:call|phone|ring)\s+me(?=\s+(?:at|@|in|on|tomorrow|tonight|today|this|next|every|to|about|that)\b)/gi },
  // Gentle: pings only.
  { wish: "no_calls", pattern: phrase(String.raw`(?<!\bto\s+)gently`) },
  { wish: "no_calls", pattern: /\(\s*gentle\s*\)/gi },
  { wish: "no_calls", pattern: /^\s*gentle\s*[:\-–—]+/gi },
  { wish: "no_calls", pattern: phrase(String.raw`(?:just|only)\s+(?:ping|nudge|notify|message)\s+me`) },
  { wish: "no_calls", pattern: phrase(String.raw`pings?\s+only`) },
  { wish: "no_calls", pattern: phrase(String.raw`no\s+(?:phone\s+)?calls?`) },
  { wish: "no_calls", pattern: phrase(String.raw`${DONT}\s+(?:ever\s+)?(?:call|phone|ring)\s+me`) },
  { wish: "no_calls", pattern: phrase(String.raw`without\s+(?:calling\s+me|(?:phone\s+)?calls?)`) },
  // "stop calling me", "no more calls": said to the assistant while the calls come (ADR 176; it was no answer at all).
  { wish: "no_calls", pattern: phrase(String.raw`(?:stop|quit)\s+(?:calling|phoning|ringing)\s+me`) },
  { wish: "no_calls", pattern: phrase(String.raw`no\s+more\s+(?:phone\s+)?calls?`) },
  // Standard without buddies.
  { wish: "no_buddies", pattern: phrase(String.raw`${DONT}\s+(?:tell|alert|bother|ask|involve|text|email|message|contact|call|ping|notify|wake|worry)\s+${BUDDIES}`) },
  { wish: "no_buddies", pattern: phrase(String.raw`(?:without|no)\s+${BUDDIES}`) },
  { wish: "no_buddies", pattern: phrase(String.raw`(?:leave|keep)\s+${BUDDIES}\s+out(?:\s+of\s+(?:it|this))?`) },
];

/** What the words asked for: the sequence, or why none fits, with the phrases as typed. */
export type NudgeWish =
  | { ok: true; strategy: StrategyKey; spans: Span[] }
  | { ok: false; phrases: [string, string]; spans: Span[] };

/** The wishes about nudging in `text`, null when it names none. */
export function findNudgeWish(text: string): NudgeWish | null {
  const found: Array<{ wish: Wish; span: Span }> = [];
  for (const { wish, pattern } of PHRASES) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const span = { start, end: start + match[0].length };
      if (!found.some((other) => overlaps(other.span, span))) found.push({ wish, span });
    }
  }
  if (found.length === 0) return null;
  found.sort((a, b) => a.span.start - b.span.start);
  const spans = found.map((f) => f.span);
  const wishes = new Set(found.map((f) => f.wish));
  const strategy = strategyGranting(wishes);
  if (strategy) return { ok: true, strategy, spans };
  const early = found.find((f) => f.wish === "early")!;
  const other = found.find((f) => f.wish !== "early")!;
  const [first, second] = [early, other].sort((a, b) => a.span.start - b.span.start);
  return { ok: false, phrases: [wordsOf(text, first!.span), wordsOf(text, second!.span)], spans };
}

/** The one sequence that grants every wish: Gentle also leaves the buddies out; nothing calls early without buddies. */
function strategyGranting(wishes: ReadonlySet<Wish>): StrategyKey | null {
  if (wishes.has("early")) return wishes.size === 1 ? "urgent" : null;
  if (wishes.has("no_calls")) return "gentle";
  return "no_buddies";
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

/** A phrase as the person typed it, without the label's punctuation or the joining "and" ("urgent:" → "urgent"). */
function wordsOf(text: string, span: Span): string {
  return text
    .slice(span.start, span.end)
    .replace(/^[\s,(\-–—]+|[\s:!.,)\-–—]+$/g, "")
    .replace(/^(?:and|but)\s+/i, "");
}

/** What a change of sequence asks for: one of them, or back to the person's own default ("make it normal"). */
export type NudgeChange = StrategyKey | "default";

/** "no", "actually", "ok": words that only say a change follows ("no, don't call me"). */
const OPENING_WORDS = "please|pls|ok|okay|no|nope|oops|sorry|wait|actually|hmm|oh";
const SORRY = new RegExp(`^(?:(?:${OPENING_WORDS})[,!.]*\\s+)*`, "i");
/** What may stand beside the wish: punctuation and the words that open a change ("no, no buddies"). */
const PUNCTUATION = String.raw`[\s,.;:!?\-–—()]*`;
const ONLY_SORRY_LEFT = new RegExp(`^${PUNCTUATION}(?:(?:${OPENING_WORDS})${PUNCTUATION})*$`, "i");
/** "make it", "set it to", "change that to": a change of the reminder said as such. */
const MAKE_IT = /^(?:make|set|change|switch|turn)\s+(?:it|that|this|the\s+reminder)(?:\s+(?:to|into))?\s+/i;
const COURTESY_END = /[,\s]*(?:please|pls|thanks|thank\s+you)?[.!?…]*$/i;
/** A sequence named by itself: "urgent" and "gently" alone too, the others only after "make it" ("make it normal"). */
const NAMED: ReadonlyArray<{ pattern: RegExp; change: NudgeChange; alone: boolean }> = [
  { pattern: /^urgent(?:ly)?$/i, change: "urgent", alone: true },
  { pattern: /^(?:gentle|gently)$/i, change: "gentle", alone: true },
  // "be gentler", "go easy on me": the gentlest sequence, as "gently" (ADR 176).
  { pattern: /^(?:be\s+)?(?:gentler|more\s+gentle|more\s+gently|softer|less\s+pushy)$|^go\s+easy(?:\s+on\s+me)?$/i, change: "gentle", alone: true },
  { pattern: /^standard$/i, change: "standard", alone: false },
  { pattern: /^(?:normal|as\s+usual|(?:my\s+)?default|the\s+default)$/i, change: "default", alone: false },
];

/**
 * A message that only changes how hard a reminder nudges (ADR 112): "make it urgent", "urgently", "actually, don't
 * tell my buddy", "no calls", "make it gentle", "make it normal" (back to the person's default). The chat, a reply by
 * mail and a text read it about the reminder replied to or just made; null for anything more ("urgently call bob" is
 * a new reminder).
 */
export function nudgeChangeIn(body: string): NudgeChange | null {
  const said = body.trim().replace(COURTESY_END, "");
  // "no calls" is a wish, not "no" and then "calls": read with and without the opening word.
  for (const words of new Set([said.replace(SORRY, ""), said])) {
    const made = MAKE_IT.exec(words);
    const change = changeNamedIn(made ? words.slice(made[0].length).trim() : words.trim(), made !== null);
    if (change) return change;
  }
  return null;
}

/** The change `words` ask for when they are nothing else; `afterMakeIt`: they followed "make it". */
function changeNamedIn(words: string, afterMakeIt: boolean): NudgeChange | null {
  if (words === "") return null;
  const named = NAMED.find(({ pattern, alone }) => (alone || afterMakeIt) && pattern.test(words));
  if (named) return named.change;
  const wish = findNudgeWish(words);
  if (!wish?.ok) return null;
  let rest = words;
  for (const { start, end } of [...wish.spans].reverse()) rest = rest.slice(0, start) + rest.slice(end);
  return ONLY_SORRY_LEFT.test(rest) ? wish.strategy : null;
}
