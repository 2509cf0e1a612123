// The Remix server build (build/server/index.js), aliased in wrangler.toml so the Worker entry
// can import it before it exists for the typechecker.
declare module "virtual:remix-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  const build: ServerBuild;
  export = build;
}
