import type { Env as HonoEnv, MiddlewareHandler } from "hono";
import type { z, ZodType } from "zod";
import { parseInput } from "../services/validation";
import { readJsonBody, type JsonBodyOptions } from "./json-body";

/**
 * The body of a route, read by the one reader (size, content type, valid JSON) and checked with
 * a shared zod schema: `c.req.valid("json")` is the parsed value. A failure is the validation
 * envelope `{ message, code: "VALIDATION_FAILED", fields }`. Place it after the auth middleware:
 * the specs answer 401 before 400.
 */
export function jsonBody<T extends ZodType, E extends HonoEnv = HonoEnv>(
  schema: T,
  options: JsonBodyOptions = {},
): MiddlewareHandler<E, string, { in: { json: z.input<T> }; out: { json: z.output<T> } }> {
  return async (c, next) => {
    const body = await readJsonBody(c.req.raw, options);
    c.req.addValidatedData("json", parseInput(schema, body) as object);
    await next();
  };
}
