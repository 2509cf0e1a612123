import type { Deps } from "../deps";
import { isAppError } from "../errors";
import { agendaQuestion, dropThisOne, forgetRequest, helpRequest, namesNoReminder, stopAlone, undoRequest } from "../nl/chat-intents";
import { breakWishIn } from "../nl/break-phrases";
import { correctionWordsIn, namedMoveIn } from "../nl/move-phrases";
import { nudgeChangeIn } from "../nl/nudge-phrases";
import { holdsATime } from "../nl/parse-reminder";
import { breakFromWrittenWords } from "../quiet-hours";
import { agendaText, answerSentence, answerTask, changeTasksStrategy, createTaskOrAsk, madeTogetherWith, moveTask, reminderToAnswer, repeatTasksAsSaid, taskAYesAnswers } from "../tasks";
import { repeatChangeIn } from "../nl/repeat-changes";
import { correctionAnswer, courtesyOnly, saysYes, snoozeOf, typedAnswer, type TypedAnswer } from "../typed-answers";
import { whenOnlyAnswer } from "../when-only-answers";
import { askToForgetByName } from "./forget-by-name";
import { askedPrompt, remindedTitle, reminderLines, reminderSubject } from "./mail-text";
import { answerDoesNotFitText, fitAnswer, questionOfPrompt, questionText, type AskedQuestion } from "../nl/question-answers";
import { askToMoveByName, askWhichOfSeveralToMove } from "./move-by-name";
import type { InboundOutcome, ReadOutcome } from "./outcome";
import { INBOUND_TEXTS } from "./texts";

/** The words of a mail, read once: what every reader below looks at. */
export interface MailWords {
  /** The subject without "Re:", "Fwd:" or one of our own subjects ("" for those). */
  subject: string;
  /** The first lines of the body, without quoted text and signatures. */
  lines: string;
  /** The body's first non-empty line, quoted text and all ("Thanks!" reads as a sign-off in `lines`). */
  firstLine: string;
  /** The title of the reminder one of our subjects names ("Re: Reminder: Call bob"), else null (ADR 105). */
  named: string | null;
  /** What is read as a new reminder: the subject and the lines ("remind me about this" means the subject). */
  prompt: string;
  /** In a reply to our question ('Re: Not set yet: "call mum next week"'), the words it was about (ADR 164); else null. */
  askedPrompt: string | null;
}

type Person = { id: string; timezone: string };

/** One way a mail can be meant; null when the mail is not that, and the next reader is asked. */
type MailReader = (deps: Deps, user: Person, words: MailWords) => Promise<ReadOutcome | null> | ReadOutcome | null;

/** "remind me about this", "remind me of it" in the lines of a mail whose subject says what "this" is. */
const ABOUT_THIS = /\b(?:please\s+)?remind\s+me\s+(?:about\s+|of\s+)?(?:this|it)\b/i;
/** "unsubscribe", "unsubscribe me", "remove me from this list": the whole subject or first line. */
const UNSUBSCRIBE = /^\s*(?:please\s+)?(?:unsubscribe(?:\s+me)?|remove\s+me(?:\s+from\s+(?:this|the|your)\s+list)?|no\s+more\s+emails)[\s.!]*$/i;

export function readMailWords(subjectLine: string, text: string): MailWords {
  const lines = reminderLines(text);
  const subject = reminderSubject(subjectLine);
  const firstLine = text.split(/\r\n?|\n/).map((line) => line.trim()).find(Boolean) ?? "";
  const prompt = [subject, subject ? lines.replace(ABOUT_THIS, "") : lines].filter(Boolean).join(" ").trim().slice(0, 500);
  return { subject, lines, firstLine, named: remindedTitle(subjectLine), prompt, askedPrompt: askedPrompt(subjectLine) };
}

/**
 * A mail that is no calendar invitation, read in this order; the first reader that recognises it answers, and a
 * mail none recognises is a new reminder (`newReminder`). An
 * answer counts only when the subject says nothing else (empty, one of our own, or the answer itself): a new
 * reminder in the subject ("Call the dentist tomorrow at 10am") is not lost to a "Done" below it.
 */
