import { errorFields, log } from "../log";

/**
 * The account-dependent part of a request that must not reveal whether the account exists (Forgot
 * password, the emailed sign-in link): the answer is the same either way, and the work (look-up, code,
 * email) can finish after it, so its timing says nothing either.
 */
export interface AfterAnswerOptions {
  /**
   * Hands the work to the caller to finish after the answer, e.g. `(work) => ctx.waitUntil(work)`.
   * Without it the work is awaited (tests, and callers with no execution context).
   */
  defer?: (work: Promise<void>) => void;
}

/** Runs `work` now or after the answer; a deferred failure is logged as `failureEvent`. */
export async function finishAfterAnswer(work: () => Promise<void>, options: AfterAnswerOptions, failureEvent: string): Promise<void> {
  if (!options.defer) return work();
  options.defer(work().catch((error: unknown) => log.error(failureEvent, errorFields(error))));
}
