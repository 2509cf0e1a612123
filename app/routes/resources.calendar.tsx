import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { answerCalendar, type CalendarAnswer } from "~/lib/calendar.server";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { CALENDAR_FAILED, failureFor } from "~/lib/messages";
import { readForm } from "~/lib/forms.server";
import { requireUser } from "~/lib/session.server";

export async function loader() {
  return redirect("/integrations#calendar");
}

/** The Calendar panel's presses: JSON for its fetcher; without JavaScript, back to the page. */
export async function action(args: ActionFunctionArgs) {
  const { user, headers } = await requireUser(args);
  const form = await readForm(args.request);
  const answer = await answerCalendar(args.context.deps, user.id, form.get("intent"));
  if (form.get("js") !== "1") return redirect("/integrations#calendar", { headers });
  return data(answer, { headers });
}

/** The server cannot be reached: the press's own failure sentence (spec 01 §8); the URL shown stays as it was. */
export async function clientAction({ serverAction, request }: ClientActionFunctionArgs) {
  const intent = formText(await submittedForm(request), "intent");
  return serverOr(serverAction<typeof action>, (): CalendarAnswer => ({ ok: false, message: failureFor(CALENDAR_FAILED, intent) }));
}
