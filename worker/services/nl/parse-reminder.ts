import { assertTimeZone, WEEKDAY_NAMES, type Recurrence } from "../recurrence";
import { bareHourAtTheEnd } from "./bare-hour-at-the-end";
import type { AheadAmount } from "./ahead-amount";
import { timeOfAnEarlyDay } from "./ahead-at";
import { amountClauseLast, findAhead } from "./ahead-phrases";
import { boundClauseLast, boundReadAsAt, findTimeBound, isTheBoundsTime } from "./time-bound-phrases";
import { findDateTime, type DateTimeHints } from "./date-time-phrases";
import type { ParseFailureReason } from "./messages";
import { afterATimeGoneToday, aheadOfTheTimeToBeat, earlier, nextMinute } from "./early-reminder";
import { resolveSchedule } from "./schedule";
import { correctSpelling } from "./spelling";
import { cleanTitle, extractTitle, namedDayInAName, partOfDayInAName } from "./title";
import { blankOut, writeOver } from "./types";
import { findUnsupportedRepeat, hasJoinedTimes, joinedDaysOfMonth, lastingInTitle, timesOffered } from "./unsupported-phrases";
import type { StrategyKey } from "../escalation/catalogue";
import { findNudgeWish } from "./nudge-phrases";
import { dottedTimesBesideRepeat } from "./dotted-times";
import { countAsMinutes, countWithoutUnit, dayOnlyYouKnow, findPeriodWithoutADay, findRightAway, lengthAsFromNow, momentClause, momentOnlyYouKnow, vagueWhen } from "./vague-phrases";
import { outsidePossessives, possessiveDays, possessiveDaysNotRead } from "./possessive-days";
import { aboutDaysNotRead, withTheDayItIsAbout } from "./about-days";
import { twoTasks } from "./two-tasks";
import { clockOfTheWords, unknownClockAfter } from "./zone-words";
import { settleTheHour } from "./hour-hints";
import { namesADay, readRepeat } from "./repeat-reading";
import { momentLast, notInAName, withAction, withTimeToBeat } from "./title-shaping";
import { askedTimeBeforeTheFact, doneBeforeTheFact, findFactThenAsk, titleWithTheFact } from "./fact-then-ask";
import { dayOfAnotherCalendar } from "./other-calendars";
import { partOfDayOfAThing } from "./part-of-a-date";
import { dayToBeatAsTheDayBefore } from "./day-to-beat";

export { confirmationMessage, failureMessage, type ParseFailureReason } from "./messages";
export { AGENDA_QUESTION, ANSWER_REQUEST, BOX_HELP, CHANGE_REQUEST, FORGET_REQUEST, NUDGE_CHANGE_REQUEST, REPEAT_CHANGE_REQUEST, UNDO_REQUEST } from "./box-refusals";

/**
 * Reads a reminder typed in plain English: "remind me to call mom tomorrow at 5pm",
 * "take pills every day at 8", "in 20 minutes check the oven".
 *
 * The pipeline, each step in its own file (misspelt words of time put right first, spelling.ts):
 * 1. repeat-reading.ts finds a repeat phrase ("every monday and thursday", recurrence-phrases.ts), its days left
 *    out and the days that move with the year, and refuses what no repeat holds;
 * 2. date-time-phrases.ts reads dates and times with chrono-node (repeat phrase blanked out), and hour-hints.ts
 *    settles a bare hour's half of the day from the words around it;
 * 3. schedule.ts resolves them to an instant in the user's IANA zone with luxon, preferring the future;
 * 4. title.ts keeps what is left, minus "remind me to" and dangling "at"/"on"/"in";
 * 5. early-reminder.ts moves the reminder ahead of the moment said ("30 mins before my 3pm meeting") or of a time
 *    to beat ("before 5pm", ADR 130).
 * Before the repeat and the time are looked for, nudge-phrases.ts takes out how hard to nudge ("urgently",
 * "don't tell my buddy"), so those words are neither read as a time nor kept in the title.
 * Before all of them, unsupported-phrases.ts refuses what a reminder cannot hold (a repeat such as
 * "every other day", two times such as "at 8am and 8pm") rather than half-read it.
 *
 * Pure: `now` is passed in (never read from the system clock), so results are reproducible.
 * Throws a RangeError for an unknown time zone (a caller bug, not a user error).
 */
