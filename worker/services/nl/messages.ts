import { DateTime } from "luxon";
import { bothHalvesOf } from "./bare-hour-at-the-end";
import { daysOfAMonthAnswer, periodAsSaid } from "./day-answers";
import { periodExamples } from "./period-examples";
import { SET_BY_THANKSGIVING } from "./moving-days";
import { isCommonVerb, namesAThing } from "./verbs";
import { getStrategy, type StrategyKey } from "../escalation/catalogue";
import { describeRecurrence, joinWithAnd, type Recurrence } from "../recurrence";
import { BIN_DAY, PERIOD_WITHOUT_A_DAY, SOMEONES_DAY } from "./vague-phrases";
import { REPEATS_I_CAN_SET, unsupportedRepeatAnswer, WITHIN_A_DAY } from "./repeat-answers";

/** What the assistant says back. Kept apart from the parser so the wording is easy to find and change. */

export type ParseFailureReason = "empty" | "unsupported_repeat" | "several_times" | "no_time" | "no_time_today" | "no_unit" | "vague_time" | "repeat_on_other_clock" | "repeat_with_end" | "no_title" | "past" | "two_nudges" | "weekday_mismatch" | "ahead_of_repeat" | "unknown_here" | "moves_with_easter" | "unknown_moment" | "days_of_a_month" | "unknown_clock" | "two_tasks" | "after_the_fact";

export interface ConfirmableReminder {
  title: string;
  dueAt: Date;
  recurrence: Recurrence | null;
  /** "30 mins" before the moment named: said back after the time ("(30 mins before 3:00 PM)"). */
  ahead?: { words: string; eventAt: Date; eventRule?: Recurrence; after?: true };
  /** Named in the words ("urgently"): said back, so a person sees how the words were read. */
  strategy?: StrategyKey | null;
  /** The clock the time was said on when not the person's ("9am PST"): said back after the time, "(9:00 AM Pacific Time)". */
  clock?: string;
}

/**
 * `Got it! I'll remind you to call mom on Mon, Mar 2 at 5:00 PM.`
 * `Got it! I'll remind you to take pills every day at 8:00 AM, starting Mon, Mar 2.`
 * `Got it! I'll remind you to pay rent on Fri, Mar 6 at 5:00 PM. Nudging: Urgent (call early).`
 * Dates and times are shown in the user's zone; the year only when it is not the current one. The sequence is
 * named only when the words asked for one (ADR 112); otherwise the person's default applies, unsaid as before.
 */
export function confirmationMessage(reminder: ConfirmableReminder, zone: string, now: Date, lead = "Got it!"): string {
  const due = DateTime.fromJSDate(reminder.dueAt, { zone }).setLocale("en-US");
  const date = shownDate(due, now);
  const time = due.toFormat("h:mm a");
  const what = reminderSubject(reminder.title);
  const nudging = nudgingAfter(reminder.strategy);
  // "(30 mins before 3:00 PM)"; "(before 5:00 PM)" for a time to beat less than an hour away (no amount).
  const ahead = reminder.ahead ? ` (${[reminder.ahead.words, reminder.ahead.after ? "after" : "before", aheadOfWhat(reminder.ahead, due, zone, now)].filter(Boolean).join(" ")})` : "";
  // "call the london office at 9am uk time" from New York: "at 4:00 AM (9:00 AM United Kingdom Time)", so the hour
  // that was said is seen beside the person's own.
  const onTheirClock = reminder.clock && !reminder.ahead ? ` (${clockTimeOn(reminder.dueAt, reminder.clock)})` : "";
  if (!reminder.recurrence) return `${lead} I'll remind you ${apartFromTheDay(what)} on ${date} at ${time}${ahead}${onTheirClock}.${nudging}`;
  return `${lead} I'll remind you ${what} ${describeRecurrence(reminder.recurrence)} at ${time}${ahead}, starting ${date}.${nudging}`;
}

