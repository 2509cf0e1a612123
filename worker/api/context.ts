import type { WriteGate } from "../../db/write-gate";
import type { Env } from "../env";
import type { Deps } from "../services/deps";
import type { Logger } from "../services/log";

/** Hono's environment for every /v1 route. */
export interface ApiEnv {
  Bindings: Env;
  Variables: {
    deps: Deps;
    /** Where this request's writes wait for the token's check (ADR 115). */
    writeGate: WriteGate;
    requestId: string;
    /** The logger of this request: every line carries its requestId. */
    log: Logger;
    /** Set by the auth middleware on routes that need a signed-in user. */
    userId: string;
    /** How long the auth middleware took to check the token (ms), for `Server-Timing`; unset where no check ran. */
    authMs: number;
    /** Set on spec 01's account routes, whose contract is exactly `{ message, code }` (see errors.ts). */
    exactEnvelope: boolean;
  };
}
