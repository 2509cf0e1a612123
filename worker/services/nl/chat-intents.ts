/**
 * Messages to the assistant that are not reminders: a question about what is coming up ("what's on
 * today?"), a wish to drop one ("cancel the dentist"), or only thanks. Without this, "what's on today?"
 * became a reminder titled "what's on" at 9:00, and "cancel the dentist" got "I couldn't find a time".
 *
 * The readers are narrow on purpose: a reminder must never be mistaken for one of these. A question
 * counts only when every word belongs to the small vocabulary of asking about one's reminders; a wish to
 * drop one is read only when the text holds no time (the caller checks), so "cancel netflix on friday"
 * stays a reminder to cancel Netflix.
 */

/** The day asked about; "missed" asks what is still waiting for an answer ("what did I miss?", ADR 185); null, what is next. */
export type AgendaDay = "today" | "tomorrow" | "week" | "missed" | null;

/** Words a question about one's own reminders is made of ("what do I have on tomorrow?"). */
const AGENDA_WORDS = new Set(
  `what whats which any anything show list tell me my the i have got on for due today tonight tomorrow this week next
  coming up left reminders reminder tasks task todo todos to do agenda schedule is are there else all please upcoming
  scheduled planned pending open still s do does am we our look looks looking like how hows day free busy`.split(/\s+/),
);

/** At least one word that makes it about the agenda, not just "what is this". */
const ABOUT_THE_AGENDA = new Set(["reminders", "reminder", "tasks", "task", "todo", "todos", "agenda", "schedule", "on", "due", "upcoming", "next", "left", "list", "have", "got", "scheduled", "planned", "pending"]);
/** "what does tomorrow look like", "how's my week looking": a look at a day is about the agenda; "how do i look" is not. */
const A_LOOK = new Set(["look", "looks", "looking"]);
const A_DAY = new Set(["today", "tonight", "tomorrow", "week", "day"]);
const ASKED_OF_A_DAY = new Set(["any", "anything", "free", "busy"]);

/** How a question (or a command) about the agenda may start when it has no question mark. */
const AGENDA_OPENERS = new Set(["what", "whats", "which", "any", "anything", "show", "list", "my", "agenda", "upcoming", "tell", "how", "hows", "am", "is"]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, "")
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/**
 * "what's on today?", "what do I have tomorrow", "any reminders?", "show my reminders", "what's next":
 * the day asked about (today, tomorrow, this week) or null for "what's coming up"; null when it is not
 * such a question.
 */
export function agendaQuestion(text: string): { day: AgendaDay } | null {
  const said = words(text);
  if (said.length === 0 || said.length > 12) return null;
  if (asksWhatWasMissed(said, text)) return { day: "missed" };
  if (!said.every((word) => AGENDA_WORDS.has(word))) return null;
  // "anything today?", "am I free tomorrow?" (ADR 184): asked about a day, as a look at it is. "am i free tomorrow" was a
  // reminder titled "am i free"; "anything today?" got "What time today?".
  const aLookAtADay = said.some((word) => A_LOOK.has(word) || ASKED_OF_A_DAY.has(word)) && said.some((word) => A_DAY.has(word));
  if (!aLookAtADay && !said.some((word) => ABOUT_THE_AGENDA.has(word))) return null;
  if (!text.trim().endsWith("?") && !AGENDA_OPENERS.has(said[0]!)) return null;
  // "what does my day look like": the day is today's.
  const day: AgendaDay = said.includes("today") || said.includes("tonight") ? "today" : said.includes("tomorrow") ? "tomorrow" : said.includes("week") ? "week" : said.includes("day") ? "today" : null;
  return { day };
}

/**
 * Words of "what did I miss?", "anything overdue?", "what have I forgotten?", "what's still waiting for me?", "what
 * haven't I done yet?" (ADR 185): all were "I couldn't find a time in that".
 */
