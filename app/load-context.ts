import type { Env } from "../worker/env";
import type { Deps } from "../worker/services/deps";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** The same service dependencies the /v1 API uses. */
    deps: Deps;
  }
}

export {};
