import type { Db } from "../../db/client";
import type { Env } from "../env";
import type { Clock } from "../services/clock";
import type { Channel, Medium } from "./types";

/**
 * The one face every medium's folder (`worker/channels/<medium>/index.ts`) shows the registry.
 * The registry lists these faces; `createChannels` turns each into the `Channel` services use.
 */
export interface MediumFace {
  readonly medium: Medium;
  /** What people call its messages, in a sentence: "email", "text messages", "phone calls". */
  readonly name: string;
  /**
   * A medium the product cannot work without (email: accounts are verified and reset by it).
   * Without its provider in production `/v1/health` answers 503 and the Worker logs it at start.
   */
  readonly required: boolean;
  /** Is the real provider configured here, and if not, why (a sentence naming what is missing). */
  checkConfig(env: Env): ConfigCheck;
  /**
   * Builds the real provider once `checkConfig` said it is configured. Absent while the medium has
   * no provider yet: the medium is then unavailable outside the dev outbox.
   */
  readonly provider?: (env: Env, deps: ProviderDeps) => Channel;
  /**
   * The medium's provider while the dev outbox is on, when it is more than "store the message": the
   * Telegram provider runs for real against the outbox's Bot API (its buttons and edits matter).
   * Absent: the plain outbox channel.
   */
  readonly devProvider?: (env: Env, deps: ProviderDeps) => Channel;
  /** What the dev outbox shows for a message of this medium. */
  readonly dev: DevSide;
}

export interface ProviderDeps {
  db: Db;
  clock: Clock;
}

export type ConfigCheck = { configured: true; provider: string } | { configured: false; reason: string };

/** A message as the dev outbox stored it (worker/channels/outbox). */
export interface StoredMessage {
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  meta: Record<string, unknown> | null;
}

/** How the dev outbox page shows one message: a label for the medium and, where it has one, a preview. */
export interface OutboxView {
  /** The badge: "Email", "Text message", ... */
  label: string;
  /**
   * Offer the message's HTML as the person would see it (an email in a mail app), opened on demand
   * by a toggle saying `summary`, in a frame titled `title`; null when the medium has no such view.
   */
  preview: { summary: string; title: string } | null;
  /** Links that play the message's buttons (a push notification's Done / Snooze), when it has any. */
  links?: Array<{ label: string; url: string }>;
}

export interface DevSide {
  outboxView(message: StoredMessage): OutboxView;
}

/** The dev side of a medium whose messages are plain text: a label and no preview. */
export function plainTextDevSide(label: string): DevSide {
  return { outboxView: () => ({ label, preview: null }) };
}
