import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isDevOutboxOn } from "../../worker/env";
import { screenshotKey } from "../../worker/services/feedback";

/** A report's screenshot from the local R2 bucket (development only). */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  if (!isDevOutboxOn(env) || !/^[0-9a-f-]{36}$/.test(params.id ?? "")) throw new Response("Not Found", { status: 404 });
  const object = await env.BUG_SCREENSHOTS.get(screenshotKey(params.id!));
  if (!object) throw new Response("Not Found", { status: 404 });
  return new Response(object.body, { headers: { "Content-Type": "image/png", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });
}