export const MAIL_READERS: readonly MailReader[] = [
  questionAnswered,
  breakWish,
  courtesy,
  helpWanted,
  unsubscribe,
  answer,
  nudgeChange,
  repeatChange,
  undoOrSkip,
  yesToCheckIn,
  emptyMail,
  agenda,
  forgetByName,
  moveByName,
];

/** The first reader's outcome (the last, a new reminder, always answers). A validation or quota refusal is thrown on. */
export async function readMail(deps: Deps, user: Person, words: MailWords): Promise<ReadOutcome> {
  for (const read of MAIL_READERS) {
    const outcome = await read(deps, user, words);
    if (outcome) return outcome;
  }
  return newReminder(deps, user, words);
}

/** A break is about every reminder (ADR 098): "pause until monday", "resume", in a new email or a reply. */
async function breakWish(deps: Deps, user: Person, { subject, lines }: MailWords): Promise<ReadOutcome | null> {
  const wish = subject === "" || breakWishIn(subject) ? breakWishIn(lines || subject) : null;
  return wish ? { kind: "replied", title: null, subject: INBOUND_TEXTS.breakSubject, reply: await breakFromWrittenWords(deps, user, wish, "email") } : null;
}

/** Only thanks or a farewell: no reply (nothing to do). Only a greeting ("Hi"): what this address does. */
function courtesy(_deps: Deps, _user: Person, words: MailWords): ReadOutcome | null {
  const kind = courtesyOf(words);
  if (kind === "thanks" || kind === "farewell") return { kind: "thanked" };
  return kind === "greeting" ? helpReply() : null;
}

/** The courtesy a mail is only made of. "Thanks!" alone in the body reads as a sign-off (no lines): its first line is asked then. */
function courtesyOf({ subject, lines, firstLine }: MailWords): ReturnType<typeof courtesyOnly> {
  return subject === "" || lines === "" || courtesyOnly(lines) ? courtesyOnly(subject || lines || firstLine) : null;
}

/** "help", "how does this work?": what this address does. */
function helpWanted(_deps: Deps, _user: Person, { subject, lines }: MailWords): ReadOutcome | null {
  return helpRequest(subject || lines) ? helpReply() : null;
}

function helpReply(): ReadOutcome {
  return { kind: "replied", title: null, subject: INBOUND_TEXTS.helpSubject, reply: INBOUND_TEXTS.help };
}

/** "unsubscribe", "stop": these emails are the person's own reminders; say how to quiet them (nothing changes). */
function unsubscribe(_deps: Deps, _user: Person, { subject, lines }: MailWords): ReadOutcome | null {
  const words = subject || lines;
  return stopAlone(words) || UNSUBSCRIBE.test(words) ? { kind: "replied", title: null, subject: INBOUND_TEXTS.stopSubject, reply: INBOUND_TEXTS.stop } : null;
}

/**
 * An answer to a reminder ("done", "snooze 10", "ok"). A reply about one reminder that is only a day or time
 * ("tomorrow at 3pm", "in 2 hours") or a correction ("make it 8pm": a move, ADR 105) answers it too; elsewhere
 * those words are no reminder (no title).
 */
async function answer(deps: Deps, user: Person, { subject, lines, named }: MailWords): Promise<ReadOutcome | null> {
  // A subject of its own ("Done", not "Re: Reminder: ...") must be an answer too; the body, when there is one, says which.
  const subjectSays = subject === "" ? null : typedAnswer(subject);
  if (subject !== "" && !subjectSays) return null;
  const typed = lines === "" ? subjectSays : (typedAnswer(lines) ?? (named ? (whenOnlyAnswer(lines) ?? correctionAnswer(lines)) : null));
  return typed ? answerByMail(deps, user, typed, named) : null;
}

/**
 * "make it urgent", "don't tell my buddy" alone in a reply about one reminder: its sequence changes (ADR 112); about one
 * of several made from one mail ("at 8am and 8pm"), each of them (ADR 187).
 */
async function nudgeChange(deps: Deps, user: Person, { subject, lines, named }: MailWords): Promise<ReadOutcome | null> {
  const change = named && subject === "" ? nudgeChangeIn(lines) : null;
  if (!named || !change) return null;
  return changeNamed(deps, user, named, async (ids) => {
    const outcome = await changeTasksStrategy(deps, user.id, ids, change);
    return { changed: outcome.state === "changed", message: outcome.message };
  });
}