/**
 * One prompt, a reminder at each time it named (ADR 181), said back in one sentence:
 * `Got it! I'll remind you to take meds every day at 8:00 AM and 8:00 PM, starting Mon, Mar 2. That's 2 reminders, one for each time.`
 * `Got it! I'll remind you to call mom on Tue, Mar 3 at 8:00 AM and 6:00 PM. ...`; on different days, each with its day.
 * The reminders share their title, repeat and nudging (tasks/nl.ts); times are in the order of the day, or of when.
 */
export function severalTimesConfirmation(reminders: readonly ConfirmableReminder[], zone: string, now: Date, lead = "Got it!"): string {
  const [first] = reminders;
  if (!first) return "";
  const local = reminders.map((reminder) => DateTime.fromJSDate(reminder.dueAt, { zone }).setLocale("en-US")).sort((a, b) => a.toMillis() - b.toMillis());
  const dateOf = (due: DateTime) => shownDate(due, now);
  const timeOf = (due: DateTime) => due.toFormat("h:mm a");
  const what = reminderSubject(first.title);
  const nudging = nudgingAfter(first.strategy);
  const count = ` That's ${reminders.length} reminders, one for each time.`;
  if (first.recurrence) {
    const byTimeOfDay = [...local].sort((a, b) => a.hour * 60 + a.minute - (b.hour * 60 + b.minute));
    return `${lead} I'll remind you ${what} ${describeRecurrence(first.recurrence)} at ${joinWithAnd(byTimeOfDay.map(timeOf))}, starting ${dateOf(local[0]!)}.${count}${nudging}`;
  }
  const subject = apartFromTheDay(what);
  const days = new Set(local.map(dateOf));
  if (days.size === 1) return `${lead} I'll remind you ${subject} on ${dateOf(local[0]!)} at ${joinWithAnd(local.map(timeOf))}.${count}${nudging}`;
  return `${lead} I'll remind you ${subject} ${joinWithAnd(local.map((due) => `on ${dateOf(due)} at ${timeOf(due)}`))}.${count}${nudging}`;
}

/** "Tue, Mar 3", or "Tue, Mar 3, 2027" when the year is not the person's current one (on the due date's own clock). */
function shownDate(due: DateTime, now: Date): string {
  const sameYear = due.year === DateTime.fromJSDate(now, { zone: due.zone }).year;
  return due.toFormat(sameYear ? "ccc, LLL d" : "ccc, LLL d, yyyy");
}

/** "to put the wash on, on Thu, Nov 26": a title ending in "on" is set apart from the day's "on" (ADR 139). */
function apartFromTheDay(subject: string): string {
  return subject.replace(/\bon$/i, "on,");
}

/** " Nudging: Urgent (call early)." when the words named a sequence (ADR 112); nothing otherwise. */
function nudgingAfter(strategy: StrategyKey | null | undefined): string {
  return strategy ? ` ${nudgingSentence(strategy)}` : "";
}

/** "9:00 AM Pacific Time", "5:00 PM UTC+2": the time on the clock named, with the clock's name. */
function clockTimeOn(dueAt: Date, clock: string): string {
  const there = DateTime.fromJSDate(dueAt, { zone: clock }).setLocale("en-US");
  const name = /^UTC[+-]/.test(clock) ? clock.replace(/:00$/, "") : (zoneNameFormatter(clock).formatToParts(dueAt).find((part) => part.type === "timeZoneName")?.value ?? clock);
  return `${there.toFormat("h:mm a")} ${name}`;
}

/** One formatter per zone, made once: Intl formatters are costly to build (docs/performance.md). */
const ZONE_NAME_FORMATTERS = new Map<string, Intl.DateTimeFormat>();
function zoneNameFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = ZONE_NAME_FORMATTERS.get(zone);
  if (!formatter) ZONE_NAME_FORMATTERS.set(zone, (formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })));
  return formatter;
}

/**
 * The moment a reminder is ahead of: its time when on the same day ("3:00 PM"), else its day too ("Fri, Nov 27 at 2:00
 * PM", with the year when not this one); for a repeat whose days moved earlier, the repeat ("every Thursday at 9:00 AM").
 */
