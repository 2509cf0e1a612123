import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { badRequest } from "../services/errors";
import { firstIssueMessage } from "../services/validation";

/**
 * `@hono/zod-validator` with our error envelope: the first issue's message (written for people in
 * the shared schemas) becomes the 400 `message`; nothing is changed.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw badRequest(firstIssueMessage(result.error), "VALIDATION_FAILED");
  });
}
