/** A read's outcome, held as a value: what it gave, or what went wrong. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Waits for `promise` and never rejects. For a read started early (requireUserWith) whose failure
 * the page shows as a message ("Failed to load tasks") rather than as an error page.
 */
export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/** The value, or the error thrown again: where a settled read is used inside a try that handles it. */
export function valueOf<T>(settled: Settled<T>): T {
  if (!settled.ok) throw settled.error;
  return settled.value;
}