export interface ParsedReminder {
  title: string;
  dueAt: Date;
  recurrence: Recurrence | null;
  /** The sequence the words asked for ("urgently": "urgent"); null when they named none (the person's default applies). */
  strategy: StrategyKey | null;
  /**
   * "remind me 30 mins before my 3pm meeting": the amount as said and the moment it is ahead of, for the confirmation;
   * `eventRule`, the repeat it is ahead of when its days moved earlier ("the night before every Thursday").
   */
  ahead?: { words: string; eventAt: Date; eventRule?: Recurrence; after?: true };
  /** The clock the time was said on when not the person's ("9am PST": America/Los_Angeles; "5pm UTC+2": "UTC+2:00"). */
  clock?: string;
}

/** `phrase`: for "unsupported_repeat", the repeat as the person typed it ("every other day"); for "no_unit", "in 10". */
/** For "two_nudges", `phrase` and `otherPhrase` are the two wishes no sequence grants together ("urgently", "no buddies"). */
/** For "days_of_a_month", `phrase` is the days as said ("the 1st and 15th") and `otherPhrase` "every" when they repeat. */
/** For "weekday_mismatch", `phrase` is the date named (ISO, "2026-12-12") and `otherPhrase` the weekday said with it ("Friday"). */
export type ParseResult = { ok: true; reminder: ParsedReminder } | { ok: false; reason: ParseFailureReason; phrase?: string; otherPhrase?: string };

/** now = the clock's current instant; zone = the user's IANA time zone. Prefer the future. */
/**
 * Words left as a title that name no task, only point back at one ("and at 5", "same again tomorrow", "make it every
 * day", ADR 177): what to do is asked, as for no words at all. They were reminders titled "and" or "same again".
 */
