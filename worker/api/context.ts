import type { Env } from "../env";
import type { Deps } from "../services/deps";

/** Hono's environment for every /v1 route. */
export interface ApiEnv {
  Bindings: Env;
  Variables: {
    deps: Deps;
    requestId: string;
    /** Set by the auth middleware on routes that need a signed-in user. */
    userId: string;
  };
}