const MISSED_WORDS = new Set(
  `what whats which did i ive have has had is are was were there any anything something else miss missed overdue
  outstanding undone forget forgot forgotten waiting still for me my on reminders reminder tasks task todos show list
  tell not havent didnt done do yet behind left today so far am everything get`.split(/\s+/),
);
/** At least one word that asks about what went by unanswered. */
const ABOUT_WHAT_WAS_MISSED = new Set(["miss", "missed", "overdue", "outstanding", "undone", "forget", "forgot", "forgotten", "waiting", "behind"]);
/** Or "not done", "haven't done", "didn't do": what is left undone. */
const LEFT_UNDONE = new Set(["not", "havent", "didnt"]);
/** "what's not done?", "anything I haven't done": "not done" alone is an answer (no). */
const ASKING_WHICH = new Set(["what", "whats", "which", "anything", "show", "list", "tell"]);
const MISSED_OPENERS = new Set(["what", "whats", "which", "did", "have", "has", "is", "are", "any", "anything", "show", "list", "tell", "missed", "overdue", "am"]);

function asksWhatWasMissed(said: string[], text: string): boolean {
  if (!said.every((word) => MISSED_WORDS.has(word))) return false;
  const doing = said.includes("done") || said.includes("do");
  const asked =
    said.some((word) => ABOUT_WHAT_WAS_MISSED.has(word)) ||
    (said.some((word) => LEFT_UNDONE.has(word)) && said.some((word) => ASKING_WHICH.has(word))) ||
    // "did I do everything?", "is everything done?": answered by what is still open.
    (said.includes("everything") && doing);
  // "i forgot", "forgot it" say what happened (the chat's "No worries"); they ask nothing.
  return asked && said[0] !== "i" && (text.trim().endsWith("?") || MISSED_OPENERS.has(said[0]!));
}

/**
 * "cancel the dentist", "delete call mom", "remove my reminder to water the plants", "stop reminding me
 * about the pills", "forget about the gym": the words that name the reminder, or null. Only meaningful
 * when the text holds no time (the caller checks): "cancel netflix on friday" is a reminder.
 */
export function forgetRequest(text: string): string | null {
  const match = FORGET.exec(text.trim());
  if (!match) return null;
  const named = match[1]!
    .replace(/^(?:(?:the|my|a|an|that|this)\s+)?(?:reminders?\s+)?(?:(?:to|about|for|of)\s+)?/i, "")
    .replace(/\s+(?:reminders?|please|pls|thanks?|thank you)[\s.!]*$/i, "")
    .replace(/[.!?\s]+$/, "")
    .trim();
  return named === "" ? null : named;
}

/**
 * Words after "cancel" that name no reminder of their own: "cancel it", "delete this", "cancel everything", "cancel
 * all texts". By text they are the opt-out they always were; in a reply to a reminder email, that reminder.
 */
export function namesNoReminder(named: string): boolean {
  return /^(?:it|this|that|this\s+one|that\s+one|them|these|those|all|everything|me|texts?|messages?|sms|subscription|all\s+(?:texts|messages|reminders))$/i.test(named.trim());
}

// Not "drop" or "scrap": "drop off the parcel" and "drop the car at the garage" are things to do.
const FORGET = /^(?:please\s+)?(?:cancel|delete|remove|forget(?:\s+about)?|never\s?mind|stop\s+reminding\s+me(?:\s+(?:about|to|of))?)\s+(.+)$/i;

/**
 * Whether a reminder's title is the one named: every word named is in the title, as a word or the start
 * of one ("dentist" finds "Call the dentist"; "pill" finds "Take pills"). Words like "the" count for
 * nothing.
 */
export function titleMatches(title: string, named: string): boolean {
  const wanted = words(named).filter((word) => !FILLER.has(word));
  if (wanted.length === 0) return false;
  const have = words(title);
  return wanted.every((word) => have.some((h) => h.startsWith(word)));
}

const FILLER = new Set(["the", "a", "an", "my", "to", "about", "for", "of", "reminder", "reminders"]);

/**
 * "help", "what can you do?", "how does this work?", "commands": a wish to know what the assistant can do (the chat
 * answers with its help). Only the whole message: "help mom move on friday at 10" is a reminder.
 */
export function helpRequest(text: string): boolean {
  return /^\?+$/.test(text.trim()) || HELP.test(text.trim().replace(/[.!?\s]+$/, ""));
}

