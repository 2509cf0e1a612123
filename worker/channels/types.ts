/**
 * One interface for every medium. Each medium has a real provider (an HTTP API configured by
 * secrets) and the dev outbox provider, which stores the message in D1 for /dev/outbox.
 */
export const MEDIA = ["email", "sms", "voice", "telegram", "push"] as const;

/**
 * Every provider HTTP call is cut off after this long (AbortSignal.timeout). The escalation
 * consumer extends its "sending" lease before each send, so one send must fit well inside that
 * lease (2 minutes): a hung provider must never let a second consumer send the same step.
 */
export const PROVIDER_TIMEOUT_MS = 20_000;
export type Medium = (typeof MEDIA)[number];

export interface OutboundMessage {
  /** Email address, E.164 phone number, Telegram chat id or push endpoint. */
  to: string;
  /** Email subject, push title; ignored by media without one. */
  subject?: string;
  /** Plain text: the email's text part, the SMS body, the spoken script, the Telegram message. */
  text: string;
  /** Email HTML part. */
  html?: string;
  /** Email Reply-To: where a reply to it goes (a reminder's replies go to the assistant address). */
  replyTo?: string;
  /** Medium-specific extras, e.g. Telegram inline buttons or call keypad options. */
  meta?: Record<string, unknown>;
  /**
   * A key unique to this message (the escalation engine passes its deliveries key). Providers that
   * dedupe retried requests get it (Resend's Idempotency-Key header); others may ignore it.
   */
  idempotencyKey?: string;
}

export interface SendResult {
  /** The provider's id for the message (the outbox row id in development). */
  providerMessageId: string;
}

/**
 * Whether a medium can be used here, and why not. The engine's fallback reads it (an unavailable
 * medium is treated like a channel the user lacks, and the fallback says why), and so does
 * `/v1/health`. With the dev outbox on every medium is available through the outbox.
 */
export interface ChannelStatus {
  available: boolean;
  /** Which provider serves the medium: "outbox", "resend", ... or "none" when unavailable. */
  provider: string;
  /** A sentence for people (logs, health, fallback notes) when unavailable; null otherwise. */
  reason: string | null;
}

/** A message a channel sent earlier: where it went and the provider's number for it (Telegram's message_id). */
export interface SentMessageRef {
  to: string;
  messageId: number;
}

export interface Channel {
  readonly medium: Medium;
  readonly status: ChannelStatus;
  /** Sends one message. Throws on failure; callers retry through the queue. */
  send(message: OutboundMessage): Promise<SendResult>;
  /**
   * Rewrites a message it sent earlier, its buttons included (`meta.buttons`; none: taken off). Only where the
   * medium can change what it sent (Telegram: a confirmation kept true, ADR 114); absent elsewhere. Throws on
   * failure, as `send` does.
   */
  edit?(sent: SentMessageRef, message: Pick<OutboundMessage, "text" | "meta">): Promise<void>;
}

export type Channels = Record<Medium, Channel>;
