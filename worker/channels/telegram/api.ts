import { autoRetry } from "@grammyjs/auto-retry";
import { Api } from "grammy";
import type { BotSettings } from "./settings";

/**
 * The Bot API client every outgoing call uses (the provider's sends and the bot's answers).
 * `auto-retry` honours a 429's `retry_after` when the wait is short (5xx and network errors go straight back); a longer
 * wait is left to the queue, so a send never holds the escalation lease for long (ADR 059).
 * `fetch` replaces the network: the dev outbox's Bot API locally, a fake Bot API in tests.
 */
export function botApi(settings: Pick<BotSettings, "token" | "apiRoot">, fetchImpl?: typeof fetch): Api {
  const api = new Api(settings.token, { apiRoot: settings.apiRoot, ...(fetchImpl ? { fetch: fetchImpl } : {}), timeoutSeconds: 15 });
  api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 5, rethrowInternalServerErrors: true, rethrowHttpErrors: true }));
  return api;
}