const HELP = new RegExp(
  String.raw`^(?:(?:hi|hey|hello|please|pls)[,!.]*\s+)*(?:` +
    [
      String.raw`help(?:\s+(?:me|please|pls))*`,
      String.raw`what\s+(?:can|do|else\s+can)\s+(?:you|u)\s+do`,
      String.raw`how\s+(?:does|do)\s+(?:this|it|you|nudge)\s+work`,
      String.raw`how\s+do\s+i\s+use\s+(?:this|you|it|nudge)`,
      String.raw`(?:commands|menu|options|instructions|info)`,
      // "who are you", "what is this", "what's nudge" (ADR 184): they got "I couldn't find a time in that".
      String.raw`(?:who|what)\s+(?:are\s+(?:you|u)|is\s+(?:this|nudge)|'?s\s+(?:this|nudge)|s\s+(?:this|nudge))`,
      String.raw`whats\s+(?:this|nudge)`,
    ].join("|") +
    ")$",
  "i",
);

/**
 * "undo", "oops", "scratch that", "that's wrong": a wish to take back the reminder just made (the chat asks about
 * it, ADR 104). Only the whole message.
 */
export function undoRequest(text: string): boolean {
  return UNDO.test(text.trim().replace(/[.!?\s]+$/, ""));
}

const UNDO = /^(?:(?:oops|sorry|no|wait)[,!.]*\s+)*(?:undo(?:\s+(?:it|that|this|please))?|oops|scratch\s+that|that'?s\s+wrong|wrong\s+one|my\s+mistake|take\s+(?:it|that)\s+back)$/i;

/**
 * "stop" (or "stop it", "stop reminders") typed in the chat, without the slash: it neither unlinks the chat nor
 * turns anything off on its own; the chat says how to pause or unlink (ADR 104).
 */
export function stopAlone(text: string): boolean {
  return STOP_ALONE.test(text.trim().replace(/[.!?\s]+$/, ""));
}

// "leave me alone", "stop bothering me", "go away", "enough": said in a hard moment; they got "I couldn't find a time
// in that", and now how to pause or unlink, as "stop" does.
const STOP_ALONE =
  /^(?:stop|stop\s+(?:it|this|that|all|everything|reminders|reminding\s+me|messages|pinging\s+me|please|(?:bothering|nagging|pestering|texting|messaging|bugging|spamming)\s+me)|leave\s+me\s+alone|go\s+away|enough(?:\s+already)?|that'?s\s+enough|no\s+more(?:\s+(?:reminders|messages))?)(?:\s+please)?$/i;

/**
 * "skip", "skip this one", "cancel", "delete" with nothing after: about the reminder replied to or waiting, as "cancel
 * it" is (the chat asks before anything goes; a repeating one offers to skip only this time). Chat only: by text a
 * bare CANCEL is the opt-out it always was.
 */
export function dropThisOne(text: string): boolean {
  return DROP_THIS_ONE.test(text.trim().replace(/[.!?\s]+$/, "")) || SKIP_TODAY.test(text.trim().replace(/[.!?\s]+$/, ""));
}

const DROP_THIS_ONE = /^(?:please\s+)?(?:skip|cancel|delete|remove)(?:\s+(?:it|this|that|this\s+one|that\s+one|this\s+time|it\s+this\s+time))?(?:\s+please)?$/i;
/** "skip today", "skip it for today", "skip today's": this time, as "skip this time" is (it was read as a new reminder). */
const SKIP_TODAY = /^(?:please\s+)?skip(?:\s+(?:it|this|this\s+one))?\s+(?:for\s+)?(?:today|tonight|today'?s(?:\s+one)?)(?:\s+please)?$/i;

/**
 * "I forgot", "sorry, I totally forgot", "omg forgot again": said to a reminder, no answer but a feeling (ADR 182). It
 * was read as a new reminder ("I couldn't find a time in that"), a cold reply to someone who is already sorry.
 */
export function saysForgot(text: string): boolean {
  return FORGOT.test(text.trim().replace(/[.!?\s]+$/, ""));
}

const FORGOT = /^(?:(?:oh\s+)?(?:no|sorry|so\s+sorry|omg|oh\s+no|shoot|ugh|argh|damn|dang|crap|whoops)[,!.\s]+)*(?:i\s+)?(?:totally\s+|completely\s+|just\s+)?forg[oe]t(?:\s+(?:it|that|this|them|about\s+it|again|to\s+do\s+it))?(?:[,!.\s]+(?:sorry|again))?$/i;

/** "no", "nope", "nah", "not done": an answer that says what is not (the chat says which answers it can take). */
export function saysNo(text: string): boolean {
  return /^(?:no|nope|nah|not\s+done|no\s+not\s+done)$/i.test(text.trim().replace(/[.!?\s]+$/, ""));
}
