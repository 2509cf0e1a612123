/**
 * Verbs a reminder's title often starts with: "call mom", "take pills". A heuristic, not grammar: the confirmation says
 * "to call mom" for them and "about dentist" otherwise (messages.ts), and "remind me 2 call" is "to call" (spelling.ts).
 */
const COMMON_VERBS = new Set(
  `add answer apply ask attend back bake be book bring brush buy call cancel catch change charge chase chat check clean clear close collect confirm delay
  cook cut defrost deliver do drink drop dust eat email empty exercise fast feed file fill finish fix flip floss follow get give go grab hang have hoover
  help invite iron join leave let load lock log look mail make meditate meet message mop move mow open order pack pay phone pick
  plan plug post postpone practice practise pray preheat prep prepare print push put read record refill register remember remove renew reply reschedule
  reset respond return review revise ring rotate rsvp run save say schedule see sell send set share shave shower sign sleep sort start stir stop stretch
  study submit swap switch take talk tell text throw tidy top transfer treat turn unload unplug update vacuum venmo visit vote wake walk warm wash watch water weigh wind wish withdraw work wrap write`.split(/\s+/),
);

/** Any of the common verbs, as a pattern's source ("call", "review"). */
export const COMMON_VERB = `(?:${[...COMMON_VERBS].join("|")})`;

/** Whether `word` (any case, punctuation ignored) is one of the common verbs. */
export function isCommonVerb(word: string): boolean {
  return COMMON_VERBS.has(word.toLowerCase().replace(/[^a-z']/g, ""));
}

/**
 * A verb and the word after it that together name a thing ("open evening at the school", "book club", "bake sale", "phone
 * bill", "water bill"): the confirmation says "about open evening", not "to open evening".
 */
const VERB_IN_A_NAME = /^(?:open\s+(?:evening|day|house|mic|night|morning|afternoon|session|event)|(?:book|run|walk|swim|cook)\s+club|bake\s+sale|swap\s+shop|work\s+(?:drinks|party|do|lunch|dinner|trip|event|meeting|social)|wake[\s-]+up\s+call|phone\s+(?:bill|case|charger|contract|plan|upgrade)|water\s+(?:bill|meter|bottle|heater|filter))\b/i;

/** Whether the title starts with a verb that is part of a name ("open evening"). */
export function namesAThing(title: string): boolean {
  return VERB_IN_A_NAME.test(title.trim());
}

/** A time said before what to do ("at 10 call mum", "10am call mum"): skipped to find the verb. */
const TIME_FIRST = /^\s*(?:(?:at|@)\s*)?(?:\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?\s+)?(?<word>[a-z']+)/i;

/** Whether what to do starts `text`, after a time said first: "call mum", "at 10 call mum"; not "egg hunt at 10". */
export function startsWithAVerb(text: string): boolean {
  return isCommonVerb(TIME_FIRST.exec(text)?.groups?.word ?? "");
}
