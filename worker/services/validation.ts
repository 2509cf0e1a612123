import { z } from "zod";
import { AppError } from "./errors";

interface IssueLike {
  path: PropertyKey[];
  message: string;
  code: string;
}

/** The shape of a zod error this module reads (kept structural so any zod version's error fits). */
export interface IssuesLike {
  issues: ReadonlyArray<IssueLike>;
}

/**
 * One issue as a sentence a person can act on. Schemas carry the product's own texts (spec
 * messages) as their error messages; a field with no custom message gets a generic sentence.
 */
function issueSentence(issue: IssueLike): string {
  const field = issue.path.map(String).join(".");
  if (issue.message && !issue.message.startsWith("Invalid input") && !issue.message.startsWith("Too ") && !issue.message.startsWith("Expected")) {
    return issue.message;
  }
  if (issue.code === "invalid_type" && field) return `The field "${field}" is missing or has the wrong type.`;
  return field ? `The field "${field}" is not valid.` : "The request body is not valid.";
}

/** Turns a zod error into one sentence: the first issue's. */
export function firstIssueMessage(error: IssuesLike): string {
  const issue = error.issues[0];
  return issue ? issueSentence(issue) : "The request is not valid.";
}

/**
 * The sentence of each field that failed, keyed by its path ("dueDate", "steps.0.channels"): the
 * first issue of a field wins. Issues about the whole input (no path) are in `message` only.
 */
export function fieldErrors(error: IssuesLike): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".");
    if (field && !(field in fields)) fields[field] = issueSentence(issue);
  }
  return fields;
}

/**
 * The 400 every validation failure answers, from /v1 and the Remix actions alike:
 * `{ message, code: "VALIDATION_FAILED", fields }` (fields left out when no field is named).
 */
export function validationFailed(error: IssuesLike): AppError {
  const fields = fieldErrors(error);
  return new AppError(400, "VALIDATION_FAILED", firstIssueMessage(error), undefined, Object.keys(fields).length > 0 ? fields : undefined);
}

/** Parses input for a service (Remix actions and Hono routes share the same schemas). */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(result.error);
  return result.data;
}

/** A required text: trimmed, and `message` when it is absent, not a string, or empty after trimming. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message });
}
