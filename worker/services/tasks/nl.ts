import { runBatch } from "../../../db/batch";
import { oneLine } from "../one-line";
import type { Deps } from "../deps";
import { forbidden } from "../errors";
import { resolveStrategyKey } from "../escalation/catalogue";
import { AGENDA_QUESTION, ANSWER_REQUEST, BOX_HELP, CHANGE_REQUEST, NUDGE_CHANGE_REQUEST, REPEAT_CHANGE_REQUEST, confirmationMessage, failureMessage, FORGET_REQUEST, parseReminder, UNDO_REQUEST, type ParsedReminder } from "../nl/parse-reminder";
import { agendaQuestion, forgetRequest, helpRequest, undoRequest } from "../nl/chat-intents";
import { correctionWordsIn } from "../nl/move-phrases";
import { nudgeChangeIn } from "../nl/nudge-phrases";
import { repeatChangeIn } from "../nl/repeat-changes";
import { typedAnswer } from "../typed-answers";
import { taskTitleOf } from "../nl/title";
import { askedQuestionOf, type AskedQuestion } from "../nl/question-answers";
import { personsDay } from "../nl/period-examples";
import { newTaskStatements } from "../series";
import { parseInput } from "../validation";
import { eachJoinedTime, WITH_EVERY_MEAL } from "../nl/joined-times";
import { severalTimesConfirmation } from "../nl/messages";
import { assertRoom, readTaskRoom, type TaskRoom } from "./quotas";
import { nlPromptSchema } from "./schemas";
import { toTaskJson, type TaskJson } from "./serialize";
import { EMAIL_NOT_VERIFIED, loadUser, type TaskSource } from "./service";

/** The create form's range ends in 2100 (schemas.ts); a plain-language date past it is refused the same way. */
export const LATEST_YEAR = 2100;
export const TOO_FAR_AHEAD = `I can only set reminders up to the end of ${LATEST_YEAR}. Try a nearer date, like "call mom tomorrow at 5pm".`;

export interface NlResult {
  success: boolean;
  message: string;
  /** The created task, when success is true. */
  task?: TaskJson;
  /** Every task made, when the words named several times of day ("at 8am and 8pm", ADR 181); `task` is the first. */
  tasks?: TaskJson[];
}

/**
 * POST /v1/tasks/nl {prompt}: a reminder typed in plain language, read in the user's time zone.
 * A blank prompt is a 400; a prompt we cannot read is a 200 {success: false} with how to phrase it
 * (the client shows `message`); a readable one creates the task (with its recurrence) and answers
 * with the confirmation sentence.
 */
export async function createTaskFromPrompt(deps: Deps, userId: string, input: unknown, source: TaskSource = "nl"): Promise<NlResult> {
  return (await createTaskOrAsk(deps, userId, input, source)).result;
}

/**
 * The same, with the question the reader asked when a when was missing ("Which day next week?"), for a conversation
 * that lets the next message answer it (the chat, ADR 164). The API's answer stays `NlResult` alone.
 */
export async function createTaskOrAsk(deps: Deps, userId: string, input: unknown, source: TaskSource = "nl"): Promise<{ result: NlResult; asked: AskedQuestion | null }> {
  // The person and the account's counts, read together (one D1 wait); the checks keep their order.
  const [user, room] = await Promise.all([loadUser(deps, userId), readTaskRoom(deps, userId)]);
  if (!user.isVerified) throw forbidden(EMAIL_NOT_VERIFIED, "EMAIL_NOT_VERIFIED");
  const { prompt } = parseInput(nlPromptSchema, input);
  const nowDate = deps.clock.now();
  const read = readPrompt(prompt, nowDate, user.timezone);
  if (!read.ok && read.severalTimes) {
    const atEachTime = readAtEachTime(prompt, nowDate, user.timezone);
    if (atEachTime) return { result: await createAtEachTime(deps, { userId, atEachTime, defaultStrategy: user.defaultEscalationStrategy, timezone: user.timezone, room, source }, nowDate), asked: null };
  }
  if (!read.ok) return { result: { success: false, message: read.message }, asked: read.asked ?? null };
  const { reminder, title } = read;
  assertRoom(room);
  const task = await insertReadReminder(deps, { userId, title, reminder, strategyKey: resolveStrategyKey(reminder.strategy, user.defaultEscalationStrategy), source }, nowDate);
  return { result: { success: true, message: confirmationMessage(reminder, user.timezone, nowDate), task }, asked: null };
}

