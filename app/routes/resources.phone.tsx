import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { formText, serverOr, submittedForm } from "~/lib/client-fallback";
import { readForm } from "~/lib/forms.server";
import { failureFor, PHONE_FAILED } from "~/lib/messages";
import type { PhoneAnswer } from "~/lib/phone.server";
import { answerPhone } from "~/lib/phone.server";
import { requireUser } from "~/lib/session.server";

/** Nothing to show here: the phone lives on /integrations. */
export async function loader() {
  return redirect("/integrations#phone");
}

/**
 * The phone panel's presses (app/components/integrations/PhonePanel.tsx): a fetcher reads the JSON
 * answer; without JavaScript the form posts and the browser goes back to where it came from.
 */
export async function action(args: ActionFunctionArgs) {
  const { user, headers } = await requireUser(args);
  const body = Object.fromEntries(await readForm(args.request));
  const answer = await answerPhone(args.context.deps, user.id, body);
  const back = body.back === "/auth/verify" || body.back === "/onboarding?step=4" ? body.back : "/integrations#phone";
  if (body.js !== "1") return redirect(back, { headers });
  // 200 either way: the answer says whether it worked, in words the panel shows.
  return data(answer, { headers });
}

/** The server cannot be reached: the press's own failure sentence (spec 01 §8) in the panel. */
export async function clientAction({ serverAction, request }: ClientActionFunctionArgs) {
  const intent = formText(await submittedForm(request), "intent");
  return serverOr(serverAction<typeof action>, (): PhoneAnswer => ({ ok: false, message: failureFor(PHONE_FAILED, intent), step: "number" }));
}