const POINTING_WORDS: ReadonlySet<string> = new Set(["and", "also", "then", "same", "again", "too", "it", "that", "this", "one", "make", "repeat", "do", "please", "as", "well", "plus", "more", "another"]);
function namesNothing(title: string): boolean {
  const words = title.toLowerCase().split(/[^a-z']+/).filter(Boolean);
  return words.length > 0 && words.every((word) => POINTING_WORDS.has(word));
}

export function parseReminder(prompt: string, now: Date, zone: string): ParseResult {
  assertTimeZone(zone);
  // "before the shop closes at 6, buy milk": read as "buy milk before the shop closes at 6".
  // "remind me 10 minutes after the meeting ends at 3 to send notes": read as "remind me to send notes 10 minutes after ...".
  // "pay rent before the 1st": the day before it, not on it (day-to-beat.ts).
  const { text: typed, dayToBeat } = dayToBeatAsTheDayBefore(amountClauseLast(boundClauseLast(correctSpelling(normalise(prompt)))));
  if (cleanTitle(typed) === "") return failure("empty");
  // How hard to nudge is taken out first: blanked, so no later step reads "urgently" as part of a time or a title.
  const nudge = findNudgeWish(typed);
  if (nudge && !nudge.ok) return { ok: false, reason: "two_nudges", phrase: nudge.phrases[0], otherPhrase: nudge.phrases[1] };
  const withNudge = nudge ? blankOut(typed, nudge.spans) : typed;
  // "remind me the day before at 6pm": the early day's time, out of the words the moment is read from (ahead-at.ts).
  const earlyDayAt = timeOfAnEarlyDay(withNudge);
  const said = earlyDayAt ? blankOut(withNudge, [earlyDayAt.span]) : withNudge;
  // "remind me 30 mins before my 3pm meeting": the moment is read without the amount, and the reminder is due earlier.
  const found = findAhead(said);
  const ahead = found && earlyDayAt ? { ...found, at: earlyDayAt.at } : found;
  if (ahead?.unknownDay) return { ok: false, reason: "unknown_moment", phrase: `${ahead.words} ${ahead.after ? "after" : "before"}` };
  // "bins are on thursday, remind me wednesday night": the asking's day is the reminder's, the fact its subject.
  // "dentist tomorrow at 3, remind me at 1": the asking's time on the fact's day.
  const readOneOff = (words: string) => {
    const read = parseReminder(words, now, zone);
    return read.ok && !read.reminder.recurrence ? read.reminder.dueAt : null;
  };
  const fact = ahead ? null : findFactThenAsk(said, now, zone, readOneOff);
  const blanked = ahead ? blankOut(said, [ahead.hidden]) : fact ? blankOut(said, [fact.fact, fact.ask]) : said;
  const text = ahead?.readAsOn ? writeOver(blanked, ahead.readAsOn, "on") : blanked;
  // "call the bank before 5pm": a time to beat, read as "at 5pm" and reminded an hour ahead of it (ADR 130); "after
  // 5 call mum": a time to wait for, read as "at 5".
  const timeBound = ahead ? null : findTimeBound(text);
  const timeText = timeBound ? boundReadAsAt(text, timeBound) : text;
  // Refused before anything is read: half of such a prompt would make a reminder the person did not ask for.
  const unsupportedRepeat = findUnsupportedRepeat(text);
  if (unsupportedRepeat) return { ok: false, reason: "unsupported_repeat", phrase: unsupportedRepeat };
  const offered = timesOffered(text);
  if (offered) return { ok: false, reason: "several_times", phrase: offered, otherPhrase: "or" };
  if (hasJoinedTimes(text)) return failure("several_times");
  // "buy milk tomorrow, call mum at 5": two things to do, each with its own when; asked to send each as its own.
  const two = fact ? null : twoTasks(text, now, zone);
  if (two) return { ok: false, reason: "two_tasks", phrase: two.first, otherPhrase: two.second };
  // "every month on the 1st and 15th", "the 2nd and 4th tuesday": asked to send each day as its own, named.
  const daysOfAMonth = joinedDaysOfMonth(text);
  if (daysOfAMonth) return { ok: false, reason: "days_of_a_month", phrase: daysOfAMonth.days, ...(daysOfAMonth.repeats ? { otherPhrase: "every" } : {}) };

  // The repeat (its days left out, a day that moves with the year) and what no repeat can hold (repeat-reading.ts).
  const repeating = readRepeat(text, now, zone);
  if (!repeating.ok) return repeating;
  const { repeat, repeatSpans, movingDate } = repeating;
  // "call the plumber asap", "call sam now": not read as a time (chrono's "now" had already passed).
  const rightAway = findRightAway(text);
  const notReadAsDates = [...repeatSpans, ...(rightAway ? [rightAway] : []), ...(movingDate ? [movingDate.span] : [])];
  // "prep for tomorrow's meeting tonight at 8": a day said as whose a thing is, beside a day of its own, is not read.
  notReadAsDates.push(...possessiveDaysNotRead(timeText, notReadAsDates, now, zone));
  // "call mum at 5 and tell her about friday": a day after "about", beside a when of its own, is what it is about.
  notReadAsDates.push(...aboutDaysNotRead(timeText, notReadAsDates, now, zone));
  // "rent a car for 5 days tomorrow": the length stays in the title and is not read as a day.
  const lasting = lastingInTitle(text, repeat !== null);
  // "swimming every sat 9.30": a dotted time beside the repeat's blanked words is read as "9:30" (dotted-times.ts).
  const clockText = dottedTimesBesideRepeat(timeText, repeatSpans);
  const withLength = findDateTime(blankOut(clockText, lasting ? [...notReadAsDates, lasting] : notReadAsDates), now, zone);
  // "set a timer for 10 minutes": a length with nothing else saying when is the time, as it always was.
  const hints = lasting?.whenNothingElse && !saysWhen(withLength) ? findDateTime(blankOut(clockText, notReadAsDates), now, zone) : withLength;
  if (movingDate && !namesADay(hints)) hints.date = { ...movingDate.date, yearKnown: true, monthKnown: true };
  if (fact?.day && !namesADay(hints)) hints.date = { ...fact.day, yearKnown: true, monthKnown: true };
  if (hints.several) return hints.choice ? { ok: false, reason: "several_times", phrase: hints.choice, otherPhrase: "or" } : failure("several_times");
  // "call her at 9 her time", "9am IST": a clock the reader cannot know is asked for, not read as the person's own.
  const unknownClock = hints.timeSpan ? unknownClockAfter(timeText, hints.timeSpan.end) : null;
  if (unknownClock) return { ok: false, reason: "unknown_clock", phrase: unknownClock };
  // A bare hour's half of the day from the words around it ("wake me at 7", "dinner at 7"); "early tomorrow" (hour-hints.ts).
  const shade = settleTheHour(hints, text, repeat);
  // "9am EST" from London: on the clock named (New York's, ADR 137), unless that is the person's own clock right now.
  const clock = clockOfTheWords(hints.offsetMinutes, now, zone, hints.offsetRegion);
  if (clock !== zone && repeat) return { ok: false, reason: "repeat_on_other_clock", phrase: zone };
  const scheduled = resolveSchedule(hints, repeat, now, clock);
  // "asap" with nothing else about when: the first nudge at the next minute, so the sequence starts now.
  const startsNow = rightAway !== null && !repeat && !scheduled.ok && scheduled.reason === "no_time";
  // "meeting today at 9:30, remind me to print slides" said at 9: the day's usual hour has gone, not the fact's; it is
  // set before the fact below (doneBeforeTheFact). It was "What time today?".
  const factLaterToday = !scheduled.ok && scheduled.reason === "no_time_today" && fact?.day && fact.factSaysATime && fact.factDue && fact.factDue.getTime() > now.getTime() && !repeat;
  const schedule = startsNow ? { ok: true as const, dueAt: nextMinute(now), recurrence: null } : factLaterToday && fact.factDue ? { ok: true as const, dueAt: fact.factDue, recurrence: null } : scheduled;
  // "in the new year at 9", "sometime this month at 10": a time, but the period names many days and says none of them:
  // asked which, not set for today ("in spring at 9" was tonight, titled "in spring"; "this month at 10" the 1st, past).
  const period = repeat ? null : findPeriodWithoutADay(text);
  if (period && !namesADay(findDateTime(blankOut(timeText, [...notReadAsDates, period.span]), now, zone))) return { ok: false, reason: "vague_time", phrase: period.phrase };
  // "call the gym after the holidays at 9": a day only the person knows, with a time and no day, is asked too.
  const theirDay = repeat || namesADay(hints) ? null : dayOnlyYouKnow(text);
  if (theirDay && schedule.ok) return { ok: false, reason: "vague_time", phrase: theirDay };
  // "bake the morning of the party": a part of the day of a thing whose day is not said; asked, not tomorrow taken.
  const ofAThing = partOfDayOfAThing(timeText, movingDate ? [...hints.spans, movingDate.span] : hints.spans);
  if (ofAThing && !repeat && !namesADay(hints) && !hints.instant && !hints.partOfToday) return { ok: false, reason: "unknown_moment", phrase: ofAThing.words };
  // "eid dinner at 7", "buy gifts for diwali": a day of another calendar, with no day said: asked for its date.
  const otherCalendar = namesADay(hints) || hints.instant ? null : dayOfAnotherCalendar(text);
  if (otherCalendar) return { ok: false, reason: "unknown_here", phrase: otherCalendar, otherPhrase: "calendar" };
  // "in 10", "call Bob later" with nothing else about when: a question naming the words, not "no time found".
  if (!schedule.ok && schedule.reason === "no_time") {
    // "5 mins check rice": read again as "in 5 mins check rice" (not again once read so).
    const fromNow = lengthAsFromNow(typed);
    if (fromNow && !/^\s*in\s/i.test(typed)) return parseReminder(fromNow, now, zone);
    // "check on the bread in 25": minutes, as no day has 25 hours (read again with "minutes", not again once read so).
    const asMinutes = countAsMinutes(typed);
    if (asMinutes) return parseReminder(asMinutes, now, zone);
    const unitless = countWithoutUnit(text);
    if (unitless) return { ok: false, reason: "no_unit", phrase: unitless };
    // "call mom 5", "dinner 7": a bare hour at the end, asked with both halves of the day (ADR 192).
    const bareHour = bareHourAtTheEnd(text);
    if (bareHour) return { ok: false, reason: "no_time", phrase: bareHour.hour, otherPhrase: bareHour.before };
    const vague = vagueWhen(text) ?? momentClause(text);
    if (vague) return { ok: false, reason: "vague_time", phrase: vague };
  }
  // "pick up kids friday after school": a day, and a moment only the person knows with no clock time: asked.
  // A part of the day said anywhere, the repeat's too ("every morning when i wake up"), is time enough.
  // "grab milk on the way home today" too: the moment is what to ask about, not "What time today?".
  const moment = (schedule.ok || schedule.reason === "no_time_today") && !hints.time && !hints.instant && !hints.partOfDay && !PART_OF_DAY_SAID.test(text) ? momentOnlyYouKnow(text) : null;
  if (moment) return { ok: false, reason: "vague_time", phrase: moment };
  // "friday december 12", a Saturday: asked before anything else about the day, with the date and the weekday named.
  if (!schedule.ok && schedule.reason === "weekday_mismatch") return { ok: false, reason: "weekday_mismatch", phrase: schedule.date, otherPhrase: WEEKDAY_NAMES[schedule.said - 1] };
  // A missing time is reported before a missing title, and a missing title before a past time.
  if (!schedule.ok && schedule.reason !== "past") return failure(schedule.reason);

  // The time to beat is the reminder's only when the time read is that one ("remind me at 3pm to finish by 5pm" is not).
  const bounded = timeBound && isTheBoundsTime(timeBound, hints.timeSpan) ? timeBound : null;
  const toBeat = bounded?.kind === "before" ? bounded : null;
  const boundWords = bounded?.direct ? [bounded.boundWords] : [];
  // "asap" leaves the title when it is the time; otherwise ("NOW TV", "call the plumber asap tomorrow") it stays.
  const notInTitle = [...(fact ? [fact.fact, fact.ask] : []), ...repeatSpans, ...(rightAway && startsNow ? [rightAway] : []), ...(movingDate && !movingDate.inTitle ? [movingDate.span] : [])];
  // "pack bag before my 3pm meeting", "30 mins before my 3pm meeting", "catch the 9:15 train, 10 mins before": a time
  // inside a name stays in it, since the reminder is due before that time (ADR 128, 130).
  const timeInAName = ahead || toBeat ? hints.spans.flatMap((span) => notInAName(said, span)) : hints.spans;
  // "morning meds every day at 8am": the part of the day that names the thing stays in the title (title.ts), and
  // "bake the morning of the party on saturday": "the morning of the party" names the thing too.
  // "new year's eve party 8pm": the day's name that names the party stays too (title.ts namedDayInAName).
  const nameWord = partOfDayInAName(said) ?? namedDayInAName(said) ?? ofAThing?.part ?? null;
  const whenSpans = outsidePossessives(nameWord ? timeInAName.filter((span) => span.start !== nameWord.start || span.end !== nameWord.end) : timeInAName, possessiveDays(said));
  const title = momentLast(withAction(withTimeToBeat(withTheDayItIsAbout(extractTitle(said, [...notInTitle, ...whenSpans, ...(shade ? [shade] : []), ...(ahead ? [ahead.span] : []), ...boundWords]), said), said, toBeat), said, ahead?.action));
  // "flight friday 6:40am, pack passport": what to do on the fact's day, with no time of its own, comes before the fact.
  const onTheFactsDay = schedule.ok && fact?.day && fact.factDue && fact.factSaysATime && title !== "" && !hints.time && !hints.partOfDay && !repeat ? doneBeforeTheFact(schedule.dueAt, fact.factDue, now) : null;
  // "meeting at 4, remind me at 3" said at 3:10 PM: refused as past, with the fact for its title (it was "no title").
  const subject = fact ? titleWithTheFact(title, said, fact, onTheFactsDay ?? (schedule.ok ? schedule.dueAt : null)) : dayToBeat && title !== "" && ahead ? `${title} ${dayToBeat}` : title;
  if (subject === "" || namesNothing(subject)) return failure("no_title");
  if (!schedule.ok) return failure(schedule.reason);
  // "flight at 6am tomorrow, remind me at 3": a time asked about the fact alone is one ahead of it (fact-then-ask.ts).
  const aboutTheFact = fact?.day && fact.factDue && hints.time && !repeat && title === "";
  const dueAt = aboutTheFact && fact.factDue && hints.time ? askedTimeBeforeTheFact(schedule.dueAt, fact.factDue, hints.time.meridiemKnown, fact.factNamesADay, now, clock) : (onTheFactsDay ?? schedule.dueAt);
  // "meeting at 3, remind me at 4": only after the thing it is about; asked, not set for after it (ADR 141).
  if (!dueAt) return { ok: false, reason: "after_the_fact", phrase: subject };
  const reminder = { title: subject, dueAt, recurrence: schedule.recurrence, strategy: nudge?.strategy ?? null, ...(clock !== zone ? { clock } : {}) };
  if (ahead) return dayToBeat ? earlierThanTheDayToBeat(reminder, ahead, now, clock) : earlier(reminder, ahead, now, clock);
  if (toBeat) return aheadOfTheTimeToBeat(reminder, now, clock);
  // "call mum after 3" said at 3:10 PM: the time waited for has come; now, not tomorrow.
  return { ok: true, reminder: bounded?.kind === "after" && !namesADay(hints) ? afterATimeGoneToday(reminder, now, clock) : reminder };
}

/**
 * The day before a day to beat ("call before thursday"); said on that day after its usual hour, at the next minute
 * ("(before Thu, Nov 26 at 9:00 AM)"), as a time to beat less than an hour away is (ADR 130): the day has not gone.
 */
function earlierThanTheDayToBeat(reminder: ParsedReminder, ahead: AheadAmount, now: Date, zone: string): ParseResult {
  const early = earlier(reminder, ahead, now, zone);
  if (early.ok || reminder.recurrence || reminder.dueAt.getTime() <= now.getTime()) return early;
  return { ok: true, reminder: { ...reminder, dueAt: nextMinute(now), ahead: { words: "", eventAt: reminder.dueAt } } };
}

/** Whether the hints name any day or time at all. */
function saysWhen(hints: DateTimeHints): boolean {
  return Boolean(hints.instant || hints.time || hints.date || hints.weekday || hints.partOfDay);
}

const PART_OF_DAY_SAID = /\b(?:morning|afternoon|evening|night|tonight)s?\b/i;

function failure(reason: ParseFailureReason): ParseResult {
  return { ok: false, reason };
}

/**
 * Any whitespace becomes a space, curly apostrophes straight ones ("don’t" → "don't"). Then trimmed.
 * Every later step (spelling, spans, title) works on this one string, so their indices line up.
 */
function normalise(prompt: string): string {
  return prompt.replace(/\s/g, " ").replace(/[\u2018\u2019]/g, "'").trim();
}

/**
 * Whether the words hold a day or time at all (even one gone by): "cancel netflix on friday" is a reminder to cancel
 * Netflix, not a wish to drop one (the chat and the assistant's address ask this before reading "cancel ...").
 */
export function holdsATime(text: string, zone: string, now: Date): boolean {
  const parsed = parseReminder(text, now, zone);
  return parsed.ok || parsed.reason !== "no_time";
}