function aheadOfWhat(ahead: NonNullable<ConfirmableReminder["ahead"]>, due: DateTime, zone: string, now: Date): string {
  const event = DateTime.fromJSDate(ahead.eventAt, { zone }).setLocale("en-US");
  if (ahead.eventRule) return `${describeRecurrence(ahead.eventRule)} at ${event.toFormat("h:mm a")}`;
  if (event.hasSame(due, "day")) return event.toFormat("h:mm a");
  // Its year too when not this one, as the reminder's own date says it: "(a month before Wed, Mar 3, 2027 at 9:00 AM)".
  return event.toFormat(event.year === DateTime.fromJSDate(now, { zone }).year ? "ccc, LLL d 'at' h:mm a" : "ccc, LLL d, yyyy 'at' h:mm a");
}

/** "Nudging: Urgent (call early)." The sequence's name as the forms and settings show it. */
export function nudgingSentence(strategy: StrategyKey): string {
  return `Nudging: ${getStrategy(strategy).name}.`;
}


/** How to choose, in the words, how hard a reminder nudges (ADR 112): the chat's, the mail's and the box's help say it. */
export const HOW_HARD_TO_NUDGE = `Add "urgently" to be called early, "gently" for pings only, or "don't tell my buddy" to leave your buddies out.`;

/** The words that choose how hard to nudge (nudge-phrases.ts), each with what it does. */
const NUDGE_WORDS = `Keep one: "urgently" (a call after 5 minutes, your buddies after 30), "gently" (pings only, no calls or buddies) or "don't tell my buddy" (texts and calls, no buddies).`;

const FAILURE_MESSAGES: Record<ParseFailureReason, string> = {
  empty: "Please tell me what to remind you about.",
  unsupported_repeat: `I can't repeat a reminder that way. ${REPEATS_I_CAN_SET}`,
  several_times: `I can make a reminder for each time of day, but I couldn't tell which times you mean. Say each with am or pm, like "take pills every day at 8am and 8pm"; for different days, send each day as its own reminder.`,
  days_of_a_month: `I can set one day of the month per reminder. Send each day as its own reminder, like "pay rent every month on the 1st" and then "pay rent every month on the 15th".`,
  no_time: `I couldn't find a time in that. Try "remind me to call mom tomorrow at 5pm" or "in 20 minutes check the oven".`,
  // "call bob today" in the afternoon: the day was read, and only a time is missing.
  no_time_today: `What time today? Add one, like "call mom at 9pm" or "in 2 hours call mom".`,
  // "remind me in 10": minutes or hours? The words are named when known (failureMessage).
  no_unit: `Is that minutes or hours? Add one, like "in 10 minutes check the oven" or "in 2 hours call mom".`,
  // "every day at 9am EST" from London: a repeat is kept on the person's own clock.
  repeat_on_other_clock: `I can repeat a reminder only on your own clock. Say the time as it is where you are, like "every day at 2pm".`,
  // "call Bob later": the words are named when known (failureMessage).
  vague_time: `When would suit? Add a time, like "at 6pm" or "in 2 hours".`,
  // "take antibiotics every day for 7 days": a repeat has no end of its own; it is stopped by deleting it.
  repeat_with_end: `I can't end a repeat by itself. Set it without the end, like "take pills every day at 8am", and when you're done, delete it and tick "Also stop the repeats".`,
  no_title: `I found the time, but not what to remind you about. Try "remind me to call mom tomorrow at 5pm".`,
  past: `That time has already passed. Try a time in the future, like "tomorrow at 9am" or "in 2 hours".`,
  two_nudges: `I can nudge you one way per reminder, and I found two that don't go together. ${NUDGE_WORDS}`,
  // "friday december 12", a Saturday: the date and weekday are named when known (failureMessage).
  // "every friday at 3pm, remind me the day before": a repeat stays on its days (parse-reminder.ts `earlier`).
  // "on mother's day" where the day is not known (moving-days.ts); `phrase` names it.
  unknown_here: `I don't know when that day is where you live. Say its date, like "on may 10 at 10am".`,
  // "every easter": its date moves with Easter, which no repeat follows.
  moves_with_easter: `I can't repeat a reminder on that day: its date moves with Easter. Set this year's, like "on easter sunday at 10am".`,
  unknown_moment: `I don't know which day that counts from. Add its day, like "the day after the party on saturday", and I'll nudge you then.`,
  ahead_of_repeat: `I can't move that repeat to the days before it: no repeat I can set falls on them. Say the day and time to be reminded, like "every sunday at 7pm".`,
  // "buy milk tomorrow, call mum at 5": the two parts are named when known (failureMessage).
  two_tasks: `That sounds like two reminders. I can set one thing and one time per reminder, so send each as its own message.`,
  // "at 9 her time", "9am IST": the clock's words are named when known (failureMessage).
  unknown_clock: `I don't know which clock that time is on. Say it on your own clock, like "at 2pm", or name the place, like "at 9am new york time".`,
  // "meeting at 3, remind me at 4": the time asked comes only after the thing; the thing is named when known (failureMessage).
  after_the_fact: `The time you asked for comes after the thing it's about. Say how long before to remind you, like "remind me an hour before", or an earlier time.`,
  weekday_mismatch: `That day and date don't match. Send it again with the day or the date you mean, like "on friday" or "on dec 12".`,
};

