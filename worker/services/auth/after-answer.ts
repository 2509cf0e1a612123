import type { User } from "../../../db/schema";
import type { Deps } from "../deps";
import type { RenderedEmail } from "../email/layout";
import { errorFields, log } from "../log";
import { parseInput } from "../validation";
import { emailSchema } from "./schemas";
import { findUserByEmail } from "./users";

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

/** One kind of account email sent without a session (a reset code, a sign-in link). */
export interface AccountEmailRequest {
  /** The per-address throttle; asked before the look-up whether or not the account exists. */
  allowed: (deps: Deps, address: string) => Promise<boolean>;
  /** Makes whatever the email carries (token, code) for the known account and renders the email. */
  compose: (user: User) => Promise<RenderedEmail>;
  /** The log event of a deferred failure. */
  failureEvent: string;
}

/**
 * Validates the address, then (now or after the answer) throttles, looks the account up and, if it
 * exists and the throttle allows, emails it: an unknown account and a throttled one look the same.
 */
export async function emailAccountAfterAnswer(deps: Deps, email: string, request: AccountEmailRequest, options: AfterAnswerOptions): Promise<void> {
  const { email: address } = parseInput(emailSchema, { email });
  const work = async () => {
    const allowed = await request.allowed(deps, address);
    const user = await findUserByEmail(deps, address);
    if (!user || !allowed) return;
    const message = await request.compose(user);
    await deps.channels.email.send({ to: user.email, subject: message.subject, text: message.text, html: message.html });
  };
  await finishAfterAnswer(work, options, request.failureEvent);
}
