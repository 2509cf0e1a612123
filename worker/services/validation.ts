import { type z } from "zod";
import { badRequest } from "./errors";

/**
 * Turns a zod error into one sentence a person can act on. Schemas carry the product's own texts
 * (spec messages) as their error messages; a field with no custom message gets a generic sentence.
 */
export function firstIssueMessage(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code: string }> }): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  const field = issue.path.map(String).join(".");
  if (issue.message && !issue.message.startsWith("Invalid input") && !issue.message.startsWith("Too ") && !issue.message.startsWith("Expected")) {
    return issue.message;
  }
  if (issue.code === "invalid_type" && field) return `The field "${field}" is missing or has the wrong type.`;
  return field ? `The field "${field}" is not valid.` : "The request body is not valid.";
}

/** Parses input for a service (Remix actions and Hono routes share the same schemas). */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(firstIssueMessage(result.error), "VALIDATION_FAILED");
  return result.data;
}