/**
 * "make it every day", "repeat it every monday" alone in a reply about one reminder: it repeats from its own day, as
 * in the chat (ADR 177); about one of several made from one mail, each of them (ADR 187). It got "To make a reminder
 * repeat, press the pencil ..." though the mail was about that reminder.
 */
async function repeatChange(deps: Deps, user: Person, { subject, lines, named }: MailWords): Promise<ReadOutcome | null> {
  const words = named && subject === "" ? repeatChangeIn(lines) : null;
  return named && words ? changeNamed(deps, user, named, (ids) => repeatTasksAsSaid(deps, user.id, ids, words)) : null;
}

/**
 * A change said in a reply about the reminder `named` (the one it answers, with those made with it from one mail), and
 * the reply: "Changed: <title>" with what the change says, or "Nothing changed".
 */
async function changeNamed(deps: Deps, user: Person, named: string, change: (taskIds: string[]) => Promise<{ changed: boolean; message: string }>): Promise<ReadOutcome> {
  const task = await reminderToAnswer(deps, user.id, "email", named);
  if (!task) return { kind: "replied", title: null, subject: INBOUND_TEXTS.notChangedSubject, reply: INBOUND_TEXTS.renudgeNone(named) };
  const outcome = await change(await madeTogetherWith(deps, user.id, task.id));
  return { kind: "replied", title: task.title, subject: outcome.changed ? INBOUND_TEXTS.renudgedSubject(task.title) : INBOUND_TEXTS.notChangedSubject, reply: outcome.message };
}

/** "undo", "oops", "skip" or "cancel" alone in a reply about one reminder ("Re: Reminder set: Call bob"): asked with a link (ADR 105). */
async function undoOrSkip(deps: Deps, user: Person, { subject, lines, named }: MailWords): Promise<ReadOutcome | null> {
  return named && subject === "" && (undoRequest(lines) || dropThisOne(lines)) ? askToForgetByName(deps, user, named, lines) : null;
}

/** "Yes" in reply to a check-back's "Is it done yet?" is Done. */
async function yesToCheckIn(deps: Deps, user: Person, { subject, lines, named }: MailWords): Promise<ReadOutcome | null> {
  const checkedIn = (subject === "" || saysYes(subject)) && saysYes(lines || subject) ? await taskAYesAnswers(deps, user.id, "email", { named }) : null;
  return checkedIn ? answerByMail(deps, user, { answer: "done", snoozeMinutes: null }, named, checkedIn) : null;
}

function emptyMail(_deps: Deps, _user: Person, { prompt }: MailWords): ReadOutcome | null {
  return prompt ? null : { kind: "answered", reply: INBOUND_TEXTS.noTime("The email was empty.") };
}

/** "What's on today?" asks; the answer is the list, as in Telegram (ADR 078). */
async function agenda(deps: Deps, user: Person, { subject, lines }: MailWords): Promise<ReadOutcome | null> {
  const asked = agendaQuestion(subject || lines);
  return asked ? { kind: "replied", title: null, subject: INBOUND_TEXTS.agendaSubject, reply: await agendaText(deps, user, asked.day) } : null;
}

/**
 * "Cancel the dentist" (no time in it: "cancel netflix on friday" is a reminder) asks before it deletes (ADR 100).
 * "cancel it" in a reply to a reminder email names that reminder; elsewhere it names none.
 */
async function forgetByName(deps: Deps, user: Person, { prompt, named }: MailWords): Promise<ReadOutcome | null> {
  const words = forgetRequest(prompt);
  const target = words && namesNoReminder(words) ? named : words;
  return target && !holdsATime(prompt, user.timezone, deps.clock.now()) ? askToForgetByName(deps, user, target, prompt) : null;
}

/** "Move the dentist to friday" names a reminder to move (ADR 099): asked by return, never made a reminder of its own. */
async function moveByName(deps: Deps, user: Person, { prompt }: MailWords): Promise<ReadOutcome | null> {
  const move = namedMoveIn(prompt);
  return move ? askToMoveByName(deps, user, move) : null;
}

