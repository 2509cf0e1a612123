import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportAccount } from "../../worker/services/account-export";
import { requireUser } from "~/lib/session.server";

/**
 * Settings' "Download My Data" (ADR 080): the same JSON as GET /v1/users/me/export, as a file. A page
 * route rather than a link to /v1, so the session is refreshed here like on every page (the access
 * cookie alone may have expired while the tab was open).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user, headers } = await requireUser(args);
  const exported = await exportAccount(args.context.deps, user.id);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="nudge-data-${exported.exportedAt.slice(0, 10)}.json"`);
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(exported, null, 2), { headers });
}
