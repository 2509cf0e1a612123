import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { answerCalendar } from "~/lib/calendar.server";
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
