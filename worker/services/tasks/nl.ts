import type { Deps } from "../deps";
import { forbidden } from "../errors";
import { resolveStrategyKey } from "../escalation/catalogue";
import { runBatch } from "../escalation/start";
import { confirmationMessage, failureMessage, parseReminder } from "../nl/parse-reminder";
import { parseInput } from "../validation";
import { nlPromptSchema } from "./schemas";
import { toTaskJson, type TaskJson } from "./serialize";
import { EMAIL_NOT_VERIFIED, loadUser, newTaskStatements } from "./service";

export interface NlResult {
  success: boolean;
  message: string;
  /** The created task, when success is true. */
  task?: TaskJson;
}

/**
 * POST /v1/tasks/nl {prompt}: a reminder typed in plain language, read in the user's time zone.
 * A blank prompt is a 400; a prompt we cannot read is a 200 {success: false} with how to phrase it
 * (the client shows `message`); a readable one creates the task (with its recurrence) and answers
 * with the confirmation sentence.
 */
export async function createTaskFromPrompt(deps: Deps, userId: string, input: unknown): Promise<NlResult> {
  const user = await loadUser(deps, userId);
  if (!user.isVerified) throw forbidden(EMAIL_NOT_VERIFIED, "EMAIL_NOT_VERIFIED");
  const { prompt } = parseInput(nlPromptSchema, input);
  const nowDate = deps.clock.now();
  const parsed = parseReminder(prompt, nowDate, user.timezone);
  if (!parsed.ok) return { success: false, message: failureMessage(parsed.reason) };

  const now = nowDate.getTime();
  const { reminder } = parsed;
  const { task, statements } = newTaskStatements(deps, {
    userId,
    title: reminder.title.slice(0, 200),
    dueAt: reminder.dueAt.getTime(),
    strategyKey: resolveStrategyKey(null, user.defaultEscalationStrategy),
    recurrence: reminder.recurrence ? JSON.stringify(reminder.recurrence) : null,
    seriesId: null,
    source: "nl",
    now,
  });
  await runBatch(deps.db, statements);
  return { success: true, message: confirmationMessage(reminder, user.timezone, nowDate), task: toTaskJson(task, now) };
}