/**
 * One prompt naming several times of day ("take meds at 8am and 8pm every day", ADR 181): a reminder for each, written
 * together (all or none), confirmed in one sentence. The account's room must hold them all.
 */
async function createAtEachTime(
  deps: Deps,
  fields: { userId: string; atEachTime: ReadReminder[]; defaultStrategy: string | null; timezone: string; room: TaskRoom; source: TaskSource },
  nowDate: Date,
): Promise<NlResult> {
  assertRoom(fields.room, fields.atEachTime.length);
  const strategyKey = resolveStrategyKey(fields.atEachTime[0]!.reminder.strategy, fields.defaultStrategy);
  const tasks = await insertReadReminders(deps, fields.atEachTime.map(({ title, reminder }) => ({ userId: fields.userId, title, reminder, strategyKey, source: fields.source })), nowDate);
  const message = severalTimesConfirmation(fields.atEachTime.map((read) => read.reminder), fields.timezone, nowDate);
  return { success: true, message, task: tasks[0]!, tasks };
}

interface NewReadReminder {
  userId: string;
  title: string;
  reminder: ParsedReminder;
  strategyKey: string;
  source: TaskSource;
}

/**
 * A reminder read from words, written as a new task: a new reminder's (above) or another like one made
 * (copy-at.ts, ADR 178). The caller has checked the person and the account's room.
 */
export async function insertReadReminder(deps: Deps, fields: NewReadReminder, nowDate: Date): Promise<TaskJson> {
  return (await insertReadReminders(deps, [fields], nowDate))[0]!;
}

/** Reminders read from words, written in one batch: all or none. */
async function insertReadReminders(deps: Deps, all: NewReadReminder[], nowDate: Date): Promise<TaskJson[]> {
  const now = nowDate.getTime();
  // Several from one message share an id, so a change said about them right after changes each (ADR 187).
  const madeTogetherId = all.length > 1 ? crypto.randomUUID() : null;
  const made = all.map((fields) =>
    newTaskStatements(deps, {
      madeTogetherId,
      userId: fields.userId,
      title: fields.title,
      dueAt: fields.reminder.dueAt.getTime(),
      strategyKey: fields.strategyKey,
      recurrence: fields.reminder.recurrence ? JSON.stringify(fields.reminder.recurrence) : null,
      seriesId: null,
      source: fields.source,
      now,
    }),
  );
  await runBatch(deps.db, made.flatMap(({ statements }) => statements));
  return made.map(({ task }) => toTaskJson(task, now));
}

/** A word the reader takes for what to do, so that words of a when alone read as a reminder's; its title is not used. */
const WHEN_ONLY_TITLE = "task";

/**
 * Words of a when alone ("every day at 7pm", "tomorrow at 5") read as a reminder's would be, for a reminder that
 * already has its title: made to repeat (repeat-change.ts, ADR 177) or copied at another time (copy-at.ts, ADR 178).
 */
export function readWhenWords(words: string, at: Date, zone: string): PromptReading {
  return readPrompt(`${WHEN_ONLY_TITLE} ${words}`, at, zone);
}

/**
 * A prompt read as a reminder: the reading (its words as typed, for the confirmation), the title as the task
 * holds it (ADR 102); or the sentence that says why not.
 */
export type PromptReading = { ok: true } & ReadReminder | { ok: false; message: string; asked?: AskedQuestion; severalTimes?: true };

