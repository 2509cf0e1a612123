import { redirect } from "@remix-run/cloudflare";

/** /home is an old address of the home page. */
export const loader = () => redirect("/", 301);
