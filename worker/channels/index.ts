import type { Db } from "../../db/client";
import type { Env } from "../env";
import type { Clock } from "../services/clock";
import { resendProvider } from "./email-resend";
import { outboxChannel } from "./outbox";
import { MEDIA, type Channel, type Channels, type Medium } from "./types";

/**
 * Picks the provider for each medium. The dev outbox is the default everywhere; a real provider is
 * used only when its secrets are configured and the dev outbox is off. Real providers register
 * here as they arrive (email, then Telegram, Twilio SMS/voice, web push) without changing callers.
 */
export type ProviderFactory = (env: Env, deps: { db: Db; clock: Clock }) => Channel | null;

const realProviders: Partial<Record<Medium, ProviderFactory>> = {};

export function registerProvider(medium: Medium, factory: ProviderFactory) {
  realProviders[medium] = factory;
}

// Email: Resend's HTTP API when EMAIL_PROVIDER=resend (and RESEND_API_KEY is set).
registerProvider("email", resendProvider);

export function createChannels(env: Env, db: Db, clock: Clock): Channels {
  const useOutbox = env.DEV_OUTBOX === "true" || env.DEV_OUTBOX === "1";
  const entries = MEDIA.map((medium) => {
    const real = useOutbox ? null : (realProviders[medium]?.(env, { db, clock }) ?? null);
    return [medium, real ?? outboxChannel(medium, db, clock)] as const;
  });
  return Object.fromEntries(entries) as Channels;
}

export type { Channel, Channels, Medium, OutboundMessage } from "./types";