/** A reminder read from words, and its title as the task holds it. */
export interface ReadReminder {
  reminder: ParsedReminder;
  title: string;
}

/**
 * Reads a prompt as a new reminder at `now` on `zone`'s clock, with every refusal in words: a question about
 * one's reminders or a wish to drop one is not a reminder (say where those are done), a date past 2100 is
 * refused as the form refuses it. Shared by a new reminder and an edited one (rewrite.ts).
 */
export function readPrompt(prompt: string, now: Date, zone: string): PromptReading {
  const notAReminder = notAReminderMessage(prompt);
  if (notAReminder) return { ok: false, message: notAReminder };
  const parsed = parseReminder(prompt, now, zone);
  if (!parsed.ok && parsed.reason === "no_time" && forgetRequest(prompt)) return { ok: false, message: FORGET_REQUEST };
  if (!parsed.ok) {
    const asked = askedQuestionOf(prompt, parsed);
    // Times joined without a choice or days named ("at 8am and 8pm"), or every meal ("before every meal", which no
    // repeat holds): a new reminder may be one for each (ADR 181).
    const severalTimes = (parsed.reason === "several_times" && !parsed.phrase) || (parsed.reason === "unsupported_repeat" && WITH_EVERY_MEAL.test(parsed.phrase ?? ""));
    return { ok: false, message: failureMessage(parsed.reason, parsed.phrase, parsed.otherPhrase, personsDay(now, zone)), ...(asked ? { asked } : {}), ...(severalTimes ? { severalTimes } : {}) };
  }
  const { reminder } = parsed;
  if (!(reminder.dueAt.getUTCFullYear() <= LATEST_YEAR)) return { ok: false, message: TOO_FAR_AHEAD };
  return { ok: true, reminder, title: taskTitleOf(oneLine(reminder.title)).slice(0, 200) };
}

/**
 * A prompt naming several times of day read as one reminder at each (ADR 181), or null: each time's words must read
 * alone as a reminder, all with the same title, repeat and nudging, at different moments, none ahead of an event or
 * on another clock (one sentence could not say those back for each). Otherwise the refusal stands, which says how.
 */
function readAtEachTime(prompt: string, now: Date, zone: string): ReadReminder[] | null {
  const prompts = eachJoinedTime(prompt);
  if (!prompts) return null;
  const readings: ReadReminder[] = [];
  for (const one of prompts) {
    const read = readPrompt(one, now, zone);
    if (!read.ok || read.reminder.ahead || read.reminder.clock) return null;
    readings.push({ reminder: read.reminder, title: read.title });
  }
  const [first] = readings;
  const alike = readings.every(
    ({ reminder, title }) => title === first!.title && JSON.stringify(reminder.recurrence) === JSON.stringify(first!.reminder.recurrence) && reminder.strategy === first!.reminder.strategy,
  );
  const moments = new Set(readings.map(({ reminder }) => reminder.dueAt.getTime()));
  return alike && moments.size === readings.length ? readings : null;
}

/**
 * Words that talk to the assistant rather than name a reminder, where no conversation is open: a question about
 * one's reminders, a change ("make it 8pm", "make it urgent", "make it every day"), an answer ("done"), "undo" or "help" (ADR 108). The chat and the
 * email reply read these first; here they get where to do it, and never become a reminder called "Make it".
 */
function notAReminderMessage(prompt: string): string | null {
  if (agendaQuestion(prompt)) return AGENDA_QUESTION;
  if (correctionWordsIn(prompt)) return CHANGE_REQUEST;
  if (nudgeChangeIn(prompt)) return NUDGE_CHANGE_REQUEST;
  if (repeatChangeIn(prompt)) return REPEAT_CHANGE_REQUEST;
  const typed = typedAnswer(prompt);
  if (typed) return typed.answer === "move" ? CHANGE_REQUEST : ANSWER_REQUEST;
  if (undoRequest(prompt)) return UNDO_REQUEST;
  if (helpRequest(prompt)) return BOX_HELP;
  return null;
}
