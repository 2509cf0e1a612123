import { parseEnvelope } from "@sentry/core";
import { z } from "zod";
import { AppError, badRequest } from "../errors";

/**
 * Reads what the Sentry feedback widget posts to our tunnel: a Sentry envelope (newline-delimited
 * JSON headers and payloads, parsed by @sentry/core's own `parseEnvelope`) holding one `feedback`
 * item and at most one `screenshot.png` attachment. Anything else is a clear 4xx and stores nothing.
 */
export const ENVELOPE_LIMIT_BYTES = 5 * 1024 * 1024;
export const SCREENSHOT_LIMIT_BYTES = 4 * 1024 * 1024;
export const MESSAGE_MAX = 5000;

export const TOO_LARGE_MESSAGE = "The report is too large (at most 5 MB with its screenshot).";
export const NOT_ENVELOPE_MESSAGE = "The report could not be read. Please send it from the Report a Bug form.";
export const NO_FEEDBACK_MESSAGE = "The report has no message. Please send it from the Report a Bug form.";
export const NOT_PNG_MESSAGE = "The screenshot must be a PNG image.";

export const tooLarge = () => new AppError(413, "PAYLOAD_TOO_LARGE", TOO_LARGE_MESSAGE);

export interface FeedbackReport {
  eventId: string;
  name: string;
  email: string;
  message: string;
  source: string;
  url: string;
  tags: Record<string, string>;
  screenshot: Uint8Array | null;
  /** The envelope's feedback and attachment items as the SDK sent them (what Sentry is given). */
  items: unknown[];
}

const feedbackEvent = z.object({
  event_id: z.string().regex(/^[0-9a-f]{32}$/i),
  tags: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String)).optional(),
  contexts: z.object({
    feedback: z.object({
      message: z.string().trim().min(1, NO_FEEDBACK_MESSAGE).max(MESSAGE_MAX, `The message is too long (at most ${MESSAGE_MAX} characters).`),
      name: z.string().max(200).optional(),
      contact_email: z.string().max(320).optional(),
      source: z.string().max(50).optional(),
      url: z.string().max(2000).optional(),
    }),
  }),
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
}

type Item = [Record<string, unknown>, unknown];

function parse(bytes: Uint8Array): Item[] {
  try {
    const [, items] = parseEnvelope(bytes) as unknown as [unknown, Item[]];
    return items;
  } catch {
    throw badRequest(NOT_ENVELOPE_MESSAGE, "BAD_ENVELOPE");
  }
}

/** The one feedback report of an envelope, validated. */
export function readFeedbackEnvelope(bytes: Uint8Array): FeedbackReport {
  if (bytes.byteLength === 0) throw badRequest(NOT_ENVELOPE_MESSAGE, "BAD_ENVELOPE");
  const items = parse(bytes);
  const feedback = items.filter(([header]) => header.type === "feedback");
  if (feedback.length !== 1) throw badRequest(NO_FEEDBACK_MESSAGE, "BAD_ENVELOPE");
  const checked = feedbackEvent.safeParse(feedback[0]![1]);
  if (!checked.success) throw badRequest(checked.error.issues[0]?.message === NO_FEEDBACK_MESSAGE ? NO_FEEDBACK_MESSAGE : NOT_ENVELOPE_MESSAGE, "BAD_ENVELOPE");
  const attachments = items.filter(([header]) => header.type === "attachment");
  if (attachments.length > 1) throw badRequest("Please attach at most one screenshot.", "BAD_ENVELOPE");
  const screenshot = attachments[0] ? readScreenshot(attachments[0]) : null;
  const event = checked.data;
  const context = event.contexts.feedback;
  return {
    eventId: event.event_id.toLowerCase(),
    name: context.name?.trim() ?? "",
    email: context.contact_email?.trim() ?? "",
    message: context.message,
    source: context.source ?? "widget",
    url: context.url ?? "",
    tags: event.tags ?? {},
    screenshot,
    items: [feedback[0], ...attachments],
  };
}

/** The widget labels its screenshot `application/png` (Sentry's own choice); `image/png` is the usual name. */
const PNG_TYPES = new Set(["image/png", "application/png"]);

function readScreenshot([header, payload]: Item): Uint8Array {
  const bytes = typeof payload === "string" ? new TextEncoder().encode(payload) : payload;
  if (!(bytes instanceof Uint8Array)) throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", NOT_PNG_MESSAGE);
  if (!PNG_TYPES.has(String(header.content_type)) || header.filename !== "screenshot.png" || !isPng(bytes)) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", NOT_PNG_MESSAGE);
  }
  if (bytes.byteLength > SCREENSHOT_LIMIT_BYTES) throw tooLarge();
  return bytes;
}