/** Anything else is a new reminder in plain language, or how to phrase one. */
async function newReminder(deps: Deps, user: Person, { prompt }: MailWords): Promise<ReadOutcome> {
  const { result, asked } = await createTaskOrAsk(deps, user.id, { prompt }, "email");
  // A question for a when ("Which day next week?") names the words in its subject, so a reply can answer it (ADR 164).
  if (asked && asked.prompt.length <= QUESTION_SUBJECT_MOST) return questionMail(asked, result.message);
  if (!result.success || !result.task) return { kind: "answered", reply: INBOUND_TEXTS.noTime(result.message) };
  return { kind: "created", taskId: result.task.id, title: result.task.title, reply: INBOUND_TEXTS.created(result.message) };
}

/** Longer words than this get the plain "We couldn't set that reminder": a subject is no place for a paragraph. */
const QUESTION_SUBJECT_MOST = 150;

function questionMail(asked: AskedQuestion, question: string): ReadOutcome {
  const reply = asked.reason === "no_time" ? INBOUND_TEXTS.noTimeQuestion(question) : INBOUND_TEXTS.question(question);
  return { kind: "replied", title: null, subject: INBOUND_TEXTS.questionSubject(asked.prompt), reply };
}

/**
 * A reply to our question that is only a when ("monday at 9" to 'Not set yet: "call mum next week"'): the reminder it
 * completes, the next question when it still lacks something, or the question again when it does not fit (ADR 164).
 * The question is read again from its words, so the answer fits however much later it comes.
 */
async function questionAnswered(deps: Deps, user: Person, words: MailWords): Promise<ReadOutcome | null> {
  const now = deps.clock.now();
  const asked = words.askedPrompt ? questionOfPrompt(words.askedPrompt, now, user.timezone) : null;
  if (!asked) return null;
  const answer = correctionWordsIn(words.lines) ?? words.lines;
  const fit = fitAnswer(asked, answer, now, user.timezone);
  if (fit.kind === "not_an_answer") return null;
  if (fit.kind === "fits") return newReminder(deps, user, { ...words, prompt: fit.prompt });
  if (fit.kind === "asks") return questionMail(fit.asked, questionText(fit.asked, now, user.timezone));
  return questionMail(asked, answerDoesNotFitText(answer.trim(), asked.prompt, questionText(asked, now, user.timezone)));
}

/**
 * A mail that only answers a reminder ("done", "snooze 10", "ok"), usually a reply to a reminder email
 * (whose Reply-To is this address): for the reminder its subject names, else the one emailed last
 * while it waits, else the one waiting longest (reminderToAnswer); or `knownTaskId`, already found (a yes to a
 * check-back).
 */
async function answerByMail(deps: Deps, user: Person, typed: TypedAnswer, named: string | null, knownTaskId?: string): Promise<Extract<InboundOutcome, { kind: "replied" }>> {
  const userId = user.id;
  const taskId = knownTaskId ?? (await reminderToAnswer(deps, userId, "email", named))?.id;
  if (!taskId) return { kind: "replied", title: null, subject: INBOUND_TEXTS.nothingWaitingSubject, reply: INBOUND_TEXTS.nothingWaiting };
  try {
    if (typed.answer === "move") {
      // About one of several made from one message: which one (ADR 190).
      const which = knownTaskId ? null : await askWhichOfSeveralToMove(deps, user, taskId, typed.moveTo ?? "");
      if (which) return which;
      const moved = await moveTask(deps, userId, taskId, typed.moveTo ?? "");
      const subject = moved.state === "moved" ? INBOUND_TEXTS.movedSubject(moved.title) : INBOUND_TEXTS.answeredSubject(moved.title);
      return { kind: "replied", title: moved.title, subject, reply: moved.message };
    }
    const outcome = await answerTask(deps, userId, taskId, typed.answer, snoozeOf(typed));
    return { kind: "replied", title: outcome.title, subject: INBOUND_TEXTS.answeredSubject(outcome.title), reply: answerSentence(typed.answer, outcome) };
  } catch (error) {
    // A move we cannot make as asked ("move it to yesterday"): its sentence says what to do instead.
    if (!isAppError(error) || error.status !== 400) throw error;
    return { kind: "replied", title: null, subject: INBOUND_TEXTS.notChangedSubject, reply: error.message };
  }
}