/**
 * "friday december 12" (a Saturday): the date, its own weekday and the one said, and the two ways to say it again.
 * `date` is ISO ("2026-12-12"), `said` the weekday said ("Friday").
 */
export function weekdayMismatchWords(date: string, said: string) {
  const day = DateTime.fromISO(date, { zone: "UTC" }).setLocale("en-US");
  return { date: day.toFormat("LLL d"), own: day.toFormat("cccc"), said, asTyped: { weekday: said.toLowerCase(), date: day.toFormat("LLL d").toLowerCase() } };
}


/**
 * The message for a failed parse, per reason. A repeat the product cannot hold, or two wishes about nudging no
 * sequence grants together, are named as the person typed them (`phrase`), so they see which words were the trouble.
 * `today` (the person's day, in their zone) keeps the examples of "Which day ...?" to days still to come.
 */
export function failureMessage(reason: ParseFailureReason, phrase?: string, otherPhrase?: string, today?: DateTime): string {
  if (reason === "two_nudges" && phrase && otherPhrase) return `I can nudge you one way per reminder, and "${phrase}" and "${otherPhrase}" don't go together. ${NUDGE_WORDS}`;
  // A repeat no rule holds, named as typed, with what can be set instead (repeat-answers.ts).
  if (reason === "unsupported_repeat" && phrase) return unsupportedRepeatAnswer(phrase);
  if (reason === "repeat_on_other_clock" && phrase) return `I can repeat a reminder only on your own clock (${phrase}). Say the time as it is there, like "every day at 2pm".`;
  if (reason === "repeat_with_end" && phrase) return `I can't end a repeat by itself ("${phrase}"). Set it without the end, like "take pills every day at 8am", and when you're done, delete it and tick "Also stop the repeats".`;
  // "call dad sat or sun", "tomorrow at 5 or 6": a choice, which only the person can make.
  if (reason === "several_times" && phrase && otherPhrase === "or") return `Which one: "${phrase}"? I can set one day and time per reminder, so send it again with the one you mean.`;
  if (reason === "several_times" && phrase) return `I can set one day per reminder, and "${phrase}" names more than one. If it repeats, put "every" before the days, like "every ${phrase}"; if not, send each day as its own reminder.`;
  // A day that moves with the country or with Easter (moving-days.ts): `phrase` is its name ("Father's Day").
  // "the day after the wedding": `phrase` is the amount with "after" ("the day after"), said back with an example.
  // Minutes or hours before ("30 mins before"): what is missing is a time, not a day.
  if (reason === "unknown_moment" && phrase && WITHIN_A_DAY.test(phrase)) return `I don't know what time "${phrase}" counts from. Add its time, like "${phrase} the party at 8pm", and I'll nudge you then.`;
  if (reason === "unknown_moment" && phrase && / of$/.test(phrase)) return `I don't know which day "${phrase}" is. Add its day, like "${phrase} the party on saturday", and I'll nudge you then.`;
  if (reason === "unknown_moment" && phrase) return `I don't know which day "${phrase}" counts from. Add its day, like "${phrase} the party on saturday", and I'll nudge you then.`;
  if (reason === "after_the_fact" && phrase) return `The time you asked for comes after "${phrase}". Say how long before to remind you, like "remind me an hour before", or an earlier time.`;
  if (reason === "two_tasks" && phrase && otherPhrase) return `That sounds like two reminders: "${phrase}" and "${otherPhrase}". I can set one thing and one time per reminder, so send each as its own message.`;
  if (reason === "unknown_clock" && phrase && /^ist$/i.test(phrase)) return `Which clock is "${phrase}": India's, Ireland's or Israel's? Say it with the place, like "at 9am india time", and I'll nudge you then.`;
  if (reason === "unknown_clock" && phrase) return `Which clock is "${toSecondPerson(phrase)}"? Say the time on your own clock, like "at 2pm", or name the place, like "at 9am new york time".`;
  if (reason === "days_of_a_month" && phrase) return daysOfAMonthAnswer(phrase, otherPhrase === "every");
  if (reason === "unknown_here" && phrase && otherPhrase === "calendar") return `I don't know when ${phrase} is this year: its date follows another calendar. Say it, like "on march 20 at 10am", and I'll nudge you then.`;
  if (reason === "unknown_here" && phrase) return `I don't know when ${phrase} is where you live. Say its date, like "on may 10 at 10am".`;
  // "every black friday": it follows Thanksgiving, which a yearly rule holds, but no rule holds a day after it.
  if (reason === "moves_with_easter" && phrase) return `I can't repeat a reminder on ${phrase}: its date moves ${phrase === "Easter" || SET_BY_THANKSGIVING.has(phrase) ? "" : "with Easter "}each year. Set this year's, like "on ${phrase.toLowerCase()} at 10am", and next year's when it comes.`;
  // "this week", "sometime this month": a day is what is missing, not a time of day.
  const period = reason === "vague_time" ? phrase?.match(PERIOD_AT_THE_END)?.[0] : undefined;
  if (period) return `Which day ${periodAsSaid(period)}? Add one, like ${periodExamples(period, today)}, and I'll nudge you then.`;
  // "move money on payday": a day only the person knows, so its date is what to add.
  if (reason === "vague_time" && phrase && PAYDAY.test(phrase)) return `When is payday? Add its date, like "on the 28th at 9am", and I'll nudge you then.`;
  // "call nan on her birthday": its date is what to add ("When is her birthday?", "my" said back as "your").
  const whose = reason === "vague_time" ? phrase?.match(SOMEONE_S_DAY_SAID) : null;
  if (whose) return `When is ${toSecondPerson(whose[1] ?? "")}? Add its date, like "on march 3 at 10am", and I'll nudge you then.`;
  // "on my day off", "after the holidays": a day, not a time, is what is missing.
  if (reason === "vague_time" && phrase && A_DAY_YOU_KNOW.test(phrase)) return `When is "${phrase}"? Add its day, like "on friday at 10am", and I'll nudge you then.`;
  if (reason === "vague_time" && phrase) return `When is "${phrase}"? Add a time, like "at 6pm" or "in 2 hours", and I'll nudge you then.`;
  if (reason === "no_time" && phrase && otherPhrase) {
    const [first, second] = bothHalvesOf(phrase);
    return `Is "${phrase}" the time? Say it with am or pm, like "${otherPhrase} at ${first}" or "${otherPhrase} at ${second}".`;
  }
  if (reason === "no_unit" && phrase) return `Is "${phrase}" minutes or hours? Add one, like "${phrase} minutes" or "${phrase} hours".`;
  if (reason === "ahead_of_repeat" && phrase) return `I can't remind you "${phrase}" this repeat: no repeat I can set falls on those days. Say the day and time to be reminded, like "every sunday at 7pm".`;
  if (reason === "weekday_mismatch" && phrase && otherPhrase) {
    const words = weekdayMismatchWords(phrase, otherPhrase);
    return `${words.date} is a ${words.own}, not a ${words.said}. Send it again with the day or the date you mean, like "on ${words.asTyped.weekday}" or "on ${words.asTyped.date}".`;
  }
  return FAILURE_MESSAGES[reason];
}


