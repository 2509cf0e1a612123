import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from "@remix-run/react";
import { TASK_INTENTS, type StrategyResult, type TaskActionResult, type TaskIntent, type TaskPageData } from "~/components/tasks/types";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { STRATEGY_FAILED, TASK_DELETE_FAILED, TASK_UPDATE_FAILED, TASKS_LOAD_FAILED } from "~/lib/messages";
import { field, isDocumentPost, readForm } from "~/lib/forms.server";
import { assertSameOrigin, requireUser, requireUserWith, safeRedirect } from "~/lib/session.server";
import { updateDefaultStrategy } from "~/lib/strategy-settings.server";
import { readIntent, readSnoozeMinutes, readSnoozeUntil, runTaskAction } from "~/lib/task-answers.server";
import { loadNextPage, readNextPage } from "~/lib/tasks.server";
import { breakOnce } from "~/lib/request-reads.server";

/**
 * The task screens' resource route (no UI):
 * - GET  /resources/tasks?page=N&after=C  the next page of the dashboard's infinite scroll (keyset
 *                                         cursor C; `shift=S` instead when a client has none);
 * - POST /resources/tasks  intent=acknowledge|done|snooze|snooze:<minutes>|snooze:morning|snooze:until
 *                          (until=HH:MM)|delete|reopen (taskId), the task also as `?task=` with the page to
 *                          come back to as `?back=` (a card's form: taskAnswerAction), or
 *                          intent=default-strategy (strategy): the settings block.
 * Fetchers get the result as data. A plain form post (no JavaScript) does the same work and then
 * goes back to `returnTo`, so the buttons work without scripts too.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user, headers, value: read } = await requireUserWith(args, (userId) => readNextPage(args.context.deps, userId, args.request));
  headers.set("Cache-Control", "no-store");
  const onBreak = (await breakOnce(args, user.id)).until !== null;
  return data(await loadNextPage(args.context.deps, user, args.request, read, onBreak), { headers });
}

export async function action(args: ActionFunctionArgs) {
  assertSameOrigin(args);
  const { user, headers } = await requireUser(args);
  const form = await readForm(args.request);
  const { deps } = args.context;
  // The task and the page to come back to are in a card's action URL (taskAnswerAction); fields of the same names first.
  const query = new URL(args.request.url).searchParams;
  const back = () => redirect(safeRedirect(field(form, "returnTo") || query.get("back") || undefined), { headers });

  if (field(form, "intent") === "default-strategy") {
    const result = await updateDefaultStrategy(deps, user, form);
    return isDocumentPost(args.request) ? back() : data(result, { headers });
  }

  const intent = readIntent(form);
  const taskId = field(form, "taskId") || (query.get("task") ?? "").trim();
  if (!intent || !taskId) {
    return data(
      { kind: "task" as const, ok: false, intent: intent ?? "acknowledge", taskId, message: "That request was not understood. Please reload the page and try again.", task: null, nextTask: null },
      { headers, status: 400 },
    );
  }
  const result = await runTaskAction(deps, user, intent, taskId, { series: field(form, "series") === "true", snoozeMinutes: readSnoozeMinutes(form), snoozeUntil: readSnoozeUntil(form) });
  return isDocumentPost(args.request) ? back() : data(result, { headers });
}

/**
 * The next page could not be fetched (offline, a 5xx): 'Failed to load tasks' in the list, with
 * Try again, instead of the error page replacing the dashboard.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const page = Math.max(1, Math.trunc(Number(new URL(request.url).searchParams.get("page")) || 1));
  return serverOr(serverLoader<typeof loader>, (): TaskPageData => ({ tasks: [], page: page - 1, hasMore: true, error: TASKS_LOAD_FAILED }));
}

/** The answer could not be sent (offline, a 5xx): the spec's sentence for that answer, the page stays. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const form = await submittedForm(request);
  const intent = formText(form, "intent");
  return serverOr(serverAction<typeof action>, (): StrategyResult | TaskActionResult => {
    if (intent === "default-strategy") return { kind: "strategy", ok: false, message: STRATEGY_FAILED, current: formText(form, "current") };
    const answer = intent.startsWith("snooze") ? "snooze" : intent;
    const taskIntent = ((TASK_INTENTS as readonly string[]).includes(answer) ? answer : "acknowledge") as TaskIntent;
    return {
      kind: "task",
      ok: false,
      intent: taskIntent,
      taskId: formText(form, "taskId") || (new URL(request.url).searchParams.get("task") ?? ""),
      message: taskIntent === "delete" ? TASK_DELETE_FAILED : TASK_UPDATE_FAILED,
      task: null,
      nextTask: null,
    };
  });
}
