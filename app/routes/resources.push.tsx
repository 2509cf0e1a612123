import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { answerPush } from "~/lib/push.server";
import { readForm } from "~/lib/forms.server";
import { requireUser } from "~/lib/session.server";

/** Nothing to show here: the devices are listed on /integrations. */
export async function loader() {
  return redirect("/integrations");
}

/**
 * The "Notifications on this device" row's answers (app/components/integrations/PushRow.tsx): JSON
 * from its script (subscribe / unsubscribe this browser), or the device list's Remove form, which
 * also works without JavaScript (then the page reloads with the list).
 */
export async function action(args: ActionFunctionArgs) {
  const { user, headers } = await requireUser(args);
  const isJson = (args.request.headers.get("Content-Type") ?? "").includes("application/json");
  const body = isJson ? await readJson(args.request) : Object.fromEntries(await readForm(args.request));
  const answer = await answerPush(args.context.deps, user.id, body);
  if (!isJson && answer.ok) return redirect("/integrations#notifications", { headers });
  return data(answer, { headers, status: answer.ok ? 200 : 400 });
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await request.json();
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