const PAYDAY = /\bpay\s*day\b/i;
const A_DAY_YOU_KNOW = new RegExp(String.raw`\b(?:day\s+off|holidays|${BIN_DAY})\b`, "i");
const SOMEONE_S_DAY_SAID = new RegExp(String.raw`^(?:on|for)\s+(${SOMEONES_DAY})$`, "i");
const PERIOD_AT_THE_END = new RegExp(String.raw`\b${PERIOD_WITHOUT_A_DAY}$`, "i");

/**
 * "to call mom" when the title starts with a common verb, otherwise "about dentist", so that titles
 * that are just a noun ("dentist", "stand-up") still read as English. A heuristic, not grammar. The
 * verb's capital goes in the sentence ("Take pills" → "to take pills"); the task keeps its title as typed.
 */
function reminderSubject(title: string): string {
  const [firstWord = ""] = title.split(/\s+/, 1);
  const spoken = toSecondPerson(title);
  if (!isCommonVerb(firstWord) || namesAThing(title)) return `about ${spoken}`;
  const capitalisedOnly = /^[A-Z][a-z']*$/.test(firstWord);
  return `to ${capitalisedOnly ? spoken.charAt(0).toLowerCase() + spoken.slice(1) : spoken}`;
}

/**
 * The person's own words said back to them: "take my pills" is confirmed as "to take your pills",
 * "call me back" as "call you back". Only in the sentence; the task keeps its title as typed. A word
 * that starts the title loses its capital, as it now sits inside the sentence ("My pills" → "about your
 * pills"). "I" and its forms are swapped too ("check I paid rent" → "check you paid rent"); the all-capital
 * "ME" or "MY" (initials, a state) are left alone, and so is "mine", which in a reminder is more often a
 * place than a pronoun.
 */
function toSecondPerson(title: string): string {
  return title.replace(FIRST_PERSON, (word, offset: number) => {
    const swapped = SECOND_PERSON[word.toLowerCase().replace("’", "'")] ?? word;
    // "My" mid-title (a name, "Call Me Maybe") keeps its capital; "I" is always capital, "you" is not.
    const capital = offset > 0 && /^[A-Z][a-z]/.test(word);
    return capital ? swapped.charAt(0).toUpperCase() + swapped.slice(1) : swapped;
  });
}

const SECOND_PERSON: Record<string, string> = {
  "i am": "you are",
  "i was": "you were",
  "i'm": "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  i: "you",
  me: "you",
  my: "your",
  myself: "yourself",
};

/**
 * Longest forms first, so "I am" is not read as "I". A lower-case "i" as texted too ("i have been meaning to call sam"
 * was said back "about i have been ..."), but not a numeral ("part i", "henry i") nor "i.e.".
 */
const FIRST_PERSON = /\b(?:[Ii] am|[Ii] was|[Ii]['’](?:m|ve|ll|d)|I|(?<!\b(?:part|chapter|act|phase|type|class|vol|volume|book|season|series|war|grade|level|stage|henry|louis|charles|elizabeth|george|james|edward|richard|william|mary)\s+)i(?![.'’]\w)|[Mm]e|[Mm]y|[Mm]yself)\b/g;

