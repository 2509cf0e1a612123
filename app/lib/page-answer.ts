import { useActionData } from "@remix-run/react";

/**
 * A block's answer when its form was posted without JavaScript. A fetcher's form then posts as the page
 * itself, and its answer comes back as the page's action data: the block whose `kind` it is shows it (the
 * page's other blocks must not). With JavaScript the fetcher's own data is the answer and this is unused.
 */
export function usePageAnswer<T extends { kind: string }>(kind: T["kind"]): T | undefined {
  const answer = useActionData() as { kind?: unknown } | undefined;
  return answer && typeof answer === "object" && answer.kind === kind ? (answer as T) : undefined;
}
