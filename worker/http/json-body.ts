import { AppError, badRequest } from "../services/errors";

/**
 * The one JSON body reader of the Worker's HTTP side (/v1 and the channels' webhooks). Every
 * failure is an AppError with a sentence, so the error envelope answers it like any other:
 * - 413 PAYLOAD_TOO_LARGE past BODY_LIMIT_BYTES (checked on Content-Length and while reading,
 *   so a client that lies about the length is still cut off). 2 MB, not less: the accounts fuzz
 *   suite sends seven 200 KB fields and expects the validator's 400, and no field of ours is long
 *   enough for a real client to come near it (ADR 037);
 * - 415 UNSUPPORTED_MEDIA_TYPE when a body is there but not declared as JSON;
 * - 400 BAD_REQUEST when it is not valid JSON, or is missing where one is required.
 */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export const BODY_TOO_LARGE_MESSAGE = "The request body is too large (at most 2 MB).";
export const NOT_JSON_MESSAGE = "Please send the request body as JSON (Content-Type: application/json).";
export const BAD_JSON_MESSAGE = "The request body could not be read. Please send valid JSON.";
export const BODY_REQUIRED_MESSAGE = "The request needs a JSON body.";

// application/json, and the +json types (application/merge-patch+json), with any parameters.
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

export interface JsonBodyOptions {
  /** An empty body is an error (400) rather than `{}`. */
  required?: boolean;
  limitBytes?: number;
}

export function isJsonContentType(contentType: string | null): boolean {
  return JSON_TYPE.test((contentType ?? "").split(";")[0]!.trim());
}

const tooLarge = () => new AppError(413, "PAYLOAD_TOO_LARGE", BODY_TOO_LARGE_MESSAGE);

/** The body as text, refusing to hold more than `limit` bytes. */
async function readCapped(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readCappedBytes(request, limit, tooLarge));
}

/** The body as bytes, refusing to hold more than `limit` bytes (checked on Content-Length and while reading). */
export async function readCappedBytes(request: Request, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads and parses a request's JSON body. An empty body is `{}` unless `required` (refresh and
 * logout may rely on the cookie alone; a validator then names the missing fields).
 */
export async function readJsonBody(request: Request, options: JsonBodyOptions = {}): Promise<unknown> {
  const text = await readCapped(request, options.limitBytes ?? BODY_LIMIT_BYTES);
  if (text.trim() === "") {
    if (options.required) throw badRequest(BODY_REQUIRED_MESSAGE, "BAD_REQUEST");
    return {};
  }
  if (!isJsonContentType(request.headers.get("Content-Type"))) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", NOT_JSON_MESSAGE);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(BAD_JSON_MESSAGE, "BAD_REQUEST");
  }
}
